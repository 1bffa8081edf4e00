package dev.loomcrawl.limits;

import java.util.Map;

/**
 * What earlier runs of a resumed crawl already used of its budgets, so that limits count the whole crawl.
 *
 * @param pages   URLs fetched (records not skipped)
 * @param bytes   body bytes fetched
 * @param perHost URLs queued per host, for {@code --max-pages-per-host} (empty when that limit is off)
 */
public record LimitUsage(long pages, long bytes, Map<String, Long> perHost) {
    public static final LimitUsage NONE = new LimitUsage(0, 0, Map.of());

    public LimitUsage {
        perHost = Map.copyOf(perHost);
    }
}
