package dev.loomcrawl.frontier;

import dev.loomcrawl.CrawlSummary;
import dev.loomcrawl.FinishedUrl;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.url.WebUrl;

import java.time.Duration;

/**
 * The crawl's work queue, seen set and per-origin politeness, with the seed's join semantics: the crawl is
 * over exactly when nothing is queued and nothing taken is still in flight. Safe for many threads.
 *
 * <p>Life of a visit: {@link #offer} queues it under its origin; {@link #take} hands it out when its origin is
 * due (under the per-origin limit, its delay passed) and holds one of the origin's slots; the fetch ends with
 * {@link #release} (the slot is freed, optionally pausing the origin) or {@link #retryLater} (back to the
 * head of its origin's queue, not finished); {@link #done} always ends the taking.
 *
 * <p>A durable frontier ({@code state.DurableFrontier}) also keeps URLs dropped by limits ({@link #drop}),
 * makes a visit durable before {@link #done} returns, and records how the run ended in {@link #finish}.
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

    /** Whether the URL was ever offered or marked seen. */
    boolean seen(WebUrl url);

    /**
     * The next visit whose origin is due, blocking until one is; {@code null} once the crawl is over or
     * {@link #stop()} was called. Each visit taken must be handed back to {@link #done}.
     */
    Visit take() throws InterruptedException;

    /**
     * The visit's fetch starts now: the origin's next fetch waits its gap from this moment (the gap set at
     * {@link #take()} may have been eaten by a robots.txt check or a slow connect in between).
     */
    void started(Visit visit);

    /** The visit's fetch is over: frees its origin slot; the origin then waits at least {@code pause}. */
    void release(Visit visit, Duration pause);

    /** The visit could not be fetched now: it goes back to the head of its origin's queue, paused. */
    void retryLater(Visit visit, Duration pause);

    /** Sets the minimum gap between fetch starts on one origin (never below the configured delay). */
    void setDelay(Origin origin, Duration delay);

    /**
     * Ends a taken visit (freeing its origin slot if neither release nor retryLater did). {@code finished} is what
     * the visit came to, or null when it is not finished (it went back to the queue, or was cancelled): a durable
     * frontier returns only once it is durable (committed, completed), so that everything downstream of this call
     * sees only URLs that will never be fetched again.
     */
    void done(Visit visit, FinishedUrl finished);

    /** Ends a taken visit that did not finish (see {@link #done(Visit, FinishedUrl)}). */
    default void done(Visit visit) {
        done(visit, null);
    }

    /** Stops handing out visits; blocked and later {@link #take()} calls return null. Queued visits remain. */
    void stop();

    /** A URL the caller has just marked seen was dropped by a limit instead of queued. Default: nothing. */
    default void drop(Visit visit, String reason) {}

    /** The crawl is over and this is how it went; a durable frontier commits what is left. Default: nothing. */
    default void finish(CrawlSummary summary) {}

    /** Releases what the frontier holds (a durable one's writer thread). Default: nothing. */
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
