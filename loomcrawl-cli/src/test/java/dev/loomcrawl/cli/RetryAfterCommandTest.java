package dev.loomcrawl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomcrawl.testkit.Await;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Waits a site asks for, against a real loomcrawl process: a Retry-After past --max-retry-after gives its URL up,
 * and neither --max-time nor Ctrl-C waits for one within it. Each site is an origin of its own (a port), so that
 * one's pause does not hold up another's answer.
 */
class RetryAfterCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static TestSite busy(String retryAfter) {
        return TestSite.builder().route("/", new Route.Respond(503, Map.of("Retry-After", retryAfter),
                "busy".getBytes(StandardCharsets.UTF_8))).start();
    }

    /** The records of a JSON Lines output, by URL. */
    private static Map<String, JsonNode> records(Path jsonl) throws Exception {
        Map<String, JsonNode> byUrl = new HashMap<>();
        for (String line : Files.readAllLines(jsonl)) {
            JsonNode r = JSON.readTree(line);
            byUrl.put(r.path("url").asText(), r);
        }
        return byUrl;
    }

    /**
     * Retry-After 999999999 (seconds) and a date in the year 9999 are given up at once, each on one request; an origin
     * asking for 120 s (within the bound) is waited for, and --max-time 3s ends that wait. Before, the two huge ones
     * paused their origins for 10 minutes, and the crawl waited for them past --max-time.
     */
    @Test
    void hugeRetryAftersAreGivenUpAndMaxTimeEndsTheWaitForAModerateOne() throws Exception {
        try (TestSite seconds = busy("999999999"); TestSite date = busy("Fri, 31 Dec 9999 23:59:59 GMT");
             TestSite moderate = busy("120")) {
            Path out = dir.resolve("r.jsonl");
            long start = System.nanoTime();
            LoomcrawlProcess p = LoomcrawlProcess.start(dir, "crawl", "-q", "--state", dir.resolve("s.db").toString(),
                    "--max-time", "3s", "--output", out.toString(), seconds.url("/"), date.url("/"), moderate.url("/"));
            int exit = p.exit(60);
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertTrue(took.compareTo(Duration.ofSeconds(40)) < 0, "took " + took); // not the 10 minutes
            assertEquals(3, exit, p.stderr()); // no root answered with a success
            assertTrue(p.stderr().contains("loomcrawl: root " + seconds.url("/") + " failed: retry-after-limit: "
                    + "given up: 503 with Retry-After asking for 999999999 s, more than the 600 s the crawl waits "
                    + "(max-retry-after)"), p.stderr());
            assertTrue(p.stderr().contains("loomcrawl: stopped at --max-time 3s, with 1 URL still queued"),
                    p.stderr());
            Map<String, JsonNode> records = records(out);
            for (TestSite given : List.of(seconds, date)) {
                JsonNode r = records.get(given.url("/"));
                assertEquals(503, r.path("status").asInt(), r.toString());
                assertEquals("retry-after-limit", r.path("error_kind").asText(), r.toString());
                assertTrue(r.path("error").asText().startsWith("given up: 503 with Retry-After asking for "),
                        r.toString());
                assertEquals(1, given.requestCount("/"));
            }
            assertFalse(records.containsKey(moderate.url("/")), records.keySet().toString());
            assertEquals(1, moderate.requestCount("/"));
        }
    }

    /** Ctrl-C stops a crawl that waits on a Retry-After promptly, and the URL stays queued for resume. */
    @Test
    void ctrlCStopsACrawlWaitingOnARetryAfterAndKeepsTheUrl() throws Exception {
        try (TestSite site = busy("300")) {
            LoomcrawlProcess p = LoomcrawlProcess.start(dir, "crawl", "--state", dir.resolve("s.db").toString(),
                    site.url("/"));
            Await.until("the first answer", () -> site.requestCount("/") == 1 && !site.requests().stream()
                    .filter(r -> r.target().equals("/")).filter(r -> r.endNanos() > r.startNanos()).toList()
                    .isEmpty());
            Thread.sleep(500); // the 503 read and the origin paused
            long start = System.nanoTime();
            new ProcessBuilder("kill", "-INT", Long.toString(p.process().pid())).start().waitFor();
            assertEquals(130, p.exit(30), p.stderr());
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertTrue(took.compareTo(Duration.ofSeconds(20)) < 0, "took " + took); // not the 5 minutes
            assertTrue(p.stdout().contains("Todo: 1\n"), p.stdout());
            assertTrue(p.stderr().contains("To go on: loomcrawl resume"), p.stderr());
            assertEquals(1, site.requestCount("/"));
        }
    }
}
