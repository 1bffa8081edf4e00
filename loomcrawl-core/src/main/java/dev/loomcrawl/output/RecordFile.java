package dev.loomcrawl.output;

import dev.loomcrawl.CrawlRecord;
import dev.loomcrawl.report.TextReport;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The records output: one line per finished URL, written as it finishes, in JSON Lines, CSV (with a header row)
 * or the seed's text report line. Lines are formatted on the worker thread and written whole by one writer
 * thread; {@link #close()} writes what is pending and flushes. The schema is in docs/outputs.md.
 */
public final class RecordFile implements CrawlOutput {
    private final LineFormat format;
    private final WriterThread<byte[]> writer;

    private RecordFile(LineFormat format, WriterThread<byte[]> writer) {
        this.format = format;
        this.writer = writer;
        if (format == LineFormat.CSV) writer.write(CsvLines.header(RecordColumns.ALL));
    }

    /** Creates (or truncates) {@code path} now; throws {@link OutputException} when it cannot. */
    public static RecordFile open(Path path, LineFormat format) {
        return new RecordFile(format, LineOutput.file(path));
    }

    /** Writes to {@code out}, which is flushed but left open; {@code name} names it in messages. */
    public static RecordFile open(OutputStream out, String name, LineFormat format) {
        return new RecordFile(format, LineOutput.stream(out, name));
    }

    @Override
    public void onRecord(CrawlRecord record) {
        writer.write(switch (format) {
            case JSONL -> JsonLines.line(RecordColumns.ALL, record);
            case CSV -> CsvLines.line(RecordColumns.ALL, record);
            case TEXT -> (TextReport.line(record) + "\n").getBytes(StandardCharsets.UTF_8);
        });
    }

    @Override
    public void close() {
        writer.close();
    }
}
