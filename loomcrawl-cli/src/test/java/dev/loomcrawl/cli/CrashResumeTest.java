package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The exactly-once guarantee from the server's side: a real loomcrawl process, killed with SIGKILL or stopped
 * with SIGINT, then resumed from its state file. The test site's request log counts every fetch.
 */
class CrashResumeTest {
    private static final int PAGES = 20_000;
    private static final int MAX_TASKS = 20;

    @TempDir
    Path tmp;

    private static int[] fetchesPerPage(TestSite site, int pages) {
        int[] counts = new int[pages];
        site.requests().forEach(r -> {
            if (r.target().startsWith("/p")) counts[Integer.parseInt(r.target().substring(2))]++;
        });
        return counts;
    }

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
                while (site.arrivals() < moment && p.process().isAlive()) Thread.sleep(2);
                Thread.sleep(random.nextInt(50)); // not always right after a fetch arrived
                if (!p.process().isAlive()) break;
                p.process().destroyForcibly().waitFor(); // SIGKILL: no handler runs, nothing is flushed
                kills++;
                stderr.append(p.stderr());
                p = LoomcrawlProcess.start(tmp, "resume", "-q", state);
            }
            assertEquals(0, p.exit(120), why + "\n" + p.stderr());
            stderr.append(p.stderr());
            int[] fetches = fetchesPerPage(site, PAGES);
            assertTrue(IntStream.of(fetches).allMatch(n -> n >= 1), "every page was fetched; " + why);
            long repeats = IntStream.of(fetches).sum() - PAGES;
            assertTrue(kills >= 8, why);
            assertTrue(repeats <= (long) kills * MAX_TASKS, repeats + " repeats after " + kills + " kills; " + why);
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
            while (site.arrivals() < 300) Thread.sleep(2);
            new ProcessBuilder("kill", "-INT", Long.toString(p.process().pid())).start().waitFor();
            assertEquals(130, p.exit(30), p.stderr());
            assertTrue(p.stdout().startsWith("Interrupted\n*** Report ***\n"));
            int fetchedBefore = IntStream.of(fetchesPerPage(site, pages)).sum();
            assertTrue(fetchedBefore < pages, "the crawl stopped early: " + fetchedBefore);
            p = LoomcrawlProcess.start(tmp, "resume", "-q", state);
            assertEquals(0, p.exit(60), p.stderr());
            assertTrue(p.stdout().contains("Todo: 0\nDone: " + pages + "\n"));
            int[] fetches = fetchesPerPage(site, pages);
            for (int i = 0; i < pages; i++) assertEquals(1, fetches[i], "/p" + i);
        }
    }
}
