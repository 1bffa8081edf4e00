package dev.loomcrawl;

import dev.loomcrawl.result.FoundLink;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A sitemap is a site's file like any other: what it inflates to and how many entries are taken from it are
 * bounded, and what was cut is said in its record.
 */
@Timeout(120)
class SitemapBoundsTest {

    private static byte[] gzip(String head, String filler, long fillerTimes, String tail) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out, 1 << 16)) {
            gz.write(head.getBytes(StandardCharsets.UTF_8));
            byte[] chunk = filler.repeat(1 << 16).getBytes(StandardCharsets.UTF_8);
            for (long i = 0; i < fillerTimes; i += 1 << 16) gz.write(chunk);
            gz.write(tail.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static String urls(String base, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) sb.append("<url><loc>").append(base).append(i).append("</loc></url>\n");
        return sb.toString();
    }

    private static final String URLSET = "<?xml version='1.0'?><urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'>";

    @Test
    void aGzippedSitemapThatInflatesPastTheBodyCapIsRecordedNotRead() {
        int port = TestSite.freePort();
        String base = "http://127.0.0.1:" + port;
        // 200 MiB of blanks between two entries: some 200 KB gzipped, far under the 10 MiB body cap
        byte[] bomb = gzip(URLSET + "<url><loc>" + base + "/first</loc></url>", " ", 200L << 20,
                "<url><loc>" + base + "/last</loc></url></urlset>");
        assertTrue(bomb.length < 1 << 20, "gzipped: " + bomb.length);
        try (TestSite site = TestSite.builder().port(port).page("/", "home").page("/first", "f").page("/last", "l")
                .resource("/sitemap.xml.gz", "application/x-gzip", bomb)
                .robots("User-agent: *\nSitemap: " + base + "/sitemap.xml.gz\n").start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(base + "/").sitemaps(true).maxTasks(2));
            CrawlRecord map = run.record(base + "/sitemap.xml.gz");
            assertEquals(200, map.status());
            assertEquals(bomb.length, map.size());
            assertEquals("sitemap not read: its " + bomb.length + " gzipped bytes inflate to more than "
                    + (10 << 20) + " bytes", map.error());
            assertEquals(0, site.requestCount("/first"));
        }
    }

    @Test
    void aGzippedSitemapWithinTheBoundIsReadWhateverItsContentType() {
        int port = TestSite.freePort();
        String base = "http://127.0.0.1:" + port;
        byte[] small = gzip(URLSET + urls(base + "/p", 3), " ", 1 << 20, "</urlset>");
        byte[] text = gzip(base + "/t0\n" + base + "/t1\n", "", 0, base + "/t2\n");
        try (TestSite site = TestSite.builder().port(port).page("/", "home").page("/p0", "0").page("/p1", "1")
                .page("/p2", "2").page("/t0", "0").page("/t1", "1").page("/t2", "2")
                .resource("/sitemap.xml", "application/octet-stream", small)
                .resource("/maps/urls.txt.gz", "application/gzip", text)
                .robots("User-agent: *\nSitemap: " + base + "/maps/urls.txt.gz\n").start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(base + "/").sitemaps(true).maxTasks(2));
            assertNull(run.record(base + "/sitemap.xml").error());
            assertNull(run.record(base + "/maps/urls.txt.gz").error());
            for (int i = 0; i < 3; i++) assertEquals(200, run.record(base + "/p" + i).status());
            for (int i = 0; i < 3; i++) assertEquals(200, run.record(base + "/t" + i).status());
        }
    }

    @Test
    void aSitemapOfMoreThan50000UrlsGivesItsFirst50000() {
        int port = TestSite.freePort();
        String base = "http://127.0.0.1:" + port;
        String urlset = URLSET + urls("http://elsewhere.example/p", 60_000) + "</urlset>";
        try (TestSite site = TestSite.builder().port(port).page("/", "home")
                .resource("/sitemap.xml", "application/xml", urlset.getBytes(StandardCharsets.UTF_8)).start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(base + "/").sitemaps(true).maxTasks(2));
            CrawlRecord map = run.record(base + "/sitemap.xml");
            assertEquals("sitemap entries cut: the first 50000 taken, 10000 more not", map.error());
            assertFalse(map.failed());
            List<FoundLink> links = run.links(base + "/sitemap.xml");
            assertEquals(50_000, links.size());
            assertEquals("http://elsewhere.example/p49999", links.getLast().link().to());
            assertEquals(10_000L, run.summary().unfollowed().get("max-sitemap-entries"));
        }
    }

    @Test
    void aSitemapIndexOfMoreThan50000SitemapsGivesItsFirst50000() {
        int port = TestSite.freePort();
        String base = "http://127.0.0.1:" + port;
        StringBuilder index = new StringBuilder("<?xml version='1.0'?><sitemapindex "
                + "xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'>");
        for (int i = 0; i < 50_010; i++) {
            index.append("<sitemap><loc>http://elsewhere.example/map").append(i).append(".xml</loc></sitemap>\n");
        }
        index.append("</sitemapindex>");
        try (TestSite site = TestSite.builder().port(port).page("/", "home")
                .resource("/sitemap.xml", "application/xml", index.toString().getBytes(StandardCharsets.UTF_8))
                .start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(base + "/").sitemaps(true).maxTasks(2));
            assertEquals("sitemap entries cut: the first 50000 taken, 10 more not",
                    run.record(base + "/sitemap.xml").error());
            assertEquals(50_000, run.links(base + "/sitemap.xml").size());
        }
    }
}
