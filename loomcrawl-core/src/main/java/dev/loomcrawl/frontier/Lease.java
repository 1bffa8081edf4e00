package dev.loomcrawl.frontier;

import dev.loomcrawl.result.FinishedUrl;

import java.time.Duration;

/**
 * One taking of a visit, handed out by {@link Frontier#take()}: it holds one of its origin's slots and owns the
 * visit's life until {@link #done}. Each method acts on this taking only, so a visit put back with
 * {@link #retryLater} and taken again by another worker is a second lease, untouched by this one's calls.
 *
 * <p>The life of a lease: {@link #started()} when the fetch starts (the origin's gap is timed from it); then
 * either {@link #release} (the fetch is over: the slot is freed, the origin optionally paused) or
 * {@link #retryLater} (not fetched now: back to the head of its origin's queue); and always, last, {@link #done}.
 * A lease is used by one thread at a time.
 */
public interface Lease {

    /** The visit taken. */
    Visit visit();

    /**
     * The number the crawl's journal knows the visit by ({@code journal.Journal#finished}): the id a state gave its
     * URL when it was queued; 0 where nothing numbers visits (a crawl in memory, or in Redis).
     */
    long ticket();

    /**
     * The visit's fetch starts now: the origin's next fetch waits its gap from this moment (the gap set when the
     * visit was taken may have been eaten by a robots.txt check or a slow connect in between).
     */
    void started();

    /** The fetch is over: frees the origin's slot; the origin then waits at least {@code pause}. */
    void release(Duration pause);

    /**
     * The visit could not be fetched now: {@code again} (this lease's visit, or a copy of it that counts a
     * deferral) goes back to the head of its origin's queue, and the origin waits at least {@code pause}. The
     * visit is not finished; {@link #done} follows with null.
     */
    void retryLater(Visit again, Duration pause);

    /**
     * Ends the taking (freeing the origin's slot if neither {@link #release} nor {@link #retryLater} did).
     * {@code finished} is what the visit came to, or null when it is not finished (it went back to the queue, or
     * was cancelled); the crawl has journaled it already. A shared frontier completes the visit with it (Redis keeps
     * the record too). Calls after the first do nothing.
     */
    void done(FinishedUrl finished);
}
