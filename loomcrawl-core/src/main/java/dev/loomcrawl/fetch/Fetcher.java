package dev.loomcrawl.fetch;

import dev.loomcrawl.url.WebUrl;

/**
 * Fetches one URL with a GET, without following redirects. Blocking: call it from a virtual thread. Failures
 * come back as {@link FetchResult.Failure} values, never as exceptions.
 */
public interface Fetcher extends AutoCloseable {

    /** Fetches with GET. */
    default FetchResult fetch(WebUrl url) {
        return fetch(url, Validators.NONE);
    }

    /**
     * Fetches with GET, conditionally when {@code validators} has any: {@code If-None-Match} and
     * {@code If-Modified-Since}, so an unchanged resource answers 304 without a body.
     */
    FetchResult fetch(WebUrl url, Validators validators);

    /**
     * {@link #fetch(WebUrl, Validators)}, begun: the request is on its way when this returns, and the result is
     * {@link Pending#await}ed later, so that the caller may do other work while the server answers. Each pending
     * fetch must be awaited (that ends it). By default the fetch is made here, blocking, and the result kept.
     */
    default Pending start(WebUrl url, Validators validators) {
        FetchResult result = fetch(url, validators);
        return () -> result;
    }

    /** A fetch {@link #start}ed and not yet awaited. */
    @FunctionalInterface
    interface Pending {
        /** Waits for the fetch's result (blocking: call it from a virtual thread). */
        FetchResult await();
    }

    /** Asks with HEAD: the status and headers, no body. */
    FetchResult head(WebUrl url);

    /**
     * A link checker's request: HEAD; an error status is confirmed with GET, since servers that mishandle HEAD
     * answer it with 403, 404, 405 or 501. A network failure stands: GET would meet the same network. So do 429 and
     * 503, which say the server is overloaded: the crawl asks again after its Retry-After.
     */
    default FetchResult check(WebUrl url) {
        FetchResult head = head(url);
        return head instanceof FetchResult.Response r && r.status() >= 400 && r.status() != 429 && r.status() != 503
                ? fetch(url) : head;
    }

    /** Aborts every fetch in flight (they return {@link ErrorKind#CANCELLED}) and refuses new ones. */
    void cancelAll();

    @Override
    void close();
}
