package dev.loomcrawl.report;

import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.output.Chromium;
import dev.loomcrawl.output.Crawls;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.testkit.TestSite;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The HTML report (--html-report), from real crawls, read with jsoup and opened in headless Chromium. */
class HtmlReportTest {
    @TempDir
    Path dir;

    private static TestSite brokenSite(int closedPort) {
        return TestSite.builder()
                .page("/", "<a href=/a>a</a> <a href=/missing>m</a> <a href=/error>e</a> <a href=/old>o</a>"
                        + "<a href='http://127.0.0.1:" + closedPort + "/down'>d</a><img src=/logo.png>")
                .page("/a", "<a href=/missing>m</a> <a href=/>home</a>")
                .status("/error", 500)
                .redirect("/old", 301, "/gone")
                .resource("/logo.png", "image/png", new byte[2000])
                .start();
    }

    private Document crawlAndRead(TestSite site, Path file) throws Exception {
        try (HtmlReport report = HtmlReport.open(file)) {
            // a broken site's closed port is another local origin: allowed, so that its connection is refused
            CrawlSummary summary = Crawls.run(Crawls.from(site, "/").allowPrivate(true), report);
            report.finish(summary);
        }
        return Jsoup.parse(file.toFile());
    }

    private static Element row(Document doc, String tableSelector, String firstCell) {
        for (Element tr : doc.select(tableSelector + " tbody tr")) {
            if (tr.child(0).text().equals(firstCell)) return tr;
        }
        throw new AssertionError("no row for " + firstCell + " in " + doc.select(tableSelector).text());
    }

    @Test
    void reportShowsChartsHostsAndEveryBrokenLinkWithThePagesLinkingToIt() throws Exception {
        int closed = Crawls.closedPort();
        try (TestSite site = brokenSite(closed)) {
            Document doc = crawlAndRead(site, dir.resolve("report.html"));
            assertEquals(List.of("URLs by status class", "Pages by depth", "Response time histogram",
                    "Responses by content type", "Bytes by content type"), doc.select("svg > title").eachText());
            assertEquals("8", doc.selectFirst(".card .value").text()); // /, a, missing, error, old, gone, logo, down

            Element broken = row(doc, "table.broken", site.url("/missing"));
            assertEquals("404", broken.child(1).text());
            // the pages linking to it, in the order they finished (/a may finish first: it is queued while / is)
            assertEquals(java.util.Set.of(site.url("/"), site.url("/a")),
                    java.util.Set.copyOf(broken.child(2).select("li").eachText()));
            assertEquals("500", row(doc, "table.broken", site.url("/error")).child(1).text());
            Element down = row(doc, "table.broken", "http://127.0.0.1:" + closed + "/down");
            assertEquals("refused", down.child(1).text());
            assertEquals(List.of(site.url("/")), down.child(2).select("li").eachText());
            Element gone = row(doc, "table.broken", site.url("/gone"));
            assertEquals(List.of(site.url("/old")), gone.child(2).select("li").eachText()); // reached by redirect
            assertEquals(4, doc.select("table.broken tbody tr").size());

            Element host = row(doc, "section table:not(.broken)", "127.0.0.1:" + site.port());
            assertEquals(List.of("7", "3", "1", "2", "1", "0"),
                    host.children().subList(1, 7).stream().map(Element::text).toList());
            Element failed = row(doc, "section table:not(.broken)", "127.0.0.1:" + closed);
            assertEquals("1", failed.child(6).text());
        }
    }

    @Test
    void theReportIsSelfContained() throws Exception {
        try (TestSite site = brokenSite(Crawls.closedPort())) {
            Document doc = crawlAndRead(site, dir.resolve("report.html"));
            assertTrue(doc.select("script, link, img, iframe, object, embed, video, audio, source").isEmpty());
            String css = doc.select("style").html();
            assertFalse(css.contains("url(") || css.contains("@import") || css.contains("@font-face"), css);
            for (Element e : doc.select("[src], [srcset], [data]")) throw new AssertionError("loads " + e);
            assertEquals("utf-8", doc.selectFirst("meta[charset]").attr("charset"));
        }
    }

    @Test
    void theReferrersOfABrokenLinkAreCappedAndCounted() throws Exception {
        TestSite.Builder b = TestSite.builder();
        StringBuilder index = new StringBuilder();
        for (int i = 0; i < 15; i++) {
            b.page("/p" + i, "<a href=/missing>m</a><a href=/missing>again</a>");
            index.append("<a href=/p").append(i).append(">p</a>");
        }
        try (TestSite site = b.page("/", index.toString()).start()) {
            Document doc = crawlAndRead(site, dir.resolve("report.html"));
            Element missing = row(doc, "table.broken", site.url("/missing"));
            assertEquals(HtmlReport.REFERRERS, missing.child(2).select("li").size());
            assertEquals("and 5 more", missing.child(2).selectFirst("div.muted").text());
        }
    }

    @Test
    void aCrawlWithoutBrokenLinksSaysSoAndAnInterruptedOneSaysThat() throws Exception {
        Path file = dir.resolve("report.html");
        try (TestSite site = Crawls.slowSite(30, 5, Duration.ofSeconds(30))) {
            try (HtmlReport report = HtmlReport.open(file)) {
                report.finish(Crawls.cancelledAfter(4, Crawls.from(site, "/").maxTasks(10), report));
            }
            Document doc = Jsoup.parse(file.toFile());
            String warning = doc.selectFirst("header p.warning").text();
            assertTrue(warning.startsWith("Interrupted: "), warning);
            assertTrue(doc.selectFirst("p.none").text().startsWith("No broken links"));
        }
    }

    /** Once a crawl was crawled again (a record has a change), the report charts the changes; never before. */
    @Test
    void aRecrawledCrawlsReportChartsItsChanges() throws Exception {
        Path file = dir.resolve("report.html");
        java.util.List<CrawlRecord> records = new java.util.ArrayList<>();
        dev.loomcrawl.result.Change[] changes = {dev.loomcrawl.result.Change.NOT_MODIFIED, dev.loomcrawl.result.Change.NOT_MODIFIED,
                dev.loomcrawl.result.Change.CHANGED, null};
        for (int i = 0; i < changes.length; i++) {
            records.add(CrawlRecord.builder(dev.loomcrawl.url.WebUrl.parse("http://a.test/" + i)).status(200).size(10)
                    .contentType("text/html").encoding("utf-8").depth(1).startedAt(java.time.Instant.now())
                    .duration(Duration.ofMillis(5)).attempts(1).change(changes[i]).build());
        }
        CrawlSummary summary = new CrawlSummary(4, 0, Duration.ofSeconds(1), 10, false, java.time.Instant.now(), null,
                java.util.Map.of());
        HtmlReport.write(file, each -> records.forEach(each), summary);
        Document doc = Jsoup.parse(file.toFile());
        Element panel = doc.select("section.panel").stream()
                .filter(s -> s.selectFirst("h2").text().equals("Changes since the last pass")).findFirst().orElseThrow();
        String text = panel.text();
        assertTrue(text.contains("not-modified") && text.contains("changed") && text.contains("first capture"), text);
        assertTrue(text.contains("2"), "two not modified: " + text);

        HtmlReport.write(file, each -> records.subList(3, 4).forEach(each), summary);
        assertTrue(Jsoup.parse(file.toFile()).select("h2").stream()
                .noneMatch(h -> h.text().equals("Changes since the last pass")), "a first pass has no changes");
    }

    /** One URL, one error, one left to do: each said as one. */
    @Test
    void aCountOfOneIsSaidAsOne() throws Exception {
        Path file = dir.resolve("report.html");
        CrawlRecord missing = CrawlRecord.builder(dev.loomcrawl.url.WebUrl.parse("http://a.test/missing")).status(404)
                .size(9).contentType("text/html").encoding("utf-8").startedAt(java.time.Instant.now())
                .duration(Duration.ofMillis(5)).attempts(1).build();
        CrawlSummary summary = new CrawlSummary(1, 1, Duration.ofSeconds(1), 10, true, java.time.Instant.now(), null,
                java.util.Map.of());
        HtmlReport.write(file, each -> each.accept(missing), summary);
        Document doc = Jsoup.parse(file.toFile());
        assertEquals("Interrupted: 1 URL was left to do.", doc.selectFirst("header p.warning").text());
        assertTrue(doc.selectFirst("p.note").text().startsWith("1 URL answered 4xx or 5xx or could not be fetched."),
                doc.selectFirst("p.note").text());
        assertEquals(List.of("URL", "error", "host"), doc.select(".card .label").eachText().subList(0, 3));
    }

    @Test
    void aPathThatCannotBeWrittenFailsAtOpen() {
        OutputException e = assertThrows(OutputException.class, () -> HtmlReport.open(dir.resolve("no/report.html")));
        assertEquals("cannot write " + dir.resolve("no/report.html") + ": No such file or directory", e.getMessage());
        assertThrows(OutputException.class, () -> HtmlReport.open(dir));
    }

    @Test
    void chromiumRendersTheChartsAndTables() throws Exception {
        assumeTrue(Chromium.installed(), "needs /usr/bin/chromium (scripts/test installs it)");
        Path file = dir.resolve("report.html");
        int closed = Crawls.closedPort();
        try (TestSite site = brokenSite(closed)) {
            crawlAndRead(site, file);
            Document dom = Jsoup.parse(Chromium.dumpDom(file));
            assertEquals(5, dom.select("svg").size());
            assertTrue(dom.select("svg rect").size() >= 15);
            assertEquals(site.url("/missing"), row(dom, "table.broken", site.url("/missing")).child(0).text());
            assertTrue(dom.text().contains("Broken links"));

            Path png = dir.resolve("report.png");
            Chromium.screenshot(file, png, 1600);
            byte[] bytes = Files.readAllBytes(png);
            assertEquals(0x89504e47, java.nio.ByteBuffer.wrap(bytes, 0, 4).getInt(), "a PNG");
            assertEquals(1280, java.nio.ByteBuffer.wrap(bytes, 16, 4).getInt()); // IHDR width
            assertTrue(bytes.length > 20_000, "a page with content, not a blank one: " + bytes.length);
        }
    }
}
