package dev.loomcrawl.internal.frontier;

import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.frontier.Lease;
import dev.loomcrawl.frontier.Frontier;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.url.FingerprintSet;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.url.UrlFingerprint;
import dev.loomcrawl.url.WebUrl;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A frontier in memory with one first-in first-out queue per origin (so each origin is crawled breadth-first; or,
 * for a focused crawl, one that hands out the highest priority first: {@link OriginVisits}) and a ready heap of the origins that may fetch, ordered by the time they are next due. An origin is in the
 * heap when it has queued visits and fewer than {@code perOrigin} in flight; {@link #take()} sleeps until the
 * earliest one is due, so a paused or slow origin never holds up the others and nothing spins.
 *
 * <p>The seen set is a {@link FingerprintSet} of the URLs' 64-bit fingerprints (8 to 16 bytes a URL, not an object
 * per URL), whose {@code add} is the atomic check-and-add. All other state shares one lock, held for a few field
 * updates and never across I/O. An origin with nothing queued or in flight is forgotten once its gap since the last
 * fetch start has passed (unless its gap is wider than every origin's, a Crawl-delay or an overload's backoff), so
 * a broad crawl holds the origins it is crawling, not every one it has met. Everything queued is in memory:
 * {@link SpillingFrontier} bounds that, with this frontier as its window.
 */
public final class InMemoryFrontier implements Frontier {
    private final int perOrigin;
    private final long baseDelayNanos;
    private final boolean bestFirst;
    private final FingerprintSet seen = new FingerprintSet();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Map<Origin, OriginQueue> origins = new HashMap<>();
    /** Origins that went idle, roughly in the order their gaps end: forgotten by {@link #forgetIdle} when due. */
    private final ArrayDeque<OriginQueue> idle = new ArrayDeque<>();
    private final PriorityQueue<OriginQueue> ready = new PriorityQueue<>(
            Comparator.<OriginQueue>comparingLong(o -> o.notBefore).thenComparingLong(o -> o.sequence));
    private long sequence;
    private int queued;
    private int originsQueued;
    private int inFlight;
    private boolean stopped;

    /**
     * @param perOrigin fetches in flight at once on one origin
     * @param delay     minimum gap between fetch starts on one origin
     */
    public InMemoryFrontier(int perOrigin, Duration delay) {
        this(perOrigin, delay, false);
    }

    /**
     * @param perOrigin fetches in flight at once on one origin
     * @param delay     minimum gap between fetch starts on one origin
     * @param bestFirst each origin's queue hands out its highest {@code Visit.priority} first (a focused crawl)
     */
    public InMemoryFrontier(int perOrigin, Duration delay, boolean bestFirst) {
        if (perOrigin < 1) throw new IllegalArgumentException("perOrigin must be at least 1");
        this.perOrigin = perOrigin;
        this.baseDelayNanos = delay.toNanos();
        this.bestFirst = bestFirst;
    }

    /** One fetch at a time per origin would be polite; this unbounded variant suits tests of other things. */
    public InMemoryFrontier() {
        this(Integer.MAX_VALUE, Duration.ZERO);
    }

    @Override
    public boolean enqueue(Visit visit) {
        return enqueue(visit, 0);
    }

    /**
     * Queues a visit whose URL the caller has just marked seen, with the ticket its lease will carry
     * ({@link Lease#ticket()}): the number the crawl's journal knows it by.
     */
    public boolean enqueue(Visit visit, long ticket) {
        lock.lock();
        try {
            OriginQueue o = origin(visit.url().origin());
            if (o.visits.isEmpty()) originsQueued++;
            o.visits.addLast(new OriginQueue.Queued(visit, ticket));
            queued++;
            schedule(o);
        } finally {
            lock.unlock();
        }
        return true;
    }

    @Override
    public void reprioritize(List<Visit> better) {
        if (!bestFirst || better.isEmpty()) return;
        lock.lock();
        try {
            for (Visit v : better) {
                OriginQueue o = origins.get(v.url().origin());
                if (o != null) o.visits.raise(v);
            }
        } finally {
            lock.unlock();
        }
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
    public Lease take() throws InterruptedException {
        lock.lock();
        try {
            while (true) {
                if (stopped || (queued == 0 && inFlight == 0)) {
                    changed.signalAll(); // the crawl is over: wake every other taker too
                    return null;
                }
                OriginQueue o = ready.peek();
                if (o == null) {
                    changed.await();
                    continue;
                }
                long now = System.nanoTime();
                forgetIdle(now);
                if (o.notBefore - now > 0) {
                    changed.awaitNanos(o.notBefore - now);
                    continue;
                }
                return handOut(now);
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Lease takeIfDue() {
        lock.lock();
        try {
            if (stopped) return null;
            OriginQueue o = ready.peek();
            long now = System.nanoTime();
            return o == null || o.notBefore - now > 0 ? null : handOut(now);
        } finally {
            lock.unlock();
        }
    }

    /** Hands out the next visit of the first origin in {@code ready}, which is due; under the lock. */
    private Taken handOut(long now) {
        OriginQueue o = ready.poll();
        o.inReady = false;
        OriginQueue.Queued next = o.visits.pollFirst();
        if (o.visits.isEmpty()) originsQueued--;
        queued--;
        inFlight++;
        o.inFlight++;
        o.notBefore = now + o.delayNanos; // the delay is a gap between fetch starts
        schedule(o);
        return new Taken(next.visit(), next.ticket(), o);
    }

    @Override
    public void setDelay(Origin origin, Duration delay) {
        lock.lock();
        try {
            if (!origins.containsKey(origin) && delay.toNanos() <= baseDelayNanos) return; // as it would be anyway
            OriginQueue o = origin(origin);
            long before = o.delayNanos;
            o.delayNanos = Math.max(baseDelayNanos, delay.toNanos());
            if (o.delayNanos > before) pause(o, o.delayNanos - before);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void stop() {
        lock.lock();
        try {
            stopped = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int queued() {
        lock.lock();
        try {
            return queued;
        } finally {
            lock.unlock();
        }
    }

    /** Visits of {@code origin} queued now. */
    public int queued(Origin origin) {
        lock.lock();
        try {
            OriginQueue o = origins.get(origin);
            return o == null ? 0 : o.visits.size();
        } finally {
            lock.unlock();
        }
    }

    /**
     * The lowest priority among the origin's queued visits, if it holds at least {@code atLeast} ({@code NaN}
     * otherwise): what a better visit may displace ({@link #displaceWorst}).
     */
    public float worstPriority(Origin origin, int atLeast) {
        lock.lock();
        try {
            OriginQueue o = origins.get(origin);
            if (o == null || o.visits.size() < atLeast || o.visits.isEmpty()) return Float.NaN;
            return o.visits.peekLast().visit().priority();
        } finally {
            lock.unlock();
        }
    }

    /** Takes back the origin's worst queued visit (the newest, breadth-first); null if it has none. */
    public Visit displaceWorst(Origin origin) {
        lock.lock();
        try {
            OriginQueue o = origins.get(origin);
            OriginQueue.Queued worst = o == null ? null : o.visits.pollLast();
            if (worst == null) return null;
            queued--;
            if (o.visits.isEmpty()) originsQueued--;
            return worst.visit();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes back the newest queued visits of each origin holding more than {@code keep} (at least 1), at most
     * {@code max} in all, newest first within an origin (worst first, best-first): a window making room for origins
     * that hold less.
     */
    public List<Visit> trim(int keep, int max) {
        if (keep < 1) throw new IllegalArgumentException("keep must be at least 1");
        List<Visit> taken = new ArrayList<>();
        lock.lock();
        try {
            for (OriginQueue o : origins.values()) {
                while (o.visits.size() > keep && taken.size() < max) taken.add(o.visits.pollLast().visit());
                if (taken.size() == max) break;
            }
            queued -= taken.size();
        } finally {
            lock.unlock();
        }
        return taken;
    }

    /** Origins with at least one visit queued now. */
    public int originsQueued() {
        lock.lock();
        try {
            return originsQueued;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int inFlight() {
        lock.lock();
        try {
            return inFlight;
        } finally {
            lock.unlock();
        }
    }

    private OriginQueue origin(Origin origin) {
        return origins.computeIfAbsent(origin, o -> new OriginQueue(o, baseDelayNanos, bestFirst));
    }

    /** The origin's queue in the map: {@code o} itself, put back if it was forgotten, or the one made since. */
    private OriginQueue attached(OriginQueue o) {
        OriginQueue current = origins.putIfAbsent(o.origin, o);
        return current == null ? o : current;
    }

    /** Origins known now: those with visits queued or in flight, or whose gap has not passed yet. */
    int originsKnown() {
        lock.lock();
        try {
            return origins.size();
        } finally {
            lock.unlock();
        }
    }

    /** Gives back one of the origin's slots, pausing it if asked. */
    private void free(OriginQueue o, Duration pause) {
        o.inFlight--;
        if (pause.isPositive()) pause(o, pause.toNanos());
        schedule(o);
        if (o.inFlight == 0 && o.visits.isEmpty() && !o.inIdle && o.delayNanos <= baseDelayNanos) {
            o.inIdle = true;
            idle.addLast(o);
            forgetIdle(System.nanoTime());
        }
    }

    /**
     * Forgets the idle origins whose gap has passed, from the oldest, stopping at one still in its gap: a visit
     * queued later then finds no gap to keep, and none was owed. An origin busy again, or with a wider gap than
     * every origin's, is only taken off the list (it comes back when it is idle again).
     */
    private void forgetIdle(long now) {
        for (OriginQueue o = idle.peekFirst(); o != null; o = idle.peekFirst()) {
            boolean stillIdle = o.inFlight == 0 && o.visits.isEmpty() && o.delayNanos <= baseDelayNanos;
            if (stillIdle && o.notBefore - now > 0) return;
            idle.pollFirst();
            o.inIdle = false;
            if (stillIdle && origins.get(o.origin) == o) origins.remove(o.origin);
        }
    }

    /** Moves the origin's next fetch to no earlier than {@code nanos} from now. */
    private void pause(OriginQueue o, long nanos) {
        long until = System.nanoTime() + nanos;
        if (until - o.notBefore <= 0) return;
        if (o.inReady) ready.remove(o);
        o.inReady = false;
        o.notBefore = until;
        schedule(o);
    }

    /** Puts the origin in the ready heap if it has work and a free slot. */
    private void schedule(OriginQueue o) {
        if (o.inReady || o.visits.isEmpty() || o.inFlight >= perOrigin) return;
        o.sequence = sequence++;
        o.inReady = true;
        ready.add(o);
        changed.signalAll();
    }

    /** A visit taken: whether it still holds its origin's slot, and whether it is done. Guarded by the lock. */
    private final class Taken implements Lease {
        private final Visit visit;
        private final long ticket;
        private final OriginQueue origin;
        private boolean holding = true;
        private boolean ended;

        Taken(Visit visit, long ticket, OriginQueue origin) {
            this.visit = visit;
            this.ticket = ticket;
            this.origin = origin;
        }

        @Override
        public Visit visit() {
            return visit;
        }

        @Override
        public long ticket() {
            return ticket;
        }

        @Override
        public void started() {
            lock.lock();
            try {
                if (origin.delayNanos > 0) pause(origin, origin.delayNanos);
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void release(Duration pause) {
            lock.lock();
            try {
                if (holding) free(origin, pause);
                holding = false;
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void retryLater(Visit again, Duration pause) {
            lock.lock();
            try {
                // having given its slot back, the origin may have been forgotten since
                OriginQueue origin = holding ? this.origin : attached(this.origin);
                if (origin.visits.isEmpty()) originsQueued++;
                origin.visits.addFirst(new OriginQueue.Queued(again, ticket));
                queued++;
                if (holding) {
                    free(origin, pause);
                } else {
                    if (pause.isPositive()) pause(origin, pause.toNanos());
                    schedule(origin);
                }
                holding = false;
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void done(FinishedUrl finished) {
            lock.lock();
            try {
                if (ended) return;
                ended = true;
                if (holding) free(origin, Duration.ZERO);
                holding = false;
                inFlight--;
                if (inFlight == 0 && queued == 0) changed.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }
}
