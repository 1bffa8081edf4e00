package dev.loomcrawl.limits;

import dev.loomcrawl.setting.BadSetting;

import java.time.Duration;

/**
 * Limits on a crawl and its guards against crawler traps. A negative number, or a null duration, means no
 * limit. docs/politeness.md lists every guard with its default and what other crawlers do.
 *
 * @param maxDepth            links followed from a root (a root is depth 0)
 * @param maxPages            URLs fetched in all, sitemaps aside
 * @param maxPagesPerHost     URLs fetched per host
 * @param maxBytes            body bytes fetched in all
 * @param maxTime             how long the crawl may run
 * @param maxUrlLength        characters in a URL
 * @param maxPathSegments     path segments in a URL (deeper paths are a trap)
 * @param maxSegmentRepeats   times one segment may occur in a URL: in its path (/a/b/a/b/a/b...), and in its
 *                            path and query split at {@code / ? & ;} ({@code /t/?p=3&q=1a/?p=14&q=1a/...})
 * @param maxQueryParameters  query parameters in a URL (0: no URL with a query is queued)
 * @param maxQueryLength      characters in a URL's query (0: no URL with a non-empty query is queued)
 * @param maxParameterRepeats times one parameter name may occur in a URL's query ({@code ?f=1&f=2&f=3...})
 * @param maxUrlsPerShape     URLs queued per shape (the URL with every number replaced by one mark, so that
 *                            URLs differing only by numbers, a calendar's ?month=N+1, share a shape) before the
 *                            shape's URLs more than 20 links deeper than its shallowest are dropped
 * @param maxLinksPerPage     links kept per page (an HTML page, a stylesheet; a sitemap keeps at most 50,000
 *                            entries, the sitemaps.org limit, or fewer when this is lower): the rest are counted
 *                            as {@code max-links-per-page} and the page's record says so
 * @param keepSessionIds      whether the crawl's URL normalisation keeps session ids (false: strips them)
 */
public record LimitSettings(int maxDepth, long maxPages, long maxPagesPerHost, long maxBytes, Duration maxTime,
                            int maxUrlLength, int maxPathSegments, int maxSegmentRepeats, int maxQueryParameters,
                            int maxQueryLength, int maxParameterRepeats, int maxUrlsPerShape,
                            int maxLinksPerPage, boolean keepSessionIds) {

    /**
     * Checks every value, so the library refuses what the command line refuses, naming the builder method: -1 (no
     * limit) or at least 0 for {@code maxDepth}, {@code maxQueryParameters} and {@code maxQueryLength}; at least 1
     * for the other counts, at least 16 for {@code maxUrlLength}; a positive {@code maxTime} (null: no limit).
     */
    public LimitSettings {
        limit(maxDepth, "maxDepth", 0);
        limit(maxPages, "maxPages", 1);
        limit(maxPagesPerHost, "maxPagesPerHost", 1);
        limit(maxBytes, "maxBytes", 1);
        if (maxTime != null && !maxTime.isPositive()) {
            throw new BadSetting("maxTime", "must be a positive duration, got " + maxTime);
        }
        limit(maxUrlLength, "maxUrlLength", 16);
        limit(maxPathSegments, "maxPathSegments", 1);
        limit(maxSegmentRepeats, "maxSegmentRepeats", 1);
        limit(maxQueryParameters, "maxQueryParameters", 0);
        limit(maxQueryLength, "maxQueryLength", 0);
        limit(maxParameterRepeats, "maxParameterRepeats", 1);
        limit(maxUrlsPerShape, "maxUrlsPerShape", 1);
        limit(maxLinksPerPage, "maxLinksPerPage", 1);
    }

    private static void limit(long n, String method, long least) {
        if (n != -1 && n < least) {
            throw new BadSetting(method, "must be -1 (no limit) or at least " + least + ", got " + n);
        }
    }

    /** No limit and no trap guard; session ids are kept. */
    public static final LimitSettings NONE = builder().noLimits().build();

    /** No budget limit (depth, pages, bytes, time), a 2048-character URL cap and every trap guard on. */
    public static LimitSettings defaults() {
        return builder().build();
    }

    /** A builder starting from {@link #defaults()}. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these settings. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.maxDepth = maxDepth;
        b.maxPages = maxPages;
        b.maxPagesPerHost = maxPagesPerHost;
        b.maxBytes = maxBytes;
        b.maxTime = maxTime;
        b.maxUrlLength = maxUrlLength;
        b.maxPathSegments = maxPathSegments;
        b.maxSegmentRepeats = maxSegmentRepeats;
        b.maxQueryParameters = maxQueryParameters;
        b.maxQueryLength = maxQueryLength;
        b.maxParameterRepeats = maxParameterRepeats;
        b.maxUrlsPerShape = maxUrlsPerShape;
        b.maxLinksPerPage = maxLinksPerPage;
        b.keepSessionIds = keepSessionIds;
        return b;
    }

    /** Builds {@link LimitSettings}; every value starts at its default. */
    public static final class Builder {
        private int maxDepth = -1;
        private long maxPages = -1;
        private long maxPagesPerHost = -1;
        private long maxBytes = -1;
        private Duration maxTime;
        private int maxUrlLength = 2048;
        private int maxPathSegments = 40;
        private int maxSegmentRepeats = 3;
        private int maxQueryParameters = 32;
        private int maxQueryLength = 1024;
        private int maxParameterRepeats = 5;
        private int maxUrlsPerShape = 1000;
        private int maxLinksPerPage = 100_000;
        private boolean keepSessionIds;

        private Builder() {}

        public Builder maxDepth(int n) { maxDepth = n; return this; }
        public Builder maxPages(long n) { maxPages = n; return this; }
        public Builder maxPagesPerHost(long n) { maxPagesPerHost = n; return this; }
        public Builder maxBytes(long n) { maxBytes = n; return this; }
        public Builder maxTime(Duration d) { maxTime = d; return this; }
        public Builder maxUrlLength(int n) { maxUrlLength = n; return this; }
        public Builder maxPathSegments(int n) { maxPathSegments = n; return this; }
        public Builder maxSegmentRepeats(int n) { maxSegmentRepeats = n; return this; }
        public Builder maxQueryParameters(int n) { maxQueryParameters = n; return this; }
        public Builder maxQueryLength(int n) { maxQueryLength = n; return this; }
        public Builder maxParameterRepeats(int n) { maxParameterRepeats = n; return this; }
        public Builder maxUrlsPerShape(int n) { maxUrlsPerShape = n; return this; }
        public Builder maxLinksPerPage(int n) { maxLinksPerPage = n; return this; }
        public Builder keepSessionIds(boolean keep) { keepSessionIds = keep; return this; }

        /** Turns every trap guard off (the URL length cap and the budget limits stay as they are). */
        public Builder noTrapGuards() {
            maxPathSegments = -1;
            maxSegmentRepeats = -1;
            maxQueryParameters = -1;
            maxQueryLength = -1;
            maxParameterRepeats = -1;
            maxUrlsPerShape = -1;
            return this;
        }

        /** Turns every limit and trap guard off and keeps session ids. */
        public Builder noLimits() {
            maxUrlLength = -1;
            maxLinksPerPage = -1;
            keepSessionIds = true;
            return noTrapGuards();
        }

        public LimitSettings build() {
            return new LimitSettings(maxDepth, maxPages, maxPagesPerHost, maxBytes, maxTime, maxUrlLength,
                    maxPathSegments, maxSegmentRepeats, maxQueryParameters, maxQueryLength, maxParameterRepeats,
                    maxUrlsPerShape, maxLinksPerPage, keepSessionIds);
        }
    }
}
