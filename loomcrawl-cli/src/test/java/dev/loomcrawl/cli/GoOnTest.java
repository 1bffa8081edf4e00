package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

import static dev.loomcrawl.cli.CrawlCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every way a {@code --state} crawl stops with URLs still queued ends with the command that goes on with it, the
 * limit raised when a limit stopped it; a {@code resume} with nothing to do says why. The commands said are run as
 * they are said.
 */
class GoOnTest {
    private static final Pattern TODO = Pattern.compile("\nTodo: (\\d+)\n");

    @TempDir
    Path tmp;

    private static long fetched(TestSite site, int pages) {
        return IntStream.range(0, pages).mapToLong(i -> site.requestCount("/p" + i)).sum();
    }

    private static long todo(CrawlCommandTest.Run r) {
        Matcher m = TODO.matcher(r.out());
        assertTrue(m.find(), r.out());
        return Long.parseLong(m.group(1));
    }

    /** The command of the last line, "To go on: loomcrawl ...", as arguments. */
    private static String[] goOn(String err) {
        String last = err.lines().reduce((a, b) -> b).orElse("");
        assertTrue(last.startsWith("To go on: loomcrawl "), err);
        return last.substring("To go on: loomcrawl ".length()).split(" ");
    }

    @Test
    void aPageLimitEndsWithTheResumeThatRaisesItAndAResumeWithNothingToDoSaysWhy() {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(40, 3)).start()) {
            String state = tmp.resolve("c.db").toString();
            CrawlCommandTest.Run first = run("crawl", "--no-progress", "--state", state, "--max-pages", "5",
                    site.url("/p0"));
            assertEquals(0, first.exit(), first.err());
            long queued = todo(first);
            assertTrue(queued > 0, first.out());
            assertEquals("loomcrawl: stopped at --max-pages 5, with " + queued + " URLs still queued\n"
                    + "To go on: loomcrawl resume --max-pages 10 " + state + "\n", first.err());

            CrawlCommandTest.Run again = run("resume", "--no-progress", state);
            assertEquals(0, again.exit(), again.err());
            assertEquals(5, fetched(site, 40));
            assertEquals("loomcrawl: nothing fetched: the crawl had already reached --max-pages 5, with " + queued
                    + " URLs still queued\nTo go on: loomcrawl resume --max-pages 10 " + state + "\n", again.err());

            CrawlCommandTest.Run raised = run(goOn(again.err())); // as said
            assertEquals(0, raised.exit(), raised.err());
            assertEquals(10, fetched(site, 40));
            assertTrue(raised.err().endsWith("To go on: loomcrawl resume --max-pages 20 " + state + "\n"),
                    raised.err());

            CrawlCommandTest.Run all = run("resume", "--no-progress", "--max-pages", "1000", state);
            assertEquals(0, all.exit(), all.err());
            assertTrue(all.out().contains("Todo: 0\nDone: 40\n"), all.out());
            assertEquals("", all.err());
            CrawlCommandTest.Run done = run("resume", "--no-progress", state);
            assertEquals(0, done.exit(), done.err());
            assertEquals("loomcrawl: nothing to do: the crawl had finished, with no URL left queued; to crawl it "
                    + "again: loomcrawl recrawl " + state + "\n", done.err());
            assertEquals(40, fetched(site, 40));
        }
    }

    @Test
    void aByteLimitIsRaisedInItsOwnUnitsAndAPathWithASpaceIsQuoted() {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(40, 3)).start()) {
            Path state = tmp.resolve("my crawl.db");
            CrawlCommandTest.Run first = run("crawl", "--no-progress", "--state", state.toString(), "--max-bytes",
                    "2KiB", site.url("/p0"));
            assertEquals(0, first.exit(), first.err());
            assertTrue(first.err().startsWith("loomcrawl: stopped at --max-bytes 2KiB, with "), first.err());
            assertTrue(first.err().endsWith("\nTo go on: loomcrawl resume --max-bytes 4KiB '" + state + "'\n"),
                    first.err());
            long before = fetched(site, 40);
            String[] said = goOn(first.err());
            // the shell's reading of the quoted path: one word, without its quotes
            String[] args = Arrays.copyOf(said, 4);
            args[3] = state.toString();
            assertEquals(List.of("resume", "--max-bytes", "4KiB"), List.of(said).subList(0, 3));
            CrawlCommandTest.Run raised = run(args);
            assertEquals(0, raised.exit(), raised.err());
            assertTrue(fetched(site, 40) > before, "the raised limit let the crawl go on");
        }
    }

    @Test
    void aTimeLimitEndsWithThePlainResumeSinceItBoundsEachRun() {
        try (TestSite site = slowSite(30, Duration.ofMillis(300))) {
            String state = tmp.resolve("c.db").toString();
            CrawlCommandTest.Run first = run("crawl", "--no-progress", "--state", state, "--max-tasks", "2",
                    "--per-host", "2", "--max-time", "1s", site.url("/"));
            assertEquals(0, first.exit(), first.err());
            assertEquals("loomcrawl: stopped at --max-time 1s, with " + todo(first) + " URLs still queued (--max-time "
                    + "bounds each run)\nTo go on: loomcrawl resume " + state + "\n", first.err());
        }
    }

    @Test
    void ctrlCEndsWithTheResumeThatGoesOn() throws Exception {
        try (TestSite site = slowSite(20, Duration.ofMillis(400))) {
            String state = tmp.resolve("c.db").toString();
            LoomcrawlProcess p = LoomcrawlProcess.start(tmp, "crawl", "--no-progress", "--max-tasks", "2",
                    "--per-host", "2", "--state", state, site.url("/"));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (site.arrivals() < 5 && System.nanoTime() < deadline && p.process().isAlive()) Thread.sleep(10);
            assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(p.process().pid())).start().waitFor());
            assertEquals(130, p.exit(30), p.stderr());
            assertTrue(p.stdout().startsWith("Interrupted\n"), p.stdout());
            assertTrue(p.stderr().endsWith("\nTo go on: loomcrawl resume " + state + "\n"), p.stderr());

            String[] said = goOn(p.stderr());
            String[] args = new String[said.length + 1];
            args[0] = said[0];
            args[1] = "--no-progress";
            System.arraycopy(said, 1, args, 2, said.length - 1);
            LoomcrawlProcess resumed = LoomcrawlProcess.start(tmp, args);
            assertEquals(0, resumed.exit(60), resumed.stderr());
            assertTrue(resumed.stdout().contains("Todo: 0\nDone: 21\n"), resumed.stdout());
            assertFalse(resumed.stderr().contains("To go on"), resumed.stderr());
        }
    }

    /** A failure that stops the crawl and does not say how to go on (a full disk's line does) is followed by it. */
    @Test
    void aFailureThatStopsTheCrawlEndsWithTheResumeThatGoesOn() {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(40, 3)).start()) {
            String state = tmp.resolve("c.db").toString();
            Path cookies = tmp.resolve("no/cookies.txt");
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--state", state, "--max-pages", "5",
                    "--save-cookies", cookies.toString(), site.url("/p0"));
            assertEquals(1, r.exit(), r.err());
            assertTrue(r.out().startsWith("*** Report ***\n"), r.out());
            assertEquals("loomcrawl: --save-cookies: cannot write " + cookies + ": its directory does not exist\n"
                    + "To go on: loomcrawl resume " + state + "\n", r.err());
        }
    }

    /** A root page linking to {@code pages} pages, each answered after {@code delay}. */
    private static TestSite slowSite(int pages, Duration delay) {
        TestSite.Builder b = TestSite.builder();
        StringBuilder links = new StringBuilder();
        for (int i = 0; i < pages; i++) {
            b.route("/p" + i, new Route.Delay(delay, Route.Respond.html("page " + i)));
            links.append("<a href=/p").append(i).append(">p</a>");
        }
        return b.page("/", links.toString()).start();
    }
}
