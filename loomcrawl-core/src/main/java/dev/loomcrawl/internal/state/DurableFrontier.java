package dev.loomcrawl.internal.state;

import dev.loomcrawl.state.StoredVisit;
import dev.loomcrawl.state.StateChange;
import dev.loomcrawl.state.Resumption;
import dev.loomcrawl.state.CrawlStore;
import dev.loomcrawl.reason.DropReason;
import dev.loomcrawl.frontier.Frontier;
import dev.loomcrawl.internal.frontier.InMemoryFrontier;
import dev.loomcrawl.frontier.Lease;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.internal.journal.JournalWriter;
import dev.loomcrawl.limits.LimitUsage;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.url.FingerprintSet;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.url.UrlFingerprint;
import dev.loomcrawl.url.WebUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A frontier whose every change is kept in a {@link CrawlStore}, through the crawl's journal ({@link StateJournal}),
 * so a crawl can be resumed after Ctrl-C, kill -9 or a power cut. Scheduling (per-origin queues, politeness) is an
 * {@link InMemoryFrontier} used as a window of at most {@code capacity} queued visits: a new URL goes into the window
 * while it has room and nothing older waits on disk, otherwise it stays on disk only, and the window is refilled
 * from the store in discovery order as it drains. The seen set is {@link UrlFingerprint}s, so memory stays flat.
 *
 * <p>Each queued URL gets an id, in discovery order, which its lease carries as its ticket ({@link Lease#ticket()});
 * the crawl journals the finished URL under it ({@code journal.Journal#finished}), and that commit is what makes it
 * finished. A run killed at any moment therefore leaves unfinished only what was in flight (at most
 * {@code maxTasks} visits), which the next run fetches again.
 */
public final class DurableFrontier implements Frontier {
    /** Queued visits kept in memory by default: a few MiB. */
    public static final int DEFAULT_WINDOW = 10_000;
    private static final Logger log = LoggerFactory.getLogger(DurableFrontier.class);

    private final CrawlStore store;
    private final JournalWriter<StateChange> journal;
    private final InMemoryFrontier window;
    private final int capacity;
    private final FingerprintSet seen = new FingerprintSet();
    private final Resumption resumption;
    private final ReentrantLock lock = new ReentrantLock(); // guards the five fields below; never held over I/O
    private long nextId;
    private long loadedUpTo; // every queued visit with a lower id is in memory (or finished)
    private long spilled; // queued visits on disk only
    private CompletableFuture<Void> loading;
    private boolean finished;
    private volatile boolean stopped;

    private DurableFrontier(CrawlStore store, JournalWriter<StateChange> journal, InMemoryFrontier window,
                            int capacity, boolean perHostUsage) {
        this.store = store;
        this.journal = journal;
        this.window = window;
        this.capacity = capacity;
        this.resumption = store.resume(seen::add, perHostUsage);
        this.nextId = resumption.nextId();
        this.loadedUpTo = resumption.firstQueuedId();
        this.spilled = resumption.queued();
        journal.onFailure(() -> { // stop handing out work; the crawl winds down and finish() says why
            log.debug("the crawl's state failed: {}", journal.failure().getMessage());
            stop();
        });
    }

    /**
     * Starts a run on the store's state (a new crawl, or one to resume), journaled by {@code journal} (the store's:
     * {@link StateJournal#open}).
     *
     * @param perOrigin    fetches in flight at once on one origin
     * @param delay        minimum gap between fetch starts on one origin
     * @param capacity     queued visits kept in memory
     * @param perHostUsage whether {@link #usage()} must count URLs per host (for {@code LimitSettings.maxPagesPerHost})
     */
    public static DurableFrontier open(CrawlStore store, JournalWriter<StateChange> journal, int perOrigin,
                                       Duration delay, int capacity, boolean perHostUsage) {
        return open(store, journal, perOrigin, delay, capacity, perHostUsage, false);
    }

    /**
     * {@link #open(CrawlStore, JournalWriter, int, Duration, int, boolean)}, each origin's visits in memory taken
     * best first when {@code bestFirst} (a focused crawl; visits loaded back from the state have no priority).
     */
    public static DurableFrontier open(CrawlStore store, JournalWriter<StateChange> journal, int perOrigin,
                                       Duration delay, int capacity, boolean perHostUsage, boolean bestFirst) {
        if (capacity < 1) throw new IllegalArgumentException("capacity must be at least 1");
        return new DurableFrontier(store, journal, new InMemoryFrontier(perOrigin, delay, bestFirst), capacity,
                perHostUsage);
    }

    /** The journal this frontier's queued and dropped URLs go to, and the crawl's finished ones must. */
    public JournalWriter<StateChange> journal() {
        return journal;
    }

    /** What the state held when this run started. */
    public Resumption resumption() {
        return resumption;
    }

    /** What earlier runs used of the crawl's budgets. */
    public LimitUsage usage() {
        return resumption.usage();
    }

    /** Raises the visits its window holds. */
    @Override
    public void reprioritize(List<Visit> better) {
        window.reprioritize(better);
    }

    @Override
    public boolean markSeen(WebUrl url) {
        return seen.add(UrlFingerprint.of(url));
    }

    @Override
    public boolean seen(WebUrl url) {
        return seen.contains(UrlFingerprint.of(url));
    }

    @Override
    public boolean enqueue(Visit visit) {
        long fingerprint = UrlFingerprint.of(visit.url());
        boolean inMemory;
        long id;
        lock.lock();
        try {
            id = nextId++;
            inMemory = spilled == 0 && window.queued() < capacity;
            if (inMemory) {
                loadedUpTo = id + 1;
            } else {
                spilled++;
            }
            journal.append(new StateChange.Queued(id, visit, fingerprint)); // in id order: appended under the lock
        } finally {
            lock.unlock();
        }
        if (inMemory) window.enqueue(visit, id);
        return true;
    }

    @Override
    public void drop(Visit visit, DropReason reason) {
        long fingerprint = UrlFingerprint.of(visit.url());
        lock.lock();
        try {
            journal.append(new StateChange.Dropped(nextId++, visit, fingerprint, reason));
        } finally {
            lock.unlock();
        }
    }

    /** One of the window's visits due now, or null: an empty window is refilled from the store by {@link #take()}. */
    @Override
    public Lease takeIfDue() {
        Lease taken = window.takeIfDue();
        if (taken != null) refillWhenHalfEmpty();
        return taken;
    }

    @Override
    public Lease take() throws InterruptedException {
        while (true) {
            Lease taken = window.take();
            if (taken != null) {
                refillWhenHalfEmpty();
                return taken;
            }
            if (stopped) return null;
            CompletableFuture<Void> load = refill(); // the window is empty and idle: is more on disk?
            if (load == null) return null;
            try {
                load.join();
            } catch (CompletionException e) {
                return null; // the store failed; the journal has stopped the crawl
            }
        }
    }

    /** After a take: once the window is half empty, more is loaded from the store. */
    private void refillWhenHalfEmpty() {
        if (window.queued() <= capacity / 2) refill();
    }

    /** Starts loading queued visits from the store into the window, unless a load is running or none wait. */
    private CompletableFuture<Void> refill() {
        CompletableFuture<List<StoredVisit>> rows;
        CompletableFuture<Void> applied = new CompletableFuture<>();
        lock.lock();
        try {
            if (loading != null) return loading;
            if (spilled == 0 || stopped) return null;
            long from = loadedUpTo;
            int max = Math.max(1, capacity - window.queued());
            rows = journal.onWriter(() -> store.queued(from, max)); // after every change appended so far
            loading = applied;
        } finally {
            lock.unlock();
        }
        rows.whenComplete((visits, error) -> {
            try {
                if (error == null) loaded(visits);
            } finally {
                lock.lock();
                try {
                    loading = null;
                } finally {
                    lock.unlock();
                }
                if (error == null) applied.complete(null);
                else applied.completeExceptionally(error);
            }
        });
        return applied;
    }

    private void loaded(List<StoredVisit> visits) {
        long missing = 0;
        lock.lock();
        try {
            for (StoredVisit v : visits) loadedUpTo = Math.max(loadedUpTo, v.id() + 1);
            spilled -= visits.size();
            if (visits.isEmpty() && spilled > 0) {
                missing = spilled;
                spilled = 0;
            }
        } finally {
            lock.unlock();
        }
        if (missing > 0) { // logged without the lock: writing to the terminal is I/O
            log.warn("{}: {} queued URLs were expected but none were found", store.location(), missing);
        }
        for (StoredVisit v : visits) window.enqueue(v.visit(), v.id());
    }

    @Override
    public void setDelay(Origin origin, Duration delay) {
        window.setDelay(origin, delay);
    }

    @Override
    public void stop() {
        stopped = true;
        window.stop();
    }

    /**
     * Records how the run ended, then closes the journal, committing everything; throws why the state or an output
     * failed, if one did.
     */
    @Override
    public void finish(CrawlSummary summary) {
        lock.lock();
        try {
            if (!finished) journal.append(new StateChange.RunEnded(summary));
            finished = true;
        } finally {
            lock.unlock();
        }
        journal.close();
    }

    @Override
    public void close() {
        journal.close();
    }

    @Override
    public int queued() {
        lock.lock();
        try {
            return (int) Math.min(Integer.MAX_VALUE, window.queued() + spilled);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int inFlight() {
        return window.inFlight();
    }
}
