package dev.loomcrawl.internal.limits;

import dev.loomcrawl.internal.limits.TrapGuards;
import dev.loomcrawl.internal.limits.SessionIds;
import dev.loomcrawl.limits.LimitUsage;
import dev.loomcrawl.limits.LimitSettings;
import dev.loomcrawl.limits.BudgetCounts;
import dev.loomcrawl.reason.DropReason;
import dev.loomcrawl.reason.Limit;
import dev.loomcrawl.url.WebUrl;

import java.time.Duration;

/**
 * Applies {@link LimitSettings}. {@link #normalize} strips session ids from each discovered URL before the
 * seen set is asked; {@link #dropReason} is asked before a newly seen URL is queued (depth, URL length, trap
 * guards, pages per host); {@link #startPage}, {@link #addBytes} and {@link #exhausted} keep the crawl's
 * budget (pages, bytes, time). For a resumed crawl, pages, bytes and per-host counts go on from what
 * earlier runs used, so they bound the whole crawl; the time limit bounds each run, and URL shapes
 * ({@code trap-url-shape}) are counted afresh in each run. In a crawl shared by several processes, pages,
 * bytes and per-host counts are the whole crawl's ({@link BudgetCounts}).
 */
public final class CrawlLimits {
    private final LimitSettings s;
    private final TrapGuards traps;
    private final long deadline;
    private final BudgetCounts counts;

    public CrawlLimits(LimitSettings settings) {
        this(settings, LimitUsage.NONE);
    }

    /** Limits for the next run of a resumed crawl: pages, bytes and per-host counts go on from {@code used}. */
    public CrawlLimits(LimitSettings settings, LimitUsage used) {
        this(settings, new AtomicBudgetCounts(used));
    }

    /** Limits whose pages, bytes and per-host counts are kept in {@code counts} (a shared crawl's, say). */
    public CrawlLimits(LimitSettings settings, BudgetCounts counts) {
        this.s = settings;
        this.traps = new TrapGuards(settings);
        this.deadline = settings.maxTime() == null ? Long.MAX_VALUE : System.nanoTime() + settings.maxTime().toNanos();
        this.counts = counts;
    }

    /** Why this URL, found at {@code depth}, must not be queued; null when it may be. */
    public DropReason dropReason(WebUrl url, int depth) {
        if (s.maxDepth() >= 0 && depth > s.maxDepth()) return DropReason.MAX_DEPTH;
        if (s.maxUrlLength() >= 0 && url.toString().length() > s.maxUrlLength()) return DropReason.MAX_URL_LENGTH;
        DropReason trap = traps.reason(url, depth);
        if (trap != null) return trap;
        if (s.maxPagesPerHost() >= 0 && !counts.takeHostPage(url.host(), s.maxPagesPerHost())) {
            return DropReason.MAX_PAGES_PER_HOST;
        }
        return null;
    }

    /**
     * A URL {@link #dropReason} let through was not queued after all: another process of a shared crawl queued
     * it first, and counted it. Gives its place in the per-host budget back.
     */
    public void notQueued(WebUrl url) {
        if (s.maxPagesPerHost() >= 0) counts.returnHostPage(url.host());
    }

    /**
     * The URL to fetch and to compare with the seen set in place of a discovered one: without its session ids
     * ({@code ;jsessionid=}, {@code PHPSESSID}, {@code sid}... see {@link SessionIds}), unless the settings
     * keep them. The same instance when nothing changes.
     */
    public WebUrl normalize(WebUrl url) {
        return s.keepSessionIds() ? url : SessionIds.strip(url);
    }

    /** Takes one page from the budget; false (and nothing taken) when {@code maxPages} are already started. */
    public boolean startPage() {
        return s.maxPages() < 0 || counts.takePage(s.maxPages());
    }

    /** Gives a page back (its URL turned out not to be fetched). */
    public void returnPage() {
        if (s.maxPages() >= 0) counts.returnPage();
    }

    public void addBytes(long n) {
        if (s.maxBytes() >= 0) counts.addBytes(n);
    }

    /** The time left before {@code maxTime} runs out (zero when it has), or null without a time limit. */
    public Duration timeLeft() {
        if (s.maxTime() == null) return null;
        return Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
    }

    /** The budget limit that has run out (bytes, time), or null. Pages are checked by startPage. */
    public Limit exhausted() {
        if (s.maxBytes() >= 0 && counts.bytes() >= s.maxBytes()) return Limit.MAX_BYTES;
        if (System.nanoTime() - deadline > 0) return Limit.MAX_TIME;
        return null;
    }
}
