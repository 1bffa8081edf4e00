package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.Await;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Ctrl-C, as a real SIGINT sent to a real loomcrawl process. */
class InterruptTest {

    private static TestSite slowSite(Duration delay, int pages) {
        TestSite.Builder b = TestSite.builder();
        StringBuilder links = new StringBuilder();
        for (int i = 0; i < pages; i++) {
            b.route("/slow" + i, new Route.Delay(delay, Route.Respond.html("slow")));
            links.append("<a href=/slow").append(i).append(">s</a>");
        }
        return b.page("/", links.toString()).start();
    }

    private static Process start(String... args) throws IOException {
        return new ProcessBuilder(LoomcrawlProcess.command("256m", List.of(), args)).start();
    }

    private static void interrupt(Process p) throws Exception {
        new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
    }

    @Test
    void firstCtrlCFinishesFetchesInFlightThenPrintsInterruptedAndTheReport() throws Exception {
        try (TestSite site = slowSite(Duration.ofMillis(1500), 40)) {
            Process p = start("crawl", "--max-tasks", "4", "--per-host", "4", site.url("/"));
            Await.until("robots.txt, the root, four slow pages", () -> site.arrivals() >= 6);
            interrupt(p);
            assertTrue(p.waitFor(20, TimeUnit.SECONDS));
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(130, p.exitValue(), err);
            assertTrue(out.startsWith("Interrupted\n*** Report ***\n"), out);
            assertTrue(out.contains("Done: 5\n"), out); // the root and the four in flight, all finished
            assertTrue(out.contains("Todo: 36\n"), out);
            assertTrue(err.contains("Stopping: finishing"), err);
        }
    }

    @Test
    void secondCtrlCAbortsFetchesInFlight() throws Exception {
        try (TestSite site = slowSite(Duration.ofSeconds(60), 10)) {
            Process p = start("crawl", "--max-tasks", "4", "--per-host", "4", site.url("/"));
            Await.until("robots.txt, the root, four slow pages", () -> site.arrivals() >= 6);
            long start = System.nanoTime();
            interrupt(p);
            Thread.sleep(300);
            interrupt(p);
            assertTrue(p.waitFor(10, TimeUnit.SECONDS), "the process should end promptly");
            assertTrue(System.nanoTime() - start < Duration.ofSeconds(8).toNanos());
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(130, p.exitValue());
            assertTrue(out.contains("Interrupted\n*** Report ***\n"));
            assertTrue(out.contains("Done: 1\n"), out);
            assertTrue(out.contains("Todo: 10\n"), out);
        }
    }
}
