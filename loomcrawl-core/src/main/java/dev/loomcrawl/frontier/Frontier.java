package dev.loomcrawl.frontier;

import dev.loomcrawl.url.WebUrl;

/**
 * The crawl's work queue and seen set, with the seed's join semantics: the crawl is over exactly when nothing
 * is queued and nothing taken is still in flight. Safe for many threads.
 */
public interface Frontier {

    /** Queues the visit unless its URL was ever offered before (atomically); true if it was queued. */
    boolean offer(Visit visit);

    /** Whether the URL was ever offered. */
    boolean seen(WebUrl url);

    /**
     * The next visit, blocking while the queue is empty but work is still in flight; {@code null} once the
     * crawl is over or {@link #stop()} was called. Each visit taken must be handed back to {@link #done}.
     */
    Visit take() throws InterruptedException;

    /** Marks a taken visit finished. */
    void done(Visit visit);

    /** Stops handing out visits; blocked and later {@link #take()} calls return null. Queued visits remain. */
    void stop();

    /** Visits queued and not yet taken. */
    int queued();

    /** Visits taken and not yet done. */
    int inFlight();
}
