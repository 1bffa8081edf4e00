package dev.loomcrawl.politeness;

import dev.loomcrawl.setting.BadSetting;

import java.time.Duration;

/**
 * How gently each origin is treated. Made with {@link #builder()} (or {@code CrawlConfig.Builder}'s setters of
 * the same names), which holds the defaults.
 *
 * @param perHost        fetches in flight at once on one origin (scheme, host, port)
 * @param delay          minimum gap between fetch starts on one origin
 * @param maxCrawlDelay  a robots.txt Crawl-delay above this is lowered to it
 * @param maxRetryAfter  the longest Retry-After waited for: past it the URL is given up (recorded as
 *                       {@code retry-after-limit}) and its origin paused this long
 * @param ignoreRobots   do not fetch or obey robots.txt
 * @param ignoreDirectives do not obey robots directives in pages and headers ({@code <meta name="robots">},
 *                       {@code X-Robots-Tag}, {@code rel="nofollow"}): follow every link
 */
public record PolitenessSettings(int perHost, Duration delay, Duration maxCrawlDelay, Duration maxRetryAfter,
                                 boolean ignoreRobots, boolean ignoreDirectives) {
    public PolitenessSettings {
        if (perHost < 1) throw new BadSetting("perHost", "must be 1 or more, got " + perHost);
        if (delay.isNegative()) throw new BadSetting("delay", "must not be negative, got " + delay);
        if (maxCrawlDelay.isNegative()) throw new BadSetting("maxCrawlDelay", "must not be negative");
        if (maxRetryAfter.isNegative()) throw new BadSetting("maxRetryAfter", "must not be negative");
    }

    /** A builder with the defaults: 2 per host, no delay, Crawl-delay capped at 30 s, Retry-After at 10 min. */
    public static Builder builder() {
        return new Builder();
    }

    /** Collects politeness settings; every setter returns this. */
    public static final class Builder {
        private int perHost = 2;
        private Duration delay = Duration.ZERO;
        private Duration maxCrawlDelay = Duration.ofSeconds(30);
        private Duration maxRetryAfter = Duration.ofMinutes(10);
        private boolean ignoreRobots;
        private boolean ignoreDirectives;

        private Builder() {}

        /** Fetches in flight at once on one origin (default 2). */
        public Builder perHost(int n) { perHost = n; return this; }

        /** Minimum gap between fetch starts on one origin (default 0; robots.txt Crawl-delay can raise it). */
        public Builder delay(Duration d) { delay = d; return this; }

        /** Crawl-delay values above this are lowered to it (default 30 s). */
        public Builder maxCrawlDelay(Duration d) { maxCrawlDelay = d; return this; }

        /**
         * The longest Retry-After waited for (default 10 min): a 429 or 503 asking for longer gives its URL up
         * ({@code retry-after-limit}) and pauses its origin this long.
         */
        public Builder maxRetryAfter(Duration d) { maxRetryAfter = d; return this; }

        /** Neither fetch nor obey robots.txt. */
        public Builder ignoreRobots(boolean on) { ignoreRobots = on; return this; }

        /** Follow every link, whatever {@code <meta name="robots">}, {@code X-Robots-Tag} and {@code rel} say. */
        public Builder ignoreDirectives(boolean on) { ignoreDirectives = on; return this; }

        /** The settings; a bad value throws {@link BadSetting} naming the builder method. */
        public PolitenessSettings build() {
            return new PolitenessSettings(perHost, delay, maxCrawlDelay, maxRetryAfter, ignoreRobots, ignoreDirectives);
        }
    }
}
