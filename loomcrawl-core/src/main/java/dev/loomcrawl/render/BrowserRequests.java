package dev.loomcrawl.render;

import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.url.WebUrl;

import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * What a {@link Renderer} asks of the crawl for the requests its browser makes while it renders a page: each is a
 * GET through the crawl's own fetcher (the address guard, {@code --resolve}, the body cap and the timeouts apply),
 * after robots.txt allowed it, holding one of its origin's {@code --per-host} slots and keeping the origin's gap,
 * as the crawl's page fetches do. What the crawl refuses comes back as a {@link FetchResult.Failure}, which the
 * renderer turns into a failed request: it never reaches the network. The crawl gives each renderer its own.
 */
public interface BrowserRequests {
    /** Fetches {@code url} for the browser, or says why the crawl does not. Blocking. */
    default FetchResult fetch(WebUrl url) {
        return fetch(url, () -> false);
    }

    /**
     * Fetches {@code url} for the browser, or says why the crawl does not; a request still waiting for its origin's
     * slot or turn when {@code abandoned} holds (its page was taken as rendered) is not sent, and fails as
     * cancelled. Blocking.
     */
    FetchResult fetch(WebUrl url, BooleanSupplier abandoned);

    /**
     * A response an earlier page's browser fetched that HTTP lets a browser's cache reuse for {@code url} now
     * ({@link BrowserCache}), or null. A reused response was fetched once, for one page: it is no new exchange.
     */
    FetchResult.Response reusable(WebUrl url);

    /**
     * Runs {@code fetch} (the page's own fetch, while pages are rendered) holding one of {@code url}'s origin's
     * slots after the origin's gap, as the browser's requests do; a slot or turn not had in time is a failure.
     */
    default FetchResult holdingSlot(WebUrl url, Supplier<FetchResult> fetch) {
        return holdingSlot(url, () -> false, fetch);
    }

    /** {@link #holdingSlot(WebUrl, Supplier)}, not fetching at all once {@code abandoned} holds. */
    FetchResult holdingSlot(WebUrl url, BooleanSupplier abandoned, Supplier<FetchResult> fetch);
}
