package dev.loomcrawl.output.lines;

import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.output.Appender;
import dev.loomcrawl.output.CommitStage;
import dev.loomcrawl.output.CommittedWriter;
import dev.loomcrawl.output.CrawlOutput;
import dev.loomcrawl.output.OutputException;
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
    private final Appender<byte[]> writer;
    private final boolean inStep; // written by the state's commits, not as a listener

    private RecordFile(LineFormat format, Appender<byte[]> writer, boolean inStep) {
        this.format = format;
        this.writer = writer;
        this.inStep = inStep;
    }

    /** Creates (or truncates) {@code path} now; throws {@link OutputException} when it cannot. */
    public static RecordFile open(Path path, LineFormat format) {
        return new RecordFile(format, LineOutput.file(path, header(format)), false);
    }

    /** Writes to {@code out}, which is flushed but left open; {@code name} names it in messages. */
    public static RecordFile open(OutputStream out, String name, LineFormat format) {
        return new RecordFile(format, LineOutput.stream(out, name, header(format)), false);
    }

    /**
     * Writes {@code path} in step with the crawl's state, each finished URL's line by the commit that makes it
     * durable: created for a new crawl, appended to (after cutting what the last commit did not cover) for a
     * resumed one. The state's commits write it; as a crawler's listener it does nothing. Close it after the
     * crawler.
     */
    public static RecordFile openInStep(Path path, LineFormat format, CommitStage state) {
        CommittedWriter<byte[]> writer = LineOutput.inStep(path, state, header(format));
        writer.commitWith(state, finished -> line(finished.record(), format));
        return new RecordFile(format, writer, true);
    }

    private static byte[] header(LineFormat format) {
        return format == LineFormat.CSV ? CsvLines.header(RecordColumns.ALL) : null;
    }

    /** One record as one line of {@code format}, line end included. */
    public static byte[] line(CrawlRecord record, LineFormat format) {
        return switch (format) {
            case JSONL -> JsonLines.line(RecordColumns.ALL, record);
            case CSV -> CsvLines.line(RecordColumns.ALL, record);
            case TEXT -> (TextReport.line(record) + "\n").getBytes(StandardCharsets.UTF_8);
        };
    }

    @Override
    public void onFinished(FinishedUrl finished) {
        if (!inStep) writer.write(finished.record(), line(finished.record(), format));
    }

    @Override
    public void close() {
        writer.close();
    }
}
