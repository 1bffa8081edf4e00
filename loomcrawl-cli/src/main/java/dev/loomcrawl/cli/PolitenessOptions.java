package dev.loomcrawl.cli;

import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Options for manners and safety: robots.txt, per-origin pacing, sitemaps, private addresses, headers. */
final class PolitenessOptions {
    @Option(names = "--per-host", paramLabel = "N", defaultValue = "2",
            description = "Fetches in flight at once on one origin (default: ${DEFAULT-VALUE}).")
    int perHost;

    @Option(names = "--delay", paramLabel = "DURATION", defaultValue = "0s",
            converter = Converters.DurationConverter.class,
            description = "Minimum gap between fetch starts on one origin; robots.txt Crawl-delay can raise it "
                    + "(default: ${DEFAULT-VALUE}).")
    Duration delay;

    @Option(names = "--max-crawl-delay", paramLabel = "DURATION", defaultValue = "30s",
            converter = Converters.DurationConverter.class,
            description = "Cap on a robots.txt Crawl-delay (default: ${DEFAULT-VALUE}).")
    Duration maxCrawlDelay;

    @Option(names = "--max-retry-after", paramLabel = "DURATION", defaultValue = "10m",
            converter = Converters.DurationConverter.class,
            description = "Longest Retry-After waited for on a 429 or 503; a URL asked to wait longer is given up "
                    + "(error_kind retry-after-limit) and its origin paused this long (default: ${DEFAULT-VALUE}).")
    Duration maxRetryAfter;

    @Option(names = "--ignore-robots", description = "Do not fetch or obey robots.txt (a warning is logged).")
    boolean ignoreRobots;

    @Option(names = "--ignore-robots-directives", description = "Follow every link, whatever <meta name=robots>, "
            + "X-Robots-Tag and rel=nofollow say (by default nofollow is obeyed and noindex/noarchive are recorded).")
    boolean ignoreRobotsDirectives;

    @Option(names = "--sitemaps", description = "Also crawl the URLs in the roots' sitemaps (robots.txt Sitemap: "
            + "lines and /sitemap.xml), fetched as visits of the crawl: robots.txt, pacing and limits apply.")
    boolean sitemaps;

    @Option(names = "--allow-private", description = "Allow connecting to loopback, private, link-local and "
            + "other non-public addresses even when the roots are public.")
    boolean allowPrivate;

    @Option(names = {"-H", "--header"}, paramLabel = "'NAME: VALUE'",
            description = "Extra request header, sent to the roots' origins only (never across a redirect to "
                    + "another origin). Repeatable.")
    List<String> headers = new ArrayList<>();
}
