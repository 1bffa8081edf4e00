package dev.loomcrawl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * LangChain.js's FireCrawlLoader 1.1.14 with firecrawl-js 1.29.3, which calls Firecrawl's v1 endpoints
 * ({@code /v1/scrape}, {@code /v1/crawl} and its status, {@code /v1/map}), loads pages from a real
 * {@code loomcrawl serve} in its scrape, crawl and map modes. Installed by {@code scripts/firecrawl/setup langchain}
 * (npm, into a git-ignored cache); skipped when node or npm is missing and cannot be installed.
 */
class LangChainLoaderTest {

    @Test
    @Timeout(value = 600, unit = TimeUnit.SECONDS)
    void fireCrawlLoaderLoadsPagesInScrapeCrawlAndMapModes(@TempDir Path dir) throws Exception {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(30, 3)).start()) {
            NodeClient client = NodeClient.run(dir, "langchain.mjs", site, "langchain");
            JsonNode r = client.result();

            JsonNode scrape = r.path("scrape");
            assertEquals(1, scrape.size(), scrape.toString());
            assertTrue(scrape.get(0).path("pageContent").asText().contains("[next](" + site.url("/p1") + ")"),
                    scrape.toString());
            assertEquals("page 0", scrape.get(0).path("metadata").path("title").asText());
            assertEquals(site.url("/p0"), scrape.get(0).path("metadata").path("sourceURL").asText());

            JsonNode crawl = r.path("crawl");
            assertEquals(12, crawl.size(), crawl.toString());
            Set<String> urls = new HashSet<>();
            for (JsonNode d : crawl) {
                assertTrue(urls.add(d.path("metadata").path("url").asText()), "twice: " + d);
                assertTrue(d.path("pageContent").asText().contains("[home](" + site.url("/p0") + ")"), d.toString());
            }

            JsonNode map = r.path("map");
            assertTrue(map.size() >= 3, map.toString());
            assertTrue(map.toString().contains("\\\"" + site.url("/p1") + "\\\""), map.toString());
            client.serve().process().process().destroy();
        }
    }
}
