package dev.loomcrawl.fetch;

import dev.loomcrawl.url.WebUrl;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Retries network failures (those whose {@link ErrorKind#retryable()} holds) up to {@code maxTries} attempts
 * in all, waiting between them with exponential backoff and jitter: a random wait between half and all of
 * {@code base * 2^(attempt-1)}, capped at {@code max}. HTTP statuses, 5xx included, are answers and not retried.
 */
public final class RetryingFetcher implements Fetcher {
    private final Fetcher delegate;
    private final int maxTries;
    private final Duration base;
    private final Duration max;
    private final CountDownLatch cancelled = new CountDownLatch(1);

    public RetryingFetcher(Fetcher delegate, int maxTries, Duration base, Duration max) {
        this.delegate = delegate;
        this.maxTries = maxTries;
        this.base = base;
        this.max = max;
    }

    @Override
    public FetchResult fetch(WebUrl url, Validators validators) {
        return withRetries(url, u -> delegate.fetch(u, validators));
    }

    @Override
    public FetchResult head(WebUrl url) {
        return withRetries(url, delegate::head);
    }

    private FetchResult withRetries(WebUrl url, java.util.function.Function<WebUrl, FetchResult> attempt) {
        long start = System.nanoTime();
        FetchResult result = attempt.apply(url);
        int attempts = 1;
        while (result instanceof FetchResult.Failure f && f.kind().retryable() && attempts < maxTries) {
            if (!backOff(attempts)) break;
            attempts++;
            result = attempt.apply(url);
        }
        return result.withAttempts(attempts, Duration.ofNanos(System.nanoTime() - start));
    }

    /** Sleeps before the next attempt; false if the crawl was cancelled meanwhile. */
    private boolean backOff(int attempt) {
        long ceiling = Math.min(max.toNanos(), base.toNanos() << Math.min(attempt - 1, 30));
        long wait = ThreadLocalRandom.current().nextLong(ceiling / 2, ceiling + 1);
        try {
            return !cancelled.await(wait, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void cancelAll() {
        cancelled.countDown();
        delegate.cancelAll();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
