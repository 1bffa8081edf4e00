package dev.loomcrawl.internal.frontier;

import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.frontier.Lease;
import dev.loomcrawl.frontier.Frontier;
import dev.loomcrawl.result.CrawlException;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.url.WebUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The frontier of a crawl without a state file: in memory while it is small, on disk past a bound, so that a crawl
 * of any size runs in a fixed heap. The seen set is {@link dev.loomcrawl.url.FingerprintSet}'s 64-bit fingerprints
 * (8 to 16 bytes a URL). Scheduling is an {@link InMemoryFrontier} used as a window of at most {@code capacity} queued visits; the
 * rest wait on disk in a first-in first-out file per origin ({@link VisitSpill}), and are loaded back as the
 * window drains. A crawl that never queues more than the window never touches the disk.
 *
 * <p>Each origin may hold only its share of the window: the whole window when it is the only origin with visits
 * queued, {@code capacity / origins} (but at least twice its fetches in flight) when there are several. Past it,
 * the origin's new visits wait on disk, and when others wait for room it gives back what it holds beyond its share
 * (at most every 100 ms), so an origin that is slow or paused by a delay cannot fill the window and starve the
 * others. An origin's visits keep their order (while any wait on disk, new ones go behind them), except those
 * given back, which go behind what already waits.
 *
 * <p>Nothing here is durable: the spill files are deleted when the frontier is closed (a killed crawl's are deleted
 * by the next one), and a crawl to resume needs a state file. A failure to write the spill (a full disk) stops the
 * crawl cleanly; {@link #finish} then throws it, and the visits it held are counted as still to do.
 */
public final class SpillingFrontier implements Frontier {
    /** Queued visits kept in memory by default: a few MiB. */
    public static final int DEFAULT_WINDOW = 10_000;
    /** How often, at most, origins over their share give visits back to disk to make room for others. */
    private static final long TRIM_EVERY_NANOS = Duration.ofMillis(100).toNanos();
    private static final Logger log = LoggerFactory.getLogger(SpillingFrontier.class);

    private final InMemoryFrontier window;
    private final boolean bestFirst;
    private final VisitSpill spill;
    private final Path spillDir;
    private final int capacity;
    private final int minShare;
    private final AtomicReference<IOException> failure = new AtomicReference<>();
    private final ReentrantLock lock = new ReentrantLock(); // never held across I/O: the spill's thread does that
    private final Condition arrived = lock.newCondition();
    private final Map<Origin, Backlog> backlogs = new HashMap<>(); // origins with visits on disk
    private final ArrayDeque<Backlog> waiting = new ArrayDeque<>(); // of those, ready to load once there is room
    private long onDisk; // visits on disk, those being loaded included
    private int loading; // visits being loaded into the window
    private long lastTrim = System.nanoTime() - 2 * TRIM_EVERY_NANOS;
    private volatile boolean stopped;

    /** One origin's visits on disk. Guarded by the lock. */
    private static final class Backlog {
        final Origin origin;
        long onDisk;
        boolean loading;
        boolean waiting;

        Backlog(Origin origin) {
            this.origin = origin;
        }
    }

    /**
     * @param perOrigin fetches in flight at once on one origin
     * @param delay     minimum gap between fetch starts on one origin
     * @param capacity  queued visits kept in memory (more when many origins each keep their minimum share)
     * @param spillDir  where the spill directory is made, if the crawl outgrows the window
     */
    public SpillingFrontier(int perOrigin, Duration delay, int capacity, Path spillDir) {
        this(perOrigin, delay, capacity, spillDir, false);
    }

    /**
     * {@link #SpillingFrontier(int, Duration, int, Path)}, each origin's visits taken best first when
     * {@code bestFirst} (a focused crawl): an origin over its share keeps its best visits in memory, a better one
     * arriving displacing its worst to disk, and its visits on disk come back in the order they went.
     */
    public SpillingFrontier(int perOrigin, Duration delay, int capacity, Path spillDir, boolean bestFirst) {
        if (capacity < 1) throw new IllegalArgumentException("capacity must be at least 1");
        this.bestFirst = bestFirst;
        this.window = new InMemoryFrontier(perOrigin, delay, bestFirst);
        this.spillDir = spillDir;
        this.capacity = capacity;
        this.minShare = (int) Math.min(capacity, 2L * perOrigin);
        this.spill = new VisitSpill(spillDir, VisitSpill.SEGMENT_BYTES, this::failed);
    }

    /** The window's seen set: every URL seen, whether its visit is in memory, on disk or done. */
    /** Raises the visits queued in memory; those on disk keep their priority. */
    @Override
    public void reprioritize(List<Visit> better) {
        window.reprioritize(better);
    }

    @Override
    public boolean markSeen(WebUrl url) {
        return window.markSeen(url);
    }

    @Override
    public boolean seen(WebUrl url) {
        return window.seen(url);
    }

    @Override
    public boolean enqueue(Visit visit) {
        Origin origin = visit.url().origin();
        lock.lock();
        try {
            Backlog b = backlogs.get(origin);
            boolean behindDisk = b != null && b.onDisk > 0 && !bestFirst; // best-first keeps no order of arrival
            if (visit.revisit() || !behindDisk && window.queued(origin) < share() && room() > 0) {
                window.enqueue(visit);
                return true;
            }
            if (bestFirst && visit.priority() > window.worstPriority(origin, 1)) { // (false for NaN: none queued)
                window.enqueue(visit); // the better visit in memory, the origin's worst to disk in its place
                visit = window.displaceWorst(origin);
            }
            if (b == null) backlogs.put(origin, b = new Backlog(origin));
            b.onDisk++;
            onDisk++;
            spill.append(origin, visit);
            if (!b.loading && !b.waiting && window.queued(origin) < share()) wait(b);
            pump();
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** One of the window's visits due now, or null: what is on disk is loaded by {@link #take()} alone. */
    @Override
    public Lease takeIfDue() {
        Lease taken = window.takeIfDue();
        if (taken != null) taken(taken.visit().url().origin());
        return taken;
    }

    @Override
    public Lease take() throws InterruptedException {
        while (true) {
            Lease taken = window.take();
            if (taken != null) {
                taken(taken.visit().url().origin());
                return taken;
            }
            lock.lock();
            try {
                if (stopped) return null;
                if (window.queued() > 0 || window.inFlight() > 0) continue; // offered meanwhile: take again
                if (onDisk == 0) return null; // nothing queued anywhere, nothing in flight: the crawl is over
                if (loading == 0) backlogs.values().forEach(b -> {
                    if (!b.waiting && !b.loading) wait(b);
                });
                pump();
                while (loading > 0 && window.queued() == 0 && !stopped) arrived.await();
            } finally {
                lock.unlock();
            }
        }
    }

    /** After a take: the origin may have room in its share again for what it has on disk. */
    private void taken(Origin origin) {
        lock.lock();
        try {
            Backlog b = backlogs.get(origin);
            if (b != null && !b.loading && !b.waiting && window.queued(origin) <= share() / 2) wait(b);
            pump();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Asks the spill for the visits of waiting origins, oldest waiting first, while the window has room. When it has
     * none, origins holding more than their share (a share shrinks as origins join) give some back, now and then.
     */
    private void pump() {
        if (room() <= 0 && !waiting.isEmpty() && System.nanoTime() - lastTrim > TRIM_EVERY_NANOS) {
            lastTrim = System.nanoTime();
            giveBack(window.trim(share(), Math.max(1, capacity / 4)));
        }
        while (!waiting.isEmpty() && room() > 0 && !stopped) {
            Backlog b = waiting.poll();
            b.waiting = false;
            int n = (int) Math.min(b.onDisk, Math.min(room(), share() - window.queued(b.origin)));
            if (n <= 0) continue; // its share is full: the next take of it puts it back in line
            b.loading = true;
            loading += n;
            spill.load(b.origin, n, (visits, error) -> loaded(b, n, visits, error));
        }
    }

    /** Visits trimmed from the window, newest first within an origin, back to disk behind what waits there. */
    private void giveBack(List<Visit> trimmed) {
        for (int i = trimmed.size() - 1; i >= 0; i--) {
            Visit v = trimmed.get(i);
            Origin origin = v.url().origin();
            Backlog b = backlogs.computeIfAbsent(origin, Backlog::new);
            b.onDisk++;
            onDisk++;
            spill.append(origin, v);
        }
    }

    /** On the spill's thread: what a load brought, into the window. */
    private void loaded(Backlog b, int asked, List<Visit> visits, IOException error) {
        lock.lock();
        try {
            loading -= asked;
            b.loading = false;
            visits.forEach(window::enqueue);
            long lost = error == null && visits.isEmpty() ? b.onDisk : 0; // the file ended before its count
            b.onDisk -= visits.size() + lost;
            onDisk -= visits.size() + lost;
            if (lost > 0) log.warn("{} visits of {} were spilled to disk but could not be read back", lost, b.origin);
            if (b.onDisk == 0 || error != null) {
                backlogs.remove(b.origin);
            } else if (window.queued(b.origin) <= share() / 2) {
                wait(b);
            }
            pump();
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void wait(Backlog b) {
        b.waiting = true;
        waiting.add(b);
    }

    /** Room left in the window for visits to enter it. */
    private int room() {
        return capacity - window.queued() - loading;
    }

    /** How many queued visits one origin may keep in the window now. */
    private int share() {
        int origins = window.originsQueued() + backlogs.size();
        return Math.max(minShare, capacity / Math.max(1, origins));
    }

    @Override
    public void setDelay(Origin origin, Duration delay) {
        window.setDelay(origin, delay);
    }

    @Override
    public void stop() {
        stopped = true;
        window.stop();
        lock.lock();
        try {
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Throws the spill's failure, if it had one: the crawl stopped early because of it. */
    @Override
    public void finish(CrawlSummary summary) {
        IOException e = failure.get();
        if (e != null) {
            throw new CrawlException("crawl stopped: queued URLs could not be kept on disk in " + spillDir + ": "
                    + e.getMessage(), e);
        }
    }

    /** Deletes the spill files. */
    @Override
    public void close() {
        stop();
        spill.close();
    }

    @Override
    public int queued() {
        lock.lock();
        try {
            return (int) Math.min(Integer.MAX_VALUE, window.queued() + onDisk);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int inFlight() {
        return window.inFlight();
    }

    /** On the spill's thread: the disk failed; the crawl winds down and {@link #finish} says why. */
    private void failed(IOException e) {
        failure.compareAndSet(null, e);
        log.debug("spill failed: {}", e.toString());
        stop();
    }
}
