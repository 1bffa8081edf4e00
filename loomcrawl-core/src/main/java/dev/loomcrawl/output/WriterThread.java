package dev.loomcrawl.output;

import dev.loomcrawl.result.CrawlRecord;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * The one thread that writes one output. Crawl workers hand it whole items (lines, WARC captures) from any
 * thread; it writes them one after another, so items never interleave and no worker touches the file or holds a
 * lock across I/O. The queue is bounded, in items and, for large items (WARC captures), in kibibytes, so a disk
 * slower than the crawl slows the workers down instead of filling the heap. The thread flushes whenever it has caught up, so a reader tailing the file sees finished
 * items promptly.
 *
 * <p>A failed write (a full disk) is kept: later items are dropped, and the next {@link #write} and
 * {@link #close} throw it as an {@link OutputException}, which stops the crawl. {@link #close} is idempotent and
 * safe from any thread, a shutdown hook included: it waits until everything handed over before it is written and
 * the sink is closed. Items handed over after close are refused.
 */
public final class WriterThread<T> implements Appender<T>, AutoCloseable {
    private static final Object END = new Object();

    private final String target;
    private final Sink<T> sink;
    private final BlockingQueue<Object> queue;
    private final AtomicBoolean closing = new AtomicBoolean();
    private final Thread thread;
    private volatile OutputException failure;
    private final Semaphore kibibytes; // null: bounded in items only
    private final ToIntFunction<T> weight; // an item's kibibytes, at most the semaphore's

    /**
     * @param target   what is written (a path, "standard output"), for messages
     * @param capacity items that may wait; a worker handing over one more waits for room
     */
    public WriterThread(String target, Sink<T> sink, int capacity) {
        this(target, sink, capacity, null, 0);
    }

    /**
     * A writer whose queue is also bounded by bytes: a worker handing over an item waits while the items waiting
     * and it would be more than {@code maxBytes} together (an item larger than that waits for an empty queue).
     *
     * @param size an item's size in bytes
     */
    public WriterThread(String target, Sink<T> sink, int capacity, ToLongFunction<T> size, long maxBytes) {
        this.kibibytes = size == null ? null : new Semaphore((int) Math.max(1, maxBytes >> 10));
        int most = kibibytes == null ? 0 : kibibytes.availablePermits();
        this.weight = size == null ? null : item -> (int) Math.min(most, Math.max(1, size.applyAsLong(item) >> 10));
        this.target = target;
        this.sink = sink;
        this.queue = new ArrayBlockingQueue<>(capacity);
        // A platform daemon thread: never interrupted (an interrupt would close a FileChannel mid-write), and
        // a library user who forgets close() does not keep the JVM alive.
        this.thread = Thread.ofPlatform().name("loomcrawl-writer " + target).daemon(true).start(this::run);
    }

    /** Hands over one item, whatever its URL: the writer appends items in the order they come. */
    @Override
    public void write(CrawlRecord record, T item) {
        write(item);
    }

    /** Hands over one item; waits while the queue is full. Throws if an earlier write failed or after close. */
    public void write(T item) {
        while (true) {
            OutputException failed = failure;
            if (failed != null) throw failed;
            if (closing.get()) throw new OutputException(target, "the output is closed");
            try {
                if (kibibytes != null && !kibibytes.tryAcquire(weight.applyAsInt(item), 100, TimeUnit.MILLISECONDS)) {
                    continue;
                }
                if (queue.offer(item, 100, TimeUnit.MILLISECONDS)) return;
                if (kibibytes != null) kibibytes.release(weight.applyAsInt(item));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new OutputException(target, "interrupted while waiting for the writer");
            }
        }
    }

    /** Writes what was handed over, closes the sink, and throws the first write failure if there was one. */
    @Override
    public void close() {
        if (closing.compareAndSet(false, true)) {
            boolean interrupted = false;
            while (true) {
                try {
                    queue.put(END);
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) Thread.currentThread().interrupt();
        }
        joinUninterruptibly();
        OutputException failed = failure;
        if (failed != null) throw failed;
    }

    private void run() {
        List<Object> batch = new ArrayList<>();
        try {
            while (true) {
                batch.add(queue.take());
                queue.drainTo(batch, 1023);
                for (Object item : batch) {
                    if (item == END) return;
                    writeItem(item); // dropped after a failure
                }
                batch.clear();
                if (queue.isEmpty() && failure == null) attempt(sink::flush);
            }
        } catch (InterruptedException e) {
            fail(new IOException("writer thread interrupted"));
        } finally {
            if (failure == null) attempt(sink::flush);
            try {
                sink.close();
            } catch (IOException | RuntimeException e) {
                fail(e);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private void writeItem(Object item) {
        if (failure == null) attempt(() -> sink.write((T) item));
        if (kibibytes != null) kibibytes.release(weight.applyAsInt((T) item));
    }

    private interface Step {
        void run() throws IOException;
    }

    private void attempt(Step step) {
        try {
            step.run();
        } catch (IOException | RuntimeException e) {
            fail(e);
        }
    }

    private void fail(Exception e) {
        if (failure != null) return;
        failure = e instanceof IOException io ? new OutputException(target, io)
                : e instanceof OutputException o ? o
                : new OutputException(target, e.getClass().getSimpleName() + ": " + e.getMessage());
    }

    private void joinUninterruptibly() {
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }
}
