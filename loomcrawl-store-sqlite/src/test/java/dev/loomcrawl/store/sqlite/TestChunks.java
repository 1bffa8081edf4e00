package dev.loomcrawl.store.sqlite;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.output.lines.ChunkFile;
import dev.loomcrawl.output.lines.MainTexts;
import dev.loomcrawl.output.warc.WarcOutput;
import dev.loomcrawl.testkit.TestSite;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;

/** Chunks files for the index's tests: written by a real crawl, or lines as {@link ChunkFile} writes them. */
final class TestChunks {
    private TestChunks() {}

    private static final JsonFactory JSON = new JsonFactory();

    /**
     * Crawls {@code site} from its root with the chunks output into {@code dir/chunks.jsonl}, and WARC files into
     * {@code dir/warc/} too when {@code warc}, in chunks of at most {@code size} characters; returns the chunks file.
     */
    static Path crawl(TestSite site, Path dir, boolean warc, int size) {
        Path chunks = dir.resolve("chunks.jsonl");
        CrawlConfig config = CrawlConfig.builder().root(site.url("/")).maxTasks(4).build();
        Crawler crawler = Crawler.builder(config).build();
        WarcOutput warcs = warc ? WarcOutput.open(dir.resolve("warc"), 1L << 30, Map.of(), crawler.journal()) : null;
        ChunkFile file = ChunkFile.open(chunks, crawler.journal(), new ChunkFile.Settings(size, false), false,
                warcs == null ? null : warcs.citations(), MainTexts.of(crawler.journal()));
        crawler.crawl();
        crawler.close();
        file.close();
        if (warcs != null) warcs.close();
        return chunks;
    }

    /** A line as the chunks output writes it, without a citation, ending with a line end. */
    static String line(String url, String title, int chunk, List<String> headings, String markdown) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("url", url);
            g.writeStringField("title", title);
            g.writeStringField("kind", "documentation");
            g.writeNumberField("chunk", chunk);
            g.writeArrayFieldStart("headings");
            for (String h : headings) g.writeString(h);
            g.writeEndArray();
            g.writeNumberField("start", 0);
            g.writeNumberField("end", markdown.codePointCount(0, markdown.length()));
            g.writeStringField("markdown", markdown);
            for (String key : List.of("warc_file", "warc_offset", "warc_record_id", "captured")) g.writeNullField(key);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out + "\n";
    }

    static void append(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The URLs of a page of hits, in order. */
    static List<String> urls(ChunkIndex.Page page) {
        return page.hits().stream().map(ChunkIndex.Hit::url).toList();
    }
}
