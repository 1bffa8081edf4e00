package dev.loomcrawl.internal.politeness;

import dev.loomcrawl.url.Origin;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * Each origin's {@code --per-host} slots and its gap between request starts, for requests that the frontier does
 * not schedule: while pages are rendered, a browser's own requests and the crawl's page fetches take slots from
 * here alike, so an origin never has more than {@code --per-host} requests in flight from the two together, and no
 * two of them start closer than the origin's gap ({@code --delay}, robots.txt Crawl-delay, an overload's backoff:
 * {@link OriginPacing#gap}). A slot is taken first, then the next start is reserved in turn, so starts are spaced
 * in the order they are reserved, at most {@code --per-host} reservations ahead. One semaphore and one next start
 * per origin met, kept for the crawl.
 */
public final class OriginSlots {
    /** How often a wait looks whether it was abandoned (its page rendered, say). */
    private static final long LOOK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private final int perOrigin;
    private final Function<Origin, Duration> gap;
    private final Map<Origin, Semaphore> slots = new ConcurrentHashMap<>();
    /** Each origin's earliest next start ({@link System#nanoTime}), for origins with a gap. */
    private final Map<Origin, Long> nextStart = new ConcurrentHashMap<>();

    /** Slots without a gap between starts. */
    public OriginSlots(int perOrigin) {
        this(perOrigin, origin -> Duration.ZERO);
    }

    /** @param gap the origin's gap between request starts now */
    public OriginSlots(int perOrigin, Function<Origin, Duration> gap) {
        this.perOrigin = perOrigin;
        this.gap = gap;
    }

    /** Takes one of {@code origin}'s slots, waiting up to {@code wait}; false when none came free in time. */
    public boolean take(Origin origin, Duration wait) throws InterruptedException {
        return take(origin, wait, () -> false) == Taken.YES;
    }

    /** Whether a slot was taken, and if not, why. */
    public enum Taken {
        YES,
        /** No slot came free, or the origin's gap did not allow a start, within the wait. */
        TIMED_OUT,
        /** The waiter gave up first. */
        ABANDONED
    }

    /**
     * Takes one of {@code origin}'s slots and then waits for the origin's gap since the start before, all within
     * {@code wait}, or until {@code abandoned} holds (looked at every 50 ms). On {@link Taken#YES} the caller starts
     * its request at once, and gives the slot back with {@link #give} when it is over.
     */
    public Taken take(Origin origin, Duration wait, BooleanSupplier abandoned) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        Semaphore slot = slot(origin);
        while (!slot.tryAcquire(Math.min(LOOK_NANOS, Math.max(0, deadline - System.nanoTime())),
                TimeUnit.NANOSECONDS)) {
            if (abandoned.getAsBoolean()) return Taken.ABANDONED;
            if (deadline - System.nanoTime() <= 0) return Taken.TIMED_OUT;
        }
        Taken spaced = Taken.TIMED_OUT;
        try {
            spaced = spaced(origin, deadline, abandoned);
            return spaced;
        } finally {
            if (spaced != Taken.YES) slot.release();
        }
    }

    /**
     * Reserves the origin's next start and waits for it; no wait without a gap. A start past the deadline is not
     * reserved, and a reservation given up (the waiter abandoned) is taken back when no later one was made, so that
     * waiters refused never push the origin's starts later for those after them.
     */
    private Taken spaced(Origin origin, long deadline, BooleanSupplier abandoned) throws InterruptedException {
        long gapNanos = gap.apply(origin).toNanos();
        if (gapNanos <= 0) return Taken.YES;
        long now = System.nanoTime();
        long[] start = new long[1];
        nextStart.compute(origin, (o, before) -> {
            start[0] = before == null || before - now <= 0 ? now : before;
            return start[0] - deadline > 0 ? before : start[0] + gapNanos; // past the wait: reserves nothing
        });
        if (start[0] - deadline > 0) return Taken.TIMED_OUT; // its turn is past the wait: it would only hold the slot
        try {
            for (long left = start[0] - System.nanoTime(); left > 0; left = start[0] - System.nanoTime()) {
                if (abandoned.getAsBoolean()) {
                    giveBack(origin, start[0], gapNanos);
                    return Taken.ABANDONED;
                }
                TimeUnit.NANOSECONDS.sleep(Math.min(left, LOOK_NANOS));
            }
        } catch (InterruptedException e) {
            giveBack(origin, start[0], gapNanos);
            throw e;
        }
        return Taken.YES;
    }

    /** Takes back a reserved start that will not be used, unless a later start was reserved after it. */
    private void giveBack(Origin origin, long start, long gapNanos) {
        nextStart.replace(origin, start + gapNanos, start);
    }

    /** Gives back a slot that {@link #take} gave. */
    public void give(Origin origin) {
        slot(origin).release();
    }

    private Semaphore slot(Origin origin) {
        return slots.computeIfAbsent(origin, o -> new Semaphore(perOrigin, true));
    }
}
