package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Firecrawl's v1 endpoints that integrations pinned to firecrawl-js 1.x call, through a real serve: scrape, crawl
 * with its status (no {@code next} once every document is given) and cancel, map (links as strings), in v1's shapes
 * and field names, beside loomcrawl's native API under {@code /v1/crawls}.
 */
class FirecrawlV1Test {
    @TempDir
    Path dir;
    @RegisterExtension
    final Running running = new Running();

    @Test
    void v1ScrapeCrawlStatusCancelAndMapAnswerInV1Shapes() throws Exception {
        TestSite site = running.add(TestSite.builder().pages(TestSite.crossLinked(20, 3)).start());
        Http http = Http.of(running.serve(dir.resolve("data"), Set.of(), true, List.of(), 1000, 2, 4, 8));

        JsonNode scrape = http.post("/v1/scrape", "{\"url\": \"" + site.url("/p0") + "\", \"formats\": "
                + "[\"markdown\"], \"parsePDF\": false}").json();
        assertTrue(scrape.path("success").asBoolean(), scrape.toString());
        assertTrue(scrape.path("data").path("markdown").asText().contains(site.url("/p1")), scrape.toString());

        JsonNode map = http.post("/v1/map", "{\"url\": \"" + site.url("/p0") + "\", \"ignoreSitemap\": true}").json();
        assertTrue(map.path("links").get(0).isTextual(), map.toString());
        assertTrue(map.path("links").toString().contains("\"" + site.url("/p1") + "\""), map.toString());

        JsonNode started = http.post("/v1/crawl", "{\"url\": \"" + site.url("/p0") + "\", \"limit\": 5, "
                + "\"allowBackwardLinks\": true, \"ignoreSitemap\": true}").json();
        String id = started.path("id").asText();
        assertTrue(started.path("url").asText().endsWith("/v1/crawl/" + id), started.toString());
        JsonNode status = http.finished("/v1/crawl/" + id, 60);
        assertEquals("completed", status.path("status").asText(), status.toString());
        assertEquals(5, status.path("data").size());
        assertFalse(status.has("next"), "v1 leaves next out when every document is given: " + status);

        TestSite slow = running.add(TestSite.builder().generated(TestSite.crossLinkedGenerator(300, 3,
                Duration.ofMillis(100))).start());
        String running = http.post("/v1/crawl", "{\"url\": \"" + slow.url("/p0") + "\", \"limit\": 300, "
                + "\"ignoreSitemap\": true, \"allowBackwardLinks\": true}").json().path("id").asText();
        Http.Answer cancel = http.delete("/v1/crawl/" + running);
        assertEquals(200, cancel.status(), cancel.body());
        assertEquals("cancelled", cancel.json().path("status").asText());

        Http.Answer bad = http.post("/v1/scrape", "{\"url\": \"" + site.url("/p0") + "\", \"formatz\": []}");
        assertEquals(400, bad.status());
        assertEquals("Bad Request", bad.json().path("error").asText());
        assertEquals(200, http.get("/v1/crawls").status(), "the native API is where it was");
    }
}
