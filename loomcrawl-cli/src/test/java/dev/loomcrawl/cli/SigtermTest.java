package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SIGTERM (what systemd, Kubernetes, docker stop and CI runners send) sent to a real loomcrawl process: a stop
 * like Ctrl-C, with the report, whole outputs, a resumable state, and exit 143; a second signal, or the grace
 * running out, aborts the fetches in flight. The same for {@code resume} and {@code check}.
 */
@Timeout(180)
class SigtermTest {
    private static final int PAGES = 60;

    @TempDir
    Path dir;

    /** A root linking to {@code pages} pages that each take {@code delay} to answer (and link back home). */
    private static TestSite site(int pages, Duration delay) {
        TestSite.Builder b = TestSite.builder();
        StringBuilder links = new StringBuilder();
        for (int i = 0; i < pages; i++) {
            b.route("/p" + i, new Route.Delay(delay, Route.Respond.html("<p>page " + i + "</p><a href=/>home</a>")));
            links.append("<a href=/p").append(i).append(">page ").append(i).append("</a>\n");
        }
        return b.page("/", links.toString()).start();
    }

    private static void signal(Process p, String name) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + name, Long.toString(p.pid())).start().waitFor());
    }

    private static void awaitArrivals(IntSupplier arrivals, int n, LoomcrawlProcess p) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (arrivals.getAsInt() < n) {
            if (System.nanoTime() > deadline || !p.process().isAlive()) {
                throw new AssertionError("the crawl did not reach " + n + " fetches; stderr: " + p.stderr());
            }
            Thread.sleep(10);
        }
    }

    private static void assertNoStackTrace(LoomcrawlProcess p) {
        String all = p.stdout() + p.stderr();
        assertFalse(all.contains("\tat ") || all.contains("Exception"), all);
    }

    @Test
    void sigtermStopsAStateCrawlWithItsReportAndWholeOutputsAndResumeFinishesIt() throws Exception {
        try (TestSite site = site(PAGES, Duration.ofMillis(200))) {
            String state = dir.resolve("c.db").toString();
            Path records = dir.resolve("r.jsonl");
            LoomcrawlProcess p = LoomcrawlProcess.start(dir, "crawl", "--no-progress", "--max-tasks", "4",
                    "--per-host", "4", "--state", state, "--output", records.toString(),
                    "--warc", dir.resolve("w").toString(), "--html-report", dir.resolve("h.html").toString(),
                    site.url("/"));
            awaitArrivals(site::arrivals, 12, p);
            signal(p.process(), "TERM");
            assertEquals(143, p.exit(30), p.stderr());
            assertTrue(p.stdout().startsWith("Interrupted\n*** Report ***\n"), p.stdout());
            assertTrue(p.stdout().contains("Ledger: "), p.stdout());
            assertTrue(p.stderr().contains("Stopping (SIGTERM): finishing "), p.stderr());
            assertTrue(p.stderr().endsWith("\nTo go on: loomcrawl resume " + state + "\n"), p.stderr());
            assertNoStackTrace(p);
            int first = OutputFiles.jsonLines(records).size(); // whole lines only
            assertTrue(first > 1 && first < PAGES + 1, "records after SIGTERM: " + first);
            OutputFiles.assertValidWarcs(OutputFiles.warcs(dir));

            // resume is stopped by SIGTERM too, later on, and then finishes
            LoomcrawlProcess resumed = LoomcrawlProcess.start(dir, "resume", "--no-progress", state);
            awaitArrivals(site::arrivals, first + 12, resumed);
            signal(resumed.process(), "TERM");
            assertEquals(143, resumed.exit(30), resumed.stderr());
            assertTrue(resumed.stdout().startsWith("Interrupted\n*** Report ***\n"), resumed.stdout());
            assertTrue(resumed.stderr().endsWith("\nTo go on: loomcrawl resume " + state + "\n"), resumed.stderr());
            assertNoStackTrace(resumed);

            LoomcrawlProcess last = LoomcrawlProcess.start(dir, "resume", "--no-progress", state);
            assertEquals(0, last.exit(60), last.stderr());
            assertFalse(last.stderr().contains("To go on"), last.stderr());
            assertNoStackTrace(last);
            List<String> lines = OutputFiles.jsonLines(records);
            Set<String> urls = new HashSet<>();
            for (String line : lines) assertTrue(urls.add(OutputFiles.field(line, "url")), "twice: " + line);
            assertEquals(PAGES + 1, urls.size(), "the root and every page, once each: " + urls);
            OutputFiles.assertValidWarcs(OutputFiles.warcs(dir));
            for (int i = 0; i < PAGES; i++) assertTrue(site.answeredCount("/p" + i) >= 1, "/p" + i);
        }
    }

    @Test
    void afterSigtermFetchesThatDoNotEndAreAbortedWhenTheGraceRunsOut() throws Exception {
        try (TestSite site = site(8, Duration.ofSeconds(120))) {
            LoomcrawlProcess p = LoomcrawlProcess.start(dir, "crawl", "--no-progress", "--max-tasks", "4",
                    "--per-host", "4", site.url("/"));
            awaitArrivals(site::arrivals, 6, p); // robots.txt, the root, four pages that never answer
            signal(p.process(), "TERM");
            assertEquals(143, p.exit(60), p.stderr());
            assertTrue(p.stderr().contains("Aborting fetches in flight: " + Interrupts.TERM_GRACE.toSeconds()
                    + " s have passed"), p.stderr());
            assertTrue(p.stdout().startsWith("Interrupted\n*** Report ***\n"), p.stdout());
            assertTrue(p.stdout().contains("Done: 1\n"), p.stdout()); // the root; the four aborted are to do
            assertTrue(p.stdout().contains("Todo: 8\n"), p.stdout());
            assertNoStackTrace(p);
        }
    }

    @Test
    void aSecondSignalAbortsTheFetchesInFlightAtOnce() throws Exception {
        try (TestSite site = site(8, Duration.ofSeconds(120))) {
            LoomcrawlProcess p = LoomcrawlProcess.start(dir, "crawl", "--no-progress", "--max-tasks", "4",
                    "--per-host", "4", site.url("/"));
            awaitArrivals(site::arrivals, 6, p);
            signal(p.process(), "TERM");
            Thread.sleep(300);
            signal(p.process(), "INT");
            assertEquals(143, p.exit(60), p.stderr()); // the first signal names the exit
            assertTrue(p.stderr().contains("Aborting fetches in flight\n"), p.stderr());
            assertFalse(p.stderr().contains("s have passed"), p.stderr());
            assertTrue(p.stdout().contains("Todo: 8\n"), p.stdout());
        }
    }

    @Test
    void sigtermAndCtrlCDuringACheckPrintWhatWasFoundSoFarMarkedIncomplete() throws Exception {
        for (String signal : List.of("TERM", "INT")) {
            TestSite.Builder b = TestSite.builder();
            StringBuilder links = new StringBuilder("<a href=/gone>gone</a>\n");
            for (int i = 0; i < 8; i++) {
                b.route("/slow" + i, new Route.Delay(Duration.ofSeconds(120), Route.Respond.html("slow")));
                links.append("<a href=/slow").append(i).append(">s</a>\n");
            }
            try (TestSite site = b.page("/", links.toString()).status("/gone", 404).start()) {
                LoomcrawlProcess p = LoomcrawlProcess.start(dir, "check", "--max-tasks", "4", site.url("/"));
                awaitArrivals(() -> (int) site.requestCount("/gone") + countSlow(site), 4, p);
                signal(p.process(), signal);
                Thread.sleep(300);
                signal(p.process(), signal); // aborts the fetches that never end
                assertEquals(signal.equals("TERM") ? 143 : 130, p.exit(60), p.stderr());
                String out = p.stdout();
                assertTrue(out.startsWith("Interrupted: what was found so far\n"), out);
                assertTrue(out.contains("404 " + site.url("/gone") + ", linked from " + site.url("/")), out);
                assertTrue(out.contains("1 broken link to 1 target on 1 page so far (") && out.contains("; incomplete: "
                        + "interrupted with "), out);
                assertNoStackTrace(p);
            }
        }
    }

    private static int countSlow(TestSite site) {
        List<Long> counts = new ArrayList<>();
        for (int i = 0; i < 8; i++) counts.add(site.requestCount("/slow" + i));
        return (int) counts.stream().mapToLong(Long::longValue).sum();
    }
}
