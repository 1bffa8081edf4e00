package dev.loomcrawl.cli;

import dev.loomcrawl.CrawlSummary;
import dev.loomcrawl.redis.RedisCrawl;
import dev.loomcrawl.report.CsvReport;
import dev.loomcrawl.report.JsonLinesReport;
import dev.loomcrawl.report.TextReport;

import java.io.PrintWriter;

/** {@code loomcrawl report redis://... --crawl-id NAME}: the combined report of every process of a shared crawl. */
final class SharedCrawlReport {
    private SharedCrawlReport() {}

    static int print(String uri, String crawlId, ReportCommand.Format format, PrintWriter out) {
        try (RedisCrawl crawl = RedisCrawl.connect(uri, crawlId)) {
            if (crawl.config().isEmpty()) throw new IllegalStateException(crawl.describe() + " does not exist");
            switch (format) {
                case TEXT -> {
                    CrawlSummary summary = crawl.summary();
                    if (summary.interrupted()) out.println("Unfinished");
                    TextReport.writeSorted(crawl::forEachRecord, summary, out);
                }
                case JSONL -> JsonLinesReport.write(crawl::forEachRecord, out);
                case CSV -> CsvReport.write(crawl::forEachRecord, out);
            }
        }
        return 0;
    }
}
