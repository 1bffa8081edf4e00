package dev.loomcrawl.output;

import java.io.FileNotFoundException;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.nio.file.Path;

/** Opens the writer thread of a line-per-item output, on a file (created or truncated) or on a stream. */
final class LineOutput {
    /** Lines that may wait for the writer: a few MiB at most. */
    private static final int QUEUE = 8192;

    private LineOutput() {}

    /** Opens (creates or truncates) the file now, so a bad path fails before the crawl starts. */
    static WriterThread<byte[]> file(Path path) {
        try {
            // FileOutputStream, not a FileChannel: an interrupt cannot close it mid-write.
            return new WriterThread<>(path.toString(), new LineSink(new FileOutputStream(path.toFile()), true), QUEUE);
        } catch (FileNotFoundException e) {
            throw new OutputException(path.toString(), e);
        }
    }

    /** Writes to a stream that stays open (standard output); {@code name} names it in messages. */
    static WriterThread<byte[]> stream(OutputStream out, String name) {
        return new WriterThread<>(name, new LineSink(out, false), QUEUE);
    }
}
