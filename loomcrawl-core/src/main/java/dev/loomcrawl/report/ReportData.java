package dev.loomcrawl.report;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What the HTML report shows, taken from the crawl's statistics in one consistent snapshot.
 *
 * @param roots       the URLs the crawl started from (records at depth 0 with no referrer; at most a few)
 * @param elapsed     the crawl's duration
 * @param todo        URLs left to do when it was interrupted (0 when it ran out of work), -1 when unknown
 * @param hostCount   hosts seen; {@code hosts} holds the busiest of them
 * @param broken      the broken link targets listed (at most {@link HtmlReport#LISTED}), most linked first
 * @param brokenTotal broken link targets found, listed or not
 * @param referrersPartial whether some targets' referrers were not tracked (more than {@link HtmlReport#TRACKED}
 *                    waited for their record at once): those list the page that led the crawl to them
 * @param changes     once the crawl was crawled again, URLs by how they compare with their capture in an earlier
 *                    pass (and first captures); empty before
 * @param items       items scraped (--item, --field) from the pages this process crawled; 0 when none
 */
record ReportData(List<String> roots, Instant generated, long pages, long bytes, long errors, Duration elapsed,
                  boolean interrupted, long todo, List<Bar> statuses, List<Bar> times, List<Bar> depths,
                  List<Bar> typeCounts, List<Bar> typeBytes, List<HostRow> hosts, int hostCount,
                  List<Broken> broken, long brokenTotal, boolean referrersPartial, int referrerCap,
                  List<Bar> changes, long items) {

    /** One bar of a chart. {@code color} is a CSS colour, null for the default. */
    record Bar(String label, long value, String color) {}

    /** One host's line of the hosts table; {@code notModified} counts 304s to a re-crawl's conditional GET. */
    record HostRow(String host, long pages, long ok, long notModified, long redirects, long clientErrors,
                   long serverErrors, long failed, long bytes, double meanMs, double maxMs) {}

    /**
     * A broken link target and the pages linking to it.
     *
     * @param status         the HTTP status, or the failure kind ("refused", "timeout", ...)
     * @param referrers      the first pages found linking to it (capped)
     * @param referrerCount  all pages found linking to it
     */
    record Broken(String url, String status, List<String> referrers, long referrerCount) {}
}
