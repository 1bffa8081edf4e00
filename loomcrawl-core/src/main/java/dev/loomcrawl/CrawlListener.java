package dev.loomcrawl;

/**
 * Receives one {@link CrawlRecord} per finished URL, as it finishes. Called from the crawl's worker threads,
 * concurrently: implementations must be thread-safe. An exception thrown here stops the crawl (as a full disk
 * should), and {@link Crawler#crawl()} then throws it, wrapped, once the fetches in flight are done.
 */
@FunctionalInterface
public interface CrawlListener {
    void onRecord(CrawlRecord record);
}
