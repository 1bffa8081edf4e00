package dev.loomcrawl.internal.politeness;

import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.url.Origin;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one place an origin's gap between fetch starts is decided: the largest of the configured delay, the
 * origin's robots.txt Crawl-delay (capped at {@code maxCrawlDelay}) and its overload backoff. The frontier
 * applies the gap it is told.
 *
 * <p>A 429 or 503 pauses the origin for its Retry-After, or, without one, for an exponential backoff
 * ({@code base}, doubling per consecutive overload, capped at {@code maxBackoff}); the visit is retried after the
 * pause, and the backoff becomes a floor of the origin's gap. Each success halves that floor, so the origin returns
 * to its normal pace. A Retry-After longer than {@code maxRetryAfter} is a wait the crawl does not make for the URL:
 * the decision says so ({@link Decision#refused}), the URL is given up, and the origin pauses for
 * {@code maxRetryAfter} only. A site's answer can therefore hold an origin at most {@code maxRetryAfter}.
 */
public final class OriginPacing {
    private final Duration delay;
    private final Duration maxCrawlDelay;
    private final Duration base;
    private final Duration maxBackoff;
    private final Duration maxRetryAfter;
    private final Map<Origin, Duration> crawlDelays = new ConcurrentHashMap<>();
    private final Map<Origin, Duration> extraDelay = new ConcurrentHashMap<>();

    /**
     * What to do after a response. {@code newGap} is the origin's gap now, or null when it is unchanged;
     * {@code refused} is the Retry-After the server asked for when it is longer than the crawl waits (the URL is
     * then given up, not retried), else null.
     */
    public record Decision(boolean overloaded, Duration pause, Duration newGap, Duration refused) {
        static final Decision NORMAL = new Decision(false, Duration.ZERO, null, null);
    }

    /**
     * @param delay         every origin's least gap ({@code delay} of the politeness settings)
     * @param maxCrawlDelay a Crawl-delay above this is lowered to it
     * @param base          the first backoff after an overload
     * @param maxBackoff    the longest backoff
     * @param maxRetryAfter a Retry-After above this is not waited for: its URL is given up, its origin paused this
     */
    public OriginPacing(Duration delay, Duration maxCrawlDelay, Duration base, Duration maxBackoff,
                        Duration maxRetryAfter) {
        this.delay = delay;
        this.maxCrawlDelay = maxCrawlDelay;
        this.base = base.isPositive() ? base : Duration.ofMillis(1);
        this.maxBackoff = maxBackoff;
        this.maxRetryAfter = maxRetryAfter;
    }

    /** The origin's gap between fetch starts now. */
    public Duration gap(Origin origin) {
        Duration gap = max(delay, crawlDelays.getOrDefault(origin, Duration.ZERO));
        return max(gap, extraDelay.getOrDefault(origin, Duration.ZERO));
    }

    /** Takes the Crawl-delay the origin's robots.txt asks for (capped); returns the origin's gap now. */
    public Duration crawlDelay(Origin origin, Duration asked) {
        crawlDelays.put(origin, asked.compareTo(maxCrawlDelay) > 0 ? maxCrawlDelay : asked);
        return gap(origin);
    }

    public Decision after(Origin origin, FetchResult result) {
        if (!(result instanceof FetchResult.Response r)) return Decision.NORMAL;
        if (r.status() == 429 || r.status() == 503) {
            Duration previous = extraDelay.getOrDefault(origin, Duration.ZERO);
            Duration backoff = previous.isZero() ? base : min(previous.multipliedBy(2), maxBackoff);
            Duration asked = RetryAfter.parse(r.header("retry-after"), Instant.now());
            boolean tooLong = asked != null && asked.compareTo(maxRetryAfter) > 0;
            Duration pause = asked == null ? backoff : tooLong ? maxRetryAfter : asked;
            extraDelay.put(origin, backoff);
            return new Decision(true, pause, gap(origin), tooLong ? asked : null);
        }
        Duration previous = extraDelay.get(origin);
        if (previous == null) return Decision.NORMAL;
        Duration halved = previous.dividedBy(2);
        if (halved.compareTo(Duration.ofMillis(10)) < 0) {
            extraDelay.remove(origin);
        } else {
            extraDelay.put(origin, halved);
        }
        return new Decision(false, Duration.ZERO, gap(origin), null);
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
