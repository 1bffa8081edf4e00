package dev.loomcrawl.fetch;

import dev.loomcrawl.url.WebUrl;

/**
 * Fetches one URL with a GET, without following redirects. Blocking: call it from a virtual thread. Failures
 * come back as {@link FetchResult.Failure} values, never as exceptions.
 */
public interface Fetcher extends AutoCloseable {

    FetchResult fetch(WebUrl url);

    /** Asks with HEAD: the status and headers, no body. */
    FetchResult head(WebUrl url);

    /** Aborts every fetch in flight (they return {@link ErrorKind#CANCELLED}) and refuses new ones. */
    void cancelAll();

    @Override
    void close();
}
