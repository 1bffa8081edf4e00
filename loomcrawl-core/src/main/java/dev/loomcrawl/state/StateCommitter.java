package dev.loomcrawl.state;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * The one thread that writes a crawl's state, with group commit. Workers {@link #append} changes (a queue
 * insert, never I/O) and may then {@link #awaitDurable} until everything they appended is on disk; the thread
 * takes whatever has queued up since its last commit and hands it to {@link CrawlStore#apply} as one unit,
 * so one commit (one fsync) serves every worker that finished meanwhile. Loads of queued visits go through
 * the same queue, so they see every change appended before them.
 *
 * <p>If the store fails (a full disk, a read-only file), the thread stops; changes appended after that are
 * dropped as a crash would drop them. {@code onFailure} is told once, before the waiters are released, so the
 * frontier stops handing out work before any worker's permit comes back.
 */
final class StateCommitter implements AutoCloseable {
    private static final int MAX_BATCH = 8192;

    private sealed interface Entry {}

    private record Change(long sequence, StateChange change) implements Entry {}

    private record Load(long fromId, int max, CompletableFuture<List<StoredVisit>> result) implements Entry {}

    private record Stop() implements Entry {}

    private final CrawlStore store;
    private final Consumer<StateException> onFailure;
    private final LinkedBlockingQueue<Entry> queue = new LinkedBlockingQueue<>();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition durableChanged = lock.newCondition();
    private final Thread thread;
    private long appended;
    private long durable;
    private StateException failure;
    private boolean closed;

    StateCommitter(CrawlStore store, Consumer<StateException> onFailure) {
        this.store = store;
        this.onFailure = onFailure;
        // A platform thread: JDBC drivers call native code, which would pin a virtual thread's carrier anyway.
        this.thread = Thread.ofPlatform().name("loomcrawl-state").daemon(true).start(this::run);
    }

    /** Queues a change; false (and nothing queued) once the store has failed or this is closed. */
    boolean append(StateChange change) {
        lock.lock();
        try {
            if (failure != null || closed) return false;
            queue.add(new Change(++appended, change));
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Up to {@code max} queued visits from {@code fromId} on, read after every change appended so far. */
    CompletableFuture<List<StoredVisit>> load(long fromId, int max) {
        lock.lock();
        try {
            if (failure != null) return CompletableFuture.failedFuture(failure);
            if (closed) return CompletableFuture.failedFuture(new IllegalStateException("state closed"));
            CompletableFuture<List<StoredVisit>> result = new CompletableFuture<>();
            queue.add(new Load(fromId, max, result));
            return result;
        } finally {
            lock.unlock();
        }
    }

    /** Blocks until every change appended so far is durable, or the store has failed. */
    void awaitDurable() {
        lock.lock();
        try {
            long target = appended;
            while (durable < target && failure == null) durableChanged.awaitUninterruptibly();
        } finally {
            lock.unlock();
        }
    }

    /** Why the store failed, or null. */
    StateException failure() {
        lock.lock();
        try {
            return failure;
        } finally {
            lock.unlock();
        }
    }

    /** Commits what is queued and ends the thread. */
    @Override
    public void close() {
        lock.lock();
        try {
            if (!closed) queue.add(new Stop());
            closed = true;
        } finally {
            lock.unlock();
        }
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

    private void run() {
        List<Entry> batch = new ArrayList<>();
        List<StateChange> changes = new ArrayList<>();
        try {
            while (true) {
                batch.add(queue.take());
                queue.drainTo(batch, MAX_BATCH - 1);
                long last = 0;
                for (Entry entry : batch) {
                    switch (entry) {
                        case Change c -> {
                            changes.add(c.change());
                            last = c.sequence();
                        }
                        case Load l -> {
                            commit(changes, last);
                            l.result().complete(store.queued(l.fromId(), l.max()));
                        }
                        case Stop s -> {
                            commit(changes, last);
                            return;
                        }
                    }
                }
                commit(changes, last);
                batch.clear();
            }
        } catch (InterruptedException e) {
            fail(new StateException(store.location() + ": the state writer was interrupted", e), batch);
        } catch (StateException e) {
            fail(e, batch);
        } catch (RuntimeException e) {
            fail(new StateException(store.location() + ": " + e.getMessage(), e), batch);
        }
    }

    private void commit(List<StateChange> changes, long last) {
        if (changes.isEmpty()) return;
        store.apply(changes);
        changes.clear();
        lock.lock();
        try {
            durable = last;
            durableChanged.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Refuses further changes, tells the frontier (which stops taking work), and only then releases waiters. */
    private void fail(StateException e, List<Entry> batch) {
        lock.lock();
        try {
            failure = e;
        } finally {
            lock.unlock();
        }
        onFailure.accept(e);
        lock.lock();
        try {
            durableChanged.signalAll();
        } finally {
            lock.unlock();
        }
        queue.drainTo(batch);
        for (Entry entry : batch) {
            if (entry instanceof Load l) l.result().completeExceptionally(e);
        }
    }
}
