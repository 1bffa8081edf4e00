package dev.loomcrawl.output.lines;

import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.output.CommitStage;
import dev.loomcrawl.output.CommittedWriter;
import dev.loomcrawl.output.CrawlOutput;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.report.TextReport;
import dev.loomcrawl.internal.text.Utf16;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The records output: one line per finished URL, written as it finishes, in JSON Lines, CSV (with a header row)
 * or the seed's text report line. Lines are formatted on the worker thread and written whole by one writer
 * thread, the journal's, in commit order; {@link #close()} closes the file. The schema is in docs/outputs.md.
 */
public final class RecordFile implements CrawlOutput {
    private final LineFormat format;
    private final CommittedWriter<byte[]> writer;

    private RecordFile(LineFormat format, CommittedWriter<byte[]> writer, CommitStage journal) {
        this.format = format;
        this.writer = writer;
        writer.commitWith(journal, finished -> line(finished.record(), format));
    }

    /**
     * Writes {@code path} with the crawl's journal ({@code crawler.journal()}), each finished URL's line by the
     * commit that journals it: created (or truncated) now for a new crawl, so a bad path fails before the crawl
     * starts; for a resumed one, cut back to what the last commit covered and appended to. Close it after the
     * crawler. Throws {@link OutputException} when the file cannot be opened.
     */
    public static RecordFile open(Path path, LineFormat format, CommitStage journal) {
        return new RecordFile(format, LineOutput.file(path, journal, header(format)), journal);
    }

    /** Writes to {@code out}, which is flushed but left open; {@code name} names it in messages. */
    public static RecordFile open(OutputStream out, String name, LineFormat format, CommitStage journal) {
        return new RecordFile(format, LineOutput.stream(out, name, header(format)), journal);
    }

    /**
     * Writes every record {@code records} gives as a line of {@code format} (after CSV's header) to {@code out}: a
     * whole file of records (a report of a crawl's state), not a crawl's output.
     */
    public static void writeAll(OutputStream out, LineFormat format, Consumer<Consumer<CrawlRecord>> records)
            throws IOException {
        byte[] header = header(format);
        if (header != null) out.write(header);
        try {
            records.accept(record -> {
                try {
                    out.write(line(record, format));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        out.flush();
    }

    private static byte[] header(LineFormat format) {
        return format == LineFormat.CSV ? CsvLines.header(RecordColumns.ALL) : null;
    }

    /** One record as one line of {@code format}, line end included. */
    public static byte[] line(CrawlRecord record, LineFormat format) {
        return switch (format) {
            case JSONL -> JsonLines.line(RecordColumns.ALL, record);
            case CSV -> CsvLines.line(RecordColumns.ALL, record);
            case TEXT -> (Utf16.wellFormed(TextReport.line(record)) + "\n").getBytes(StandardCharsets.UTF_8);
        };
    }

    @Override
    public void close() {
        writer.close();
    }
}
