package dev.loomcrawl.fetch;

import dev.loomcrawl.url.FingerprintSet;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.url.UrlFingerprint;
import dev.loomcrawl.url.WebUrl;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Retries network failures (those whose {@link ErrorKind#retryable()} holds) up to {@code maxTries} attempts
 * in all, waiting between them with exponential backoff and jitter: a random wait between half and all of
 * {@code base * 2^(attempt-1)}, capped at {@code max}. HTTP statuses, 5xx included, are answers and not retried.
 *
 * <p>A refused connection is retried only on an origin that has answered (any HTTP status) through this fetcher
 * before: a server that is restarting loses no pages, but a port nothing listens on fails at once, as wget and
 * curl fail, instead of after seconds of backoff. Through proxies every refusal is retried: there it is the
 * proxy's, and the next attempt may take another (decision 5). The origins that answered are kept as 64-bit
 * fingerprints (8 to 16 bytes each, as the seen set's URLs), since a broad crawl meets millions.
 *
 * <p>A link checker's fetcher ({@code deadHosts}) also takes a host name that does not resolve as an answer: it is
 * not tried again, and the host's other URLs fail at once with the same failure. So do an origin that never
 * answered and could not be reached (refused, unreachable, or a timeout) and its other URLs: thirty dead hosts
 * linked from every page cost a few attempts, not minutes of backoff per URL. At most {@link #MAX_DEAD} are
 * remembered.
 */
public final class RetryingFetcher implements Fetcher {
    private final Fetcher delegate;
    private final int maxTries;
    private final Duration base;
    private final Duration max;
    private final boolean refusedOnlyWhereAnswered;
    private final FingerprintSet answered = new FingerprintSet();
    private final CountDownLatch cancelled = new CountDownLatch(1);
    /** Dead hosts and origins (by their name) and how they failed; null unless a link checker's. */
    private final Map<String, FetchResult.Failure> dead;
    static final int MAX_DEAD = 100_000;

    /** A fetcher that retries a refused connection only on an origin that answered before. */
    public RetryingFetcher(Fetcher delegate, int maxTries, Duration base, Duration max) {
        this(delegate, maxTries, base, max, true);
    }

    /**
     * @param refusedOnlyWhereAnswered retry a refused connection only on an origin that answered before (false:
     *                                 like any network failure, as a crawl through proxies does)
     */
    public RetryingFetcher(Fetcher delegate, int maxTries, Duration base, Duration max,
                           boolean refusedOnlyWhereAnswered) {
        this(delegate, maxTries, base, max, refusedOnlyWhereAnswered, false);
    }

    /**
     * @param deadHosts a link checker's: a host that does not resolve, or an origin that never answered and could
     *                  not be connected to, fails its other URLs at once (see above)
     */
    public RetryingFetcher(Fetcher delegate, int maxTries, Duration base, Duration max,
                           boolean refusedOnlyWhereAnswered, boolean deadHosts) {
        this.dead = deadHosts ? new ConcurrentHashMap<>() : null;
        this.delegate = delegate;
        this.maxTries = maxTries;
        this.base = base;
        this.max = max;
        this.refusedOnlyWhereAnswered = refusedOnlyWhereAnswered;
    }

    @Override
    public FetchResult fetch(WebUrl url, Validators validators) {
        return start(url, validators).await();
    }

    @Override
    public FetchResult head(WebUrl url) {
        return withRetries(url, delegate::head);
    }

    /** The first attempt begun here; the retries, if any, are made by the pending fetch's await. */
    @Override
    public Pending start(WebUrl url, Validators validators) {
        FetchResult.Failure known = knownDead(url);
        if (known != null) return () -> known;
        long start = System.nanoTime();
        Pending first = delegate.start(url, validators);
        return () -> retried(url, start, tried(url, u -> first.await()), u -> delegate.fetch(u, validators));
    }

    private FetchResult withRetries(WebUrl url, java.util.function.Function<WebUrl, FetchResult> attempt) {
        FetchResult.Failure known = knownDead(url);
        if (known != null) return known;
        long start = System.nanoTime();
        return retried(url, start, tried(url, attempt), attempt);
    }

    /** What the first attempt's {@code result} comes to with the retries it is worth ({@code start}: nanoTime). */
    private FetchResult retried(WebUrl url, long start, FetchResult first,
                                java.util.function.Function<WebUrl, FetchResult> attempt) {
        FetchResult result = first;
        int attempts = 1;
        while (result instanceof FetchResult.Failure f && worthRetrying(f) && attempts < maxTries) {
            if (!backOff(attempts)) break;
            attempts++;
            result = tried(url, attempt);
        }
        if (dead != null && result instanceof FetchResult.Failure f) remember(f);
        return result.withAttempts(attempts, Duration.ofNanos(System.nanoTime() - start));
    }

    /** How the URL's host or origin failed before, if it is known to be dead: the same failure, at once. */
    private FetchResult.Failure knownDead(WebUrl url) {
        if (dead == null || dead.isEmpty()) return null;
        FetchResult.Failure f = dead.get(url.host());
        if (f == null) f = dead.get(url.origin().toString());
        return f == null ? null : new FetchResult.Failure(url, f.kind(), f.message(), Duration.ZERO, 0);
    }

    /** A host that did not resolve, or an origin that never answered and could not be connected to, is dead. */
    private void remember(FetchResult.Failure f) {
        if (dead.size() >= MAX_DEAD) return;
        if (f.kind() == ErrorKind.DNS) {
            dead.putIfAbsent(f.url().host(), f);
        } else if (neverReached(f)) {
            dead.putIfAbsent(f.url().origin().toString(), f);
        }
    }

    /** Refused, unreachable or timed out on an origin that has not answered in this run. */
    private boolean neverReached(FetchResult.Failure f) {
        return switch (f.kind()) {
            case REFUSED, UNREACHABLE, TIMEOUT -> !answered.contains(fingerprint(f.url().origin()));
            default -> false;
        };
    }

    /** One attempt; an answer marks its origin as one that answered, when refusals are judged by that. */
    private FetchResult tried(WebUrl url, java.util.function.Function<WebUrl, FetchResult> attempt) {
        FetchResult result = attempt.apply(url);
        // the set's add is its own check-and-add: one stripe lock, as a contains would take
        if (refusedOnlyWhereAnswered && result instanceof FetchResult.Response) answered.add(fingerprint(url.origin()));
        return result;
    }

    private boolean worthRetrying(FetchResult.Failure f) {
        if (!f.kind().retryable()) return false;
        // to a link checker, an unknown name is an answer, and so is an origin that never answered
        if (dead != null && (f.kind() == ErrorKind.DNS || neverReached(f))) return false;
        return f.kind() != ErrorKind.REFUSED || !refusedOnlyWhereAnswered
                || answered.contains(fingerprint(f.url().origin()));
    }

    private static long fingerprint(Origin origin) {
        return UrlFingerprint.of(origin.toString());
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
