package dev.loomcrawl;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * How a crawl ended.
 *
 * @param done         URLs finished (one record each, skipped ones included)
 * @param todo         URLs discovered but not finished (non-zero only when the crawl ended early)
 * @param interrupted  the crawl was stopped or cancelled by its user before its work ran out
 * @param limitReached the budget that ended the crawl ("max-pages", "max-bytes", "max-time"), or null
 * @param dropped      URLs not queued (or left undone by a budget), by reason: "max-depth", "trap-deep-path"...
 */
public record CrawlSummary(long done, long todo, Duration elapsed, int maxTasks, boolean interrupted,
                           Instant finishedAt, String limitReached, Map<String, Long> dropped) {
    public CrawlSummary {
        dropped = Map.copyOf(dropped);
    }
}
