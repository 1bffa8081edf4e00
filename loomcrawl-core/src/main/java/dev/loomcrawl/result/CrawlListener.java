package dev.loomcrawl.result;

import dev.loomcrawl.scrape.Item;

import java.util.function.Consumer;

/**
 * Receives what the crawl produces, one finished URL at a time, once the frontier has made it durable (at once
 * in memory; committed with a state file; completed in Redis). Calls for different URLs come concurrently from
 * the worker threads that fetched them: implementations must be thread-safe.
 *
 * <p>An exception thrown here stops the crawl (as a full disk should), and {@link dev.loomcrawl.Crawler#crawl()} then throws
 * it, wrapped, once the fetches in flight are done.
 */
@FunctionalInterface
public interface CrawlListener {

    /** One finished (or skipped) URL: its record, with its response, links and items when it has them. */
    void onFinished(FinishedUrl finished);

    /** A listener for records only. */
    static CrawlListener ofRecords(Consumer<CrawlRecord> records) {
        return finished -> records.accept(finished.record());
    }

    /** A listener for items only, in each page's order. */
    static CrawlListener ofItems(Consumer<Item> items) {
        return finished -> finished.items().forEach(items);
    }
}
