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
 * The crawl's records of a visit, built in one place: most of a {@link CrawlRecord}'s components are the visit's
 * own (URL, depth, referrer) or the answer's (status, size, type, timing).
 */
final class Records {
    private Records() {
    }

    /** A response's record: {@code nextUrl} is a redirect's target, the counts those of the links offered. */
    static CrawlRecord of(Visit visit, FetchResult.Response r, Instant startedAt, String nextUrl, String encoding,
                          int numUrls, int numNewUrls) {
        return of(visit, startedAt).nextUrl(nextUrl).status(r.status()).size(r.body().length)
                .contentType(r.contentType().mediaType()).encoding(encoding).numUrls(numUrls).numNewUrls(numNewUrls)
                .duration(r.duration()).truncated(r.truncated()).attempts(r.attempts()).build();
    }

    /** A response's record without links, in the charset it declares (UTF-8 when it declares none). */
    static CrawlRecord of(Visit visit, FetchResult.Response r, Instant startedAt) {
        return of(visit, r, startedAt, null, charsetOrDefault(r), 0, 0);
    }

    /** A fetch that got no answer. */
    static CrawlRecord failed(Visit visit, FetchResult.Failure f, Instant startedAt) {
        return of(visit, startedAt).errorKind(f.kind()).error(f.message()).duration(f.duration())
                .attempts(f.attempts()).build();
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
        return of(visit, Instant.now()).errorKind(ErrorKind.REDIRECT_LIMIT)
                .error("not followed from " + visit.referrer() + ": more than " + maxRedirects + " redirects").build();
    }

    /** A record of the visit's URL, with its depth and referrer, started at {@code startedAt}. */
    private static CrawlRecord.Builder of(Visit visit, Instant startedAt) {
        return CrawlRecord.builder(visit.url()).depth(visit.depth()).referrer(visit.referrer()).startedAt(startedAt);
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
        return FinishedUrl.builder(record).response(response).links(links).items(items).build();
    }
}
