package dev.loomcrawl.state;

import dev.loomcrawl.limits.LimitUsage;

/**
 * What a store holds when a run starts: enough for the frontier to carry on where the last run stopped.
 *
 * @param nextId        the id the next new URL gets (one more than any id used)
 * @param firstQueuedId the lowest id of a queued URL (or {@code nextId} when none is queued)
 * @param queued        URLs queued and not finished
 * @param finished      URLs finished (one record each)
 * @param usage         what earlier runs used of the page, byte and per-host budgets
 * @param run           this run's number: 1 for a new crawl
 */
public record Resumption(long nextId, long firstQueuedId, long queued, long finished, LimitUsage usage, int run) {}
