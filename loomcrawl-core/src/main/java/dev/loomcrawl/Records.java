package dev.loomcrawl;

import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.result.FoundLink;
import dev.loomcrawl.scrape.Item;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The crawl's records of a visit, built in one place: a {@link CrawlRecord} has seventeen components, most of them
 * the visit's own (URL, depth, referrer) or the answer's (status, size, type, timing).
 */
final class Records {
    private Records() {
    }

    /** A response's record: {@code nextUrl} is a redirect's target, the counts those of the links offered. */
    static CrawlRecord of(Visit visit, FetchResult.Response r, Instant startedAt, String nextUrl, String encoding,
                          int numUrls, int numNewUrls) {
        return new CrawlRecord(visit.url(), nextUrl, r.status(), null, null, r.body().length,
                r.contentType().mediaType(), encoding, numUrls, numNewUrls, visit.depth(), visit.referrer(),
                startedAt, r.duration(), r.truncated(), r.attempts(), null);
    }

    /** A response's record without links, in the charset it declares (UTF-8 when it declares none). */
    static CrawlRecord of(Visit visit, FetchResult.Response r, Instant startedAt) {
        return of(visit, r, startedAt, null, charsetOrDefault(r), 0, 0);
    }

    /** A fetch that got no answer. */
    static CrawlRecord failed(Visit visit, FetchResult.Failure f, Instant startedAt) {
        return new CrawlRecord(visit.url(), null, 0, f.kind(), f.message(), 0, "", "", 0, 0, visit.depth(),
                visit.referrer(), startedAt, f.duration(), false, f.attempts(), null);
    }

    /**
     * A 429 or 503 whose Retry-After asked for a longer wait than the crawl makes ({@code maxRetryAfter}): the
     * answer's record, given up as {@link ErrorKind#RETRY_AFTER_LIMIT}.
     */
    static CrawlRecord gaveUp(Visit visit, FetchResult.Response r, Instant startedAt, Duration asked,
                              Duration maxRetryAfter) {
        return of(visit, r, startedAt).failedAs(ErrorKind.RETRY_AFTER_LIMIT, "given up: " + r.status()
                + " with Retry-After asking for " + seconds(asked) + ", more than the " + seconds(maxRetryAfter)
                + " the crawl waits (max-retry-after)");
    }

    /** A wait in whole seconds, as Retry-After gives it: "86400 s". */
    private static String seconds(Duration d) {
        return d.toSeconds() + " s";
    }

    /** The target of a redirect chain that ran out of redirects: recorded, not fetched. */
    static CrawlRecord redirectLimit(Visit visit, int maxRedirects) {
        return new CrawlRecord(visit.url(), null, 0, ErrorKind.REDIRECT_LIMIT, "not followed from " + visit.referrer()
                + ": more than " + maxRedirects + " redirects", 0, "", "", 0, 0,
                visit.depth(), visit.referrer(), Instant.now(), Duration.ZERO, false, 0, null);
    }

    static String charsetOrDefault(FetchResult.Response r) {
        String charset = r.contentType().charset();
        return charset == null ? "utf-8" : charset;
    }

    /** What one URL came to without a response: its record alone. */
    static FinishedUrl finished(CrawlRecord record) {
        return finished(record, null);
    }

    /** What one URL came to without links or items: its record and the response (null: none). */
    static FinishedUrl finished(CrawlRecord record, FetchResult.Response response) {
        return finished(record, response, List.of(), List.of());
    }

    /** What one URL came to: its record, the response (null: none), the links found and the items scraped. */
    static FinishedUrl finished(CrawlRecord record, FetchResult.Response response, List<FoundLink> links,
                                List<Item> items) {
        return new FinishedUrl(record, response, links, items);
    }
}
