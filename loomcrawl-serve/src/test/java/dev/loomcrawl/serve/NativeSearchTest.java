package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code GET /v1/crawls/{id}/search} of a real serve on 127.0.0.1, with the real embedding model: a native crawl's
 * chunks ranked fused (a question in other words than the page's finds it by meaning), each hit with its scores and
 * a capture whose WARC file downloads; bad parameters and a crawl without chunks refused in one line.
 */
public class NativeSearchTest {
    @TempDir
    Path dir;
    @RegisterExtension
    final Running running = new Running();

    static String article(String title, String text) {
        return "<!doctype html><html><head><title>" + title + "</title></head><body><nav><a href=/>Home</a> "
                + "<a href=/sorting>Sorting</a> <a href=/sockets>Sockets</a> <a href=/zip>Zip</a></nav><main>"
                + "<article><h1>" + title + "</h1><p>" + text + "</p></article></main></body></html>";
    }

    public static TestSite site() {
        return TestSite.builder()
                .page("/", article("Library reference", "The library reference describes the standard modules: "
                        + "<a href=/sorting>sorting</a>, <a href=/sockets>sockets</a> and <a href=/zip>zip "
                        + "archives</a>, each on a page of its own with examples and the details of every function."))
                .page("/sorting", article("Sorting HOW TO", "The built-in sorted() function builds a new sorted list "
                        + "from an iterable, leaving the original untouched. Both list.sort() and sorted() take a key "
                        + "parameter: a function called on each element before comparisons are made, so that records "
                        + "can be ordered by one of their fields."))
                .page("/sockets", article("Socket programming", "A socket is one endpoint of a connection between "
                        + "two programs. Create one with socket.socket(), connect it to a host and port, send bytes "
                        + "and receive them; settimeout() bounds how long a blocking call may wait before it fails."))
                .page("/zip", article("Working with ZIP archives", "The zipfile module reads and writes ZIP files: "
                        + "open an archive with ZipFile, list its members with namelist(), extract one or all of them, "
                        + "or add files to a new archive, compressed with deflate or stored as they are."))
                .start();
    }

    private static JsonNode finished(Http http, String id) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (true) {
            JsonNode s = http.get("/v1/crawls/" + id).json();
            if (!s.path("state").asText().equals("scraping")) return s;
            if (System.nanoTime() > deadline) throw new AssertionError("still scraping: " + s);
            Thread.sleep(100);
        }
    }

    private static JsonNode embedded(Http http, String path) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) { // the chunks are embedded beside the searches, on a thread of their own
            Http.Answer a = http.get(path);
            assertEquals(200, a.status(), a.body());
            JsonNode page = a.json();
            if (page.path("embedded").asLong() == page.path("indexed").asLong() && page.path("indexed").asLong() > 0) {
                return page;
            }
            if (System.nanoTime() > deadline) throw new AssertionError("not embedded: " + page);
            Thread.sleep(200);
        }
    }

    private static String q(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    @Test
    void searchesANativeCrawlsChunksFusedWithScoresAndCapturesThatDownload() throws Exception {
        TestSite site = site();
        running.add(site);
        Http http = Http.of(running.serve(dir.resolve("data"), Set.of(), true, List.of(), 100, 2, 4, 4));
        String id = http.post("/v1/crawls", "{\"root\": [\"" + site.url("/") + "\"], \"ignore-robots\": true, "
                + "\"chunks\": \"chunks.jsonl\", \"warc\": \"crawl\"}").json().path("id").asText();
        assertEquals("completed", finished(http, id).path("state").asText());

        String base = "/v1/crawls/" + id + "/search?q=";
        JsonNode page = embedded(http, base + q("keep a list ordered by a custom key without changing it"));
        assertEquals("fused", page.path("mode").asText(), page.toString());
        JsonNode best = page.at("/hits/0");
        assertEquals(site.url("/sorting"), best.path("url").asText(), page.toString());
        assertTrue(best.at("/scores/fused").isNumber() && best.at("/scores/cosine").isNumber(), best.toString());
        assertEquals(1, best.at("/scores/cosineRank").asInt(), "nearest in meaning: " + best);
        assertTrue(best.at("/capture/recordId").asText().startsWith("<urn:uuid:")
                || best.at("/capture/recordId").asText().startsWith("urn:uuid:"), best.toString());
        String fileUrl = best.at("/capture/fileUrl").asText();
        assertEquals(200, http.get(fileUrl.substring(fileUrl.indexOf("/v1/"))).status(), fileUrl);

        JsonNode lexical = http.get(base + q("socket settimeout") + "&mode=lexical&limit=1").json();
        assertEquals("lexical", lexical.path("mode").asText());
        assertEquals(1, lexical.path("hits").size());
        assertEquals(site.url("/sockets"), lexical.at("/hits/0/url").asText());
        assertFalse(lexical.at("/hits/0/scores").has("cosine"), lexical.toString());

        for (String bad : List.of("", base.substring(0, base.length() - 3) + "?limit=5",
                base + "x&limit=0", base + "x&limit=51", base + "x&mode=fuzzy", base + "a".repeat(1001))) {
            if (bad.isEmpty()) continue;
            Http.Answer a = http.get(bad);
            assertEquals(400, a.status(), bad + ": " + a.body());
            assertFalse(a.json().path("error").asText().contains("\n"), a.body());
        }

        String plain = http.post("/v1/crawls", "{\"root\": [\"" + site.url("/") + "\"], \"ignore-robots\": true}")
                .json().path("id").asText();
        finished(http, plain);
        Http.Answer none = http.get("/v1/crawls/" + plain + "/search?q=sorting");
        assertEquals(400, none.status(), none.body());
        assertTrue(none.json().path("error").asText().contains("writes no chunks"), none.body());
    }
}
