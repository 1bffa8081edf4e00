package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The native API (/v1/crawls) of a real serve on 127.0.0.1, with the JDK's HTTP client, against real test sites:
 * requests refused in one line, progress as Server-Sent Events, output files listed and downloaded, delete.
 */
class NativeApiTest {
    @TempDir
    Path dir;
    @RegisterExtension
    final Running running = new Running();

    private Http serve() throws Exception {
        return Http.of(running.serve(dir.resolve("data"), Set.of(), true, List.of(), 100, 2, 4, 4));
    }

    private TestSite site(int pages, Duration latency) {
        TestSite site = TestSite.builder().generated(TestSite.crossLinkedGenerator(pages, 3, latency)).start();
        running.add(site);
        return site;
    }

    private static void refused(Http http, String body, String says) {
        Http.Answer a = http.post("/v1/crawls", body);
        assertEquals(400, a.status(), a.body());
        String error = a.json().path("error").asText();
        assertTrue(error.contains(says), error);
        assertFalse(error.contains("\n") || error.contains("\tat "), error);
    }

    @Test
    void badJsonUnknownSettingsPathsAndStateAreRefusedInOneLine() throws Exception {
        Http http = serve();
        refused(http, "{\"root\": [\"http://127.0.0.1:1/\"], ", "not JSON");
        refused(http, "{\"root\": [\"http://127.0.0.1:1/\"], \"max-page\": 5}",
                "unknown setting 'max-page' (did you mean max-pages?)");
        refused(http, "{\"root\": [\"http://127.0.0.1:1/\"], \"output\": \"../records.jsonl\"}",
                "setting 'output' takes a plain file name");
        refused(http, "{\"root\": [\"http://127.0.0.1:1/\"], \"warc\": \"/tmp/crawl\"}",
                "setting 'warc' takes a plain file name");
        refused(http, "{\"root\": [\"http://127.0.0.1:1/\"], \"output\": \"-\"}",
                "setting 'output' takes a plain file name");
        refused(http, "{\"root\": [\"http://127.0.0.1:1/\"], \"state\": \"s.db\"}",
                "setting 'state' is not taken by the native API");
        refused(http, "{\"root\": [\"http://127.0.0.1:1/\"], \"netrc\": \"/etc/passwd\"}",
                "setting 'netrc' is not taken by the native API");
        refused(http, "{\"root\": [\"http://127.0.0.1:1/\"], \"output\": \"r.json\"}", "--output: cannot tell");
        // the scraper's and the renderer's settings, checked as the command line checks them
        refused(http, "{\"root\": [\"http://127.0.0.1:1/\"], \"items\": \"items.jsonl\"}",
                "--items needs at least one --field NAME=SELECTOR");
        refused(http, "{\"root\": [\"http://127.0.0.1:1/\"], \"field\": [\"title=h1\"]}", "--field needs --items");
        refused(http, "{\"root\": [\"http://127.0.0.1:1/\"], \"items\": \"i.jsonl\", \"field\": [\"title\"]}",
                "field must be NAME=SELECTOR");
        refused(http, "{\"root\": [\"http://127.0.0.1:1/\"], \"render-timeout\": \"5s\"}",
                "need --render or --render-include");
        refused(http, "{\"root\": [\"http://127.0.0.1:1/\"], \"render-include\": \"(\"}",
                "--render-include is not a valid regular expression");
        refused(http, "{\"root\": [\"http://127.0.0.1:1/\"], \"render\": \"all\", \"render-tasks\": 65}",
                "--render-tasks must be between 1 and 64");
        assertEquals(0, http.get("/v1/crawls").json().path("crawls").size());
    }

    @Test
    void eventsStreamProgressThenTheCompletedEventAndTheStreamEnds() throws Exception {
        TestSite site = site(40, Duration.ofMillis(100));
        Http http = serve();
        Http.Answer created = http.post("/v1/crawls", "{\"root\": [\"" + site.url("/p0") + "\"], \"per-host\": 1, "
                + "\"max-tasks\": 1, \"ignore-robots\": true, \"output\": \"records.jsonl\"}");
        assertEquals(201, created.status(), created.body());
        String id = created.json().path("id").asText();
        HttpResponse<java.util.stream.Stream<String>> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(http.base() + "/v1/crawls/" + id + "/events")).timeout(Duration.ofSeconds(120)).build(),
                HttpResponse.BodyHandlers.ofLines());
        assertEquals(200, r.statusCode());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"));
        List<String[]> events = new ArrayList<>(); // {name, data}
        String name = null;
        for (String line : (Iterable<String>) r.body()::iterator) { // the server ends the stream after the last
            if (line.startsWith("event: ")) name = line.substring(7);
            if (line.startsWith("data: ")) events.add(new String[] {name, line.substring(6)});
        }
        assertTrue(events.size() >= 2, "progress, then the end: " + events.size());
        assertEquals("progress", events.getFirst()[0]);
        String[] last = events.getLast();
        assertEquals("completed", last[0]);
        JsonNode end = Json.MAPPER.readTree(last[1]);
        assertEquals(40, end.at("/counts/recorded").asLong(), last[1]);
        assertEquals(40, end.at("/counts/ok").asLong(), last[1]);
        long before = -1;
        for (String[] e : events.subList(0, events.size() - 1)) {
            assertEquals("progress", e[0]);
            long n = Json.MAPPER.readTree(e[1]).at("/counts/recorded").asLong();
            assertTrue(n >= before && n <= 40, "counts only grow: " + n + " after " + before);
            before = n;
        }
        JsonNode status = http.get("/v1/crawls/" + id).json();
        assertEquals("completed", status.path("state").asText());
        assertEquals(40, status.at("/ledger/recorded").asLong(), status.toString());
        assertEquals(40, status.at("/ledger/discovered").asLong(), status.toString());
    }

    @Test
    void outputFilesAreListedDownloadedOnlyByTheirNamesAndDeleteRemovesThem() throws Exception {
        TestSite site = site(5, Duration.ZERO);
        Http http = serve();
        String body = "{\"root\": [\"" + site.url("/p0") + "\"], \"ignore-robots\": true, \"output\": \"records.jsonl\","
                + " \"warc\": \"crawl\", \"wacz\": \"crawl.wacz\", \"html-report\": \"report.html\"}";
        String id = http.post("/v1/crawls", body).json().path("id").asText();
        JsonNode status = finished(http, id);
        assertEquals("completed", status.path("state").asText(), status.toString());
        List<String> names = new ArrayList<>();
        status.path("files").forEach(f -> names.add(f.path("name").asText()));
        assertEquals(List.of("records.jsonl", "report.html", "crawl.wacz", "crawl-00000.warc.gz"), names);
        Http.Answer records = http.get("/v1/crawls/" + id + "/files/records.jsonl");
        assertEquals(200, records.status());
        assertEquals(5, records.body().lines().count(), records.body());
        assertEquals(200, http.get("/v1/crawls/" + id + "/files/report.html").status());
        for (String bad : List.of("job.json", "state.db", "..%2Fjob.json", "nothing.jsonl")) {
            int refused = http.get("/v1/crawls/" + id + "/files/" + bad).status(); // Jetty answers %2F itself
            assertTrue(refused == 404 || refused == 400, bad + ": " + refused);
        }
        Path folder = dir.resolve("data").resolve(id);
        assertTrue(Files.isDirectory(folder));
        assertEquals(200, http.delete("/v1/crawls/" + id).status());
        assertFalse(Files.exists(folder), "its folder is removed");
        assertEquals(404, http.get("/v1/crawls/" + id).status());
    }

    @Test
    void theContentDirFolderIsListedOnceItEndedAndDownloadedAsOneZipOfItsFiles() throws Exception {
        TestSite site = site(5, Duration.ZERO);
        Http http = serve();
        refused(http, "{\"root\": [\"http://127.0.0.1:1/\"], \"content-dir\": \"pages\", "
                + "\"html-report\": \"pages.zip\"}", "both name 'pages.zip'");
        String id = http.post("/v1/crawls", "{\"root\": [\"" + site.url("/p0") + "\"], \"ignore-robots\": true, "
                + "\"content-dir\": \"pages\"}").json().path("id").asText();
        JsonNode status = finished(http, id);
        assertEquals("completed", status.path("state").asText(), status.toString());
        JsonNode listed = status.path("files").get(0);
        assertEquals("content-dir", listed.path("setting").asText(), status.toString());
        assertEquals("pages.zip", listed.path("name").asText(), status.toString());
        HttpResponse<byte[]> zip = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                listed.path("url").asText())).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, zip.statusCode());
        assertEquals("application/zip", zip.headers().firstValue("Content-Type").orElse(""));
        java.util.Map<String, String> entries = new java.util.TreeMap<>();
        try (var in = new java.util.zip.ZipInputStream(new java.io.ByteArrayInputStream(zip.body()))) {
            for (var e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                entries.put(e.getName(), new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        Path folder = dir.resolve("data").resolve(id).resolve("outputs").resolve("pages");
        java.util.Map<String, String> onDisk = new java.util.TreeMap<>();
        try (var walk = Files.walk(folder)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                onDisk.put(folder.relativize(p).toString().replace('\\', '/'), Files.readString(p));
            }
        }
        assertEquals(onDisk, entries, "the zip holds the folder's files, by their paths under it");
        assertEquals(5, entries.keySet().stream().filter(n -> n.endsWith(".md")).count(), entries.keySet().toString());
    }

    @Test
    void aCancelEndsEveryOpenStreamWithTheCancelledEventAndAStreamPastTheLimitIsA429() throws Exception {
        TestSite site = site(100, Duration.ofMillis(200)); // 20 s at one fetch at a time: running while streamed
        Http http = serve();
        Http.Answer created = http.post("/v1/crawls", "{\"root\": [\"" + site.url("/p0") + "\"], \"per-host\": 1, "
                + "\"max-tasks\": 1, \"ignore-robots\": true}");
        String id = created.json().path("id").asText();
        HttpClient client = HttpClient.newHttpClient();
        HttpRequest events = HttpRequest.newBuilder(URI.create(http.base() + "/v1/crawls/" + id + "/events"))
                .timeout(Duration.ofSeconds(120)).build();
        List<java.util.concurrent.CompletableFuture<String>> lastEvents = new ArrayList<>();
        for (int i = 0; i < NativeApi.MAX_STREAMS; i++) { // each answered (its permit taken) before the next
            HttpResponse<java.util.stream.Stream<String>> r = client.send(events, HttpResponse.BodyHandlers.ofLines());
            assertEquals(200, r.statusCode(), "stream " + i);
            lastEvents.add(java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                String name = null;
                for (String line : (Iterable<String>) r.body()::iterator) {
                    if (line.startsWith("event: ")) name = line.substring(7);
                }
                return name; // the stream's last event, once the server ended it
            }, java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()));
        }
        Http.Answer past = http.get("/v1/crawls/" + id + "/events");
        assertEquals(429, past.status(), past.body());
        assertTrue(past.json().path("error").asText().contains("too many event streams open (at most 64)"));
        assertEquals("scraping", http.get("/v1/crawls/" + id).json().path("state").asText(), "still running");
        assertEquals(200, http.post("/v1/crawls/" + id + "/cancel", "").status());
        for (var last : lastEvents) {
            assertEquals("cancelled", last.get(120, java.util.concurrent.TimeUnit.SECONDS));
        }
        assertEquals("cancelled", http.get("/v1/crawls/" + id).json().path("state").asText());
        assertTrue(site.arrivals() < 100, "cancelled before the end: " + site.arrivals());
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
}
