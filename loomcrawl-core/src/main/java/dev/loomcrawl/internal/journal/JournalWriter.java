package dev.loomcrawl.internal.journal;

import dev.loomcrawl.journal.Journal;
import dev.loomcrawl.output.CommittedOutput;
import dev.loomcrawl.result.FinishedUrl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The journal, with its one writer thread and group commit, over what keeps the crawl ({@link Backing}: nothing,
 * or a state). Workers append (a queue insert, never I/O) and wait for their own entry's commit; the thread takes
 * whatever queued up since its last commit and commits it as one unit: every output writes the batch's parts, in
 * order, then (with a state) forces them to disk, and the backing applies the batch's changes together with where
 * each output now ends. One commit (one fsync, with a state) serves every worker that finished meanwhile. While
 * entries keep coming, the thread looks for more every {@link #DOZE} rather than being woken for each: waking a
 * sleeping platform thread is a system call, and its waits and wake-ups were about 3% of a content crawl's CPU
 * (decision 32). Workers wait for their commit without the journal's lock, which the thread then never contends
 * for. Tasks ({@link #onWriter}: a state's loads of queued visits) run on the thread after everything appended before
 * them is committed.
 *
 * <p>If a write or a commit fails (a full disk), the thread stops; later entries are dropped as a crash would drop
 * them. The {@link #onFailure} actions run once, before the waiters are released, so the frontier stops handing out
 * work before any worker's permit comes back. {@link #close} throws the failure.
 *
 * @param <C> the backing's changes (a state's {@code StateChange}s)
 */
public final class JournalWriter<C> implements Journal {
    private static final int MAX_BATCH = 8192;
    /**
     * How long the thread waits before it looks for entries again, while they keep coming: 5 ms, where 2 ms made a
     * content crawl of the JDK docs switch threads a sixth more often (decision 32).
     */
    static final long DOZE = TimeUnit.MILLISECONDS.toNanos(5);
    /**
     * Looks (of {@link #DOZE} each) that find nothing before the thread sleeps until an entry wakes it: 20 ms without
     * an entry.
     */
    private static final int DOZES = 4;
    private static final String WRITTEN = "written.";

    /** What keeps the crawl besides its outputs: nothing ({@link #NONE}), or a state. */
    public interface Backing<C> {
        /** A crawl in memory: outputs start afresh, are flushed (not forced) by each commit, and nothing else is kept. */
        Backing<Void> NONE = new Backing<>() {
            @Override
            public Map<String, String> saved() {
                return Map.of();
            }

            @Override
            public boolean fresh() {
                return true;
            }

            @Override
            public boolean durable() {
                return false;
            }

            @Override
            public Void finished(long ticket, FinishedUrl finished) {
                return null;
            }

            @Override
            public void apply(List<Void> changes, Map<String, String> saved) {}

            @Override
            public RuntimeException unprepared(FinishedUrl finished, RuntimeException e) {
                return e;
            }

            @Override
            public RuntimeException unwritten(RuntimeException e) {
                return e;
            }
        };

        /** The texts the last commit saved (outputs' ends and kept values), by name; empty when none. */
        Map<String, String> saved();

        /** Whether nothing was committed yet: outputs start afresh (created, or truncated). */
        boolean fresh();

        /** Whether a commit forces the outputs to the storage device before it saves where they end. */
        boolean durable();

        /** The change that records a finished URL, made on the worker's thread; null when there is none. */
        C finished(long ticket, FinishedUrl finished);

        /**
         * Applies the changes, in order, and the saved texts (each replacing the last of its name), as one atomic and
         * durable unit; throws (one line) when it cannot.
         */
        void apply(List<C> changes, Map<String, String> saved);

        /** Whether payload originals are kept ({@link #originalPayload}). */
        default boolean keepsPayloads() {
            return false;
        }

        /** As {@link dev.loomcrawl.output.CommitStage#originalPayload}; only when {@link #keepsPayloads()}. */
        default String originalPayload(String digest, String original) {
            throw new UnsupportedOperationException("this journal keeps no payloads");
        }

        /** What stops the crawl when an output could not make its part of {@code finished}. */
        RuntimeException unprepared(FinishedUrl finished, RuntimeException e);

        /** What stops the crawl when an output could not write a commit's parts. */
        RuntimeException unwritten(RuntimeException e);
    }

    /** An output registered with the journal, and the parts the batch being committed gave it. */
    private static final class Registered<T> {
        final String key;
        final CommittedOutput<T> output;
        final List<T> pending = new ArrayList<>(); // the writer thread's only

        Registered(String key, CommittedOutput<T> output) {
            this.key = key;
            this.output = output;
        }

        Part<T> prepare(FinishedUrl finished) {
            T item = output.prepare(finished);
            return item == null ? null : new Part<>(this, item);
        }

        String write(boolean force) {
            try {
                return output.write(pending, force);
            } finally {
                pending.clear();
            }
        }
    }

    /** What one output made of one finished URL, typed by its output. */
    private record Part<T>(Registered<T> output, T item) {
        void stage() {
            output.pending.add(item);
        }
    }

    private record Kept(String key, Supplier<String> value) {}

    private sealed interface Entry {}

    private record Change<C>(long sequence, C change, List<Part<?>> parts) implements Entry {}

    private record Task(Runnable run, Consumer<RuntimeException> abort) implements Entry {}

    private record Stop() implements Entry {}

    /** A worker waiting for its entry's commit. */
    private record Waiter(long sequence, Thread thread) {}

    private final Backing<C> backing;
    private final List<Registered<?>> outputs = new CopyOnWriteArrayList<>();
    private final List<Kept> kept = new CopyOnWriteArrayList<>();
    private final List<Runnable> onFailure = new CopyOnWriteArrayList<>();
    private final Map<String, String> saved;
    private final LinkedBlockingQueue<Entry> queue = new LinkedBlockingQueue<>();
    private final ReentrantLock lock = new ReentrantLock(); // guards the next six fields; never held across I/O
    private Boolean fresh; // asked of the backing once, when the first output opens
    private Thread thread;
    private long appended;
    private RuntimeException failure;
    private boolean closed;
    private boolean thrown;

    /** The last entry committed; set by the writer thread alone, which then wakes the waiters it covers. */
    private volatile long durable;
    private volatile boolean writerEnded;
    private final ConcurrentLinkedQueue<Waiter> waiters = new ConcurrentLinkedQueue<>();
    private long uncommitted; // the writer thread's: the last entry taken and not committed yet, or 0

    /** Set before the crawl starts, read by the workers. */
    private volatile boolean contentNeeded;

    /** A journal of a crawl in memory: it writes the outputs and keeps nothing else. */
    public static Journal inMemory() {
        return new JournalWriter<>(Backing.NONE);
    }

    public JournalWriter(Backing<C> backing) {
        this.backing = backing;
        this.saved = backing.saved();
    }

    @Override
    public String resumeAt(String key) {
        if (fresh == null) fresh = backing.fresh();
        return fresh ? null : saved.getOrDefault(WRITTEN + key, "");
    }

    @Override
    public void add(String key, CommittedOutput<?> output) {
        lock.lock();
        try {
            // the writer thread reads the outputs without the lock: they are all there before it starts
            if (thread != null) throw new IllegalStateException("outputs are opened before the crawl starts");
            if (taken(key)) throw new IllegalArgumentException("two outputs write " + key);
            outputs.add(new Registered<>(key, output));
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void needsContent() {
        contentNeeded = true;
    }

    @Override
    public boolean contentNeeded() {
        return contentNeeded;
    }

    @Override
    public void keep(String key, Supplier<String> value) {
        if (taken(key)) throw new IllegalArgumentException("two values are kept as " + key);
        kept.add(new Kept(key, value));
    }

    /** Whether an output or a kept value is saved under {@code key} already. */
    private boolean taken(String key) {
        return outputs.stream().anyMatch(r -> r.key.equals(key)) || kept.stream().anyMatch(k -> k.key().equals(key));
    }

    @Override
    public boolean keepsPayloads() {
        return backing.keepsPayloads();
    }

    @Override
    public String originalPayload(String digest, String original) {
        return backing.originalPayload(digest, original);
    }

    @Override
    public void onFailure(Runnable stop) {
        onFailure.add(stop);
    }

    @Override
    public boolean finished(long ticket, FinishedUrl finished) {
        List<Part<?>> parts;
        C change;
        try {
            parts = prepare(finished);
            change = backing.finished(ticket, finished);
        } catch (RuntimeException e) {
            fail(backing.unprepared(finished, e));
            return false;
        } catch (StackOverflowError e) { // an output's recursion on a hostile page: the crawl stops, saying so
            fail(backing.unprepared(finished, new IllegalStateException("stack overflow", e)));
            return false;
        }
        if (change == null && parts.isEmpty() && kept.isEmpty()) return failure() == null; // nothing to commit
        long sequence = add(change, parts);
        return sequence > 0 && awaitDurable(sequence);
    }

    private List<Part<?>> prepare(FinishedUrl finished) {
        if (outputs.isEmpty()) return List.of();
        List<Part<?>> parts = new ArrayList<>(outputs.size());
        for (Registered<?> r : outputs) {
            Part<?> part = r.prepare(finished);
            if (part != null) parts.add(part);
        }
        return parts;
    }

    /** Appends a change of the backing's (a queued or dropped URL), committed in order; false once failed or closed. */
    public boolean append(C change) {
        return add(change, List.of()) > 0;
    }

    /** Queues an entry; its sequence number, or 0 (nothing queued) once failed or closed. */
    private long add(C change, List<Part<?>> parts) {
        lock.lock();
        try {
            if (failure != null || closed) return 0;
            started();
            queue.add(new Change<>(++appended, change, parts));
            return appended;
        } finally {
            lock.unlock();
        }
    }

    /** Runs {@code task} on the writer thread, after everything appended before it is committed. */
    public <R> CompletableFuture<R> onWriter(Supplier<R> task) {
        lock.lock();
        try {
            if (failure != null) return CompletableFuture.failedFuture(failure);
            if (closed) return CompletableFuture.failedFuture(new IllegalStateException("the journal is closed"));
            started();
            CompletableFuture<R> result = new CompletableFuture<>();
            queue.add(new Task(() -> {
                try {
                    result.complete(task.get());
                } catch (RuntimeException e) {
                    result.completeExceptionally(e);
                    throw e;
                }
            }, result::completeExceptionally));
            return result;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Blocks until the entry {@code sequence} is committed; false if the writer ended first (it failed). The waiter is
     * queued before it reads {@link #durable} again, and the writer thread sets that before it looks at the queue, so
     * one of the two sees the other.
     */
    private boolean awaitDurable(long sequence) {
        if (durable >= sequence) return true;
        waiters.add(new Waiter(sequence, Thread.currentThread()));
        boolean interrupted = false;
        while (durable < sequence && !writerEnded) {
            LockSupport.park(this);
            if (Thread.interrupted()) interrupted = true; // as awaitUninterruptibly: kept for the caller
        }
        if (interrupted) Thread.currentThread().interrupt();
        return durable >= sequence;
    }

    /** Wakes the waiters whose entries are committed (all of them once the writer has ended). */
    private void wakeWaiters() {
        long committed = durable;
        boolean all = writerEnded;
        List<Waiter> later = null;
        for (Waiter w; (w = waiters.poll()) != null; ) {
            if (all || w.sequence() <= committed) {
                LockSupport.unpark(w.thread());
            } else {
                if (later == null) later = new ArrayList<>();
                later.add(w);
            }
        }
        if (later != null) waiters.addAll(later);
    }

    /** Why the journal failed, or null. */
    public RuntimeException failure() {
        lock.lock();
        try {
            return failure;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() {
        Thread writer;
        lock.lock();
        try {
            if (!closed && thread != null) queue.add(new Stop());
            closed = true;
            writer = thread;
        } finally {
            lock.unlock();
        }
        boolean interrupted = false;
        while (writer != null && writer.isAlive()) {
            try {
                writer.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
        lock.lock();
        try {
            if (failure == null || thrown) return;
            thrown = true;
        } finally {
            lock.unlock();
        }
        throw failure;
    }

    /** Starts the writer thread with the first entry (a crawler that never runs has none). Under the lock. */
    private void started() {
        if (thread != null) return;
        // A platform daemon thread: JDBC drivers call native code (which would pin a virtual thread's carrier), an
        // interrupt would close a FileChannel mid-write, and a library user who forgets close() does not keep the
        // JVM alive.
        thread = Thread.ofPlatform().name("loomcrawl-journal").daemon(true).start(this::run);
    }

    private void run() {
        List<Entry> batch = new ArrayList<>();
        List<C> changes = new ArrayList<>();
        try {
            while (true) {
                batch.add(next());
                queue.drainTo(batch, MAX_BATCH - 1);
                for (Entry entry : batch) {
                    switch (entry) {
                        case Change<?> c -> {
                            @SuppressWarnings("unchecked") // every change entry is one of this journal's
                            C change = (C) c.change();
                            if (change != null) changes.add(change);
                            c.parts().forEach(Part::stage);
                            uncommitted = c.sequence();
                        }
                        case Task t -> {
                            commit(changes);
                            t.run().run();
                        }
                        case Stop s -> {
                            commit(changes);
                            return;
                        }
                    }
                }
                commit(changes);
                batch.clear();
            }
        } catch (InterruptedException e) {
            fail(new IllegalStateException("the journal's writer was interrupted"));
        } catch (RuntimeException e) {
            fail(e);
        } catch (Error e) { // out of memory, say: the crawl stops, and close() says why
            fail(new IllegalStateException("the journal's writer failed: " + e, e));
        } finally {
            ended(batch);
        }
    }

    /**
     * The next entry, waiting for one: by looking again after {@link #DOZE} while entries keep coming (an append
     * then wakes nothing), and once {@link #DOZES} looks found none, by sleeping until an append wakes the thread.
     */
    private Entry next() throws InterruptedException {
        for (int idle = 0; ; idle++) { // looks in a row that found nothing
            Entry entry = queue.poll();
            if (entry != null) return entry;
            if (idle == DOZES) return queue.take();
            LockSupport.parkNanos(this, DOZE);
            if (Thread.interrupted()) throw new InterruptedException();
        }
    }

    /** The writer thread is over: waiters are released, and tasks that will never run are told why. */
    private void ended(List<Entry> batch) {
        RuntimeException why;
        lock.lock();
        try {
            writerEnded = true;
            why = failure != null ? failure : new IllegalStateException("the journal is closed");
        } finally {
            lock.unlock();
        }
        wakeWaiters();
        queue.drainTo(batch);
        for (Entry entry : batch) {
            if (entry instanceof Task t) t.abort().accept(why);
        }
    }

    /**
     * Commits a batch: every output writes its parts (forced to disk with a durable backing), then the backing
     * applies the changes with where each output now ends and the kept values.
     */
    private void commit(List<C> changes) {
        if (uncommitted == 0) return;
        Map<String, String> ends = new LinkedHashMap<>();
        for (Registered<?> r : outputs) {
            try {
                ends.put(WRITTEN + r.key, r.write(backing.durable()));
            } catch (RuntimeException e) {
                throw backing.unwritten(e);
            }
        }
        for (Kept k : kept) ends.put(WRITTEN + k.key(), k.value().get());
        backing.apply(changes, ends);
        changes.clear();
        durable = uncommitted;
        uncommitted = 0;
        wakeWaiters();
    }

    /**
     * Refuses further entries and runs the failure actions (the frontier stops) once. The writer thread, unless it is
     * what failed, commits what was appended before.
     */
    private void fail(RuntimeException e) {
        lock.lock();
        try {
            if (failure != null) return;
            failure = e;
        } finally {
            lock.unlock();
        }
        for (Runnable stop : onFailure) stop.run();
    }
}
