package dev.loomcrawl.fetch;

import dev.loomcrawl.url.WebUrl;

import java.util.function.Consumer;

/**
 * A fetcher around another that calls {@code before} ahead of each fetch and {@code refused} after each refused
 * connection: for tests that stop a server at a chosen URL and start it again once a connection was refused.
 */
public record Outage(Fetcher delegate, Consumer<WebUrl> before, Runnable refused) implements Fetcher {
    @Override
    public FetchResult fetch(WebUrl url, Validators validators) {
        before.accept(url);
        FetchResult result = delegate.fetch(url, validators);
        if (result instanceof FetchResult.Failure f && f.kind() == ErrorKind.REFUSED) refused.run();
        return result;
    }

    @Override
    public FetchResult head(WebUrl url) {
        return delegate.head(url);
    }

    @Override
    public void cancelAll() {
        delegate.cancelAll();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
