package dev.loomcrawl.output.lines;

import dev.loomcrawl.internal.journal.JournalWriter;
import dev.loomcrawl.journal.Journal;
import dev.loomcrawl.output.Crawls;
import dev.loomcrawl.testkit.TestSite;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The link graph output (--links), from real crawls. */
class LinkFileTest {
    @TempDir
    Path dir;

    private static TestSite site() {
        return TestSite.builder()
                .page("/", "<link rel=stylesheet href=/s.css><link rel=alternate hreflang=' de ' href=/a>"
                        + "<a href=/a rel='external noopener'>The  <b>A</b>\npage</a>"
                        + "<img src=/i.png alt=x><a href='http://elsewhere.test/x'>out, \"quoted\"</a>")
                .page("/a", "<a href=/>home</a>")
                .resource("/s.css", "text/css", new byte[10])
                .resource("/i.png", "image/png", new byte[10])
                .start();
    }

    private static Map<String, Object> first(List<Map<String, Object>> links,
                                             java.util.function.Predicate<Map<String, Object>> which) {
        return links.stream().filter(which).findFirst().orElseThrow();
    }

    @Test
    void jsonLinesHaveOneLinePerLinkFoundWithWhereItWas() throws IOException {
        Path file = dir.resolve("links.ndjson");
        try (TestSite site = site()) {
            Crawls.runWith(Crawls.from(site, "/"), journal -> LinkFile.open(file, LineFormat.JSONL, journal));
            List<Map<String, Object>> links = Files.readAllLines(file).stream().map(TestJson::object).toList();
            assertEquals(6, links.size(), links.toString());
            Map<String, Object> a = first(links, l -> l.get("to").equals(site.url("/a")) && l.get("element").equals("a"));
            Map<String, Object> expected = new java.util.HashMap<>(Map.of("from", site.url("/"), "to", site.url("/a"),
                    "element", "a", "attribute", "href", "text", "The A page", "rel", "external noopener",
                    "in_scope", true, "followed", true));
            expected.put("not_followed", null);
            expected.put("lastmod", null);
            expected.put("priority", null);
            expected.put("hreflang", null);
            assertEquals(expected, a);
            Map<String, Object> alternate = first(links, l -> "alternate".equals(l.get("rel")));
            assertEquals(site.url("/a"), alternate.get("to"));
            assertEquals("de", alternate.get("hreflang"));
            Map<String, Object> css = first(links, l -> "stylesheet".equals(l.get("rel")));
            assertEquals("link", css.get("element"));
            assertEquals(null, css.get("hreflang"));
            Map<String, Object> img = first(links, l -> l.get("element").equals("img"));
            assertEquals("src", img.get("attribute"));
            Map<String, Object> out = first(links, l -> l.get("in_scope").equals(false));
            assertEquals("http://elsewhere.test/x", out.get("to"));
            assertEquals("out, \"quoted\"", out.get("text"));
            assertEquals(false, out.get("followed"));
            assertEquals("out-of-scope", out.get("not_followed"));
            Map<String, Object> home = first(links, l -> l.get("from").equals(site.url("/a")));
            assertEquals(site.url("/"), home.get("to"));
        }
    }

    @Test
    void csvHasAHeaderRowAndQuotesTextThatNeedsIt() throws IOException {
        Path file = dir.resolve("links.csv");
        try (TestSite site = site()) {
            Crawls.runWith(Crawls.from(site, "/"), journal -> LinkFile.open(file, LineFormat.CSV, journal));
            assertTrue(Files.readString(file).startsWith(
                    "from,to,element,attribute,text,rel,in_scope,followed,not_followed,lastmod,priority,hreflang\r\n"));
            List<CSVRecord> rows = RecordFileTest.parseCsv(file);
            assertEquals(6, rows.size());
            List<CSVRecord> withLang = rows.stream().filter(r -> !r.get("hreflang").isEmpty()).toList();
            assertEquals(1, withLang.size());
            assertEquals(List.of(site.url("/a"), "alternate", "de"),
                    List.of(withLang.getFirst().get("to"), withLang.getFirst().get("rel"), withLang.getFirst().get("hreflang")));
            CSVRecord out = rows.stream().filter(r -> r.get("in_scope").equals("false")).findFirst().orElseThrow();
            assertEquals("out, \"quoted\"", out.get("text"));
            assertEquals("http://elsewhere.test/x", out.get("to"));
        }
    }

    @Test
    void aCrawlCancelledPartWayLeavesOnlyCompleteLines() throws IOException {
        Path jsonl = dir.resolve("links.jsonl");
        Path csv = dir.resolve("links.csv");
        try (TestSite site = Crawls.slowSite(60, 20, Duration.ofSeconds(30))) {
            Crawls.cancelledAfterWith(15, Crawls.from(site, "/").maxTasks(30),
                    journal -> LinkFile.open(jsonl, LineFormat.JSONL, journal),
                    journal -> LinkFile.open(csv, LineFormat.CSV, journal));
            List<String> lines = Files.readAllLines(jsonl);
            assertTrue(lines.size() >= 60 + 14, "the root's 60 links and one per page done: " + lines.size());
            lines.forEach(TestJson::object);
            assertEquals(lines.size(), RecordFileTest.parseCsv(csv).size());
        }
    }

    @Test
    void theLinkGraphIsJsonLinesOrCsvOnly() {
        assertThrows(IllegalArgumentException.class,
                () -> LinkFile.open(dir.resolve("l.txt"), LineFormat.TEXT, JournalWriter.inMemory()));
    }
}
