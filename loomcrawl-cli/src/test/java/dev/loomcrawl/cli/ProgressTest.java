package dev.loomcrawl.cli;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.testkit.Await;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Progress on standard error: the live line on a terminal, log lines elsewhere, off with --no-progress. */
class ProgressTest {

    private static CrawlRecord record(int status, long size, ErrorKind error) {
        return CrawlRecord.builder(WebUrl.parse("http://example.com/")).status(status).errorKind(error)
                .error(error == null ? null : "x").size(size).contentType("text/html").encoding("utf-8")
                .startedAt(Instant.now()).attempts(1).build();
    }

    @Test
    void theLineShowsDoneQueuedInFlightRateErrorsBytesAndTime() {
        assertEquals("1,234 done, 5 queued, 3 in flight, 12.3 pages/s, 2 errors, 1.5 KiB, 1:15",
                Progress.line(1234, 5, 3, 12.34, 2, 1536, Duration.ofSeconds(75)));
        assertEquals("0 done, 0 queued, 0 in flight, 0.0 pages/s, 0 errors, 0 B, 1:01:01",
                Progress.line(0, 0, 0, 0, 0, 0, Duration.ofSeconds(3661)));
        assertEquals("2.0 GiB", Progress.size(2L << 30));
    }

    /** The line, 82 characters, on a terminal of 80 columns and narrower ones: never past width - 1. */
    @Test
    void onANarrowTerminalTheLineSaysTheRateBrieflyThenLeavesOutTheFieldsLeastWorthTheRoom() {
        long bytes = (long) (181.9 * (1 << 20));
        Duration t = Duration.ofSeconds(42);
        assertEquals("5,371 done, 4,945 queued, 2 in flight, 1,009.7 pages/s, 39 errors, 181.9 MiB, 0:42",
                Progress.line(5371, 4945, 2, 1009.7, 39, bytes, t));
        assertEquals("5,371 done, 4,945 queued, 2 in flight, 1,010/s, 39 errors, 181.9 MiB, 0:42",
                Progress.line(5371, 4945, 2, 1009.7, 39, bytes, t, 79));
        assertEquals("5,371 done, 4,945 queued, 1,010/s, 39 errors, 0:42",
                Progress.line(5371, 4945, 2, 1009.7, 39, bytes, t, 59));
        assertEquals("5,371 done, 4,945 queued, 39 errors, 0:42",
                Progress.line(5371, 4945, 2, 1009.7, 39, bytes, t, 41));
        assertEquals("5,371 done, 4,945 queued", Progress.line(5371, 4945, 2, 1009.7, 39, bytes, t, 30));
        assertEquals("5,371 do", Progress.line(5371, 4945, 2, 1009.7, 39, bytes, t, 8));
        assertEquals("3,291 done, 508 queued, 37 errors, 0:08", Progress.line(3291, 508, 50, 511.3, 37, 89L << 20,
                Duration.ofSeconds(8), 39), "docs/outputs.md's example on 40 columns");
        assertEquals("1 done, 0 queued, 0 in flight, 0.0 pages/s, 1 error, 0 B, 0:00",
                Progress.line(1, 0, 0, 0, 1, 0, Duration.ZERO, 79), "it fits: whole");
    }

    /**
     * The real command on a terminal of 80 columns that narrows to 40 while a page is held: every line drawn fits
     * the width it was drawn for, and the line is cleared before the report.
     */
    @Test
    void onATerminalTheLineFitsItsWidthAsTheWidthChangesAndIsClearedAtTheEnd(@TempDir Path dir) throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        TestSite.Builder b = TestSite.builder();
        StringBuilder index = new StringBuilder("<a href=/held>held</a>");
        for (int i = 0; i < 20; i++) {
            b.page("/p" + i, "p");
            index.append("<a href=/p").append(i).append(">p</a>");
        }
        b.route("/held", new Route.Dynamic(request -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Route.Respond.html("held");
        }));
        try (TestSite site = b.page("/", index.toString()).start()) {
            Path resize = dir.resolve("resize");
            LoomcrawlProcess p = LoomcrawlProcess.startOnResizedTerminal(dir, 80, resize, 40, "crawl", site.url("/"));
            int narrowedAt;
            try {
                Await.until("a progress line with the 20 pages done",
                        () -> drawn(p.stdout()).stream().anyMatch(l -> l.startsWith("21 done, ")));
                Files.createFile(resize);
                Await.until("the terminal to narrow", () -> Files.exists(dir.resolve("resize.done")));
                narrowedAt = p.stdout().length();
                Await.until("a line drawn for 40 columns", () -> drawn(p.stdout().substring(narrowedAt)).stream()
                        .anyMatch(l -> l.startsWith("21 done, ") && l.length() <= 39));
            } finally {
                release.countDown();
            }
            assertEquals(0, p.exit(60), p.stdout() + p.stderr());
            String terminal = p.stdout();
            int report = terminal.indexOf("*** Report ***");
            assertTrue(report > 0 && terminal.startsWith("\r\033[K", report - 4), "cleared before the report: "
                    + terminal);
            List<String> before = drawn(terminal.substring(0, narrowedAt));
            List<String> after = drawn(terminal.substring(narrowedAt, report));
            for (String line : before) assertTrue(line.length() <= 79, line);
            assertTrue(before.stream().anyMatch(l -> l.contains(" in flight, ") && l.length() > 39), before.toString());
            List<String> narrowed = after.subList(after.indexOf(after.stream().filter(l -> l.startsWith("21 done, ")
                    && l.length() <= 39).findFirst().orElseThrow()), after.size());
            for (String line : narrowed) assertTrue(line.length() <= 39, "drawn for 40 columns: " + line);
            assertTrue(narrowed.stream().anyMatch(l -> l.startsWith("21 done, 0 queued, ")), narrowed.toString());
        }
    }

    /** The status lines a transcript drew: what each carriage return began, less the erase to the line's end. */
    private static List<String> drawn(String transcript) {
        int end = transcript.indexOf("*** Report ***");
        String live = end < 0 ? transcript : transcript.substring(0, end);
        return java.util.Arrays.stream(live.split("\r")).map(l -> l.replace("\033[K", ""))
                .filter(l -> !l.isEmpty()).toList();
    }

    @Test
    void onATerminalOneLineIsRedrawnInPlaceClearedForOtherOutputAndAtTheEnd() throws Exception {
        ByteArrayOutputStream terminal = new ByteArrayOutputStream();
        StatusLine status = new StatusLine(new PrintStream(terminal, true, StandardCharsets.UTF_8));
        Progress p = new Progress(() -> 7, () -> 2, new PrintWriter(new StringWriter()), status, null,
                Duration.ofMillis(20));
        p.onFinished(FinishedUrl.of(record(200, 2048, null)));
        p.onFinished(FinishedUrl.of(record(404, 10, null)));
        p.onFinished(FinishedUrl.of(record(0, 0, ErrorKind.TIMEOUT)));
        await(() -> terminal.toString(StandardCharsets.UTF_8).contains(" done, "));
        new PrintStream(status, true, StandardCharsets.UTF_8).println("WARN a log line");
        await(() -> terminal.toString(StandardCharsets.UTF_8).matches("(?s).*WARN a log line\n\r3 done, .*"));
        p.close();
        String out = terminal.toString(StandardCharsets.UTF_8);
        assertTrue(out.startsWith("\r"), out);
        assertTrue(out.contains("\r3 done, 7 queued, 2 in flight, "), out); // a first draw may precede the records
        assertTrue(out.contains(" 2 errors, 2.0 KiB, 0:00\033[K\r"), out);
        assertTrue(out.contains("\033[K\r\033[KWARN a log line\n\r3 done, "), "cleared, logged, redrawn: " + out);
        assertEquals(1, out.chars().filter(c -> c == '\n').count(), "no new line but the log's");
        assertTrue(out.endsWith("\r\033[K"), "the line is cleared at the end");
    }

    private static void await(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("timed out");
            Thread.sleep(5);
        }
    }

    @Test
    void elsewhereItLogsALineAtEachIntervalWithTheCrawlersQueueAndFetchesInFlight() throws Exception {
        TestSite.Builder b = TestSite.builder();
        StringBuilder index = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            b.route("/p" + i, new Route.Delay(Duration.ofMillis(400), Route.Respond.html("p")));
            index.append("<a href=/p").append(i).append(">p</a>");
        }
        StringWriter err = new StringWriter();
        try (TestSite site = b.page("/", index.toString()).start();
             Crawler crawler = Crawler.builder(CrawlConfig.builder().root(site.url("/")).maxTasks(4).perHost(4).build())
                     .build()) {
            Progress p = new Progress(crawler::queued, crawler::inFlight, new PrintWriter(err), null, null,
                    Duration.ofMillis(150));
            crawler.addListener(p);
            crawler.crawl();
            p.close();
        }
        List<String> lines = err.toString().lines().toList();
        assertTrue(lines.size() >= 5, lines.toString());
        for (String line : lines) assertTrue(line.startsWith("progress: ") && line.contains(" done, "), line);
        assertTrue(lines.stream().anyMatch(l -> l.contains(" 4 in flight")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.contains(" queued") && !l.contains(" 0 queued")), lines.toString());
        assertFalse(err.toString().contains("\r"));
    }

    @Test
    void theCommandLogsProgressEveryFiveSecondsUnlessToldNotTo() {
        try (TestSite site = TestSite.builder()
                .page("/", "<a href=/slow>s</a>")
                .route("/slow", new Route.Delay(Duration.ofMillis(5600), Route.Respond.html("slow"))).start()) {
            CrawlCommandTest.Run on = CrawlCommandTest.run("crawl", site.url("/"));
            assertEquals(0, on.exit(), on.err());
            assertTrue(on.err().startsWith("progress: 1 done, 0 queued, 1 in flight, "), on.err());
            CrawlCommandTest.Run off = CrawlCommandTest.run("crawl", "--no-progress", site.url("/"));
            assertEquals(0, off.exit(), off.err());
            assertEquals("", off.err());
        }
    }
}
