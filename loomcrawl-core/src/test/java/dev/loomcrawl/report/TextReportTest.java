package dev.loomcrawl.report;

import dev.loomcrawl.reason.Limit;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;

import java.io.StringWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TextReportTest {
    private static CrawlRecord rec(String url, String next, int status, ErrorKind kind, long size, String type,
                                   int urls, int fresh) {
        return CrawlRecord.builder(WebUrl.parse(url)).nextUrl(next).status(status).errorKind(kind)
                .error(kind == null ? null : "Boom").size(size).contentType(type).encoding("utf-8").numUrls(urls)
                .numNewUrls(fresh).startedAt(Instant.EPOCH).attempts(1).build();
    }

    @Test
    void printsTheSeedsLinesSortedByUrlThenCountersSortedByName() {
        List<CrawlRecord> records = List.of(
                rec("http://x.test/z", null, 200, null, 10, "image/png", 0, 0),
                rec("http://x.test/a", null, 200, null, 100, "text/html", 4, 3),
                rec("http://x.test/b", "http://x.test/a", 301, null, 0, "", 0, 0),
                rec("http://x.test/c", null, 0, ErrorKind.TIMEOUT, 0, "", 0, 0),
                rec("http://x.test/d", null, 404, null, 7, "text/plain", 0, 0));
        CrawlSummary summary = new CrawlSummary(5, 2, Duration.ofSeconds(2), 10, false,
                Instant.parse("2026-11-02T08:05:09Z"), null, java.util.Map.of("max-depth", 3L));
        StringWriter out = new StringWriter();
        TextReport.write(records, summary, out);
        String[] lines = out.toString().split("\n");
        assertEquals("*** Report ***", lines[0]);
        assertEquals("http://x.test/a 200 text/html utf-8 100 3/4", lines[1]);
        assertEquals("http://x.test/b 301 redirect http://x.test/a", lines[2]);
        assertEquals("http://x.test/c error timeout: Boom", lines[3]);
        assertEquals("http://x.test/d 404 text/plain utf-8 7", lines[4]);
        assertEquals("http://x.test/z 200 image/png utf-8 10", lines[5]);
        assertEquals("Finished 5 urls in 2.000 secs (max_tasks=10) (0.250 urls/sec/task)", lines[6]);
        assertEquals(List.of(
                "         3 dropped_max-depth", "         1 error", "         7 error_bytes", "         1 fail",
                "         1 fail_timeout",
                "         1 html", "       100 html_bytes", "         1 other", "        10 other_bytes",
                "         1 redirect", "         2 status_200", "         1 status_301", "         1 status_404"),
                List.of(lines).subList(7, 20));
        assertEquals("Todo: 2", lines[20]);
        assertEquals("Done: 5", lines[21]);
        assertTrue(lines[22].matches("Date: \\w{3} \\w{3} [ \\d]\\d \\d\\d:\\d\\d:\\d\\d 2026 local time"), lines[22]);
    }

    /**
     * A budget's dropped count includes what it left queued (so that CrawlSummary's ledger balances): the report
     * counts that part as queued, as its ledger line does; a 304 is not modified, not an error; the summary without
     * the URL lines is the whole report's.
     */
    @Test
    void whatABudgetLeftIsQueuedA304IsNotModifiedAndTheSummaryIsTheWholeReportsTail() {
        CrawlRecord notModified = CrawlRecord.builder(WebUrl.parse("http://x.test/n")).status(304)
                .contentType("text/html").encoding("utf-8").depth(1).startedAt(Instant.EPOCH).attempts(1)
                .change(dev.loomcrawl.result.Change.NOT_MODIFIED).build();
        List<CrawlRecord> records = List.of(rec("http://x.test/", null, 200, null, 100, "text/html", 3, 3),
                notModified);
        CrawlSummary summary = new CrawlSummary(2, 5, Duration.ofSeconds(1), 10, false, Instant.EPOCH, Limit.MAX_TIME,
                java.util.Map.of("max-depth", 2L, "max-time", 5L), 9, java.util.Map.of());
        StringWriter whole = new StringWriter();
        StringWriter summaryOnly = new StringWriter();
        assertEquals(2, TextReport.write(records::forEach, summary, List.of(whole), List.of(summaryOnly)));
        List<String> lines = whole.toString().lines().toList();
        assertEquals("http://x.test/n 304 text/html utf-8 0 not-modified", lines.get(2));
        assertEquals(List.of("         2 dropped_max-depth", "         1 html", "       100 html_bytes",
                "         1 not_modified", "         5 queued_max-time", "         1 status_200",
                "         1 status_304"), lines.subList(4, 11));
        assertEquals("Ledger: 9 discovered = 2 recorded + 2 dropped + 5 queued", lines.get(11));
        List<String> tail = summaryOnly.toString().lines().toList();
        assertEquals("*** Report ***", tail.getFirst());
        assertEquals(lines.subList(3, lines.size()), tail.subList(1, tail.size()));
    }
}
