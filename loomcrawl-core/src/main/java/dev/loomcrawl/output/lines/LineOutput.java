package dev.loomcrawl.output.lines;


import dev.loomcrawl.output.CommitStage;
import dev.loomcrawl.output.CommittedWriter;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.output.ResumedFile;
import dev.loomcrawl.output.WriterThread;

import java.io.FileNotFoundException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Opens the writer of a line-per-item output: a writer thread on a file (created or truncated) or on a stream,
 * or, for a crawl with a state, a {@link CommittedWriter} on a file that a resumed crawl appends to. A header
 * (CSV's) is written first, to a new or empty file only.
 */
final class LineOutput {
    /** Lines that may wait for the writer: a few MiB at most. */
    private static final int QUEUE = 8192;

    private LineOutput() {}

    /**
     * Opens (creates or truncates) the file now, so a bad path fails before the crawl starts. A write that fails
     * (a full disk) leaves the file ending with a whole line.
     */
    static WriterThread<byte[]> file(Path path, byte[] header) {
        LineSink sink = new LineSink(create(path, false), 0, Files.isRegularFile(path));
        return withHeader(new WriterThread<>(path.toString(), sink, QUEUE), header);
    }

    /** Writes to a stream that stays open (standard output); {@code name} names it in messages. */
    static WriterThread<byte[]> stream(OutputStream out, String name, byte[] header) {
        return withHeader(new WriterThread<>(name, new LineSink(out, false), QUEUE), header);
    }

    /**
     * Opens the file in step with the crawl's state: created (or truncated) for a new crawl; for a resumed one,
     * cut back to its end at the last commit, then appended to. The output registers it with
     * {@link CommittedWriter#commitWith}.
     */
    static CommittedWriter<byte[]> inStep(Path path, CommitStage state, byte[] header) {
        String key = path.toAbsolutePath().toString();
        String resumeAt = state.resumeAt(key);
        long end = resumeAt == null || resumeAt.isEmpty() ? 0 : end(path, resumeAt);
        if (resumeAt != null) ResumedFile.cut(path, end, !resumeAt.isEmpty());
        LineSink sink = new LineSink(create(path, resumeAt != null), end, Files.isRegularFile(path));
        if (end == 0 && header != null) {
            try {
                sink.write(header); // buffered: written and synced with the first commit
            } catch (IOException e) {
                throw new OutputException(path.toString(), e);
            }
        }
        return new CommittedWriter<>(key, path.toString(), sink, () -> Long.toString(sink.position()));
    }

    private static long end(Path path, String resumeAt) {
        try {
            return Long.parseLong(resumeAt);
        } catch (NumberFormatException e) {
            throw new OutputException(path.toString(), "the crawl's state says it ended at '" + resumeAt
                    + "', which is not a size in bytes");
        }
    }

    private static FileOutputStream create(Path path, boolean append) {
        try {
            // FileOutputStream, not a FileChannel: an interrupt cannot close it mid-write.
            return new FileOutputStream(path.toFile(), append);
        } catch (FileNotFoundException e) {
            throw new OutputException(path.toString(), e);
        }
    }

    private static WriterThread<byte[]> withHeader(WriterThread<byte[]> writer, byte[] header) {
        if (header != null) writer.write(header);
        return writer;
    }
}
