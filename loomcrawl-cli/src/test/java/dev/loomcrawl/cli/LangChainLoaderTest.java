package dev.loomcrawl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
        Path root = Path.of("..").toAbsolutePath().normalize();
        Process setup = new ProcessBuilder(root.resolve("scripts/firecrawl/setup").toString(), "langchain")
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String cache = new String(setup.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        int code = setup.waitFor();
        Assumptions.assumeTrue(code != 3, "node and npm are missing and could not be installed");
        assertEquals(0, code, "scripts/firecrawl/setup langchain failed");
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(30, 3)).start()) {
            Path keys = Files.writeString(dir.resolve("keys"), "test-key\n");
            ServeProcess serve = ServeProcess.start(dir, TestSite.freePort(), "--data", dir.resolve("data").toString(),
                    "--allow-private", "--api-key-file", keys.toString());
            Path script = Path.of(LangChainLoaderTest.class.getResource("/firecrawl/langchain.mjs").toURI());
            Process node = new ProcessBuilder("node", script.toString(), cache, serve.base(), "test-key",
                    site.url("").replaceAll("/$", "")).redirectError(dir.resolve("node-stderr.txt").toFile()).start();
            String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(node.waitFor(300, TimeUnit.SECONDS));
            String err = Files.readString(dir.resolve("node-stderr.txt"));
            assertEquals(0, node.exitValue(), "node: " + err + "\nserve: " + serve.process().stderr());
            JsonNode r = ServeProcess.JSON.readTree(out.lines().reduce((a, b) -> b).orElseThrow());

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
            serve.process().process().destroy();
        }
    }
}
