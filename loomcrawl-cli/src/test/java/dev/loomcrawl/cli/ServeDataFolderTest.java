package dev.loomcrawl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real {@code loomcrawl serve}'s data folder: its own (a second server on it refused), private, a damaged job
 * skipped with a log line, a job's files downloaded as what they are, and a job's error told without the server's
 * paths or command-line advice.
 */
class ServeDataFolderTest {
    @Test
    void aSecondServerOnTheDataFolderIsRefusedAndTheFirstsJobGoesOn(@TempDir Path dir) throws Exception {
        try (TestSite site = TestSite.builder()
                .generated(TestSite.crossLinkedGenerator(20, 3, Duration.ofMillis(100))).start()) {
            Path data = dir.resolve("data");
            ServeProcess first = ServeProcess.start(dir, TestSite.freePort(), "--data", data.toString(),
                    "--allow-private");
            String id = firecrawlCrawl(first, site.url("/p0"));
            LoomcrawlProcess second = LoomcrawlProcess.start(dir, "serve", "--listen", "127.0.0.1:"
                    + TestSite.freePort(), "--data", data.toString(), "--allow-private");
            assertEquals(1, second.exit(60), second.stderr());
            assertEquals("loomcrawl serve: the data folder " + data.toAbsolutePath() + " is in use by another "
                    + "loomcrawl server (pid " + first.process().process().pid() + "); give each server its own "
                    + "--data\n", second.stderr().replaceAll("(?m)^(?!loomcrawl serve: ).*\n", ""));
            LoomcrawlProcess mcp = LoomcrawlProcess.start(dir, "mcp", "--data", data.toString());
            assertEquals(1, mcp.exit(60), mcp.stderr());
            assertTrue(mcp.stderr().contains("loomcrawl mcp: the data folder "), mcp.stderr());
            JsonNode done = first.waitForEnd(id, Duration.ofSeconds(90));
            assertEquals("completed", done.path("status").asText(), done.toString());
            assertEquals(20, done.path("completed").asInt());
            // private whatever the umask: the folders 0700, a job's record (its webhook's headers) and state 0600
            assertEquals("rwx------", mode(data));
            assertEquals("rwx------", mode(data.resolve(id)));
            assertEquals("rw-------", mode(data.resolve(id).resolve("job.json")));
            assertEquals("rw-------", mode(data.resolve(id).resolve("state.db")));
            first.stop();
        }
    }

    @Test
    void aDamagedJobIsSkippedAndGarbageInResultsNeverReachesAnAnswer(@TempDir Path dir) throws Exception {
        try (TestSite site = TestSite.builder().generated(TestSite.crossLinkedGenerator(6, 2)).start()) {
            Path data = dir.resolve("data");
            int port = TestSite.freePort();
            ServeProcess serve = ServeProcess.start(dir, port, "--data", data.toString(), "--allow-private");
            String good = firecrawlCrawl(serve, site.url("/p0"));
            assertEquals("completed", serve.waitForEnd(good, Duration.ofSeconds(90)).path("status").asText());
            String damaged = firecrawlCrawl(serve, site.url("/p0"));
            serve.waitForEnd(damaged, Duration.ofSeconds(90));
            serve.stop();
            // the one: its results a folder; the other: garbage after its last line
            Path documents = data.resolve(damaged).resolve("documents.jsonl");
            Files.delete(documents);
            Files.createDirectory(documents);
            Files.writeString(data.resolve(good).resolve("documents.jsonl"), "{\"cut short\": \n<html>\n",
                    StandardOpenOption.APPEND);

            ServeProcess again = ServeProcess.start(dir, port, "--data", data.toString(), "--allow-private");
            assertTrue(again.process().stderr().contains("job " + damaged + ": its results cannot be read"),
                    again.process().stderr());
            JsonNode status = again.get("/v2/crawl/" + good); // the body parsed as JSON: no garbage in it
            assertEquals(6, status.path("data").size(), status.toString());
            assertEquals(6, status.path("completed").asInt());
            HttpResponse<String> gone = ServeProcess.answer(HttpRequest.newBuilder(URI.create(again.base()
                    + "/v2/crawl/" + damaged)).GET());
            assertEquals(404, gone.statusCode(), gone.body());
            again.stop();
        }
    }

    @Test
    void aJobsFilesAreDownloadedAsWhatTheyAreAndItsErrorNamesNoServerPath(@TempDir Path dir) throws Exception {
        String trap = "<p>&lt;meta http-equiv=\"refresh\" content=\"0;url=http://example.com/\"&gt;</p>";
        try (TestSite site = TestSite.builder().page("/", trap)
                .generated(TestSite.crossLinkedGenerator(30, 3, Duration.ofMillis(200))).start()) {
            Path data = dir.resolve("data");
            ServeProcess serve = ServeProcess.start(dir, TestSite.freePort(), "--data", data.toString(),
                    "--allow-private", "--max-jobs", "1");
            String html = serve.createNative("{\"root\": [\"" + site.url("/") + "\"], \"ignore-robots\": true, "
                    + "\"max-pages\": 1, \"content\": \"page.html\", \"html-report\": \"report.html\"}");
            serve.waitForNative(html, Duration.ofSeconds(90));
            HttpResponse<String> content = ServeProcess.answer(HttpRequest.newBuilder(URI.create(serve.base()
                    + "/v1/crawls/" + html + "/files/page.html")).GET());
            assertEquals(200, content.statusCode(), content.body());
            assertTrue(content.body().contains("http-equiv"), content.body());
            assertEquals("application/x-ndjson", content.headers().firstValue("Content-Type").orElse(""));
            assertEquals("attachment; filename=\"page.html\"",
                    content.headers().firstValue("Content-Disposition").orElse(""));
            assertTrue(content.headers().firstValue("Content-Security-Policy").orElse("").startsWith("sandbox;"));
            HttpResponse<String> report = ServeProcess.answer(HttpRequest.newBuilder(URI.create(serve.base()
                    + "/v1/crawls/" + html + "/files/report.html")).GET());
            assertTrue(report.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
            assertTrue(report.headers().firstValue("Content-Disposition").orElse("").startsWith("inline"));

            // a job whose outputs folder cannot be made: a file stands where it goes, while a job holds the slot
            String busy = serve.createNative("{\"root\": [\"" + site.url("/p0") + "\"], \"ignore-robots\": true, "
                    + "\"max-tasks\": 1, \"per-host\": 1}");
            while (serve.get("/v1/crawls/" + busy).at("/counts/recorded").asLong() == 0) Thread.sleep(50); // it runs
            String failing = serve.createNative("{\"root\": [\"" + site.url("/p0") + "\"], \"ignore-robots\": true, "
                    + "\"output\": \"records.jsonl\"}");
            Files.writeString(data.resolve(failing).resolve("outputs"), "in the way");
            assertEquals(200, serve.answerPost("/v1/crawls/" + busy + "/cancel", "").statusCode());
            JsonNode failed = serve.waitForNative(failing, Duration.ofSeconds(90));
            assertEquals("failed", failed.path("state").asText(), failed.toString());
            String error = failed.path("error").asText();
            assertFalse(error.isBlank(), failed.toString());
            assertFalse(error.contains(data.toAbsolutePath().toString()) || error.contains(dir.toString()), error);
            assertFalse(error.matches("(?s).*(^|\\s)/[a-z].*") || error.contains("--"), error);
            JsonNode listed = serve.get("/v1/jobs");
            assertFalse(listed.toString().contains(dir.toString()), listed.toString());
            serve.stop();
        }
    }

    private static String mode(Path p) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }

    private static String firecrawlCrawl(ServeProcess s, String url) throws Exception {
        return s.post("/v2/crawl", "{\"url\": \"" + url + "\", \"crawlEntireDomain\": true, \"sitemap\": \"skip\"}")
                .path("id").asText();
    }
}
