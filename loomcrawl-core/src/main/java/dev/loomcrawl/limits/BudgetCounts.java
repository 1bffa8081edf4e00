package dev.loomcrawl.limits;


/**
 * The counts the crawl's budgets are kept against: pages started, body bytes fetched, URLs queued per host.
 * In one process they are this process's own (atomic counters); in a crawl shared by many processes
 * they are the whole crawl's, kept where every process counts (loomcrawl-redis). Safe for many threads.
 */
public interface BudgetCounts {
    /** Takes one page if fewer than {@code max} are taken; false (and nothing taken) when not. */
    boolean takePage(long max);

    /** Gives back a page taken by {@link #takePage} (its URL turned out not to be fetched). */
    void returnPage();

    /** Counts {@code n} more body bytes. */
    void addBytes(long n);

    /** The body bytes counted so far (a shared count may lag by the additions still on their way). */
    long bytes();

    /** Takes one of {@code host}'s queued URLs if fewer than {@code max} are taken; false when not. */
    boolean takeHostPage(String host, long max);

    /** Gives back a host's URL taken by {@link #takeHostPage} (another process queued the URL first). */
    void returnHostPage(String host);
}
