package dev.loomcrawl.serve.mcp;

import dev.loomcrawl.serve.NativeSearchTest;
import dev.loomcrawl.serve.RenderMode;
import dev.loomcrawl.serve.ServeOptions;
import dev.loomcrawl.serve.Service;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * MCP's {@code search_crawl} over a crawl the service ran against a real site on 127.0.0.1, with the real embedding
 * model: the fused ranking, each hit with its BM25, cosine and fused scores, finds a page asked for in other words.
 */
class SearchCrawlToolTest {
    @TempDir
    Path dir;

    @Test
    @SuppressWarnings("unchecked")
    void returnsTheFusedRankingWithEachHitsScores() throws Exception {
        ServeOptions d = ServeOptions.defaults(0, dir.resolve("data"));
        ServeOptions options = new ServeOptions(d.host(), 0, d.data(), d.apiKeys(), true, d.allowOrigins(), d.keep(),
                100, 2, 4, 4, d.maxBody(), d.maxJobTime());
        try (TestSite site = NativeSearchTest.site(); Service service = Service.open(options)) {
            String id = service.crawl(site.url("/"), Map.of("ignore-robots", true), RenderMode.NEVER);
            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            while (!service.status(id).finished()) {
                if (System.nanoTime() > deadline) throw new AssertionError("still crawling");
                Thread.sleep(100);
            }
            SearchCrawlTool tool = new SearchCrawlTool(service, McpOptions.DEFAULTS);
            Map<String, Object> args = Map.of("id", id, "query",
                    "keep a list ordered by a custom key without changing it", "limit", 3);
            Tool.Result result = tool.call(new ToolCall(args, null, null, null));
            deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            Map<String, Object> data = (Map<String, Object>) result.structured();
            while (!data.get("embedded").equals(data.get("searched"))) { // embedded beside the searches
                if (System.nanoTime() > deadline) throw new AssertionError("not embedded: " + data);
                Thread.sleep(200);
                data = (Map<String, Object>) tool.call(new ToolCall(args, null, null, null)).structured();
                result = tool.call(new ToolCall(args, null, null, null));
            }
            data = (Map<String, Object>) result.structured();
            assertEquals("fused", data.get("mode"), data.toString());
            List<Map<String, Object>> hits = (List<Map<String, Object>>) data.get("hits");
            Map<String, Object> best = hits.getFirst();
            assertEquals(site.url("/sorting"), best.get("url"), data.toString());
            Map<String, Object> scores = (Map<String, Object>) best.get("scores");
            assertNotNull(scores.get("fused"), scores.toString());
            assertEquals(1, scores.get("cosineRank"), scores.toString());
            assertTrue(result.text().contains("ranked fused") && result.text().contains("Scores: fused "),
                    result.text());
        }
    }
}
