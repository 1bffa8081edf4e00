package dev.loomcrawl.internal.frontier;

import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.url.Origin;

/** One origin's pending visits and pacing state. Guarded by the frontier's lock. */
final class OriginQueue {
    final Origin origin;
    final OriginVisits visits;
    int inFlight;
    /** {@link System#nanoTime()} before which no fetch may start on this origin. */
    long notBefore;
    long delayNanos;
    /** Order among origins due at the same time: first come, first served. */
    long sequence;
    boolean inReady;
    /** In the frontier's list of origins that may be forgotten once their gap has passed. */
    boolean inIdle;

    /** A queued visit and the ticket its lease will carry. */
    record Queued(Visit visit, long ticket) {}

    OriginQueue(Origin origin, long delayNanos, boolean bestFirst) {
        this.origin = origin;
        this.delayNanos = delayNanos;
        this.visits = OriginVisits.of(bestFirst);
    }
}
