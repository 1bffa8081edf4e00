package dev.loomcrawl;

import dev.loomcrawl.reason.SkipReason;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FoundLink;
import dev.loomcrawl.testkit.RecordedRequest;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** With --sitemaps, sitemap files are visits of the crawl: robots.txt, pacing, redirects, records, limits. */
class SitemapVisitsTest {

    static String urlset(String... entries) {
        StringBuilder sb = new StringBuilder("<?xml version='1.0'?><urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'>");
        for (String e : entries) sb.append("<url>").append(e).append("</url>");
        return sb.append("</urlset>").toString();
    }

    static byte[] xml(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aSitemapDisallowedByRobotsTxtIsSkippedAndItsUrlsAreNotQueued() {
        int port = TestSite.freePort();
        String base = "http://127.0.0.1:" + port;
        try (TestSite site = TestSite.builder().port(port).page("/", "home")
                .robots("User-agent: *\nDisallow: /sitemap.xml\n")
                .resource("/sitemap.xml", "application/xml", xml(urlset("<loc>" + base + "/hidden</loc>")))
                .page("/hidden", "h").start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(base + "/").sitemaps(true));
            assertEquals(SkipReason.ROBOTS, run.record(base + "/sitemap.xml").skipReason());
            assertEquals(0, site.requestCount("/sitemap.xml"));
            assertEquals(0, site.requestCount("/hidden"));
        }
    }

    @Test
    void aRedirectedSitemapIsFollowedAndAMissingOneIsRecorded() {
        int port = TestSite.freePort();
        String base = "http://127.0.0.1:" + port;
        try (TestSite site = TestSite.builder().port(port).page("/", "home")
                .robots("User-agent: *\nSitemap: " + base + "/old-map.xml\nSitemap: " + base + "/gone.xml\n")
                .redirect("/old-map.xml", 301, "/maps/new.xml")
                .resource("/maps/new.xml", "application/xml", xml(urlset(
                        "<loc>" + base + "/listed</loc><lastmod>2024-05-01</lastmod><priority>0.8</priority>")))
                .page("/listed", "l").start()) {
            Map<String, List<FoundLink>> links = new ConcurrentHashMap<>();
            CrawlRun run;
            try (Crawler crawler = Crawler.builder(CrawlConfig.builder().root(base + "/").sitemaps(true)
                    .retryBackoff(Duration.ofMillis(5), Duration.ofMillis(50)).build()).build()) {
                Map<String, CrawlRecord> records = new ConcurrentHashMap<>();
                crawler.addListener(finished -> {
                    records.put(finished.record().url().toString(), finished.record());
                    if (!finished.links().isEmpty()) links.put(finished.record().url().toString(), finished.links());
                });
                run = new CrawlRun(crawler.crawl(), records, Map.of());
            }
            assertEquals(301, run.record(base + "/old-map.xml").status());
            assertEquals(200, run.record(base + "/maps/new.xml").status());
            assertEquals(404, run.record(base + "/gone.xml").status());
            assertEquals(404, run.record(base + "/sitemap.xml").status());
            assertEquals(1, run.record(base + "/listed").depth());
            assertEquals(base + "/maps/new.xml", run.record(base + "/listed").referrer().toString());
            FoundLink entry = links.get(base + "/maps/new.xml").getFirst();
            assertEquals("url", entry.link().element());
            assertEquals(0.8, entry.link().priority());
            assertTrue(entry.link().lastmod().startsWith("2024-05-01"), entry.link().lastmod());
            assertTrue(run.summary().ledgerBalances());
        }
    }

    @Test
    void sitemapsArePacedLikePages() {
        int port = TestSite.freePort();
        String base = "http://127.0.0.1:" + port;
        try (TestSite site = TestSite.builder().port(port).page("/", "home")
                .resource("/sitemap.xml", "application/xml", xml(urlset("<loc>" + base + "/a</loc>",
                        "<loc>" + base + "/b</loc>")))
                .page("/a", "a").page("/b", "b").start()) {
            CrawlRun.of(CrawlConfig.builder().root(base + "/").sitemaps(true).delay(Duration.ofMillis(300)));
            List<RecordedRequest> fetches = site.requests().stream()
                    .filter(r -> !r.target().equals("/robots.txt")).toList();
            assertEquals(4, fetches.size());
            for (int i = 1; i < fetches.size(); i++) {
                long gap = fetches.get(i).startNanos() - fetches.get(i - 1).startNanos();
                assertTrue(gap >= Duration.ofMillis(270).toNanos(), "gap " + gap / 1_000_000 + " ms before "
                        + fetches.get(i).target());
            }
        }
    }

    @Test
    void sitemapIndexesAreBounded() {
        int port = TestSite.freePort();
        String base = "http://127.0.0.1:" + port;
        StringBuilder index = new StringBuilder("<?xml version='1.0'?><sitemapindex "
                + "xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'>");
        for (int i = 0; i < Crawler.MAX_SITEMAPS + 50; i++) {
            index.append("<sitemap><loc>").append(base).append("/sm").append(i).append(".xml</loc></sitemap>");
        }
        index.append("</sitemapindex>");
        try (TestSite site = TestSite.builder().port(port).page("/", "home")
                .resource("/sitemap.xml", "application/xml", xml(index.toString()))
                .generated(t -> t.startsWith("/sm") ? new Route.Respond(200, Map.of("Content-Type",
                        "application/xml"), xml(urlset())) : null)
                .start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(base + "/").sitemaps(true).perHost(8));
            long fetched = site.requests().stream().filter(r -> r.target().startsWith("/sm")).count();
            assertEquals(Crawler.MAX_SITEMAPS - 1, fetched); // /sitemap.xml is the first of them
            assertEquals(51L, run.summary().dropped().get("max-sitemaps"));
        }
    }
}
