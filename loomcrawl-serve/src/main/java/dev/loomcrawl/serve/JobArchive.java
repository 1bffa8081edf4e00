package dev.loomcrawl.serve;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.output.CommitStage;
import dev.loomcrawl.output.lines.ChunkFile;
import dev.loomcrawl.output.lines.MainTexts;
import dev.loomcrawl.output.warc.WarcOutput;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What an archived job's crawl writes beside its documents, in its folder: its captures as WARC files
 * ({@code crawl-00000.warc.gz}...) and its pages' retrieval chunks ({@code chunks.jsonl}, as {@code --chunks}
 * writes them), each chunk citing its page's capture in those files. Both are written by the crawl's journal, in
 * the commit of the URLs they come from, so a resumed job goes on with them where its last commit left them. An MCP
 * client's crawl is archived: search_crawl searches its chunks.
 */
final class JobArchive implements AutoCloseable {
    static final String CHUNKS = "chunks.jsonl";
    static final String WARC = "crawl.warc.gz";
    /** The longest chunk, in characters: {@code --chunk-size}'s default. */
    static final int CHUNK_SIZE = 2000;

    private final WarcOutput warc;
    private final ChunkFile chunks;

    private JobArchive(WarcOutput warc, ChunkFile chunks) {
        this.warc = warc;
        this.chunks = chunks;
    }

    /** Opens both outputs on the crawl's journal, the WARC output first: the journal writes it first, for citing. */
    static JobArchive open(Path dir, CrawlConfig config, CommitStage journal) {
        Map<String, String> info = new LinkedHashMap<>();
        info.put("http-header-user-agent", config.http().userAgent());
        info.put("description", "loomcrawl MCP crawl from "
                + String.join(" ", config.scope().roots().stream().map(Object::toString).toList()));
        WarcOutput warc = WarcOutput.open(dir.resolve(WARC), WarcOutput.DEFAULT_MAX_FILE_SIZE, info, journal);
        try {
            ChunkFile chunks = ChunkFile.open(dir.resolve(CHUNKS), journal, new ChunkFile.Settings(CHUNK_SIZE, false),
                    config.politeness().ignoreDirectives(), warc.citations(), MainTexts.of(journal));
            return new JobArchive(warc, chunks);
        } catch (RuntimeException e) {
            warc.close();
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            chunks.close();
        } finally {
            warc.close();
        }
    }
}
