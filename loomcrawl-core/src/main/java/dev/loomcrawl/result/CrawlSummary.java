package dev.loomcrawl.result;

import dev.loomcrawl.reason.Limit;
import dev.loomcrawl.reason.DropReason;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * How a crawl ended.
 *
 * @param done         URLs finished (one record each, skipped ones included)
 * @param todo         URLs discovered but not finished (non-zero only when the crawl ended early)
 * @param interrupted  the crawl was stopped or cancelled by its user before its work ran out
 * @param limitReached the budget that ended the crawl, or null
 * @param dropped      URLs not queued (or left undone by a budget), by the label of a {@link DropReason} (or of
 *                     the {@link Limit} reached): "max-depth", "trap-deep-path"...
 * @param discovered   distinct URLs the crawl came to know (roots, links, redirect targets, sitemap entries)
 *                     and claimed in its seen set; -1 when not known (a shared crawl's)
 * @param unfollowed   links found on pages and not followed, by the label of the reason ("nofollow", "scheme",
 *                     "invalid-url", "out-of-scope"...; see {@link FoundLink#notFollowed()}; "max-links-per-page"
 *                     counts the links past that bound, which were not kept), counted by this run; in a state's
 *                     summary ({@code CrawlStore.summary()}), by every run of it that ended
 * @param focus        a focused crawl's report (its best pages, whether it stopped early); null for any other crawl
 */
public record CrawlSummary(long done, long todo, Duration elapsed, int maxTasks, boolean interrupted,
                           Instant finishedAt, Limit limitReached, Map<String, Long> dropped, long discovered,
                           Map<String, Long> unfollowed, FocusReport focus) {
    public CrawlSummary(long done, long todo, Duration elapsed, int maxTasks, boolean interrupted,
                        Instant finishedAt, Limit limitReached, Map<String, Long> dropped, long discovered,
                        Map<String, Long> unfollowed) {
        this(done, todo, elapsed, maxTasks, interrupted, finishedAt, limitReached, dropped, discovered, unfollowed,
                null);
    }

    public CrawlSummary {
        dropped = Map.copyOf(dropped);
        unfollowed = Map.copyOf(unfollowed);
    }

    public CrawlSummary(long done, long todo, Duration elapsed, int maxTasks, boolean interrupted,
                        Instant finishedAt, Limit limitReached, Map<String, Long> dropped) {
        this(done, todo, elapsed, maxTasks, interrupted, finishedAt, limitReached, dropped, -1, Map.of());
    }

    /** The same summary with {@code discovered} and {@code unfollowed} in place of its own. */
    public CrawlSummary withRun(long discovered, Map<String, Long> unfollowed) {
        return new CrawlSummary(done, todo, elapsed, maxTasks, interrupted, finishedAt, limitReached, dropped,
                discovered, unfollowed, focus);
    }

    /** The same summary with a focused crawl's report ({@code focus}: null for none). */
    public CrawlSummary withFocus(FocusReport report) {
        return new CrawlSummary(done, todo, elapsed, maxTasks, interrupted, finishedAt, limitReached, dropped,
                discovered, unfollowed, report);
    }

    /** URLs dropped when they were discovered (by a limit or trap guard), not counting those a budget left queued. */
    public long droppedAtDiscovery() {
        long all = dropped.values().stream().mapToLong(Long::longValue).sum();
        return limitReached != null ? all - todo : all;
    }

    /**
     * Whether every discovered URL is accounted for: recorded, dropped or still queued. Always true for a crawl
     * whose discovered count is unknown.
     */
    public boolean ledgerBalances() {
        return discovered < 0 || discovered == done + droppedAtDiscovery() + todo;
    }
}
