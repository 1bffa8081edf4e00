package dev.loomcrawl;

import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FoundLink;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.url.WebUrl;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** A finished test crawl: its summary, its records by URL and each record's links. */
record CrawlRun(CrawlSummary summary, Map<String, CrawlRecord> records, Map<String, List<FoundLink>> links) {

    /** Runs a crawl with test-friendly retry backoff, collecting every record. */
    static CrawlRun of(CrawlConfig.Builder config) {
        Map<String, CrawlRecord> records = new ConcurrentHashMap<>();
        Map<String, List<FoundLink>> links = new ConcurrentHashMap<>();
        try (Crawler crawler = Crawler.builder(config.retryBackoff(Duration.ofMillis(5), Duration.ofMillis(50)).build())
                .build()) {
            crawler.addListener(finished -> {
                CrawlRecord r = finished.record();
                if (records.putIfAbsent(r.url().toString(), r) != null) {
                    throw new AssertionError("two records for " + r.url());
                }
                if (!finished.links().isEmpty()) links.put(r.url().toString(), finished.links());
            });
            CrawlSummary summary = crawler.crawl();
            // every test crawl checks the ledger: each URL discovered is recorded, dropped or still queued
            if (!summary.ledgerBalances()) {
                throw new AssertionError(dev.loomcrawl.report.TextReport.ledger(summary) + " " + summary);
            }
            return new CrawlRun(summary, records, links);
        }
    }

    CrawlRecord record(String url) {
        CrawlRecord r = records.get(WebUrl.parse(url).toString());
        if (r == null) throw new AssertionError("no record for " + url + "; have " + records.keySet());
        return r;
    }

    /** The links found on a URL's page (empty when it had none, or was not a page). */
    List<FoundLink> links(String url) {
        return links.getOrDefault(WebUrl.parse(url).toString(), List.of());
    }

    boolean has(String url) {
        return records.containsKey(WebUrl.parse(url).toString());
    }
}
