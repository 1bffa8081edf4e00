package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.loomcrawl.cli.CrawlCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code loomcrawl search} on crawls made by the real command line against a real site on 127.0.0.1, with the real
 * embedding model: text for a terminal and JSON, from the chunks file, the state file and the WACZ alike; a hit's
 * capture opened by {@code loomcrawl captures --url}; a crawl without chunks refused in one line.
 */
class SearchCommandTest {
    @TempDir
    Path dir;

    static String article(String title, String... paragraphs) {
        StringBuilder html = new StringBuilder("<!doctype html><html><head><title>" + title + "</title></head><body>"
                + "<nav><a href=/>Home</a> <a href=/sorting>Sorting</a> <a href=/sockets>Sockets</a> "
                + "<a href=/zip>Zip</a></nav><main><article><h1>" + title + "</h1>");
        for (String p : paragraphs) html.append("<p>").append(p).append("</p>");
        return html.append("</article></main></body></html>").toString();
    }

    static TestSite site() {
        return TestSite.builder()
                .page("/", article("Library reference", "The library reference describes the standard modules: "
                        + "<a href=/sorting>sorting</a>, <a href=/sockets>sockets</a> and <a href=/zip>zip "
                        + "archives</a>, each on a page of its own with examples and the details of every function."))
                .page("/sorting", article("Sorting HOW TO", "The built-in sorted() function builds a new sorted list "
                        + "from an iterable, leaving the original untouched. Both list.sort() and sorted() take a key "
                        + "parameter: a function called on each element before comparisons are made, so that "
                        + "records can be ordered by one of their fields.",
                        "The sort is stable: records with equal keys keep their original order, which makes sorts "
                        + "in several passes possible, and reverse=True sorts in descending order."))
                .page("/sockets", article("Socket programming", "A socket is one endpoint of a connection between "
                        + "two programs. Create one with socket.socket(), connect it to a host and port, send bytes "
                        + "and receive them; settimeout() bounds how long a blocking call may wait before it fails.",
                        "A server binds its socket to an address, listens, and accepts connections, each a new "
                        + "socket talking to one client."))
                .page("/zip", article("Working with ZIP archives", "The zipfile module reads and writes ZIP files: "
                        + "open an archive with ZipFile, list its members with namelist(), extract one or all of "
                        + "them, or add files to a new archive, compressed with deflate or stored as they are.",
                        "A member's date, size and compression are in its ZipInfo."))
                .start();
    }

    @Test
    void searchesACrawlsChunksFusedAsTextAndJsonFromTheChunksTheStateAndTheWacz() throws Exception {
        try (TestSite site = site()) {
            Path chunks = dir.resolve("chunks.jsonl");
            String state = dir.resolve("crawl.state").toString();
            String wacz = dir.resolve("crawl.wacz").toString();
            CrawlCommandTest.Run crawl = run("crawl", "-q", "--no-progress", "--allow-private", "--state", state,
                    "--chunks", chunks.toString(), "--warc", dir.resolve("w").toString(), "--wacz", wacz,
                    site.url("/"));
            assertEquals(0, crawl.exit(), crawl.err());

            // words the page does not use: the meaning finds it
            CrawlCommandTest.Run text = run("search", chunks.toString(),
                    "keep a list ordered by a custom key without changing it");
            assertEquals(0, text.exit(), text.err());
            assertTrue(text.err().contains("embedding "), "the chunks are embedded at the first search: " + text.err());
            List<String> lines = text.out().lines().toList();
            assertEquals("1. Sorting HOW TO", lines.get(0), text.out());
            assertEquals("   " + site.url("/sorting"), lines.get(1));
            assertTrue(text.out().contains("fused "), text.out());
            assertTrue(text.out().contains("cosine "), text.out());
            assertTrue(text.out().contains("capture: w-00000.warc.gz @"), text.out());
            assertTrue(lines.getLast().contains("ranked fused"), lines.getLast());
            for (String l : lines) assertTrue(l.codePointCount(0, l.length()) <= 80, "80 columns: " + l);

            CrawlCommandTest.Run json = run("search", "--json", "--limit", "3", chunks.toString(),
                    "socket timeout");
            assertEquals(0, json.exit(), json.err());
            assertFalse(json.err().contains("embedding "), "embedded once: " + json.err());
            Map<String, Object> page = CheckForCiTest.json(json.out());
            assertEquals("fused", page.get("mode"));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> hits = (List<Map<String, Object>>) page.get("hits");
            assertTrue(hits.size() <= 3 && !hits.isEmpty(), json.out());
            Map<String, Object> first = hits.getFirst();
            assertEquals(site.url("/sockets"), first.get("url"));
            @SuppressWarnings("unchecked")
            Map<String, Object> scores = (Map<String, Object>) first.get("scores");
            assertNotNull(scores.get("fused"));
            assertNotNull(scores.get("bm25"), "the words are the page's: BM25 found it");
            assertNotNull(scores.get("cosine"));
            assertFalse(((String) first.get("passage")).contains("http"), "no link URL in the passage");

            // the citation resolves: the capture opens with loomcrawl captures --url
            @SuppressWarnings("unchecked")
            Map<String, Object> capture = (Map<String, Object>) first.get("capture");
            Path warc = dir.resolve((String) capture.get("warc_file"));
            CrawlCommandTest.Run opened = run("captures", warc.toString(), "--url", (String) first.get("url"));
            assertEquals(0, opened.exit(), opened.err());
            assertTrue(opened.out().startsWith("HTTP/1.1 200"), opened.out());

            CrawlCommandTest.Run fromState = run("search", state, "socket timeout");
            assertEquals(0, fromState.exit(), fromState.err());
            assertTrue(fromState.out().startsWith("1. Socket programming\n"), fromState.out());

            CrawlCommandTest.Run fromWacz = run("search", "--json", wacz, "zip archive members");
            assertEquals(0, fromWacz.exit(), fromWacz.err());
            assertTrue(fromWacz.out().contains("\"url\":\"" + site.url("/zip") + "\""), fromWacz.out());
            assertTrue(Files.exists(Path.of(wacz + ".index")), "the WACZ's index beside it");
            try (var left = Files.list(dir)) {
                assertTrue(left.noneMatch(p -> p.getFileName().toString().startsWith(".chunks-")),
                        "the chunks taken out of the WACZ are deleted");
            }

            CrawlCommandTest.Run lexical = run("search", "--mode", "lexical", "--json", chunks.toString(),
                    "socket timeout");
            assertEquals(0, lexical.exit(), lexical.err());
            assertEquals("lexical", CheckForCiTest.json(lexical.out()).get("mode"));
        }
    }

    @Test
    void aResumedCrawlsIndexHasEveryChunkOnceEachWithItsVector() throws Exception {
        TestSite.Builder b = TestSite.builder();
        for (int i = 0; i < 12; i++) {
            b.page("/p" + i, article("Page " + i, "This is page number " + i + " of the chain, about topic " + i
                    + " and nothing else; it links to the next page so that the crawl goes on.",
                    "<a href=/p" + (i + 1) + ">next</a> <a href=/p" + (11 - i) + ">mirror</a>"));
        }
        try (TestSite site = b.start()) {
            String state = dir.resolve("crawl.state").toString();
            Path chunks = dir.resolve("chunks.jsonl");
            CrawlCommandTest.Run first = run("crawl", "-q", "--no-progress", "--allow-private", "--state", state,
                    "--max-pages", "4", "--chunks", chunks.toString(), site.url("/p0"));
            assertEquals(0, first.exit(), first.err());
            assertEquals(0, run("search", state, "topic 2").exit());
            CrawlCommandTest.Run second = run("resume", "--no-progress", "--max-pages", "100000", state);
            assertEquals(0, second.exit(), second.err());
            CrawlCommandTest.Run searched = run("search", "--json", state, "topic 9");
            assertEquals(0, searched.exit(), searched.err());
            Map<String, Object> page = CheckForCiTest.json(searched.out());
            assertEquals(page.get("indexed"), page.get("embedded"), searched.out());
            try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + chunks + ".index");
                 var s = c.createStatement()) {
                java.util.function.Function<String, Long> count = sql -> {
                    try (var rs = s.executeQuery(sql)) {
                        rs.next();
                        return rs.getLong(1);
                    } catch (java.sql.SQLException e) {
                        throw new AssertionError(e);
                    }
                };
                long indexed = count.apply("SELECT count(*) FROM chunk");
                assertEquals(12L, count.apply("SELECT count(DISTINCT url) FROM chunk"), "every page");
                assertEquals(indexed, count.apply("SELECT count(*) FROM (SELECT DISTINCT url, chunk FROM chunk)"),
                        "every chunk once");
                assertEquals(indexed, count.apply("SELECT count(*) FROM chunk_vector"), "a vector each");
                assertEquals(0L, count.apply("SELECT count(*) FROM chunk c WHERE NOT EXISTS "
                        + "(SELECT 1 FROM chunk_vector v WHERE v.id = c.id)"), "no chunk without its vector");
                assertEquals(indexed, count.apply("SELECT vectors FROM embedding"));
            }
        }
    }

    @Test
    void aCrawlWithoutChunksIsRefusedInOneLine() throws Exception {
        try (TestSite site = site()) {
            String state = dir.resolve("plain.state").toString();
            String wacz = dir.resolve("plain.wacz").toString();
            CrawlCommandTest.Run crawl = run("crawl", "-q", "--no-progress", "--allow-private", "--state", state,
                    "--warc", dir.resolve("w").toString(), "--wacz", wacz, site.url("/"));
            assertEquals(0, crawl.exit(), crawl.err());
            for (String crawlFile : List.of(state, wacz)) {
                CrawlCommandTest.Run r = run("search", crawlFile, "sorting");
                assertEquals(1, r.exit(), r.err());
                assertTrue(r.err().startsWith("loomcrawl: " + crawlFile + ": ") && r.err().contains("no chunks"),
                        r.err());
                assertEquals(1, r.err().lines().count(), r.err());
                assertEquals("", r.out());
            }
            CrawlCommandTest.Run missing = run("search", dir.resolve("nothing.jsonl").toString(), "sorting");
            assertEquals(1, missing.exit());
            assertTrue(missing.err().endsWith("nothing.jsonl: no such file\n"), missing.err());
            CrawlCommandTest.Run usage = run("search", dir.resolve("nothing.jsonl").toString());
            assertEquals(2, usage.exit());
        }
    }
}
