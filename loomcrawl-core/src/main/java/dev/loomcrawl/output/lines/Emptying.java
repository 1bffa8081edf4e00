package dev.loomcrawl.output.lines;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * A file with bytes in it that a new crawl's output replaces, emptied on a thread of its own while the crawl starts.
 * Opening it truncated made the crawl wait before its first fetch: on ext4 mounted with {@code discard}, as on this
 * project's machines, emptying the 233 MB {@code --content} file of the JDK docs took 70 to 90 ms, a 2.3 GB one
 * 0.7 s. The output opens the file appending instead, which leaves its bytes as they are until then, and its sink
 * waits for the emptying before it first writes, syncs or closes the file ({@link LineSink}): what the file holds at
 * the end is the same.
 *
 * <p>The descriptor that empties the file stays open until the sink has closed its own ({@link #close}), so that the
 * file is closed as a truncated one was: ext4 ({@code auto_da_alloc}) starts writing back a file emptied and written
 * again when it is closed, and would have forgotten it had this descriptor been closed first.
 */
final class Emptying implements Closeable {
    private final RandomAccessFile file;
    private final FutureTask<Void> task;

    private Emptying(RandomAccessFile file) {
        this.file = file;
        this.task = new FutureTask<>(() -> {
            file.setLength(0);
            return null;
        });
    }

    /** Starts emptying {@code path}, which the caller has opened appending. */
    static Emptying start(Path path) throws IOException {
        Emptying e = new Emptying(new RandomAccessFile(path.toFile(), "rw"));
        Thread.ofPlatform().daemon().name("loomcrawl-emptying").start(e.task);
        return e;
    }

    /** Waits until the file is empty (returns at once when it already is); throws what made emptying it fail. */
    void await() throws IOException {
        try {
            task.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while the output file was being emptied");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) throw io;
            throw new IOException(e.getCause());
        }
    }

    /** Closes the descriptor that emptied the file, once the emptying is over: after the sink has closed its own. */
    @Override
    public void close() throws IOException {
        try {
            await();
        } finally {
            file.close();
        }
    }
}
