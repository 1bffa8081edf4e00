package dev.loomcrawl.frontier;

import dev.loomcrawl.reason.DropReason;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.url.WebUrl;

import java.time.Duration;
import java.util.List;

/**
 * The crawl's work queue, seen set and per-origin politeness, with the seed's join semantics: the crawl is
 * over exactly when nothing is queued and nothing taken is still in flight. Safe for many threads.
 *
 * <p>Life of a visit: {@link #offer} queues it under its origin; {@link #take} hands it out, when its origin is
 * due (under the per-origin limit, its gap passed), as a {@link Lease} that owns the visit's life from there:
 * fetch started, slot released or visit put back, and done.
 *
 * <p>A frontier only schedules: what a finished visit came to goes to the crawl's journal
 * ({@code journal.Journal}), under its lease's ticket. A durable frontier ({@code state.DurableFrontier}) also
 * journals the URLs it queues and those dropped by limits ({@link #drop}), and how the run ended ({@link #finish}).
 */
public interface Frontier extends AutoCloseable {

    /** Queues the visit unless its URL was ever seen before (atomically); true if it was queued. */
    default boolean offer(Visit visit) {
        return markSeen(visit.url()) && enqueue(visit);
    }

    /** Marks a URL seen, atomically; true if it had not been seen. Follow with {@link #enqueue} or a drop. */
    boolean markSeen(WebUrl url);

    /**
     * Queues a visit whose URL the caller has just marked seen; true if it was queued. Only a shared frontier
     * answers false: its {@link #markSeen} is a local look, and another process queued the URL first.
     */
    boolean enqueue(Visit visit);

    /**
     * Queues several visits whose URLs the caller has just marked seen, as {@link #enqueue} does each; says for
     * each whether it was queued. A shared frontier sends them together: one wait instead of one each.
     */
    default boolean[] enqueueAll(List<Visit> visits) {
        boolean[] queued = new boolean[visits.size()];
        for (int i = 0; i < queued.length; i++) queued[i] = enqueue(visits.get(i));
        return queued;
    }

    /**
     * A focused crawl found better links to URLs it had queued: each visit's queued twin (the same URL) is taken
     * as soon as a visit of {@code better}'s priority would be, when that priority is higher than its own. Best
     * effort: a frontier that keeps no priorities, and a visit no longer queued in memory here (taken, spilled to
     * disk, or queued by another process), leave it as it is. Default: nothing.
     */
    default void reprioritize(List<Visit> better) {}

    /** Whether the URL was ever offered or marked seen. */
    boolean seen(WebUrl url);

    /**
     * A lease on the next visit whose origin is due, blocking until one is; {@code null} once the crawl is over
     * or {@link #stop()} was called. The lease holds one of the origin's slots until its {@link Lease#done}.
     */
    Lease take() throws InterruptedException;

    /**
     * A lease on a visit whose origin is due now, without waiting; {@code null} when none is (or after
     * {@link #stop()}). A worker whose visit is over goes on with it, as the seed's workers do (decision 46). The
     * default, for a frontier that hands visits out only through {@link #take()}: none.
     */
    default Lease takeIfDue() {
        return null;
    }

    /**
     * Sets an origin's gap between fetch starts, as {@code politeness.OriginPacing} decided it (never below the
     * delay the frontier was made with). A longer gap also holds off the origin's next fetch.
     */
    void setDelay(Origin origin, Duration delay);

    /** Stops handing out visits; blocked and later {@link #take()} calls return null. Queued visits remain. */
    void stop();

    /** A URL the caller has just marked seen was dropped by a limit instead of queued. Default: nothing. */
    default void drop(Visit visit, DropReason reason) {}

    /**
     * The crawl is over and this is how it went; a durable frontier journals it and commits what is left (throwing
     * why it could not). Default: nothing.
     */
    default void finish(CrawlSummary summary) {}

    /** Releases what the frontier holds (a durable one's journal). Default: nothing. */
    @Override
    default void close() {}

    /**
     * Whether other processes share this frontier (then what one crawler discovered is not all the crawl knows).
     * Default: false.
     */
    default boolean shared() {
        return false;
    }

    /**
     * Visits queued and not yet taken. A shared frontier counts over every process's origins, so it may answer
     * with a count up to a second old while the crawl runs (0 once it is over).
     */
    int queued();

    /** Visits taken and not yet done. */
    int inFlight();
}
