package dev.loomcrawl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Firecrawl's own clients drive a real {@code loomcrawl serve}: @mendable/firecrawl-js 4.42.0 (scrape, map with and
 * without search, a crawl waited for and paged, a batch scrape) and firecrawl-mcp 3.26.0's firecrawl_scrape over
 * stdio, both installed by scripts/firecrawl/setup (npm, into a git-ignored cache). Skipped when node or npm is
 * missing and cannot be installed.
 */
class FirecrawlClientsTest {

    @Test
    @Timeout(value = 600, unit = TimeUnit.SECONDS)
    void firecrawlsSdkAndMcpServerGetLoomcrawlsContent(@TempDir Path dir) throws Exception {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(130, 3)).start()) {
            NodeClient client = NodeClient.run(dir, "clients.mjs", site);
            ServeProcess serve = client.serve();
            JsonNode r = client.result();

            JsonNode scrape = r.path("scrape");
            assertTrue(scrape.path("markdown").asText().contains("[next](" + site.url("/p1") + ")"), scrape.toString());
            assertEquals("page 0", scrape.path("title").asText());
            assertEquals(200, scrape.path("statusCode").asInt());
            assertTrue(scrape.path("links").toString().contains(site.url("/p1")));

            assertTrue(r.path("map").size() >= 5 && r.path("map").toString().contains(site.url("/p1")), r.toString());
            assertEquals(List.of(site.url("/p13")), List.of(r.path("mapSearch").path(0).asText()),
                    r.path("mapSearch").toString());

            JsonNode crawl = r.path("crawl");
            assertEquals("completed", crawl.path("status").asText());
            assertEquals(130, crawl.path("completed").asInt());
            Set<String> urls = new HashSet<>();
            crawl.path("urls").forEach(u -> assertTrue(urls.add(u.asText()), "twice: " + u));
            assertEquals(130, urls.size(), "every page, through the SDK's paging of next");
            assertTrue(crawl.path("markdown").toString().contains("[home](" + site.url("/p0") + ")"));

            JsonNode batch = r.path("batch");
            assertEquals("completed", batch.path("status").asText());
            assertEquals(Set.of(site.url("/p1"), site.url("/p2"), site.url("/p3")),
                    Set.of(batch.path("urls").get(0).asText(), batch.path("urls").get(1).asText(),
                            batch.path("urls").get(2).asText()));

            String mcp = r.path("mcp").path("result").path("content").path(0).path("text").asText();
            assertTrue(mcp.contains("[next](" + site.url("/p1") + ")"), r.path("mcp").toString());
            serve.process().process().destroy();
            assertEquals(143, serve.process().exit(60));
        }
    }
}
