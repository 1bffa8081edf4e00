package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.Await;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The exactly-once guarantee from the server's side: a real loomcrawl process, killed with SIGKILL or stopped
 * with SIGINT, then resumed from its state file. The test site's request log counts every fetch.
 */
@Tag("alone") // ten JVMs started and killed one after another, racing the site: no other test class beside it
class CrashResumeTest {
    private static final int PAGES = 20_000;
    private static final int MAX_TASKS = 20;

    @TempDir
    Path tmp;

    @Test
    void killedAtTenRandomMomentsTheCrawlFetchesEveryPageAndRepeatsOnlyWhatWasInFlight() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        int[] moments = random.ints(10, 500, PAGES - 500).sorted().toArray(); // in fetches arrived at the site
        String why = "seed " + seed + ", kills after " + Arrays.toString(moments) + " arrivals";
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(PAGES, 4)).start()) {
            String state = tmp.resolve("crawl.db").toString();
            LoomcrawlProcess p = LoomcrawlProcess.start(tmp, "crawl", "-q", "--state", state, "--max-tasks",
                    "" + MAX_TASKS, "--per-host", "20", site.url("/p0"));
            int kills = 0;
            StringBuilder stderr = new StringBuilder();
            for (int moment : moments) {
                LoomcrawlProcess running = p;
                Await.until("the chosen number of requests at the site (or the process to end)",
                        () -> site.arrivals() >= moment || !running.process().isAlive());
                Thread.sleep(random.nextInt(50)); // not always right after a fetch arrived
                if (!p.process().isAlive()) break;
                p.process().destroyForcibly().waitFor(); // SIGKILL: no handler runs, nothing is flushed
                kills++;
                stderr.append(p.stderr());
                p = LoomcrawlProcess.start(tmp, "resume", "-q", state);
            }
            assertEquals(0, p.exit(120), why + "\n" + p.stderr());
            stderr.append(p.stderr());
            int[] fetches = site.fetchesPerCrossLinkedPage(PAGES);
            assertTrue(IntStream.of(fetches).allMatch(n -> n >= 1), "every page was fetched; " + why);
            long repeats = IntStream.of(fetches).sum() - PAGES;
            assertTrue(kills >= 8, why);
            // in flight at each kill: up to two visits a worker, the page it reads and the next one whose request is
            // on its way (docs/decisions/0047-the-next-request-before-the-page-is-read.md)
            assertTrue(repeats <= 2L * kills * MAX_TASKS, repeats + " repeats after " + kills + " kills; " + why);
            CrawlCommandTest.Run report = CrawlCommandTest.run("report", state);
            assertTrue(report.out().contains("Todo: 0\nDone: " + PAGES + "\n"), why);
            assertEquals("", stderr.toString(), why);
        }
    }

    @Test
    void ctrlCThenResumeFetchesEveryPageExactlyOnce() throws Exception {
        int pages = 2000;
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(pages, 4)).start()) {
            String state = tmp.resolve("crawl.db").toString();
            LoomcrawlProcess p = LoomcrawlProcess.start(tmp, "crawl", "-q", "--state", state, "--max-tasks",
                    "" + MAX_TASKS, "--per-host", "20", site.url("/p0"));
            Await.until("300 requests at the site", () -> site.arrivals() >= 300);
            new ProcessBuilder("kill", "-INT", Long.toString(p.process().pid())).start().waitFor();
            assertEquals(130, p.exit(30), p.stderr());
            assertTrue(p.stdout().startsWith("Interrupted\n*** Report ***\n"));
            int fetchedBefore = IntStream.of(site.fetchesPerCrossLinkedPage(pages)).sum();
            assertTrue(fetchedBefore < pages, "the crawl stopped early: " + fetchedBefore);
            p = LoomcrawlProcess.start(tmp, "resume", "-q", state);
            assertEquals(0, p.exit(60), p.stderr());
            assertTrue(p.stdout().contains("Todo: 0\nDone: " + pages + "\n"));
            int[] fetches = site.fetchesPerCrossLinkedPage(pages);
            for (int i = 0; i < pages; i++) assertEquals(1, fetches[i], "/p" + i);
        }
    }

    @Test
    void ctrlCTwiceAbortsFetchesInFlightAndTheNextRunFetchesOnlyThoseAgain() throws Exception {
        TestSite.Builder b = TestSite.builder();
        StringBuilder links = new StringBuilder();
        for (int i = 0; i < 10; i++) { // the first four pages, taken first, hang the first time they are asked for
            b.route("/slow" + i, i >= 4 ? Route.Respond.html("s") : Route.Sequence.of(
                    new Route.Delay(Duration.ofSeconds(60), Route.Respond.html("s")), Route.Respond.html("s")));
            links.append("<a href=/slow").append(i).append(">s</a>");
        }
        try (TestSite site = b.page("/", links.toString()).start()) {
            String state = tmp.resolve("crawl.db").toString();
            LoomcrawlProcess p = LoomcrawlProcess.start(tmp, "crawl", "--state", state, "--max-tasks", "4",
                    "--per-host", "4", site.url("/"));
            Await.until("robots.txt, the root, four hanging pages", () -> site.arrivals() >= 6);
            for (int press = 0; press < 2; press++) {
                new ProcessBuilder("kill", "-INT", Long.toString(p.process().pid())).start().waitFor();
                Thread.sleep(300);
            }
            assertEquals(130, p.exit(10), p.stderr());
            assertTrue(p.stdout().contains("Todo: 10\nDone: 1\n"), p.stdout());
            LoomcrawlProcess resumed = LoomcrawlProcess.start(tmp, "resume", "-q", state);
            assertEquals(0, resumed.exit(30), resumed.stderr());
            assertTrue(resumed.stdout().contains("Todo: 0\nDone: 11\n"), resumed.stdout());
            for (int i = 0; i < 10; i++) assertEquals(1, site.answeredCount("/slow" + i), "answered once: /slow" + i);
            // arrived: robots.txt once a run, the root, the four aborted pages twice, the six others once
            assertEquals(2 + 1 + 4 * 2 + 6, site.arrivals());
        }
    }
}
