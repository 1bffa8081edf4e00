package dev.loomcrawl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.config.CrawlSettings;
import dev.loomcrawl.serve.Serve;
import dev.loomcrawl.serve.ServeOptions;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The native API of a real serve (in this JVM, on 127.0.0.1) against the command line: the JSON that
 * {@code crawl --print-config} prints, POSTed to /v1/crawls as it is, crawls as the same command does (WARC output,
 * {@code --render auto} with the machine's Chromium, a trap guard), and /openapi.json validates with a real OpenAPI
 * validator (@seriousme/openapi-schema-validator, installed by scripts/firecrawl/setup) and names every setting.
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class NativeApiCliTest {
    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    @TempDir
    Path dir;

    private Serve serve() throws Exception {
        ServeOptions d = ServeOptions.defaults(0, dir.resolve("data"));
        return Serve.start(new ServeOptions(d.host(), 0, d.data(), Set.of(), true, List.of(), d.keep(), 100, 2, 4, 4,
                d.maxBody(), d.maxJobTime()));
    }

    private static HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
        return CLIENT.send(b.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A site of a page, an app whose only link its script writes, and a link too deep for --max-path-segments 3. */
    private static TestSite site() {
        return TestSite.builder()
                .page("/", "<html><head><title>Home</title></head><body><a href=/about>About</a> <a href=/app>App</a>"
                        + " <a href=/a/b/c/d/deep.html>Deep</a></body></html>")
                .page("/about", "<html><head><title>About</title></head><body><p>About us.</p></body></html>")
                .page("/app", "<html><head><title>App</title></head><body><div id=root></div><script>"
                        + "document.getElementById('root').innerHTML = '<a href=\"/app/hidden\">Reports</a>';"
                        + "</script></body></html>")
                .page("/app/hidden", "<html><head><title>Reports</title></head><body><p>Hidden.</p></body></html>")
                .page("/a/b/c/d/deep.html", "<html><body>too deep</body></html>")
                .start();
    }

    @Test
    void printConfigJsonPostedAsItIsCrawlsAsTheCommandLineDoes() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/chromium")), "needs /usr/bin/chromium");
        try (TestSite site = site(); Serve serve = serve()) {
            String root = site.url("/");
            List<String> options = List.of("--render", "auto", "--max-path-segments", "3", "--allow-private");
            // the command line's crawl, files where it is told
            Path cli = Files.createDirectories(dir.resolve("cli"));
            List<String> args = new ArrayList<>(List.of("crawl", "--no-progress", "--output",
                    cli.resolve("records.jsonl").toString(), "--warc", cli.resolve("warc/crawl").toString()));
            args.addAll(options);
            args.add(root);
            CrawlCommandTest.Run crawl = CrawlCommandTest.run(args.toArray(String[]::new));
            assertEquals(0, crawl.exit(), crawl.err());
            // the same crawl's settings as --print-config prints them, file names plain, posted as they are
            List<String> print = new ArrayList<>(List.of("crawl", "--print-config", "--output", "records.jsonl",
                    "--warc", "crawl"));
            print.addAll(options);
            print.add(root);
            CrawlCommandTest.Run printed = CrawlCommandTest.run(print.toArray(String[]::new));
            assertEquals(0, printed.exit(), printed.err());
            String base = "http://127.0.0.1:" + serve.port();
            HttpResponse<String> created = send(HttpRequest.newBuilder(URI.create(base + "/v1/crawls"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(printed.out())));
            assertEquals(201, created.statusCode(), created.body());
            String id = ServeProcess.JSON.readTree(created.body()).path("id").asText();
            JsonNode status = finished(base, id);
            assertEquals("completed", status.path("state").asText(), status.toString());
            // the same records (url, status, outcome)...
            HttpResponse<String> records = send(HttpRequest.newBuilder(URI.create(base + "/v1/crawls/" + id
                    + "/files/records.jsonl")));
            assertEquals(200, records.statusCode(), records.body());
            Path served = Files.writeString(dir.resolve("served.jsonl"), records.body());
            Set<String> fromCli = outcomes(cli.resolve("records.jsonl"));
            assertEquals(fromCli, outcomes(served));
            assertTrue(fromCli.stream().anyMatch(r -> r.contains("/app/hidden")), "rendered: " + fromCli);
            assertTrue(fromCli.stream().noneMatch(r -> r.contains("deep.html")), "trap-guarded: " + fromCli);
            // ...and the same WARC response records, downloaded by the URLs the status lists
            Path warcs = Files.createDirectories(dir.resolve("served-warc"));
            for (JsonNode f : status.path("files")) {
                if (!f.path("setting").asText().equals("warc")) continue;
                HttpResponse<Path> w = CLIENT.send(HttpRequest.newBuilder(URI.create(f.path("url").asText())).build(),
                        HttpResponse.BodyHandlers.ofFile(warcs.resolve(f.path("name").asText())));
                assertEquals(200, w.statusCode());
            }
            assertEquals(OutputFiles.capturesPerUri(OutputFiles.warcs(cli.resolve("warc"))).keySet(),
                    OutputFiles.capturesPerUri(OutputFiles.warcs(warcs)).keySet());
        }
    }

    @Test
    void scrapeSelectorsItemsAndRenderIncludePostedAsPrintedGiveTheCommandLinesItems() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/chromium")), "needs /usr/bin/chromium");
        try (TestSite site = site(); Serve serve = serve()) {
            String root = site.url("/");
            // the app's link is written by its script: found only if --render-include renders /app
            List<String> options = List.of("--render-include", "/app$", "--render-timeout", "20s", "--field",
                    "title=title", "--field", "link=a@href", "--max-path-segments", "3", "--max-tasks", "1",
                    "--allow-private");
            Path cli = Files.createDirectories(dir.resolve("cli"));
            List<String> args = new ArrayList<>(List.of("crawl", "--no-progress", "--output",
                    cli.resolve("records.jsonl").toString(), "--items", cli.resolve("items.jsonl").toString()));
            args.addAll(options);
            args.add(root);
            CrawlCommandTest.Run crawl = CrawlCommandTest.run(args.toArray(String[]::new));
            assertEquals(0, crawl.exit(), crawl.err());
            List<String> print = new ArrayList<>(List.of("crawl", "--print-config", "--output", "records.jsonl",
                    "--items", "items.jsonl"));
            print.addAll(options);
            print.add(root);
            CrawlCommandTest.Run printed = CrawlCommandTest.run(print.toArray(String[]::new));
            assertEquals(0, printed.exit(), printed.err());
            String base = "http://127.0.0.1:" + serve.port();
            HttpResponse<String> created = send(HttpRequest.newBuilder(URI.create(base + "/v1/crawls"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(printed.out())));
            assertEquals(201, created.statusCode(), created.body());
            String id = ServeProcess.JSON.readTree(created.body()).path("id").asText();
            JsonNode status = finished(base, id);
            assertEquals("completed", status.path("state").asText(), status.toString());
            HttpResponse<String> items = send(HttpRequest.newBuilder(URI.create(base + "/v1/crawls/" + id
                    + "/files/items.jsonl")));
            assertEquals(200, items.statusCode(), items.body());
            Set<String> fromCli = new TreeSet<>(Files.readAllLines(cli.resolve("items.jsonl")));
            assertEquals(fromCli, new TreeSet<>(items.body().lines().toList()));
            assertTrue(fromCli.stream().anyMatch(i -> i.contains("Reports")), "rendered /app: " + fromCli);
            HttpResponse<String> records = send(HttpRequest.newBuilder(URI.create(base + "/v1/crawls/" + id
                    + "/files/records.jsonl")));
            Path served = Files.writeString(dir.resolve("served.jsonl"), records.body());
            assertEquals(outcomes(cli.resolve("records.jsonl")), outcomes(served));
        }
    }

    /** Each record's url, status, error kind and skip reason, as a line. */
    private static Set<String> outcomes(Path records) throws Exception {
        Set<String> set = new TreeSet<>();
        for (String line : OutputFiles.jsonLines(records)) {
            set.add(OutputFiles.field(line, "url") + " " + OutputFiles.field(line, "status") + " "
                    + OutputFiles.field(line, "error_kind") + " " + OutputFiles.field(line, "skip_reason"));
        }
        return set;
    }

    private static JsonNode finished(String base, String id) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(300).toNanos();
        while (true) {
            JsonNode s = ServeProcess.JSON.readTree(send(HttpRequest.newBuilder(URI.create(base + "/v1/crawls/"
                    + id))).body());
            if (!s.path("state").asText().equals("scraping")) return s;
            if (System.nanoTime() > deadline) throw new AssertionError("still scraping: " + s);
            Thread.sleep(200);
        }
    }

    @Test
    void theOpenApiDocumentValidatesAndItsCrawlRequestNamesEverySetting() throws Exception {
        Path repo = Path.of("..").toAbsolutePath().normalize();
        Process setup = new ProcessBuilder(repo.resolve("scripts/firecrawl/setup").toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String cache = new String(setup.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        int code = setup.waitFor();
        Assumptions.assumeTrue(code != 3, "node and npm are missing and could not be installed");
        assertEquals(0, code, "scripts/firecrawl/setup failed");
        try (Serve serve = serve()) {
            HttpResponse<String> doc = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + serve.port()
                    + "/openapi.json")));
            assertEquals(200, doc.statusCode(), doc.body());
            Path file = Files.writeString(dir.resolve("openapi.json"), doc.body());
            Path script = Path.of(NativeApiCliTest.class.getResource("/openapi/validate.mjs").toURI());
            Path err = dir.resolve("node-err.txt");
            Process node = new ProcessBuilder("node", script.toString(), file.toString(), cache)
                    .redirectError(err.toFile()).start();
            String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(node.waitFor(120, TimeUnit.SECONDS));
            assertEquals(0, node.exitValue(), out + Files.readString(err));
            JsonNode verdict = ServeProcess.JSON.readTree(out.strip());
            assertTrue(verdict.path("valid").asBoolean(), out);
            assertEquals("3.1", verdict.path("version").asText(), out);
            JsonNode properties = ServeProcess.JSON.readTree(doc.body())
                    .at("/components/schemas/CrawlRequest/properties");
            for (String name : CrawlSettings.names()) {
                assertTrue(properties.has(name), "the crawl request's schema names setting " + name);
            }
            assertTrue(properties.has("webhook"));
        }
    }
}
