package dev.loomcrawl;

import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.scrape.Item;

import java.util.List;

/**
 * Everything the crawl made of one finished URL, handed on as one value: to the frontier, which makes it durable
 * ({@link dev.loomcrawl.frontier.Lease#done}), then to every {@link CrawlListener}.
 *
 * @param record   the URL's one record: fetched, failed, skipped, or a redirect
 * @param response the HTTP exchange behind the record (request and response headers, the body as received and
 *                 decoded); null when there was none (a network failure, a skip)
 * @param links    every link found on the page (HTML, a stylesheet, a sitemap), in document order, followed or
 *                 not; empty for other responses
 * @param items    what the page handler scraped from the page, in document order; empty without one
 */
public record FinishedUrl(CrawlRecord record, FetchResult.Response response, List<FoundLink> links,
                          List<Item> items) {

    public FinishedUrl {
        links = List.copyOf(links);
        items = List.copyOf(items);
    }

    /** The same finished URL with another record (the same URL's). */
    public FinishedUrl withRecord(CrawlRecord r) {
        return new FinishedUrl(r, response, links, items);
    }

    /** A URL with a record only: skipped, failed, or recorded without a fetch. */
    public static FinishedUrl of(CrawlRecord record) {
        return new FinishedUrl(record, null, List.of(), List.of());
    }
}
