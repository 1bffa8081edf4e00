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
 * (created or truncated for a new crawl; for a resumed one, cut back to its end at the last commit and appended to),
 * or on a stream. A header (CSV's) is written first, to a new or empty file only.
 */
final class LineOutput {
    private LineOutput() {}

    /**
     * Opens the file now, so a bad path fails before the crawl starts: created (or truncated) unless the journal
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
        LineSink sink = new LineSink(create(path, resumeAt != null), end, Files.isRegularFile(path));
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

    private static FileOutputStream create(Path path, boolean append) {
        try {
            // FileOutputStream, not a FileChannel: an interrupt cannot close it mid-write.
            return new FileOutputStream(path.toFile(), append);
        } catch (FileNotFoundException e) {
            throw new OutputException(path.toString(), e);
        }
    }
}
