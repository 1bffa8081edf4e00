package dev.loomcrawl.cli;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.limits.LimitSettings;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.time.Duration;

/** Options that bound a crawl. Unset means no limit, except the URL length and trap guards' defaults. */
final class LimitOptions {
    @Option(names = "--max-depth", paramLabel = "N", description = "Links followed away from a root.")
    Integer maxDepth;

    @Option(names = "--max-pages", paramLabel = "N", description = "URLs fetched in all.")
    Long maxPages;

    @Option(names = "--max-pages-per-host", paramLabel = "N", description = "URLs fetched per host.")
    Long maxPagesPerHost;

    @Option(names = "--max-bytes", paramLabel = "SIZE", converter = Converters.SizeConverter.class,
            description = "Body bytes fetched in all.")
    Long maxBytes;

    @Option(names = "--max-time", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
            description = "How long the crawl may run.")
    Duration maxTime;

    @Option(names = "--max-url-length", paramLabel = "N", defaultValue = "2048",
            description = "Longer URLs are dropped (default: ${DEFAULT-VALUE}).")
    int maxUrlLength;

    void applyTo(CrawlConfig.Builder b) {
        validate();
        LimitSettings d = LimitSettings.defaults();
        b.limits(new LimitSettings(maxDepth == null ? -1 : maxDepth, orNone(maxPages), orNone(maxPagesPerHost),
                orNone(maxBytes), maxTime, maxUrlLength, d.maxPathSegments(), d.maxSegmentRepeats(),
                d.maxQueryParameters()));
    }

    /** The saved limits of a resumed crawl, with those given on this command line in their place. */
    LimitSettings overriding(LimitSettings saved, CommandLine.ParseResult given) {
        validate();
        return new LimitSettings(given.hasMatchedOption("--max-depth") ? maxDepth : saved.maxDepth(),
                given.hasMatchedOption("--max-pages") ? maxPages : saved.maxPages(),
                given.hasMatchedOption("--max-pages-per-host") ? maxPagesPerHost : saved.maxPagesPerHost(),
                given.hasMatchedOption("--max-bytes") ? maxBytes : saved.maxBytes(),
                given.hasMatchedOption("--max-time") ? maxTime : saved.maxTime(),
                given.hasMatchedOption("--max-url-length") ? maxUrlLength : saved.maxUrlLength(),
                saved.maxPathSegments(), saved.maxSegmentRepeats(), saved.maxQueryParameters());
    }

    private void validate() {
        positive(maxDepth == null ? null : maxDepth.longValue(), "--max-depth", 0);
        positive(maxPages, "--max-pages", 1);
        positive(maxPagesPerHost, "--max-pages-per-host", 1);
        positive(maxBytes, "--max-bytes", 1);
        positive((long) maxUrlLength, "--max-url-length", 16);
        if (maxTime != null && !maxTime.isPositive()) {
            throw new IllegalArgumentException("--max-time must be a positive duration, got " + maxTime);
        }
    }

    private static long orNone(Long n) {
        return n == null ? -1 : n;
    }

    private static void positive(Long n, String option, long least) {
        if (n != null && n < least) {
            throw new IllegalArgumentException(option + " must be at least " + least + ", got " + n);
        }
    }
}
