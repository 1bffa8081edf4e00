package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.Await;
import dev.loomcrawl.testkit.TestSite;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The outputs of a crawl with --state from the files' side: a real loomcrawl process killed with SIGKILL (or
 * stopped with SIGINT) and resumed, writing records, links, WARC files and the HTML report. Every file must be
 * whole after it all, and hold every URL exactly once.
 */
class OutputCrashResumeTest {
    private static final int PAGES = 1500;
    private static final int LINKS = 4;
    private static final int MAX_TASKS = 20;

    @TempDir
    Path tmp;

    private LoomcrawlProcess start(String... args) throws Exception {
        return LoomcrawlProcess.start(tmp, args);
    }

    private String[] crawl(TestSite site, String state) {
        return new String[] {"crawl", "-q", "--state", state, "--max-tasks", "" + MAX_TASKS, "--per-host", "20",
                "--output", tmp.resolve("r.jsonl").toString(), "--links", tmp.resolve("l.csv").toString(),
                "--warc", tmp.resolve("w").toString(), "--warc-max-size", "256KiB",
                "--html-report", tmp.resolve("h.html").toString(), site.url("/p0")};
    }

    private static Set<String> pages(TestSite site) {
        Set<String> urls = new HashSet<>();
        for (int i = 0; i < PAGES; i++) urls.add(site.url("/p" + i));
        return urls;
    }

    /** Every file whole, every URL in each exactly once, the report of the state equal to the records file. */
    private void assertOutputsHoldEveryPageOnce(TestSite site, String state, String why) throws Exception {
        List<String> records = OutputFiles.jsonLines(tmp.resolve("r.jsonl"));
        List<String> urls = records.stream().map(line -> {
            try {
                return OutputFiles.field(line, "url");
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }).toList();
        assertEquals(PAGES, urls.size(), "one line per page; " + why);
        assertEquals(pages(site), new HashSet<>(urls), why);
        assertEquals((2 + LINKS) * PAGES, OutputFiles.csv(tmp.resolve("l.csv")).size(), "each page's links once; " + why);
        List<Path> warcs = OutputFiles.warcs(tmp);
        OutputFiles.assertValidWarcs(warcs);
        Map<String, Integer> captures = OutputFiles.capturesPerUri(warcs);
        assertEquals(pages(site), captures.keySet(), why);
        assertTrue(captures.values().stream().allMatch(n -> n == 1), "each capture once; " + why);
        CrawlCommandTest.Run report = CrawlCommandTest.run("report", "--format", "jsonl", state);
        assertEquals(new HashSet<>(records), new HashSet<>(report.out().lines().toList()), why);
        assertEquals(String.valueOf(PAGES), Jsoup.parse(tmp.resolve("h.html").toFile()).selectFirst(".card .value")
                .text().replace(",", ""), why);
    }

    @Test
    void killedAtRandomMomentsTheOutputsHoldEveryUrlExactlyOnceAndStayValid() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        int[] moments = random.ints(4, 150, PAGES - 250).sorted().toArray();
        String why = "seed " + seed + ", kills after " + Arrays.toString(moments) + " arrivals";
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(PAGES, LINKS)).start()) {
            String state = tmp.resolve("crawl.db").toString();
            LoomcrawlProcess p = start(crawl(site, state));
            int kills = 0;
            StringBuilder stderr = new StringBuilder();
            for (int moment : moments) {
                LoomcrawlProcess running = p;
                Await.until("the chosen number of requests at the site (or the process to end)",
                        () -> site.arrivals() >= moment || !running.process().isAlive());
                Thread.sleep(random.nextInt(30));
                if (!p.process().isAlive()) break;
                p.process().destroyForcibly().waitFor(); // SIGKILL: no handler runs, nothing is flushed
                kills++;
                stderr.append(p.stderr());
                p = start("resume", "-q", state);
            }
            assertEquals(0, p.exit(120), why + "\n" + p.stderr());
            stderr.append(p.stderr());
            assertTrue(kills >= 3, why);
            assertEquals("", stderr.toString(), why);
            assertOutputsHoldEveryPageOnce(site, state, why);
        }
    }

    @Test
    void ctrlCThenResumeAppendsToEveryOutput() throws Exception {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(PAGES, LINKS)).start()) {
            String state = tmp.resolve("crawl.db").toString();
            LoomcrawlProcess p = start(crawl(site, state));
            Await.until("300 requests at the site", () -> site.arrivals() >= 300);
            new ProcessBuilder("kill", "-INT", Long.toString(p.process().pid())).start().waitFor();
            assertEquals(130, p.exit(30), p.stderr());
            int first = OutputFiles.jsonLines(tmp.resolve("r.jsonl")).size();
            assertTrue(first < PAGES, "stopped early: " + first);
            assertTrue(Files.readString(tmp.resolve("h.html")).contains("Interrupted: "), "the report says so");

            LoomcrawlProcess resumed = start("resume", "-q", state);
            assertEquals(0, resumed.exit(60), resumed.stderr());
            assertEquals("", resumed.stderr());
            assertOutputsHoldEveryPageOnce(site, state, "after Ctrl-C at " + first + " records");
            for (int i = 0; i < PAGES; i++) assertEquals(1, site.requestCount("/p" + i), "/p" + i);
        }
    }
}
