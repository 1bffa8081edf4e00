package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.loomcrawl.cli.CrawlCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A re-crawl's 304s (not modified) in the text, JSON Lines and HTML reports: never errors, and of the content type
 * (and charset) of the capture they validated, which the 304 does not repeat.
 */
class RecrawlAccountingTest {
    @TempDir
    Path tmp;

    private static TestSite site() {
        return TestSite.builder()
                .page("/", "<a href=/etag>e</a> <a href=/dated>d</a> <a href=/notes.txt>n</a>") // no validators
                .route("/etag", new Route.Validated("\"1\"", null, Route.Respond.html("etag")))
                .route("/dated", new Route.Validated(null, "Wed, 21 Oct 2015 07:28:00 GMT",
                        Route.Respond.html("dated")))
                .route("/notes.txt", new Route.Validated("\"n\"", null, new Route.Respond(200,
                        Map.of("Content-Type", "text/plain; charset=iso-8859-1"),
                        "notes".getBytes(StandardCharsets.ISO_8859_1))))
                .start();
    }

    private static String svgTitles(Document doc, String chart) {
        Element svg = doc.selectFirst("svg[aria-label='" + chart + "']");
        return String.join("; ", svg.select("circle > title, rect > title").eachText());
    }

    @Test
    void notModifiedIsNeverAnErrorAndKeepsItsCapturesContentType() throws Exception {
        try (TestSite site = site()) {
            String state = tmp.resolve("crawl.db").toString();
            Path records = tmp.resolve("records.jsonl");
            Path html = tmp.resolve("report.html");
            CrawlCommandTest.Run first = run("crawl", "-q", "--state", state, "--output", records.toString(),
                    "--html-report", html.toString(), site.url("/"));
            assertEquals(0, first.exit(), first.err());

            for (int pass = 2; pass <= 3; pass++) { // the second 304 in a row still knows the type
                CrawlCommandTest.Run again = run("recrawl", "-q", state);
                assertEquals(0, again.exit(), again.err());
                List<String> lines = again.out().lines().toList();
                assertTrue(lines.contains(site.url("/etag") + " 304 text/html utf-8 0 not-modified"), again.out());
                assertTrue(lines.contains(site.url("/dated") + " 304 text/html utf-8 0 not-modified"), again.out());
                assertTrue(lines.contains(site.url("/notes.txt") + " 304 text/plain iso-8859-1 0 not-modified"),
                        again.out());
                assertTrue(lines.contains("         3 not_modified") && lines.contains("         3 status_304"),
                        again.out());
                assertFalse(lines.stream().anyMatch(l -> l.matches(" *\\d+ error(_bytes)?")),
                        "no error: " + again.out());
            }

            List<String> notModified = Files.readAllLines(records).stream()
                    .filter(l -> l.contains("\"change\":\"not-modified\"")).toList();
            assertEquals(6, notModified.size(), "three in each of two passes");
            assertEquals(2, notModified.stream().filter(l -> l.contains("/notes.txt\"")
                    && l.contains("\"content_type\":\"text/plain\"") && l.contains("\"charset\":\"iso-8859-1\""))
                    .count());
            assertEquals(4, notModified.stream().filter(l -> l.contains("\"content_type\":\"text/html\"")).count());
            CrawlCommandTest.Run jsonl = run("report", "--format", "jsonl", state);
            assertTrue(jsonl.out().lines().filter(l -> l.contains("\"status\":304"))
                    .allMatch(l -> l.contains("\"content_type\":\"text/")), jsonl.out());

            Document doc = Jsoup.parse(html.toFile());
            String statuses = svgTitles(doc, "URLs by status class");
            assertTrue(statuses.contains("2xx: 1") && statuses.contains("not modified: 3"), statuses);
            assertFalse(statuses.contains("3xx"), "a 304 is not a redirect: " + statuses);
            String types = svgTitles(doc, "Responses by content type");
            assertEquals("text/html: 3; text/plain: 1", types);
            assertEquals("0", doc.select(".card").stream().filter(c -> c.selectFirst(".label").text()
                    .startsWith("error")).findFirst().orElseThrow().selectFirst(".value").text());
            Element host = doc.select("section table:not(.broken) tbody tr").first();
            List<String> heads = doc.select("section table:not(.broken) thead th").eachText();
            assertEquals(List.of("Host", "URLs", "2xx", "not modified", "3xx", "4xx", "5xx", "failed"),
                    heads.subList(0, 8));
            assertEquals(List.of("4", "1", "3", "0", "0", "0", "0"),
                    host.children().subList(1, 8).stream().map(Element::text).toList());
        }
    }
}
