package dev.loomcrawl.config;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.limits.LimitSettings;

import java.time.Duration;

/**
 * A configuration being built from settings: the crawl's builder and the builders of its groups that are built
 * apart. {@link #build} makes and checks the whole.
 */
public final class ConfigTarget {
    final CrawlConfig.Builder crawl = CrawlConfig.builder();
    final LimitSettings.Builder limits = LimitSettings.builder();
    Duration retryBackoff = CrawlConfig.RETRY_BACKOFF;
    Duration retryBackoffMax = CrawlConfig.RETRY_BACKOFF_MAX;

    /** Turns every trap guard off (the command line's {@code --no-trap-guards}), those set after it staying on. */
    public ConfigTarget noTrapGuards() {
        limits.noTrapGuards();
        return this;
    }

    public CrawlConfig build() {
        return crawl.retryBackoff(retryBackoff, retryBackoffMax).limits(limits.build()).build();
    }
}
