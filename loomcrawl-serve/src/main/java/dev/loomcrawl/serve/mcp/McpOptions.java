package dev.loomcrawl.serve.mcp;

import java.time.Duration;

/**
 * What bounds one tool call, beyond the service's own caps ({@code ServeOptions}: pages per job, a job's time).
 *
 * @param maxChars  characters of a result at most: a longer one is cut there, and says so with a cursor to go on
 * @param callPages pages one check_links call crawls at most
 * @param callTime  how long one call may work (check_links' crawl, crawl_status' wait)
 */
public record McpOptions(int maxChars, long callPages, Duration callTime) {
    public static final int DEFAULT_MAX_CHARS = 20_000;
    public static final long DEFAULT_CALL_PAGES = 500;
    public static final Duration DEFAULT_CALL_TIME = Duration.ofMinutes(2);
    public static final McpOptions DEFAULTS = new McpOptions(DEFAULT_MAX_CHARS, DEFAULT_CALL_PAGES,
            DEFAULT_CALL_TIME);

    public McpOptions {
        if (maxChars < 1000) throw new IllegalArgumentException("--max-result-chars must be at least 1000, got "
                + maxChars);
        if (callPages < 1) throw new IllegalArgumentException("--max-call-pages must be at least 1, got " + callPages);
        if (!callTime.isPositive()) {
            throw new IllegalArgumentException("--max-call-time must be a positive duration, got " + callTime);
        }
    }
}
