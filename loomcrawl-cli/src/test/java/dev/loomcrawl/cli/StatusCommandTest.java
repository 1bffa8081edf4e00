package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.Await;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code loomcrawl status}: one view of a crawl shared by real processes, one of them killed mid-crawl. */
class StatusCommandTest extends SharedCrawlFixture {
    private static final int PAGES = 600;

    private record Run(int code, String out, String err) {}

    private Run status(String... more) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        String[] args = new String[more.length + 4];
        System.arraycopy(new String[] {"status", redis.uri(), "--crawl-id", "watched"}, 0, args, 0, 4);
        System.arraycopy(more, 0, args, 4, more.length);
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void statusShowsTheWholeCrawlAndEachProcessAliveEndedOrGone() throws Exception {
        // page 0 also links to a page that is not there: one error (a 404) in the whole crawl
        try (TestSite site = TestSite.builder().generated(TestSite.crossLinkedGenerator(PAGES, 4, Duration.ofMillis(40)))
                .page("/p0", TestSite.crossLinkedPage(0, PAGES, 4) + "<a href=\"/missing\">gone</a>").start()) {
            List<String> options = List.of("crawl", "-q", "--frontier", redis.uri(), "--crawl-id", "watched",
                    "--max-tasks", "4", "--per-host", "8", "--lease-time", "2s", site.url("/p0"));
            LoomcrawlProcess victim = LoomcrawlProcess.start(tmp, options.toArray(String[]::new));
            LoomcrawlProcess survivor = LoomcrawlProcess.start(tmp, options.toArray(String[]::new));
            Await.until("60 requests at the site", () -> site.arrivals() >= 60);

            Run running = status();
            assertEquals(0, running.code(), running.err());
            assertTrue(running.out().startsWith("crawl 'watched' at 127.0.0.1:" + redis.port() + "/0: running for "),
                    running.out());
            assertEquals(2, running.out().lines().filter(l -> l.contains(" alive ")).count(), running.out());

            victim.process().destroyForcibly().waitFor(); // SIGKILL: it says nothing more
            Run watched = status("--watch"); // until the crawl is over
            assertEquals(0, survivor.exit(240), survivor.stderr());

            assertEquals(0, watched.code(), watched.err());
            String last = watched.out().substring(watched.out().lastIndexOf("crawl 'watched'"));
            assertTrue(watched.out().split("crawl 'watched'").length > 3, "printed every second:\n" + watched.out());
            assertTrue(last.contains(": finished after "), last);
            assertTrue(last.contains((PAGES + 1) + " done, 0 queued, 0 in flight, 1 errors, "), last);
            assertEquals(1, last.lines().filter(l -> l.contains(" gone ")).count(), "the killed process:\n" + last);
            assertEquals(1, last.lines().filter(l -> l.contains(" ended ")).count(), "the survivor:\n" + last);
            assertTrue(watched.out().contains(" gone "), watched.out());
        }
    }

    /**
     * The view on a terminal of 80 columns: no line wraps (the process table was 99 columns wide). And {@code --json}:
     * one JSON object, its keys in snake_case as the records' are.
     */
    @Test
    void statusFitsEightyColumnsAndPrintsJson() throws Exception {
        try (TestSite site = TestSite.builder().generated(TestSite.crossLinkedGenerator(20, 3, Duration.ZERO))
                .start()) {
            LoomcrawlProcess crawl = LoomcrawlProcess.start(tmp, "crawl", "-q", "--frontier", redis.uri(),
                    "--crawl-id", "watched", site.url("/p0"));
            assertEquals(0, crawl.exit(120), crawl.stderr());

            LoomcrawlProcess onTerminal = LoomcrawlProcess.startWithStdoutOnTerminal(tmp, 80, "status", redis.uri(),
                    "--crawl-id", "watched");
            assertEquals(0, onTerminal.exit(60), onTerminal.stderr());
            List<String> lines = onTerminal.stdout().lines().map(l -> l.replace("\r", "")).toList();
            assertEquals(4, lines.size(), onTerminal.stdout());
            assertTrue(lines.get(2).startsWith("process "), lines.get(2));
            assertTrue(lines.get(3).contains(" ended "), lines.get(3));
            for (String line : lines) assertTrue(line.length() <= 80, line.length() + " columns: " + line);

            Run json = status("--json");
            assertEquals(0, json.code(), json.err());
            assertEquals(1, json.out().lines().count(), json.out());
            Map<String, Object> view = CheckForCiTest.json(json.out());
            assertEquals(List.of("crawl_id", "finished", "seconds", "done", "queued", "in_flight", "errors",
                    "pages_per_second", "created_at", "finished_at", "processes"), List.copyOf(view.keySet()));
            assertEquals("watched", view.get("crawl_id"));
            assertEquals(true, view.get("finished"));
            assertEquals(20L, view.get("done"));
            assertEquals(0L, view.get("queued"));
            List<?> processes = (List<?>) view.get("processes");
            assertEquals(1, processes.size(), json.out());
            @SuppressWarnings("unchecked")
            Map<String, Object> process = (Map<String, Object>) processes.getFirst();
            assertEquals(List.of("id", "state", "host", "pid", "done", "errors", "in_flight", "pages_per_second",
                    "started_at", "last_seen_at"), List.copyOf(process.keySet()));
            assertEquals("ended", process.get("state"));
            assertEquals(crawl.process().pid(), process.get("pid"));
            assertEquals(20L, process.get("done"));
        }
    }

    @Test
    void aCrawlThatDoesNotExistIsOneLine() {
        Run run = status();
        assertEquals(1, run.code());
        assertEquals("loomcrawl: crawl 'watched' at 127.0.0.1:" + redis.port() + "/0 does not exist", run.err().strip());
    }
}
