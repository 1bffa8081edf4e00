package dev.loomcrawl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.render.chromium.ChromiumRenderer;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Firecrawl's {@code waitFor} through a real {@code loomcrawl serve} process and its HTTP API: a page whose script
 * adds a paragraph 1.5 s after it was parsed. Where serve finds Chromium, a scrape, a crawl and a batch scrape with
 * {@code waitFor: 3000} render the page and take it 3 s after its load event, with the paragraph; without
 * {@code waitFor} the page is read as served, and with {@code waitFor: 100} rendered and taken too soon: without it. A serve without Chromium reads the page as served and
 * says so in the document's {@code warning}.
 */
class WaitForTest {
    private static final String LATE = "Inserted by a script of the page a second and a half after it was parsed.";
    private static final String PAGE = "<html><head><title>Late</title></head><body><main><h1>A page that changes"
            + "</h1><p>The server wrote this paragraph, with words enough to be the page's main content and more."
            + "</p></main><script>setTimeout(function () { var p = document.createElement('p'); p.textContent = '"
            + LATE + "'; document.querySelector('main').appendChild(p); }, 1500);</script></body></html>";

    @TempDir
    Path dir;

    private static TestSite site() {
        return TestSite.builder().page("/late", PAGE).robots("User-agent: *\nAllow: /\n").start();
    }

    private ServeProcess serve(Map<String, String> env) throws Exception {
        Path keys = Files.writeString(dir.resolve("keys"), "test-key\n");
        return ServeProcess.start(env, dir, TestSite.freePort(), "--data", dir.resolve("data").toString(),
                "--allow-private", "--api-key-file", keys.toString());
    }

    @Test
    void waitForRendersThePageAndTakesItThatLongAfterItsLoad() throws Exception {
        assumeTrue(ChromiumRenderer.find() != null, "Chromium is not installed (scripts/test-deps.sh installs it)");
        try (TestSite site = site()) {
            ServeProcess serve = serve(Map.of());
            try {
                String url = site.url("/late");
                long start = System.nanoTime();
                JsonNode waited = serve.post("/v2/scrape", "{\"url\": \"" + url + "\", \"waitFor\": 3000, "
                        + "\"timeout\": 30000}").path("data");
                long ms = (System.nanoTime() - start) / 1_000_000;
                assertTrue(waited.path("markdown").asText().contains(LATE), waited.toString());
                assertFalse(waited.has("warning"), waited.toString());
                assertTrue(ms >= 3000, "answered in " + ms + " ms, before the wait was over");

                JsonNode served = serve.post("/v2/scrape", "{\"url\": \"" + url + "\"}").path("data");
                assertTrue(served.path("markdown").asText().contains("The server wrote"), served.toString());
                assertFalse(served.path("markdown").asText().contains(LATE), served.toString());
                // rendered, but taken 100 ms after its load: the wait, not the browser alone, makes the difference
                JsonNode early = serve.post("/v2/scrape", "{\"url\": \"" + url + "\", \"waitFor\": 100}").path("data");
                assertTrue(early.path("markdown").asText().contains("The server wrote"), early.toString());
                assertFalse(early.path("markdown").asText().contains(LATE), early.toString());

                String crawl = serve.post("/v2/crawl", "{\"url\": \"" + url + "\", \"limit\": 1, \"sitemap\": "
                        + "\"skip\", \"scrapeOptions\": {\"waitFor\": 3000}}").path("id").asText();
                JsonNode crawled = serve.waitForEnd(crawl, Duration.ofSeconds(90));
                assertEquals("completed", crawled.path("status").asText(), crawled.toString());
                assertTrue(crawled.path("data").get(0).path("markdown").asText().contains(LATE), crawled.toString());

                String batch = serve.post("/v2/batch/scrape", "{\"urls\": [\"" + url + "\"], \"waitFor\": 3000}")
                        .path("id").asText();
                JsonNode batched = serve.waitForBatch(batch, Duration.ofSeconds(90));
                assertTrue(batched.path("data").get(0).path("markdown").asText().contains(LATE), batched.toString());
            } finally {
                serve.stop();
            }
        }
    }

    @Test
    void withoutChromiumTheWaitIsAcceptedAndTheDocumentSaysItWasNotApplied() throws Exception {
        try (TestSite site = site()) {
            // LOOMCRAWL_CHROMIUM naming no program: the server finds no Chromium, as on a machine without one
            ServeProcess serve = serve(Map.of("LOOMCRAWL_CHROMIUM", dir.resolve("no-chromium").toString()));
            try {
                JsonNode doc = serve.post("/v2/scrape", "{\"url\": \"" + site.url("/late") + "\", \"waitFor\": "
                        + "3000, \"timeout\": 30000}").path("data");
                assertTrue(doc.path("markdown").asText().contains("The server wrote"), doc.toString());
                assertFalse(doc.path("markdown").asText().contains(LATE), doc.toString());
                assertTrue(doc.path("warning").asText().startsWith("waitFor was not applied"), doc.toString());
                JsonNode plain = serve.post("/v2/scrape", "{\"url\": \"" + site.url("/late") + "\"}").path("data");
                assertFalse(plain.has("warning"), plain.toString());
            } finally {
                serve.stop();
            }
        }
    }
}
