package dev.loomcrawl.internal.render;

import dev.loomcrawl.render.BrowserRequests;
import dev.loomcrawl.render.BrowserCache;
import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.fetch.Fetcher;
import dev.loomcrawl.internal.politeness.OriginSlots;
import dev.loomcrawl.url.WebUrl;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The crawl's {@link BrowserRequests}, the rules for the requests a browser makes while it renders a page: each is a GET through the crawl's
 * own {@link Fetcher} (so the address guard, {@code --resolve}, the body cap and the timeouts apply), after
 * robots.txt allowed it (unless the crawl ignores robots.txt), holding one of its origin's {@code --per-host}
 * slots and keeping the origin's gap between starts ({@code --delay}, Crawl-delay, an overload's backoff), both of
 * which the crawl's page fetches keep too while pages are rendered ({@link OriginSlots}). What the crawl refuses
 * comes back as a {@link FetchResult.Failure}, which the renderer turns into a failed request: it never reaches the
 * network. What HTTP lets a browser's cache reuse is kept for the later pages ({@link #reusable}).
 */
public final class CrawlBrowserRequests implements BrowserRequests {
    private final Fetcher fetcher;
    private final Function<WebUrl, FetchResult.Failure> robots; // null: robots.txt is ignored
    private final OriginSlots slots;
    private final Duration slotWait;
    private final BrowserCache cache = new BrowserCache();

    /**
     * @param robots   why robots.txt does not let the browser have a URL now (a failure; null: it does), or null
     *                 when the crawl ignores robots.txt
     * @param slots    each origin's {@code --per-host} slots and gap, shared with the crawl's page fetches
     * @param slotWait how long a request waits for a slot and its turn on its origin before it fails as a timeout
     */
    public CrawlBrowserRequests(Fetcher fetcher, Function<WebUrl, FetchResult.Failure> robots, OriginSlots slots,
                           Duration slotWait) {
        this.fetcher = fetcher;
        this.robots = robots;
        this.slots = slots;
        this.slotWait = slotWait;
    }


    /**
     * Fetches {@code url} for the browser, or says why the crawl does not; a request still waiting for its origin's
     * slot or turn when {@code abandoned} holds (its page was taken as rendered) is not sent, and fails as
     * cancelled. Blocking.
     */
    @Override
    public FetchResult fetch(WebUrl url, BooleanSupplier abandoned) {
        FetchResult.Failure refused = robots == null ? null : robots.apply(url);
        if (refused != null) return refused;
        FetchResult result = holdingSlot(url, abandoned, () -> fetcher.fetch(url));
        if (result instanceof FetchResult.Response r) cache.offer(r);
        return result;
    }

    /**
     * The response an earlier {@link #fetch} of {@code url} left in the browser's cache while HTTP lets it be reused
     * ({@link BrowserCache}), or null. A reused response was fetched once, for one page: it is no new exchange.
     */
    @Override
    public FetchResult.Response reusable(WebUrl url) {
        return cache.get(url);
    }


    /** {@link #holdingSlot(WebUrl, Supplier)}, not fetching at all once {@code abandoned} holds. */
    @Override
    public FetchResult holdingSlot(WebUrl url, BooleanSupplier abandoned, Supplier<FetchResult> fetch) {
        long start = System.nanoTime();
        try {
            switch (slots.take(url.origin(), slotWait, abandoned)) {
                case YES -> { }
                case TIMED_OUT -> {
                    return refused(url, ErrorKind.TIMEOUT, "no --per-host slot or turn on " + url.origin()
                            + " within " + slotWait, start);
                }
                case ABANDONED -> {
                    return refused(url, ErrorKind.CANCELLED, "its page was done first", start);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return refused(url, ErrorKind.CANCELLED, "interrupted", start);
        }
        try {
            return fetch.get();
        } finally {
            slots.give(url.origin());
        }
    }

    private static FetchResult.Failure refused(WebUrl url, ErrorKind kind, String message, long start) {
        return new FetchResult.Failure(url, kind, message, Duration.ofNanos(System.nanoTime() - start), 0);
    }
}
