package dev.loomcrawl.store.sqlite;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pages that once crashed the parsers, crawled with a state file: each is recorded done in the first run, so a
 * resumed crawl has nothing to do and fetches none of them again.
 */
@Timeout(120)
class HostilePagesResumeTest {
    @TempDir
    Path tmp;

    @Test
    void pagesThatCrashedTheParsersAreDoneAndNotFetchedAgainOnResume() {
        StringBuilder attributes = new StringBuilder("<a href='/after'");
        for (int i = 0; i < 2000; i++) attributes.append(" a").append(i).append("=v");
        Map<String, String> pages = Map.of(
                "/comment", "<!--" + "--!".repeat(500) + "x--><a href='/after'>x</a>",
                "/attributes", attributes + ">x</a>",
                "/host", "<a href='/after'>ok</a><a href='http://" + "\u00e9".repeat(2000) + "/'>long</a>");
        try (TestSite site = TestSite.builder().pages(pages).page("/after", "after").start()) {
            CrawlConfig.Builder b = CrawlConfig.builder().maxTasks(2);
            for (String p : List.of("/comment", "/attributes", "/host")) b.root(site.url(p));
            CrawlConfig config = b.build();
            Path file = tmp.resolve("crawl.db");
            try (SqliteCrawlStore store = SqliteCrawlStore.create(file, config, false, List.of());
                 Crawler crawler = Crawler.builder(config).store(store).build()) {
                CrawlSummary first = crawler.crawl();
                assertTrue(first.ledgerBalances(), first.toString());
                assertEquals(4, first.done());
            }
            CrawlSummary resumed;
            try (SqliteCrawlStore store = SqliteCrawlStore.open(file);
                 Crawler crawler = Crawler.builder(config).store(store).build()) {
                resumed = crawler.crawl();
            }
            assertEquals(0, resumed.done());
            assertEquals(0, resumed.todo());
            for (String p : List.of("/comment", "/attributes", "/host", "/after")) {
                assertEquals(1, site.requestCount(p), p);
            }
            try (SqliteCrawlStore store = SqliteCrawlStore.openForReading(file)) {
                CrawlSummary all = store.summary();
                assertEquals(4, all.done());
                assertTrue(all.ledgerBalances());
            }
        }
    }
}
