package dev.loomcrawl.politeness;

import dev.loomcrawl.url.Origin;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Each origin's {@code --per-host} slots as counting semaphores (fair), for requests that the frontier does not
 * schedule: while pages are rendered, a browser's own requests and the crawl's page fetches take slots from here
 * alike, so an origin never has more than {@code --per-host} requests in flight from the two together. One
 * semaphore per origin met, kept for the crawl.
 */
public final class OriginSlots {
    private final int perOrigin;
    private final Map<Origin, Semaphore> slots = new ConcurrentHashMap<>();

    public OriginSlots(int perOrigin) {
        this.perOrigin = perOrigin;
    }

    /** Takes one of {@code origin}'s slots, waiting up to {@code wait}; false when none came free in time. */
    public boolean take(Origin origin, Duration wait) throws InterruptedException {
        return slot(origin).tryAcquire(wait.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Gives back a slot that {@link #take} gave. */
    public void give(Origin origin) {
        slot(origin).release();
    }

    private Semaphore slot(Origin origin) {
        return slots.computeIfAbsent(origin, o -> new Semaphore(perOrigin, true));
    }
}
