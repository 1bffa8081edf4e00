package dev.loomcrawl;

import dev.loomcrawl.reason.LinkReason;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FoundLink;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pages built to break the parsers, crawled for real: each is recorded with its status (none is lost to a
 * parser's exception), the ledger balances, and the page's other links are still followed where the page
 * could be read.
 */
@Timeout(120)
class HostilePagesTest {

    /** The three pages measured to crash the crawl, each linking to /after (which must be crawled too). */
    static Map<String, String> measuredCrashes() {
        Map<String, String> pages = new TreeMap<>();
        pages.put("/comment", "<!--" + "--!".repeat(500) + "x--><a href='/after'>x</a>");
        StringBuilder attrs = new StringBuilder("<a href='/after'");
        for (int i = 0; i < 2000; i++) attrs.append(" a").append(i).append("=v");
        pages.put("/attributes", attrs.append(">x</a>").toString());
        pages.put("/host", "<a href='/after'>ok</a><a href='http://" + "a".repeat(2000) + "/'>long</a>");
        return pages;
    }

    private static CrawlRun crawl(TestSite site, List<String> paths) {
        CrawlConfig.Builder config = CrawlConfig.builder().maxTasks(2);
        for (String p : paths) config.root(site.url(p));
        return CrawlRun.of(config);
    }

    @Test
    void pagesThatCrashedTheParsersAreRecordedAndTheirLinksFollowed() {
        Map<String, String> pages = measuredCrashes();
        try (TestSite site = TestSite.builder().pages(pages).page("/after", "after").start()) {
            CrawlRun run = crawl(site, List.copyOf(pages.keySet()));
            for (String p : pages.keySet()) {
                CrawlRecord r = run.record(site.url(p));
                assertEquals(200, r.status(), p);
                assertFalse(r.failed(), p);
                assertEquals(p.equals("/attributes") ? "1001 attributes ignored past 1000 in a tag" : null, r.error(), p);
                assertTrue(run.links(site.url(p)).stream().anyMatch(l -> l.followed()), p);
            }
            assertEquals(200, run.record(site.url("/after")).status());
            assertEquals(pages.size() + 1, run.summary().done());
        }
    }

    @Test
    void aHostTooLongForTheDnsIsABadLinkNotAnError() {
        String longLabel = "b".repeat(64) + ".example";
        String longHost = ("c".repeat(60) + ".").repeat(5) + "example"; // 312 characters, labels of 60
        String idn = "\u00e9".repeat(2000) + ".example";
        try (TestSite site = TestSite.builder().page("/", "<a href='http://" + longLabel + "/'>1</a>"
                + "<a href='http://" + longHost + "/'>2</a><a href='http://" + idn + "/'>3</a>"
                + "<a href='//" + "d".repeat(3000) + "/x'>4</a><a href='/after'>ok</a>")
                .page("/after", "after").start()) {
            CrawlRun run = crawl(site, List.of("/"));
            assertNull(run.record(site.url("/")).error());
            List<FoundLink> links = run.links(site.url("/"));
            assertEquals(5, links.size());
            for (FoundLink l : links.subList(0, 4)) {
                assertFalse(l.link().fetchable(), l.link().href());
                assertEquals(LinkReason.INVALID_URL, l.notFollowed(), l.link().href());
            }
            assertEquals(4L, run.summary().unfollowed().get("invalid-url"));
            assertTrue(run.has(site.url("/after")));
        }
    }

    /** Adversarial pages: each must be recorded with its status, none lost, and the ledger must balance. */
    static Map<String, byte[]> adversarial() {
        Map<String, byte[]> pages = new TreeMap<>();
        pages.put("/nested-divs", utf8("<div>".repeat(200_000) + "<a href='/after'>x</a>"));
        pages.put("/nested-tables", utf8("<table><tr><td>".repeat(30_000) + "<a href='/after'>x</a>"));
        pages.put("/nested-formatting", utf8("<b><i><a href='/after'>".repeat(20_000)));
        pages.put("/nested-svg", utf8("<svg><foreignObject>".repeat(20_000) + "<a href='/after'>x</a>"));
        StringBuilder many = new StringBuilder("<a href='/after'");
        for (int i = 0; i < 100_000; i++) many.append(" a").append(i).append("='v'");
        pages.put("/100k-attributes", utf8(many.append(">x</a>").toString()));
        pages.put("/100k-attributes-nul", utf8(many.toString().replace(" a7=", " a\u0000=")));
        pages.put("/unterminated-comment", utf8("<a href='/after'>x</a><!--" + "-!-".repeat(100_000)));
        pages.put("/bang-comments", utf8("<!--" + "--!".repeat(100_000) + "<a href='/after'>x</a>"));
        pages.put("/dash-comments", utf8("<!----x" + "--!x".repeat(1000) + "--><a href='/after'>x</a>"));
        pages.put("/unterminated-script", utf8("<a href='/after'>x</a><script>" + "<!--<script>".repeat(50_000)));
        pages.put("/unterminated-attribute", utf8("<a href='/after'>x</a><a href='" + "x".repeat(500_000)));
        pages.put("/huge-host", utf8("<a href='/after'>x</a><a href='http://" + "\u00e9".repeat(100_000) + "/'>y</a>"));
        pages.put("/huge-label", utf8("<a href='/after'>x</a><a href='https://" + "a".repeat(100_000) + ".com/'>y</a>"));
        pages.put("/huge-port", utf8("<a href='/after'>x</a><a href='http://h:" + "9".repeat(100_000) + "/'>y</a>"));
        pages.put("/huge-ipv6", utf8("<a href='/after'>x</a><a href='http://[" + "1:".repeat(50_000) + "]/'>y</a>"));
        pages.put("/dots", utf8("<a href='/after'>x</a><a href='" + "../".repeat(100_000) + "'>y</a>"));
        pages.put("/percent-host", utf8("<a href='/after'>x</a><a href='http://" + "%C3%A9".repeat(50_000) + "/'>y</a>"));
        pages.put("/nuls", utf8("<a href='/after'>x</a>" + "\u0000<b>".repeat(10_000)));
        byte[] loneSurrogate = {(byte) 0xED, (byte) 0xA0, (byte) 0x80}; // U+D800 encoded: not UTF-8
        pages.put("/bad-utf8", concat(utf8("<a href='/after'>x</a><a href='/s"), loneSurrogate,
                new byte[] {(byte) 0xC0, (byte) 0xFF, (byte) 0xF8, 0x3C}, utf8("'>y</a>"), loneSurrogate));
        pages.put("/meta-charset-junk", utf8("<meta charset='\u0000\u00ff;;'><meta http-equiv=content-type content='text/html;"
                + "charset=" + "x".repeat(100_000) + "'><a href='/after'>x</a>"));
        pages.put("/xml-declaration", utf8("<?xml version='1.0' encoding='" + "\u00e9".repeat(10_000) + "'?><a href='/after'>x</a>"));
        pages.put("/base-href", utf8("<base href='http://" + "a".repeat(5000) + "/'><a href='/after'>x</a>"));
        pages.put("/srcset", utf8("<img srcset='" + "a.png 1x, ".repeat(100_000) + "'><a href='/after'>x</a>"));
        pages.put("/style", utf8("<div style=\"" + "background:url(/a) ".repeat(100_000) + "\"></div><a href='/after'>x</a>"));
        pages.put("/refresh", utf8("<meta http-equiv=refresh content='0;url=" + "\u00e9".repeat(100_000) + "'><a href='/after'>x</a>"));
        return pages;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[]... parts) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }

    @Test
    void everyAdversarialPageIsRecordedWithItsStatus() {
        Map<String, byte[]> pages = adversarial();
        TestSite.Builder b = TestSite.builder().page("/after", "after");
        pages.forEach((p, body) -> b.resource(p, "text/html", body));
        try (TestSite site = b.start()) {
            CrawlRun run = crawl(site, List.copyOf(pages.keySet()));
            for (String p : pages.keySet()) {
                CrawlRecord r = run.record(site.url(p));
                assertEquals(200, r.status(), p);
                assertFalse(r.failed(), p);
                assertTrue(r.error() == null || !r.error().startsWith("extraction failed"), p + ": " + r.error());
            }
            assertTrue(run.has(site.url("/after")));
        }
    }

    @Test
    void aPageWhoseExtractionThrowsIsRecordedWithTheErrorAndTheCrawlGoesOn() {
        try (TestSite site = TestSite.builder().page("/", "<a href='/bomb'>b</a><a href='/after'>a</a>")
                .page("/bomb", "<a href='/never'>n</a>").page("/after", "after").page("/never", "n").start()) {
            CrawlConfig config = CrawlConfig.builder().root(site.url("/")).maxTasks(2)
                    .retryBackoff(java.time.Duration.ofMillis(5), java.time.Duration.ofMillis(50)).build();
            dev.loomcrawl.extract.StreamingLinkExtractor real = new dev.loomcrawl.extract.StreamingLinkExtractor();
            dev.loomcrawl.extract.LinkExtractor bomb = (body, charset, url) -> {
                if (url.path().equals("/bomb")) throw new StackOverflowError();
                return real.extract(body, charset, url);
            };
            Map<String, CrawlRecord> records = new java.util.concurrent.ConcurrentHashMap<>();
            CrawlSummary summary;
            try (Crawler crawler = Crawler.builder(config)
                    .frontier(new dev.loomcrawl.internal.frontier.InMemoryFrontier(2, java.time.Duration.ZERO))
                    .fetcher(new dev.loomcrawl.fetch.JettyFetcher(config.clientSetup()))
                    .linkExtractor(bomb)
                    .scope(new dev.loomcrawl.scope.RootScope(config.scope()))
                    .build()) {
                crawler.addListener(f -> records.put(f.record().url().path(), f.record()));
                summary = crawler.crawl();
            }
            assertTrue(summary.ledgerBalances(), dev.loomcrawl.report.TextReport.ledger(summary));
            CrawlRecord bombed = records.get("/bomb");
            assertEquals(200, bombed.status());
            assertEquals("extraction failed: the page is nested too deeply to read", bombed.error());
            assertEquals(3, summary.done()); // "/", "/bomb" and "/after"; "/never" is only linked from the bomb
            assertEquals(0, site.requestCount("/never"));
        }
    }

    @Test
    void linksPastTheBoundAreCountedNotKeptAndTheRecordSaysSo() {
        StringBuilder html = new StringBuilder("<link rel=stylesheet href=/s.css>");
        for (int i = 0; i < 25; i++) html.append("<a href='/p").append(i).append("'>p</a>");
        String css = "p{background:url(//elsewhere.example/i.png)}\n".repeat(30);
        try (TestSite site = TestSite.builder().page("/", html.toString())
                .resource("/s.css", "text/css", css.getBytes(java.nio.charset.StandardCharsets.UTF_8)).start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")).maxTasks(2)
                    .limits(dev.loomcrawl.limits.LimitSettings.builder().maxLinksPerPage(10).build()));
            CrawlRecord root = run.record(site.url("/"));
            assertEquals("links cut: the first 10 kept, 16 more not (max-links-per-page)", root.error());
            assertFalse(root.failed());
            assertEquals(10, run.links(site.url("/")).size());
            CrawlRecord stylesheet = run.record(site.url("/s.css"));
            assertEquals("links cut: the first 10 kept, 20 more not (max-links-per-page)", stylesheet.error());
            assertEquals(16L + 20L, run.summary().unfollowed().get("max-links-per-page"));
            assertEquals(11, run.summary().done()); // the root, the stylesheet and /p0 to /p8
            assertEquals(1, site.requestCount("/p8"));
            assertEquals(0, site.requestCount("/p9"));
        }
    }

    @Test
    void aPageOfAMillionLinksKeepsTheDefault100000() {
        StringBuilder html = new StringBuilder(32 << 20);
        for (int i = 0; i < 1_000_000; i++) html.append("<a href=//o.example/").append(i).append(">x</a>");
        try (TestSite site = TestSite.builder().page("/", html.toString()).start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")).maxBodyBytes(64 << 20));
            CrawlRecord root = run.record(site.url("/"));
            assertFalse(root.truncated());
            assertEquals("links cut: the first 100000 kept, 900000 more not (max-links-per-page)", root.error());
            assertEquals(100_000, run.links(site.url("/")).size());
            assertEquals(900_000L, run.summary().unfollowed().get("max-links-per-page"));
        }
    }
}
