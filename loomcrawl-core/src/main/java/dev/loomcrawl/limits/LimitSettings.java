package dev.loomcrawl.limits;

import java.time.Duration;

/**
 * Limits on a crawl and its guards against crawler traps. A negative number, or a null duration, means no
 * limit.
 *
 * @param maxDepth             links followed from a root (a root is depth 0)
 * @param maxPages             URLs fetched in all
 * @param maxPagesPerHost      URLs fetched per host
 * @param maxBytes             body bytes fetched in all
 * @param maxTime              how long the crawl may run
 * @param maxUrlLength         characters in a URL
 * @param maxPathSegments      path segments in a URL (deeper paths are a trap)
 * @param maxSegmentRepeats    times one path segment may occur in a URL (/a/b/a/b/a/b... is a trap)
 * @param maxQueryParameters   query parameters in a URL
 */
public record LimitSettings(int maxDepth, long maxPages, long maxPagesPerHost, long maxBytes, Duration maxTime,
                            int maxUrlLength, int maxPathSegments, int maxSegmentRepeats, int maxQueryParameters) {

    public static final LimitSettings NONE = new LimitSettings(-1, -1, -1, -1, null, -1, -1, -1, -1);

    public static LimitSettings defaults() {
        return new LimitSettings(-1, -1, -1, -1, null, 2048, 40, 3, 32);
    }
}
