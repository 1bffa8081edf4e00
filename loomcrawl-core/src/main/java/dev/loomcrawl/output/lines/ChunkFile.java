package dev.loomcrawl.output.lines;

import dev.loomcrawl.content.Chunks;
import dev.loomcrawl.output.CommitStage;
import dev.loomcrawl.output.CommittedWriter;
import dev.loomcrawl.output.CrawlOutput;
import dev.loomcrawl.output.warc.WarcCitations;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.result.PageContent;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;

/**
 * The chunks output ({@code --chunks}): each page's Markdown cut into chunks for retrieval ({@link Chunks}), one JSON
 * line per chunk, with the page's URL and title, the headings the chunk falls under, its range in the page's
 * Markdown, and, when the crawl writes WARC files too, where the page's capture is in them: the file, the offset of
 * its response record and its {@code WARC-Record-ID}, and when it was captured. The pages are those the content
 * output writes (noindex left out the same way). Written by the crawl's journal, like the other line outputs.
 */
public final class ChunkFile implements CrawlOutput {

    /** The fields of a line, in order (docs/outputs.md describes each). */
    static final List<Column<Line>> COLUMNS = List.of(
            new Column<>("url", l -> l.url),
            new Column<>("title", l -> l.title),
            new Column<>("chunk", l -> l.chunk.index()),
            new Column<>("headings", l -> l.chunk.headings()),
            new Column<>("start", l -> l.chunk.start()),
            new Column<>("end", l -> l.chunk.end()),
            new Column<>("markdown", l -> l.chunk.markdown()),
            new Column<>("warc_file", l -> l.citation == null ? null : l.citation.file()),
            new Column<>("warc_offset", l -> l.citation == null ? null : l.citation.offset()),
            new Column<>("warc_record_id", l -> l.citation == null ? null : l.citation.recordId()),
            new Column<>("captured", l -> l.citation == null ? null
                    : IsoMillis.format(l.citation.date())));

    private record Line(String url, String title, Chunks.Chunk chunk, WarcCitations.Citation citation) {}

    /** A page's chunks, made on the worker's thread; cited and written by the journal's writer thread. */
    private record PageChunks(String url, String title, List<Chunks.Chunk> chunks, String captureKey) {}

    private final CommittedWriter<PageChunks> writer;
    private final ContentFile.Counts counts;

    private ChunkFile(CommittedWriter<PageChunks> writer, CommitStage journal, int chunkSize, boolean ignoreNoindex) {
        this.writer = writer;
        this.counts = new ContentFile.Counts(ignoreNoindex);
        journal.needsContent();
        writer.commitWith(journal, finished -> {
            PageContent content = counts.contentToWrite(finished);
            if (content == null) return null;
            return new PageChunks(finished.record().url().toString(), content.facts().title(),
                    Chunks.split(content.markdown(), chunkSize), WarcCitations.key(finished));
        });
    }

    /**
     * Writes {@code path} (JSON Lines) with the crawl's journal, as {@link RecordFile#open(Path, LineFormat,
     * CommitStage)} does, in chunks of at most {@code chunkSize} characters. {@code citations} (from the WARC output,
     * opened on the same journal before this one) adds where each page's capture is; null writes no citation.
     */
    public static ChunkFile open(Path path, CommitStage journal, int chunkSize, boolean ignoreNoindex,
                                 WarcCitations citations) {
        checkSize(chunkSize);
        return new ChunkFile(LineOutput.file(path, journal, null, lines -> new Citing(lines, citations)), journal,
                chunkSize, ignoreNoindex);
    }

    /** Writes to {@code out}, which is flushed but left open; {@code name} names it in messages. */
    public static ChunkFile open(OutputStream out, String name, CommitStage journal, int chunkSize,
                                 boolean ignoreNoindex, WarcCitations citations) {
        checkSize(chunkSize);
        return new ChunkFile(LineOutput.stream(out, name, null, lines -> new Citing(lines, citations)), journal,
                chunkSize, ignoreNoindex);
    }

    private static void checkSize(int chunkSize) {
        if (chunkSize < 1) throw new IllegalArgumentException("the chunk size must be positive: " + chunkSize);
    }

    /** The pages chunked, left out as noindex, and without content (making it failed). */
    public ContentFile.Counts counts() {
        return counts;
    }

    @Override
    public void close() {
        writer.close();
    }

    /**
     * Writes a page's chunks as lines, each with where the WARC output (written before, in the same commit) put the
     * page's capture.
     */
    private record Citing(LineSink lines, WarcCitations citations) implements LineSink.Over<PageChunks> {
        @Override
        public void write(PageChunks page) throws IOException {
            WarcCitations.Citation citation = citations == null ? null : citations.take(page.captureKey);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (Chunks.Chunk c : page.chunks) {
                out.writeBytes(JsonLines.line(COLUMNS, new Line(page.url, page.title, c, citation)));
            }
            lines.write(out.toByteArray());
        }
    }
}
