package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.Await;
import dev.loomcrawl.testkit.RecordedRequest;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real loomcrawl processes sharing one crawl through a real redis-server (started by the test on a free port),
 * checked from the test site's request log.
 */
@Tag("alone") // three processes crawling as fast as they can: no other test class beside it (the pom says)
class DistributedCrawlTest extends SharedCrawlFixture {
    private static final int PAGES = 10_000;

    @Test
    void threeProcessesFetchEveryUrlOfTheSiteExactlyOnce() throws Exception {
        try (TestSite site = site(PAGES, Duration.ZERO)) {
            String[] options = {"--max-tasks", "20", "--per-host", "64", site.url("/p0")};
            List<LoomcrawlProcess> processes = List.of(join("three", options), join("three", options),
                    join("three", options));
            for (LoomcrawlProcess p : processes) assertEquals(0, p.exit(240), p.stderr());

            int[] fetches = site.fetchesPerCrossLinkedPage(PAGES);
            assertTrue(IntStream.of(fetches).allMatch(n -> n == 1), "every page exactly once; fetched twice: "
                    + IntStream.range(0, PAGES).filter(i -> fetches[i] > 1).limit(10).boxed().toList());
            for (LoomcrawlProcess p : processes) {
                assertTrue(p.stdout().contains("*** Report ***"), "each process reports its own part");
            }
            String combined = report("three", "jsonl");
            assertEquals(PAGES, combined.lines().count());
            assertEquals(PAGES, combined.lines().distinct().count());
            assertTrue(report("three", "text").contains("Finished " + PAGES + " urls"));
        }
    }

    @Test
    void aProcessKilledMidCrawlLosesNothingAndRepeatsOnlyWhatItHadInFlight() throws Exception {
        try (TestSite site = site(PAGES, Duration.ZERO)) {
            String root = site.url("/p0");
            LoomcrawlProcess victim = join("kill", "--max-tasks", "10", "--per-host", "16", "--lease-time", "2s", root);
            LoomcrawlProcess a = join("kill", "--max-tasks", "20", "--per-host", "16", "--lease-time", "2s", root);
            LoomcrawlProcess b = join("kill", "--max-tasks", "20", "--lease-time", "2s"); // no ROOT: takes the crawl's options
            Await.until("PAGES / 4 requests at the site (or the process to end)",
                    () -> site.arrivals() >= PAGES / 4 || !victim.process().isAlive());
            assertTrue(victim.process().isAlive(), "killed mid-crawl: " + victim.stderr());
            victim.process().destroyForcibly().waitFor(); // SIGKILL: its leases simply run out
            assertEquals(0, a.exit(240), a.stderr());
            assertEquals(0, b.exit(240), b.stderr());

            int[] fetches = site.fetchesPerCrossLinkedPage(PAGES);
            assertTrue(IntStream.of(fetches).allMatch(n -> n >= 1), "every page was fetched");
            int repeats = IntStream.of(fetches).map(n -> n - 1).sum();
            assertTrue(repeats <= 10, repeats + " repeats, more than the killed process's 10 fetches in flight");
            assertEquals(PAGES, report("kill", "jsonl").lines().count(), "one record per URL");
        }
    }

    @Test
    void redisKilledAndRestartedFromItsAppendOnlyFileMidCrawlAndTheCrawlCompletes() throws Exception {
        int pages = 5000;
        try (TestSite site = site(pages, Duration.ZERO)) {
            String[] options = {"--max-tasks", "20", "--per-host", "64", site.url("/p0")};
            List<LoomcrawlProcess> processes = List.of(join("restart", options), join("restart", options));
            Await.until("pages / 3 requests at the site", () -> site.arrivals() >= pages / 3);
            redis.kill(); // SIGKILL; appendfsync always: every answered script is on disk
            Thread.sleep(1000);
            redis.start();
            for (LoomcrawlProcess p : processes) assertEquals(0, p.exit(240), p.stderr());

            int[] fetches = site.fetchesPerCrossLinkedPage(pages);
            assertTrue(IntStream.of(fetches).allMatch(n -> n >= 1), "every page was fetched");
            assertEquals(pages, report("restart", "jsonl").lines().count(), "one record per URL");
        }
    }

    @Test
    void perHostOneHoldsAcrossThreeProcesses() throws Exception {
        try (TestSite site = site(200, Duration.ofMillis(3))) {
            String[] options = {"--max-tasks", "8", "--per-host", "1", site.url("/p0")};
            List<LoomcrawlProcess> processes = List.of(join("polite", options), join("polite", options),
                    join("polite", options));
            for (LoomcrawlProcess p : processes) assertEquals(0, p.exit(120), p.stderr());

            List<RecordedRequest> pages = new ArrayList<>(site.requests());
            pages.removeIf(r -> !r.target().startsWith("/p"));
            pages.sort(Comparator.comparingLong(RecordedRequest::startNanos));
            assertEquals(200, pages.size());
            for (int i = 1; i < pages.size(); i++) {
                assertTrue(pages.get(i).startNanos() >= pages.get(i - 1).endNanos(),
                        pages.get(i).target() + " overlapped " + pages.get(i - 1).target());
            }
            assertTrue(processes.stream().filter(p -> !p.stdout().contains("Finished 0 urls")).count() >= 2,
                    "the work was shared");
        }
    }
}
