package dev.loomcrawl.output.lines;


import dev.loomcrawl.output.CommitStage;
import dev.loomcrawl.output.CommittedWriter;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.output.ResumedFile;
import dev.loomcrawl.output.Sink;

import java.io.FileNotFoundException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * Opens the writer of a line-per-item output, written by the crawl's journal ({@link CommittedWriter}): on a file
 * (created or emptied for a new crawl, an existing one while the crawl starts ({@link Emptying}); for a resumed one,
 * cut back to its end at the last commit and appended to), or on a stream. A header (CSV's) is written first, to a
 * new or empty file only.
 */
final class LineOutput {
    private LineOutput() {}

    /**
     * Opens the file now, so a bad path fails before the crawl starts: created (or emptied) unless the journal
     * resumes a crawl, then cut back to its end at the last commit and appended to. A write that fails (a full
     * disk) leaves the file ending with a whole line. The output registers it with {@link CommittedWriter#commitWith}.
     */
    static CommittedWriter<byte[]> file(Path path, CommitStage journal, byte[] header) {
        return file(path, journal, header, lines -> lines);
    }

    /** As {@link #file(Path, CommitStage, byte[])}, with items of type T that {@code wrap} turns into lines. */
    static <T> CommittedWriter<T> file(Path path, CommitStage journal, byte[] header,
                                       Function<LineSink, Sink<T>> wrap) {
        String key = path.toAbsolutePath().toString();
        String resumeAt = journal.resumeAt(key);
        long end = resumeAt == null || resumeAt.isEmpty() ? 0 : end(path, resumeAt);
        if (resumeAt != null) ResumedFile.cut(path, end, !resumeAt.isEmpty());
        // a new crawl's file that holds bytes is opened appending, then emptied while the crawl starts (Emptying)
        boolean replaces = resumeAt == null && holdsBytes(path);
        FileOutputStream out = create(path, resumeAt != null || replaces);
        LineSink sink = new LineSink(out, end, Files.isRegularFile(path), replaces ? emptying(path, out) : null);
        if (end == 0 && header != null) {
            try {
                sink.write(header); // buffered: written with the first commit
            } catch (IOException e) {
                throw new OutputException(path.toString(), e);
            }
        }
        return new CommittedWriter<>(key, path.toString(), wrap.apply(sink), () -> Long.toString(sink.position()));
    }

    /** Writes to a stream that stays open (standard output); {@code name} names it in messages. */
    static CommittedWriter<byte[]> stream(OutputStream out, String name, byte[] header) {
        return stream(out, name, header, lines -> lines);
    }

    /** As {@link #stream(OutputStream, String, byte[])}, with items of type T that {@code wrap} turns into lines. */
    static <T> CommittedWriter<T> stream(OutputStream out, String name, byte[] header,
                                         Function<LineSink, Sink<T>> wrap) {
        LineSink sink = new LineSink(out, false);
        if (header != null) {
            try {
                sink.write(header);
            } catch (IOException e) {
                throw new OutputException(name, e);
            }
        }
        return new CommittedWriter<>("stream " + name, name, wrap.apply(sink), () -> "");
    }

    private static long end(Path path, String resumeAt) {
        try {
            return Long.parseLong(resumeAt);
        } catch (NumberFormatException e) {
            throw new OutputException(path.toString(), "the crawl's state says it ended at '" + resumeAt
                    + "', which is not a size in bytes");
        }
    }

    /** Whether path is a regular file with bytes in it (not a device or a pipe, which opening truncated leaves be). */
    private static boolean holdsBytes(Path path) {
        try {
            return Files.isRegularFile(path) && Files.size(path) > 0;
        } catch (IOException e) {
            return false; // opening it says what is wrong
        }
    }

    /** Starts emptying path, opened as out: a failure closes out and says what went wrong. */
    private static Emptying emptying(Path path, FileOutputStream out) {
        try {
            return Emptying.start(path);
        } catch (IOException e) {
            try {
                out.close();
            } catch (IOException closing) {
                e.addSuppressed(closing);
            }
            throw new OutputException(path.toString(), e);
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
}
