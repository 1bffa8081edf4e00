package dev.loomcrawl;

import dev.loomcrawl.url.WebUrl;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** A finished test crawl: its summary and its records by URL. */
record CrawlRun(CrawlSummary summary, Map<String, CrawlRecord> records) {

    /** Runs a crawl with test-friendly retry backoff, collecting every record. */
    static CrawlRun of(CrawlConfig.Builder config) {
        Map<String, CrawlRecord> records = new ConcurrentHashMap<>();
        try (Crawler crawler = Crawler.create(config.retryBackoff(Duration.ofMillis(5), Duration.ofMillis(50)).build())) {
            crawler.addListener(r -> {
                if (records.putIfAbsent(r.url().toString(), r) != null) {
                    throw new AssertionError("two records for " + r.url());
                }
            });
            CrawlSummary summary = crawler.crawl();
            // every test crawl checks the ledger: each URL discovered is recorded, dropped or still queued
            if (!summary.ledgerBalances()) {
                throw new AssertionError(dev.loomcrawl.report.TextReport.ledger(summary) + " " + summary);
            }
            return new CrawlRun(summary, records);
        }
    }

    CrawlRecord record(String url) {
        CrawlRecord r = records.get(WebUrl.parse(url).toString());
        if (r == null) throw new AssertionError("no record for " + url + "; have " + records.keySet());
        return r;
    }

    boolean has(String url) {
        return records.containsKey(WebUrl.parse(url).toString());
    }
}
