package dev.loomcrawl.output.lines;

import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.result.FoundLink;
import dev.loomcrawl.output.CommitStage;
import dev.loomcrawl.output.CommittedWriter;
import dev.loomcrawl.output.CrawlOutput;
import dev.loomcrawl.output.OutputException;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;

/**
 * The link graph output: one line per link found on a fetched page (from, to, element, attribute, anchor text,
 * rel, in scope, hreflang...), in JSON Lines or CSV. A page's links are handed to the journal's writer as one
 * chunk, so they stay together in the file.
 */
public final class LinkFile implements CrawlOutput {
    private final LineFormat format;
    private final CommittedWriter<byte[]> writer;

    private LinkFile(LineFormat format, CommittedWriter<byte[]> writer, CommitStage journal) {
        this.format = format;
        this.writer = writer;
        writer.commitWith(journal, this::chunk);
    }

    /**
     * Writes {@code path} with the crawl's journal, as {@link RecordFile#open(Path, LineFormat, CommitStage)} does;
     * throws {@link OutputException} when it cannot be opened.
     */
    public static LinkFile open(Path path, LineFormat format, CommitStage journal) {
        return new LinkFile(format, LineOutput.file(path, journal, header(format)), journal);
    }

    /** Writes to {@code out}, which is flushed but left open; {@code name} names it in messages. */
    public static LinkFile open(OutputStream out, String name, LineFormat format, CommitStage journal) {
        return new LinkFile(format, LineOutput.stream(out, name, header(format)), journal);
    }

    /** The CSV header, checking the format first. */
    private static byte[] header(LineFormat format) {
        if (format == LineFormat.TEXT) throw new IllegalArgumentException("the link graph is JSON Lines or CSV");
        return format == LineFormat.CSV ? CsvLines.header(LinkColumns.ALL) : null;
    }

    /** A page's links as one chunk of lines, or null when it has none. */
    private byte[] chunk(FinishedUrl finished) {
        List<FoundLink> links = finished.links();
        if (links.isEmpty()) return null;
        CrawlRecord record = finished.record();
        ByteArrayOutputStream chunk = new ByteArrayOutputStream(links.size() * 160);
        for (FoundLink link : links) {
            LinkColumns.Edge edge = new LinkColumns.Edge(record.url(), link);
            chunk.writeBytes(format == LineFormat.CSV ? CsvLines.line(LinkColumns.ALL, edge)
                    : JsonLines.line(LinkColumns.ALL, edge));
        }
        return chunk.toByteArray();
    }

    @Override
    public void close() {
        writer.close();
    }
}
