package dev.loomcrawl;

import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.scrape.Item;

import java.util.List;

/**
 * Receives what the crawl produces, URL by URL. For each finished URL, on the worker thread that fetched it:
 * {@link #onResponse} (when there was an HTTP response), then {@link #onLinks} (for an HTML page whose links
 * were extracted), then {@link #onItem} for each item a page handler scraped from it, then always
 * {@link #onRecord}. Calls for different URLs come concurrently from different
 * threads: implementations must be thread-safe.
 *
 * <p>An exception thrown here stops the crawl (as a full disk should), and {@link Crawler#crawl()} then throws
 * it, wrapped, once the fetches in flight are done.
 */
@FunctionalInterface
public interface CrawlListener {

    /** One record per finished (or skipped) URL. */
    void onRecord(CrawlRecord record);

    /** The HTTP exchange behind a record: request and response headers, the body as received and decoded. */
    default void onResponse(CrawlRecord record, FetchResult.Response response) {}

    /** Every link found on an HTML page, in document order, in scope or not. */
    default void onLinks(CrawlRecord record, List<FoundLink> links) {}

    /** An item the page handler scraped from the record's page, in document order. */
    default void onItem(CrawlRecord record, Item item) {}

    /** A listener for items only. */
    static CrawlListener ofItems(java.util.function.Consumer<Item> items) {
        return new CrawlListener() {
            @Override
            public void onRecord(CrawlRecord record) {}

            @Override
            public void onItem(CrawlRecord record, Item item) {
                items.accept(item);
            }
        };
    }
}
