package dev.loomcrawl;

import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A URL whose redirects lead nowhere gets a record that says so, instead of a warning on stderr. */
class RedirectFailuresTest {

    @Test
    void aRedirectLoopMarksTheRedirectThatClosesIt() {
        try (TestSite site = TestSite.builder()
                .page("/", "<a href=/a>a</a>")
                .redirect("/a", 302, "/b")
                .redirect("/b", 301, "/a")
                .start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")));
            CrawlRecord a = run.record(site.url("/a"));
            CrawlRecord b = run.record(site.url("/b"));
            assertNull(a.errorKind());
            assertEquals(ErrorKind.REDIRECT_LOOP, b.errorKind());
            assertEquals(301, b.status());
            assertEquals(site.url("/a"), b.nextUrl());
            assertEquals("redirect loop: " + site.url("/a") + " -> " + site.url("/b") + " -> " + site.url("/a"),
                    b.error());
            assertEquals(1, site.requestCount("/a"));
        }
    }

    @Test
    void aUrlRedirectingToItselfIsALoop() {
        try (TestSite site = TestSite.builder().redirect("/", 302, "/").start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")));
            assertEquals(ErrorKind.REDIRECT_LOOP, run.record(site.url("/")).errorKind());
            assertEquals(1, run.records().size());
        }
    }

    @Test
    void aChainLongerThanTheLimitRecordsTheTargetNotFollowed() {
        try (TestSite site = TestSite.builder()
                .redirect("/r0", 302, "/r1")
                .redirect("/r1", 302, "/r2")
                .redirect("/r2", 302, "/r3")
                .page("/r3", "never reached")
                .start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/r0")).maxRedirects(2));
            CrawlRecord r3 = run.record(site.url("/r3"));
            assertEquals(ErrorKind.REDIRECT_LIMIT, r3.errorKind());
            assertEquals(site.url("/r2"), r3.referrer().toString());
            assertEquals(0, r3.attempts());
            assertTrue(r3.error().endsWith(": more than 2 redirects"), r3.error());
            assertEquals(0, site.requestCount("/r3"));
            assertEquals(4, run.records().size());
        }
    }

    @Test
    void twoUrlsRedirectingToOneTargetAreNotALoop() {
        try (TestSite site = TestSite.builder()
                .page("/", "<a href=/x>x</a> <a href=/y>y</a>")
                .redirect("/x", 301, "/t")
                .redirect("/y", 301, "/t")
                .page("/t", "target")
                .start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")).maxTasks(1));
            for (String p : new String[] {"/x", "/y", "/t"}) assertNull(run.record(site.url(p)).errorKind(), p);
            assertEquals(1, site.requestCount("/t"));
        }
    }

    @Test
    void aLoopAndALimitCountAsBrokenLinksWithTheirReferrers(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        try (TestSite site = TestSite.builder()
                .page("/", "<a href=/a>loop</a> <a href=/r0>chain</a>")
                .redirect("/a", 302, "/b")
                .redirect("/b", 302, "/a")
                .redirect("/r0", 302, "/r1")
                .redirect("/r1", 302, "/r2")
                .start()) {
            dev.loomcrawl.report.LinkCheck check = new dev.loomcrawl.report.LinkCheck();
            java.nio.file.Path html = dir.resolve("report.html");
            try (dev.loomcrawl.report.HtmlReport report = dev.loomcrawl.report.HtmlReport.open(html);
                 Crawler crawler = Crawler.builder(CrawlConfig.builder().root(site.url("/")).maxRedirects(1).build())
                         .build()) {
                report.finish(crawler.addListener(check).addListener(report).crawl());
            }
            // each is listed under the URL that redirected to it, as a redirect's broken target always is
            assertEquals(java.util.List.of(
                            new dev.loomcrawl.report.LinkCheck.Broken(site.url("/b"), "redirect-loop",
                                    java.util.List.of(site.url("/a")), 1),
                            new dev.loomcrawl.report.LinkCheck.Broken(site.url("/r2"), "redirect-limit",
                                    java.util.List.of(site.url("/r1")), 1)),
                    check.broken(), check.broken().toString());
            // the HTML report lists both among its broken links, under the same referrers
            java.util.Map<String, String> rows = new java.util.HashMap<>();
            for (org.jsoup.nodes.Element tr : org.jsoup.Jsoup.parse(html.toFile()).select("table.broken tbody tr")) {
                rows.put(tr.child(0).text(), tr.child(1).text() + " " + tr.child(2).select("li").eachText());
            }
            assertEquals(java.util.Map.of(site.url("/b"), "redirect-loop [" + site.url("/a") + "]",
                    site.url("/r2"), "redirect-limit [" + site.url("/r1") + "]"), rows);
        }
    }
}
