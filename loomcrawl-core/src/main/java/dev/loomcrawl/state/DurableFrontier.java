package dev.loomcrawl.state;

import dev.loomcrawl.result.Change;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.fetch.Validators;
import dev.loomcrawl.url.FingerprintSet;
import dev.loomcrawl.frontier.Frontier;
import dev.loomcrawl.result.LastCapture;
import dev.loomcrawl.frontier.InMemoryFrontier;
import dev.loomcrawl.frontier.Lease;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.limits.LimitUsage;
import dev.loomcrawl.output.warc.HttpBlocks;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.url.UrlFingerprint;
import dev.loomcrawl.url.WebUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A frontier whose every change is kept in a {@link CrawlStore}, so a crawl can be resumed after Ctrl-C, kill
 * -9 or a power cut. Scheduling (per-origin queues, politeness) is an {@link InMemoryFrontier} used as a
 * window of at most {@code capacity} queued visits: a new URL goes into the window while it has room and
 * nothing older waits on disk, otherwise it stays on disk only, and the window is refilled from the store in
 * discovery order as it drains. The seen set is {@link UrlFingerprint}s, so memory stays flat.
 *
 * <p>Exactly once: a visit's record, handed over with {@link Lease#done} and written with the URLs
 * it led to, is what makes it finished, and {@code done} returns only when that is durable. A run killed at any
 * moment therefore leaves unfinished only what was in flight (at most {@code maxTasks} visits), which the
 * next run fetches again. Outputs written in step with the state ({@link StoreWithOutputs}) are given the
 * finished URL by the commit that makes it durable.
 */
public final class DurableFrontier implements Frontier {
    /** Queued visits kept in memory by default: a few MiB. */
    public static final int DEFAULT_WINDOW = 10_000;
    private static final Logger log = LoggerFactory.getLogger(DurableFrontier.class);

    private final CrawlStore store;
    private final InMemoryFrontier window;
    private final int capacity;
    private final FingerprintSet seen = new FingerprintSet();
    private final Resumption resumption;
    private final StateCommitter committer;
    private final Map<String, Long> ids = new ConcurrentHashMap<>(); // URL -> id, for the visits in memory
    private final ReentrantLock lock = new ReentrantLock(); // guards the four fields below; never held over I/O
    private long nextId;
    private long loadedUpTo; // every queued visit with a lower id is in memory (or finished)
    private long spilled; // queued visits on disk only
    private CompletableFuture<Void> loading;
    private volatile boolean stopped;
    private final AtomicReference<StateException> prepareFailure = new AtomicReference<>();
    private static final Object UNPREPARED = new Object();
    private boolean finished;

    private DurableFrontier(CrawlStore store, InMemoryFrontier window, int capacity, boolean perHostUsage) {
        this.store = store;
        this.window = window;
        this.capacity = capacity;
        this.resumption = store.resume(seen::add, perHostUsage);
        this.nextId = resumption.nextId();
        this.loadedUpTo = resumption.firstQueuedId();
        this.spilled = resumption.queued();
        this.committer = new StateCommitter(store, this::failed);
    }

    /**
     * Starts a run on the store's state (a new crawl, or one to resume).
     *
     * @param perOrigin    fetches in flight at once on one origin
     * @param delay        minimum gap between fetch starts on one origin
     * @param capacity     queued visits kept in memory
     * @param perHostUsage whether {@link #usage()} must count URLs per host (for {@code LimitSettings.maxPagesPerHost})
     */
    public static DurableFrontier open(CrawlStore store, int perOrigin, Duration delay, int capacity,
                                       boolean perHostUsage) {
        if (capacity < 1) throw new IllegalArgumentException("capacity must be at least 1");
        return new DurableFrontier(store, new InMemoryFrontier(perOrigin, delay), capacity, perHostUsage);
    }

    /** What the state held when this run started. */
    public Resumption resumption() {
        return resumption;
    }

    /** What earlier runs used of the crawl's budgets. */
    public LimitUsage usage() {
        return resumption.usage();
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
        lock.lock();
        try {
            long id = nextId++;
            inMemory = spilled == 0 && window.queued() < capacity;
            if (inMemory) {
                loadedUpTo = id + 1;
                ids.put(visit.url().toString(), id);
            } else {
                spilled++;
            }
            committer.append(new StateChange.Queued(id, visit, fingerprint)); // in id order: appended under the lock
        } finally {
            lock.unlock();
        }
        if (inMemory) window.enqueue(visit);
        return true;
    }

    @Override
    public void drop(Visit visit, String reason) {
        long fingerprint = UrlFingerprint.of(visit.url());
        lock.lock();
        try {
            committer.append(new StateChange.Dropped(nextId++, visit, fingerprint, reason));
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Lease take() throws InterruptedException {
        while (true) {
            Lease taken = window.take();
            if (taken != null) {
                if (window.queued() <= capacity / 2) refill();
                return new Taken(taken);
            }
            if (stopped) return null;
            CompletableFuture<Void> load = refill(); // the window is empty and idle: is more on disk?
            if (load == null) return null;
            try {
                load.join();
            } catch (CompletionException e) {
                return null; // the store failed; failed() has stopped the crawl
            }
        }
    }

    /** Starts loading queued visits from the store into the window, unless a load is running or none wait. */
    private CompletableFuture<Void> refill() {
        CompletableFuture<List<StoredVisit>> rows;
        CompletableFuture<Void> applied = new CompletableFuture<>();
        lock.lock();
        try {
            if (loading != null) return loading;
            if (spilled == 0 || stopped) return null;
            rows = committer.load(loadedUpTo, Math.max(1, capacity - window.queued()));
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
            for (StoredVisit v : visits) {
                ids.put(v.visit().url().toString(), v.id());
                loadedUpTo = Math.max(loadedUpTo, v.id() + 1);
            }
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
        for (StoredVisit v : visits) window.enqueue(v.visit());
    }

    @Override
    public void setDelay(Origin origin, Duration delay) {
        window.setDelay(origin, delay);
    }

    /**
     * A visit taken from the window. Its {@link #done} hands the finished URL to the writer, waits until it and what
     * the visit led to are durable, then ends the taking. A visit that did not finish waits for what it led to only
     * (nothing, or the URLs it queued).
     */
    private final class Taken implements Lease {
        private final Lease window;
        private boolean ended;

        Taken(Lease window) {
            this.window = window;
        }

        @Override
        public Visit visit() {
            return window.visit();
        }

        @Override
        public void started() {
            window.started();
        }

        @Override
        public void release(Duration pause) {
            window.release(pause);
        }

        @Override
        public void retryLater(Visit again, Duration pause) {
            window.retryLater(again, pause);
        }

        @Override
        public void done(FinishedUrl finished) {
            if (ended) return;
            ended = true;
            try {
                if (finished != null) commit(visit(), finished); // an unfinished visit is queued again, keeps its id
                committer.awaitDurable();
            } finally {
                window.done(null); // the visit's slot is freed whatever happened, so the crawl can end
            }
        }
    }

    /** Appends the finished URL to the state, under the id its visit was queued with. */
    private void commit(Visit visit, FinishedUrl finished) {
        Long id = ids.remove(visit.url().toString());
        if (id == null) {
            log.warn("a record for {}, which this frontier did not hand out, is not kept", visit.url());
            return;
        }
        Object prepared = prepare(finished);
        if (prepared != UNPREPARED) {
            committer.append(new StateChange.Finished(id, finished.record(),
                    store.keepsLinks() ? finished.links() : List.of(), prepared, capture(finished),
                    outlinks(finished)));
        }
    }

    /**
     * What the next pass of the crawl will compare the URL with, hashing the body here, on the worker's thread; null
     * when the store should keep what it has (no response came, or the server said it was not modified).
     */
    private static LastCapture capture(FinishedUrl finished) {
        FetchResult.Response r = finished.response();
        if (r == null || finished.record().change() == Change.NOT_MODIFIED) return null;
        Change change = finished.record().change();
        Instant archived = change == Change.UNCHANGED ? null : finished.record().startedAt(); // a revisit's: kept
        Validators validators = Validators.of(r);
        byte[] head = archived != null && validators.any() ? HttpBlocks.responseHead(r) : null;
        return new LastCapture(r.status(), Change.digest(r), validators, archived, head);
    }

    /**
     * The fingerprints of the URLs a finished URL led to: the links the crawl followed (a page's, a stylesheet's, a
     * sitemap's entries) or a redirect's target; null when it is not known now (no response, or a 304).
     */
    private static long[] outlinks(FinishedUrl finished) {
        CrawlRecord r = finished.record();
        if (!r.answered() || r.change() == Change.NOT_MODIFIED) return null;
        if (r.isRedirect()) {
            WebUrl target = WebUrl.tryParse(r.nextUrl(), null);
            return target == null ? new long[0] : new long[] {UrlFingerprint.of(target)};
        }
        return finished.links().stream().filter(f -> f.notFollowed() == null && f.link().target() != null)
                .mapToLong(f -> UrlFingerprint.of(f.link().target())).distinct().toArray();
    }

    /**
     * What the store makes of the finished URL for its outputs, or {@link #UNPREPARED} when that failed: then the
     * URL is not committed (a resume fetches it again), and the crawl stops; {@link #finish} throws why.
     */
    private Object prepare(FinishedUrl finished) {
        try {
            return store.prepare(finished);
        } catch (RuntimeException e) {
            StateException failure = new StateException("crawl stopped: " + finished.record().url()
                    + " could not be written: " + e.getMessage(), e);
            prepareFailure.compareAndSet(null, failure);
            failed(failure);
            return UNPREPARED;
        }
    }

    @Override
    public void stop() {
        stopped = true;
        window.stop();
    }

    /** Records how the run ended and commits everything; throws the store's failure if it had one. */
    @Override
    public void finish(CrawlSummary summary) {
        lock.lock();
        try {
            if (!finished) committer.append(new StateChange.RunEnded(summary));
            finished = true;
        } finally {
            lock.unlock();
        }
        committer.close();
        StateException failure = committer.failure();
        if (failure == null) failure = prepareFailure.get();
        if (failure != null) throw failure;
    }

    @Override
    public void close() {
        committer.close();
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

    /** The store failed: stop handing out work; the crawl winds down and {@link #finish} reports why. */
    private void failed(StateException e) {
        log.debug("state store failed: {}", e.getMessage());
        stop();
    }
}
