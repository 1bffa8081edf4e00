package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.config.CrawlSettings;
import dev.loomcrawl.config.SettingGroup;
import dev.loomcrawl.config.SettingKind;
import dev.loomcrawl.config.SettingSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server's caps on what a request sets ({@link ServerCaps}), through a real serve on 127.0.0.1: every bound of
 * the settings table a request can raise has a cap, and a request past one is lowered to it or refused.
 */
class ServerCapsTest {
    @TempDir
    Path dir;
    @RegisterExtension
    final Running running = new Running();

    /** A row added to the table without a cap fails here: it is capped, or shown to be bounded by the pages. */
    @Test
    void everyCountOrSizeARequestCanSetHasACapOrIsBoundedByThePages() {
        List<String> unbounded = new ArrayList<>();
        for (SettingSpec s : CrawlSettings.ALL) {
            boolean server = s.group() == SettingGroup.STATE || s.group() == SettingGroup.RUN;
            boolean bound = s.kind() == SettingKind.COUNT || s.kind() == SettingKind.SIZE;
            if (server || !bound || s.name().equals("max-pages")) continue;
            if (!ServerCaps.MOST.containsKey(s.name()) && !ServerCaps.BY_PAGES.contains(s.name())) {
                unbounded.add(s.name());
            }
        }
        assertEquals(List.of(), unbounded);
    }

    @Test
    void aRequestPastTheCapsIsLoweredToThemOrRefused() throws Exception {
        Http http = Http.of(running.serve(dir.resolve("data"), Set.of(), true, List.of(), 100, 2, 4, 4));
        String root = "\"root\": [\"http://127.0.0.1:1/\"]";
        Http.Answer created = http.post("/v1/crawls", "{" + root + ", \"max-body\": 9223372036854775807, "
                + "\"max-tasks\": 100000, \"per-host\": 5000, \"max-bytes\": -1, \"max-pages\": 1000000, "
                + "\"fetch-timeout\": \"100d\", \"max-url-length\": -1, \"max-tries\": 1000}");
        assertEquals(201, created.status(), created.body());
        JsonNode settings = http.get("/v1/crawls/" + created.json().path("id").asText()).json().path("settings");
        assertEquals(10L << 20, settings.path("max-body").asLong(), settings.toString());
        assertEquals(100, settings.path("max-tasks").asLong());
        assertEquals(100, settings.path("per-host").asLong());
        assertEquals(4L << 30, settings.path("max-bytes").asLong());
        assertEquals(100, settings.path("max-pages").asLong()); // the server's --max-pages
        assertEquals("1h", settings.path("fetch-timeout").asText()); // at most the job's time
        assertEquals("1h", settings.path("max-time").asText());
        assertEquals(8192, settings.path("max-url-length").asLong());
        assertEquals(10, settings.path("max-tries").asLong());

        StringBuilder patterns = new StringBuilder();
        for (int i = 0; i <= ServerCaps.LIST; i++) patterns.append(i == 0 ? "" : ", ").append("\"/p").append(i).append('"');
        Http.Answer many = http.post("/v1/crawls", "{" + root + ", \"exclude\": [" + patterns + "]}");
        assertEquals(400, many.status(), many.body());
        assertTrue(many.body().contains("setting 'exclude' has 101 values; this server takes at most 100"),
                many.body());
        Http.Answer longOne = http.post("/v1/crawls", "{" + root + ", \"include\": [\"" + "a".repeat(5000) + "\"]}");
        assertEquals(400, longOne.status(), longOne.body());
        assertTrue(longOne.body().contains("a value of 5000 characters; this server takes at most 4096"),
                longOne.body());
        // Firecrawl's crawl: its maxConcurrency goes through the same caps
        Http.Answer firecrawl = http.post("/v2/crawl", "{\"url\": \"http://127.0.0.1:1/\", \"maxConcurrency\": 1000,"
                + " \"includePaths\": [" + patterns + "]}");
        assertEquals(400, firecrawl.status(), firecrawl.body());
        assertTrue(firecrawl.body().contains("setting 'include' has 101 values"), firecrawl.body());
    }

    @Test
    void whatANativeJobCannotDoIsRefusedNotIgnored() throws Exception {
        Http http = Http.of(running.serve(dir.resolve("data"), Set.of(), true, List.of(), 100, 2, 4, 4));
        for (String setting : List.of("\"check-links\": true", "\"check-fragments\": true",
                "\"remap\": [\"http://a.example/ http://b.example/\"]")) {
            Http.Answer a = http.post("/v1/crawls", "{\"root\": [\"http://127.0.0.1:1/\"], " + setting + "}");
            assertEquals(400, a.status(), setting + ": " + a.body());
            assertTrue(a.body().contains("is not taken by the native API: a job does not check links; the MCP tool "
                    + "check_links does"), a.body());
        }
        Http.Answer lookAround = http.post("/v1/crawls", "{\"root\": [\"http://127.0.0.1:1/\"], "
                + "\"exclude\": [\"/(?!docs)\"]}");
        assertEquals(400, lookAround.status(), lookAround.body());
        assertTrue(lookAround.body().contains("loomcrawl takes RE2's syntax"), lookAround.body());
    }
}
