package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Outputs of a real loomcrawl process stopped part-way by a real signal: Ctrl-C twice (fetches in flight
 * aborted), or SIGTERM (a stop like Ctrl-C; fetches that never end are aborted after the grace). Every file
 * must still be whole: JSON Lines that parse line by line, CSV that parses, WARC files that jwarc's validator
 * accepts.
 */
class OutputInterruptTest {
    private static final int FAST = 10, SLOW = 20;

    @TempDir
    Path dir;

    private static TestSite site() {
        TestSite.Builder b = TestSite.builder();
        StringBuilder links = new StringBuilder();
        for (int i = 0; i < FAST + SLOW; i++) {
            Route page = Route.Respond.html("<p>page " + i + "</p><a href=/>home</a><a href=/f0>first</a>");
            b.route("/f" + i, i < FAST ? page : new Route.Delay(Duration.ofSeconds(60), page));
            links.append("<a href=/f").append(i).append(">page ").append(i).append("</a>\n");
        }
        return b.page("/", links.toString()).start();
    }

    private Process start(TestSite site) throws IOException {
        List<String> cmd = LoomcrawlProcess.command("256m", List.of(), "crawl", "--max-tasks", "8", "--per-host", "8",
                "--output", dir.resolve("r.jsonl").toString(), "--links", dir.resolve("l.csv").toString(),
                "--warc", dir.resolve("w").toString(), "--warc-max-size", "4KiB",
                "--html-report", dir.resolve("h.html").toString(), site.url("/"));
        return new ProcessBuilder(cmd).redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile()).start();
    }

    /** Waits until the fast pages are done and slow ones hang in flight. */
    private static void waitForSlowFetches(TestSite site) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (site.requests().stream().filter(r -> r.endNanos() > r.startNanos()).count() < 1 + FAST
                || site.arrivals() < 1 + FAST + 4) {
            if (System.nanoTime() > deadline) throw new AssertionError("the crawl did not get going");
            Thread.sleep(10);
        }
        Thread.sleep(300); // let the records of the fast pages reach the writers
    }

    private static void signal(Process p, String name) throws Exception {
        new ProcessBuilder("kill", "-" + name, Long.toString(p.pid())).start().waitFor();
    }

    private void assertOutputsWhole(int records) throws Exception {
        assertEquals(records, OutputFiles.jsonLines(dir.resolve("r.jsonl")).size());
        assertEquals(FAST + SLOW + FAST * 2, OutputFiles.csv(dir.resolve("l.csv")).size()); // the root's, two per fast page
        List<Path> warcs = OutputFiles.warcs(dir);
        assertTrue(warcs.size() > 1, "rotated: " + warcs);
        OutputFiles.assertValidWarcs(warcs);
        assertTrue(Files.readString(dir.resolve("h.html")).contains("Crawl report"));
    }

    @Test
    void aCrawlAbortedByCtrlCTwiceLeavesWholeFiles() throws Exception {
        try (TestSite site = site()) {
            Process p = start(site);
            waitForSlowFetches(site);
            signal(p, "INT");
            Thread.sleep(300);
            signal(p, "INT");
            assertTrue(p.waitFor(20, TimeUnit.SECONDS), "the process should end promptly");
            String err = Files.readString(dir.resolve("err.txt"));
            assertEquals(130, p.exitValue(), err);
            assertFalse(err.contains("Exception") || err.contains("\tat "), err); // aborted fetches are quiet
            assertOutputsWhole(1 + FAST);
            assertTrue(Files.readString(dir.resolve("h.html")).contains("Interrupted: "));
            assertTrue(Files.readString(dir.resolve("out.txt")).startsWith("Interrupted\n*** Report ***\n"));
        }
    }

    @Test
    void sigtermClosesEveryOutputOnTheWayOut() throws Exception {
        try (TestSite site = site()) {
            Process p = start(site);
            waitForSlowFetches(site);
            signal(p, "TERM");
            assertTrue(p.waitFor(20, TimeUnit.SECONDS), "the process should end promptly");
            assertEquals(143, p.exitValue(), Files.readString(dir.resolve("err.txt")));
            assertOutputsWhole(1 + FAST);
        }
    }
}
