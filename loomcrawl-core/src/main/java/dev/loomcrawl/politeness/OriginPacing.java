package dev.loomcrawl.politeness;

import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.url.Origin;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Slows an origin down when it says it is overloaded, and speeds it back up as it recovers.
 *
 * <p>A 429 or 503 pauses the origin for its Retry-After (clamped to {@code maxRetryAfter}), or, without one,
 * for an exponential backoff ({@code base}, doubling per consecutive overload, capped at {@code maxBackoff});
 * the visit is retried after the pause. It also adds that much to the origin's gap between fetches. Each
 * success halves the added gap, so the origin returns to its normal pace.
 */
public final class OriginPacing {
    private final Duration base;
    private final Duration maxBackoff;
    private final Duration maxRetryAfter;
    private final Map<Origin, Duration> extraDelay = new ConcurrentHashMap<>();

    /** What to do after a response. {@code newDelay} is null when the origin's gap is unchanged. */
    public record Decision(boolean overloaded, Duration pause, Duration newDelay) {
        static final Decision NORMAL = new Decision(false, Duration.ZERO, null);
    }

    public OriginPacing(Duration base, Duration maxBackoff, Duration maxRetryAfter) {
        this.base = base.isPositive() ? base : Duration.ofMillis(1);
        this.maxBackoff = maxBackoff;
        this.maxRetryAfter = maxRetryAfter;
    }

    public Decision after(Origin origin, FetchResult result) {
        if (!(result instanceof FetchResult.Response r)) return Decision.NORMAL;
        if (r.status() == 429 || r.status() == 503) {
            Duration previous = extraDelay.getOrDefault(origin, Duration.ZERO);
            Duration backoff = previous.isZero() ? base : min(previous.multipliedBy(2), maxBackoff);
            Duration asked = RetryAfter.parse(r.header("retry-after"), Instant.now());
            Duration pause = asked == null ? backoff : min(asked, maxRetryAfter);
            extraDelay.put(origin, backoff);
            return new Decision(true, pause, backoff);
        }
        Duration previous = extraDelay.get(origin);
        if (previous == null) return Decision.NORMAL;
        Duration halved = previous.dividedBy(2);
        if (halved.compareTo(Duration.ofMillis(10)) < 0) {
            extraDelay.remove(origin);
            return new Decision(false, Duration.ZERO, Duration.ZERO);
        }
        extraDelay.put(origin, halved);
        return new Decision(false, Duration.ZERO, halved);
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
