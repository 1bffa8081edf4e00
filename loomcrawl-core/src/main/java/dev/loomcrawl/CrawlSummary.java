package dev.loomcrawl;

import java.time.Duration;
import java.time.Instant;

/**
 * How a crawl ended.
 *
 * @param done        URLs finished (one record each)
 * @param todo        URLs discovered but not finished (non-zero only when stopped early)
 * @param interrupted the crawl was stopped or cancelled before its work ran out
 */
public record CrawlSummary(long done, long todo, Duration elapsed, int maxTasks, boolean interrupted,
                           Instant finishedAt) {}
