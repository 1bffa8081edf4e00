package dev.loomcrawl.politeness;

import java.time.Duration;

/**
 * How gently each origin is treated.
 *
 * @param perHost        fetches in flight at once on one origin (scheme, host, port)
 * @param delay          minimum gap between fetch starts on one origin
 * @param maxCrawlDelay  a robots.txt Crawl-delay above this is lowered to it
 * @param maxRetryAfter  a Retry-After above this is lowered to it
 * @param ignoreRobots   do not fetch or obey robots.txt
 * @param ignoreDirectives do not obey robots directives in pages and headers ({@code <meta name="robots">},
 *                       {@code X-Robots-Tag}, {@code rel="nofollow"}): follow every link
 */
public record PolitenessSettings(int perHost, Duration delay, Duration maxCrawlDelay, Duration maxRetryAfter,
                                 boolean ignoreRobots, boolean ignoreDirectives) {
    public PolitenessSettings(int perHost, Duration delay, Duration maxCrawlDelay, Duration maxRetryAfter,
                              boolean ignoreRobots) {
        this(perHost, delay, maxCrawlDelay, maxRetryAfter, ignoreRobots, false);
    }

    public PolitenessSettings {
        if (perHost < 1) throw new IllegalArgumentException("perHost must be 1 or more, got " + perHost);
        if (delay.isNegative()) throw new IllegalArgumentException("delay must not be negative, got " + delay);
        if (maxCrawlDelay.isNegative()) throw new IllegalArgumentException("maxCrawlDelay must not be negative");
    }
}
