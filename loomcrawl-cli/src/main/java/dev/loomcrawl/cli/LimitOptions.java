package dev.loomcrawl.cli;

import picocli.CommandLine.Option;

import java.time.Duration;

/**
 * Options that bound a crawl. Unset means no limit, except the URL length, the trap guards and session-id
 * stripping, which are on by default (docs/politeness.md lists them).
 */
final class LimitOptions {
    @Option(names = "--max-depth", paramLabel = "N",
            description = "Links followed away from a root (-1: no limit, as when not given).")
    Integer maxDepth;

    @Option(names = "--max-pages", paramLabel = "N", description = "URLs fetched in all (-1: no limit).")
    Long maxPages;

    @Option(names = "--max-pages-per-host", paramLabel = "N",
            description = "URLs fetched per host (-1: no limit).")
    Long maxPagesPerHost;

    @Option(names = "--max-bytes", paramLabel = "SIZE", converter = Converters.SizeConverter.class,
            description = "Body bytes fetched in all.")
    Long maxBytes;

    @Option(names = "--max-time", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
            description = "How long the crawl may run.")
    Duration maxTime;

    @Option(names = "--max-url-length", paramLabel = "N", defaultValue = "2048",
            description = "Longer URLs are dropped (default: ${DEFAULT-VALUE}; -1: no limit).")
    int maxUrlLength;

    @Option(names = "--max-links-per-page", paramLabel = "N", description = "Links kept per page (HTML, CSS; a "
            + "sitemap keeps at most 50,000 entries); the rest are counted, not followed, and the page's record says "
            + "so (default: 100000; -1: no limit).")
    Integer maxLinksPerPage;

    @Option(names = "--max-path-segments", paramLabel = "N",
            description = "URLs with more path segments are dropped as a trap (default: 40; -1: no limit).")
    Integer maxPathSegments;

    @Option(names = "--max-segment-repeats", paramLabel = "N", description = "URLs in which one path segment, "
            + "or one piece of path and query cut at / ? & ;, occurs more often are dropped as a trap "
            + "(default: 3; -1: no limit).")
    Integer maxSegmentRepeats;

    @Option(names = "--max-query-parameters", paramLabel = "N", description = "URLs with more query parameters "
            + "are dropped as a trap (default: 32; 0 drops every URL with a query; -1: no limit).")
    Integer maxQueryParameters;

    @Option(names = "--max-query-length", paramLabel = "N", description = "URLs with a longer query (in "
            + "characters) are dropped as a trap (default: 1024; 0 drops every URL with a query; -1: no limit).")
    Integer maxQueryLength;

    @Option(names = "--max-parameter-repeats", paramLabel = "N", description = "URLs in which one parameter "
            + "name occurs more often are dropped as a trap (default: 5; -1: no limit).")
    Integer maxParameterRepeats;

    @Option(names = "--max-urls-per-shape", paramLabel = "N", description = "URLs that differ only by their "
            + "numbers (?month=1, ?month=2...) share a shape; past N of one shape on a host, those more than 20 "
            + "links deeper than its first are dropped as a trap (default: 1000; -1: no limit).")
    Integer maxUrlsPerShape;

    @Option(names = "--no-trap-guards", description = "Turn off every trap guard (path segments, repeats, query "
            + "parameters and length, URL shapes) except those given as options too.")
    boolean noTrapGuards;

    @Option(names = "--keep-session-ids", description = "Fetch discovered URLs with their session ids "
            + "(;jsessionid=, PHPSESSID, sid...) instead of stripping them.")
    boolean keepSessionIds;
}
