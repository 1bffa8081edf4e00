package dev.loomcrawl.store.sqlite;

import dev.loomcrawl.reason.Limit;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.limits.LimitSettings;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A resumed crawl remembers its sitemaps (they are URLs of its state) and fetches none of them again. */
class SitemapResumeTest {
    @TempDir
    Path tmp;

    @Test
    void aResumedCrawlFetchesItsSitemapsOnce() {
        int port = TestSite.freePort();
        String base = "http://127.0.0.1:" + port;
        StringBuilder urlset = new StringBuilder("<?xml version='1.0'?><urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'>");
        for (int i = 0; i < 20; i++) urlset.append("<url><loc>").append(base).append("/p").append(i).append("</loc></url>");
        urlset.append("</urlset>");
        TestSite.Builder b = TestSite.builder().port(port).page("/", "home")
                .robots("User-agent: *\nSitemap: " + base + "/declared.xml\n")
                .resource("/declared.xml", "application/xml", urlset.toString().getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < 20; i++) b.page("/p" + i, "page " + i);
        try (TestSite site = b.start()) {
            Path file = tmp.resolve("crawl.db");
            CrawlConfig first = CrawlConfig.builder().root(base + "/").sitemaps(true).maxTasks(2)
                    .limits(LimitSettings.builder().maxPages(8).build()).build();
            try (SqliteCrawlStore store = SqliteCrawlStore.create(file, first, false, List.of());
                 Crawler crawler = Crawler.builder(first).store(store).build()) {
                assertEquals(Limit.MAX_PAGES, crawler.crawl().limitReached());
            }
            CrawlSummary resumed;
            try (SqliteCrawlStore store = SqliteCrawlStore.open(file);
                 Crawler crawler = Crawler.builder(first.withLimits(LimitSettings.defaults())).store(store).build()) {
                resumed = crawler.crawl();
            }
            for (String p : List.of("/sitemap.xml", "/declared.xml", "/p0", "/p19")) {
                assertEquals(1, site.requestCount(p), p);
            }
            try (SqliteCrawlStore store = SqliteCrawlStore.openForReading(file)) {
                CrawlSummary all = store.summary();
                assertEquals(23, all.done()); // the root, two sitemaps, twenty pages
                assertEquals(23, all.discovered());
                assertTrue(all.ledgerBalances());
            }
            assertEquals(0, resumed.todo());
        }
    }
}
