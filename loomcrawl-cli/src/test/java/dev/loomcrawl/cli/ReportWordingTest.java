package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.TestSite;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.loomcrawl.cli.CrawlCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the reports' counts say agrees with itself: the ledger and the counters, one and many. */
class ReportWordingTest {
    @TempDir
    Path tmp;

    private static final Pattern LEDGER =
            Pattern.compile("Ledger: (\\d+) discovered = (\\d+) recorded \\+ (\\d+) dropped \\+ (\\d+) queued");

    /**
     * What --max-pages left queued is counted as queued by the counters too (queued_max-pages), as by the ledger and
     * Todo: a state file keeps those URLs queued, and resume crawls them. Without a state and with one.
     */
    @Test
    void whatABudgetLeftQueuedIsQueuedInTheCountersAsInTheLedger() {
        TestSite.Builder b = TestSite.builder();
        StringBuilder index = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            b.page("/p" + i, "p");
            index.append("<a href=/p").append(i).append(">p</a>");
        }
        try (TestSite site = b.page("/", index.toString()).start()) {
            for (List<String> state : List.of(List.<String>of(), List.of("--state", tmp.resolve("c.db").toString()))) {
                List<String> args = new java.util.ArrayList<>(List.of("crawl", "-q", "--max-pages", "3"));
                args.addAll(state);
                args.add(site.url("/"));
                CrawlCommandTest.Run r = run(args.toArray(String[]::new));
                assertEquals(0, r.exit(), r.err());
                Matcher ledger = LEDGER.matcher(r.out());
                assertTrue(ledger.find(), r.out());
                assertEquals("11 3 0 8", ledger.group(1) + " " + ledger.group(2) + " " + ledger.group(3) + " "
                        + ledger.group(4), r.out());
                List<String> lines = r.out().lines().toList();
                assertTrue(lines.contains("         8 queued_max-pages") && lines.contains("Todo: 8"), r.out());
                assertFalse(r.out().contains("dropped_max-pages"), r.out());
            }
            CrawlCommandTest.Run resumed = run("resume", "-q", "--max-pages", "-1", tmp.resolve("c.db").toString());
            assertEquals(0, resumed.exit(), resumed.err());
            assertTrue(resumed.out().contains("Ledger: 11 discovered = 11 recorded + 0 dropped + 0 queued\nTodo: 0\n"),
                    "what was queued is crawled: " + resumed.out());
        }
    }

    @Test
    void theHtmlReportSaysOneUrlAsOne() throws Exception {
        try (TestSite site = TestSite.builder().page("/", "<a href=/missing>m</a>").start()) {
            Path html = tmp.resolve("report.html");
            CrawlCommandTest.Run r = run("crawl", "-q", "--html-report", html.toString(), site.url("/"));
            assertEquals(0, r.exit(), r.err());
            Document doc = Jsoup.parse(html.toFile());
            assertTrue(doc.select("p.note").text().startsWith("1 URL answered 4xx or 5xx or could not be fetched."),
                    doc.select("p.note").text());
            assertEquals(List.of("URLs", "error", "host"), doc.select(".card .label").eachText().subList(0, 3));
        }
    }
}
