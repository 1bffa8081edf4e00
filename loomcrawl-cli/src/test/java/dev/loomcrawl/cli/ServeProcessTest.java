package dev.loomcrawl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real {@code loomcrawl serve} process, killed with SIGKILL mid-crawl, then stopped with SIGTERM mid-crawl, and
 * started again each time: the job resumes from its state file and completes with every page in its results once.
 */
class ServeProcessTest {
    private static final int PAGES = 60;

    @Test
    void aKilledServeResumesItsJobAndEveryPageIsInItsResultsOnce(@TempDir Path dir) throws Exception {
        // every page answered after 150 ms, two at a time: about 5 s for the crawl, long enough to stop it twice
        try (TestSite site = TestSite.builder()
                .generated(TestSite.crossLinkedGenerator(PAGES, 3, Duration.ofMillis(150))).start()) {
            Path keys = Files.writeString(dir.resolve("keys"), "test-key\n");
            Path data = dir.resolve("data");
            int port = TestSite.freePort();
            String[] args = {"--data", data.toString(), "--allow-private", "--api-key-file", keys.toString()};
            ServeProcess first = ServeProcess.start(dir, port, args);
            String id = first.post("/v2/crawl", "{\"url\": \"" + site.url("/p0") + "\", \"crawlEntireDomain\": true, "
                    + "\"sitemap\": \"skip\"}").path("id").asText();
            waitForPages(first, id, 10);
            first.process().process().destroyForcibly(); // SIGKILL
            first.process().exit(30);

            ServeProcess second = ServeProcess.start(dir, port, args);
            assertTrue(second.process().stderr().contains("job " + id + " resumed"), second.process().stderr());
            int before = waitForPages(second, id, 25);
            second.process().process().destroy(); // SIGTERM: the job is paused, resumably
            assertEquals(143, second.process().exit(60), second.process().stderr());
            assertTrue(second.process().stderr().contains("job " + id + " paused"), second.process().stderr());

            ServeProcess third = ServeProcess.start(dir, port, args);
            JsonNode done = third.waitForEnd(id, Duration.ofSeconds(90));
            assertEquals("completed", done.path("status").asText(), done.toString());
            assertEquals(PAGES, done.path("completed").asInt(), done.toString());
            assertTrue(before >= 25);
            Set<String> urls = new HashSet<>();
            done.path("data").forEach(d -> assertTrue(urls.add(d.path("metadata").path("url").asText()),
                    "twice: " + d.path("metadata")));
            assertEquals(PAGES, urls.size());
            for (int i = 0; i < PAGES; i++) assertTrue(urls.contains(site.url("/p" + i)), "/p" + i);
            third.process().process().destroy();
            assertEquals(143, third.process().exit(60));
        }
    }

    private static int waitForPages(ServeProcess s, String id, int pages) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            JsonNode status = s.get("/v2/crawl/" + id);
            int done = status.path("completed").asInt();
            if (done >= pages) {
                assertEquals("scraping", status.path("status").asText(), "the crawl is to be stopped mid-way");
                return done;
            }
            if (System.nanoTime() > deadline) throw new AssertionError("only " + done + " pages: " + status);
            Thread.sleep(20);
        }
    }
}
