package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The text report of {@code crawl}, {@code resume} and {@code recrawl} as a person at a terminal meets it: the
 * summary, without the line per URL, which {@code --report-urls} prints and {@code --report FILE} writes; a pipe or
 * a file gets the seed's whole report. Run through the real command on a pseudo-terminal of 80 columns.
 */
class TerminalReportTest {
    @TempDir
    Path dir;

    private static TestSite site() {
        TestSite.Builder b = TestSite.builder();
        StringBuilder index = new StringBuilder("<a href=/missing>m</a>");
        for (int i = 0; i < 12; i++) {
            b.page("/p" + i, "p");
            index.append("<a href=/p").append(i).append(">p</a>");
        }
        return b.page("/", index.toString()).start(); // 14 URLs: /, 12 pages, a 404
    }

    /** The report's lines on a terminal's transcript: from "*** Report ***" on, without the pty's carriage returns. */
    private static List<String> report(String transcript) {
        int start = transcript.indexOf("*** Report ***");
        assertTrue(start >= 0, transcript);
        return transcript.substring(start).replace("\r", "").lines().toList();
    }

    private static long urlLines(List<String> lines, TestSite site) {
        return lines.stream().filter(l -> l.startsWith(site.url("/"))).count();
    }

    @Test
    void onATerminalTheReportIsTheSummaryAndSaysHowToHaveTheUrlLines() throws Exception {
        try (TestSite site = site()) {
            LoomcrawlProcess p = LoomcrawlProcess.startOnTerminal(dir, 80, "crawl", site.url("/"));
            assertEquals(0, p.exit(60), p.stdout() + p.stderr());
            List<String> lines = report(p.stdout());
            assertEquals(0, urlLines(lines, site), lines.toString());
            assertTrue(lines.contains("Todo: 0") && lines.contains("Done: 14"), lines.toString());
            assertTrue(lines.get(1).startsWith("Finished 14 urls in "), lines.toString());
            assertTrue(lines.contains("         1 status_404") && lines.contains("        13 status_200"),
                    lines.toString());
            assertTrue(lines.contains("Ledger: 14 discovered = 14 recorded + 0 dropped + 0 queued"), lines.toString());
            assertEquals("14 URL lines not shown: --report FILE writes them, --report-urls prints them",
                    lines.getLast());
            for (String line : lines) assertTrue(line.length() < 80, "fits the terminal: " + line);

            LoomcrawlProcess urls = LoomcrawlProcess.startOnTerminal(dir, 80, "crawl", "--report-urls", site.url("/"));
            assertEquals(0, urls.exit(60), urls.stdout() + urls.stderr());
            List<String> all = report(urls.stdout());
            assertEquals(14, urlLines(all, site), all.toString());
            assertTrue(all.stream().anyMatch(l -> l.startsWith(site.url("/missing") + " 404 ")), all.toString());
            assertTrue(all.getLast().startsWith("Date: "), "nothing left out, nothing to say: " + all);

            // records on standard output, the report on standard error: a terminal too, so its summary
            LoomcrawlProcess records = LoomcrawlProcess.startOnTerminal(dir, 80, "crawl", "--output", "-",
                    site.url("/"));
            assertEquals(0, records.exit(60), records.stdout() + records.stderr());
            assertEquals(14, records.stdout().split("\\{\"url\":", -1).length - 1, records.stdout());
            List<String> onStderr = report(records.stdout());
            assertEquals(0, urlLines(onStderr, site), onStderr.toString());
            assertEquals("14 URL lines not shown: --report FILE writes them, --report-urls prints them",
                    onStderr.getLast());
        }
    }

    /**
     * Past a thousand URLs every count of the report is written one way, as the seed's counters are (no thousands
     * separator): not {@code Finished 1030 urls} then {@code 1,030 URL lines not shown}. A scraping crawl's report says
     * how many items it scraped.
     */
    @Test
    void everyCountIsWrittenOneWayAndAScrapingCrawlSaysItsItems() throws Exception {
        int pages = 1030;
        try (TestSite site = TestSite.builder().generated(TestSite.crossLinkedGenerator(pages, 3)).start()) {
            LoomcrawlProcess p = LoomcrawlProcess.startOnTerminal(dir, 80, "crawl", "--no-progress", "--max-tasks",
                    "20", "--per-host", "20", "--field", "first=a@href", "--items", dir.resolve("i.jsonl").toString(),
                    site.url("/p0"));
            assertEquals(0, p.exit(240), p.stdout() + p.stderr());
            List<String> lines = report(p.stdout());
            assertTrue(lines.get(1).startsWith("Finished " + pages + " urls in "), lines.toString());
            assertTrue(lines.contains("Items: " + pages), lines.toString());
            assertEquals(pages + " URL lines not shown: --report FILE writes them, --report-urls prints them",
                    lines.getLast());
            for (String line : lines) assertFalse(line.matches(".*\\d,\\d{3}.*"), "one number style: " + line);
            assertEquals(pages, Files.readAllLines(dir.resolve("i.jsonl")).size());
        }
    }

    @Test
    void reportFileGetsTheWholeReportAndTheTerminalTheSummary() throws Exception {
        try (TestSite site = site()) {
            Path file = dir.resolve("report.txt");
            LoomcrawlProcess p = LoomcrawlProcess.startOnTerminal(dir, 80, "crawl", "--report", file.toString(),
                    site.url("/"));
            assertEquals(0, p.exit(60), p.stdout() + p.stderr());
            List<String> lines = report(p.stdout());
            assertEquals(0, urlLines(lines, site), lines.toString());
            // on 80 columns the path goes to a line of its own (EightyColumnsTest)
            assertTrue(String.join(" ", lines).endsWith("The whole report, with a line per URL: " + file),
                    lines.toString());
            List<String> whole = Files.readAllLines(file);
            assertEquals("*** Report ***", whole.getFirst());
            assertEquals(14, urlLines(whole, site), whole.toString());
            assertEquals(whole.subList(15, whole.size()), lines.subList(1, lines.size() - (lines.getLast().equals(file.toString()) ? 2 : 1)),
                    "the file's summary is the terminal's");

            Path unwritable = dir.resolve("no/such/dir/report.txt");
            CrawlCommandTest.Run refused = CrawlCommandTest.run("crawl", "--report", unwritable.toString(),
                    site.url("/"));
            assertEquals(2, refused.exit(), refused.err());
            assertTrue(refused.err().startsWith("--report: cannot write " + unwritable), refused.err());
            Path records = dir.resolve("records.jsonl");
            CrawlCommandTest.Run shared = CrawlCommandTest.run("crawl", "--output", records.toString(), "--report",
                    records.toString(), site.url("/"));
            assertEquals(2, shared.exit(), shared.err());
            assertTrue(shared.err().startsWith("--output and --report both name "), shared.err());
        }
    }

    /** Standard output that is not a terminal (a file here, a pipe alike) gets the seed's whole report, as before. */
    @Test
    void elsewhereTheWholeReportIsPrintedAsTheSeedPrintedIt() throws Exception {
        try (TestSite site = site()) {
            LoomcrawlProcess p = LoomcrawlProcess.start(dir, "crawl", site.url("/"));
            assertEquals(0, p.exit(60), p.stderr());
            List<String> lines = report(p.stdout());
            assertEquals(14, urlLines(lines, site), lines.toString());
            assertTrue(lines.getLast().startsWith("Date: "), lines.toString());
            assertFalse(p.stdout().contains("not shown"), p.stdout());
        }
    }

    /** resume and recrawl print their reports as crawl does. */
    @Test
    void resumeAndRecrawlPrintTheirReportsAlike() throws Exception {
        try (TestSite site = site()) {
            String state = dir.resolve("crawl.db").toString();
            CrawlCommandTest.Run first = CrawlCommandTest.run("crawl", "-q", "--state", state, "--max-pages", "5",
                    site.url("/"));
            assertEquals(0, first.exit(), first.err());
            assertEquals(5, first.out().lines().filter(l -> l.startsWith(site.url("/"))).count(), first.out());

            LoomcrawlProcess resume = LoomcrawlProcess.startOnTerminal(dir, 80, "resume", "--max-pages", "-1", state);
            assertEquals(0, resume.exit(60), resume.stdout() + resume.stderr());
            List<String> resumed = report(resume.stdout());
            assertEquals(0, urlLines(resumed, site), resumed.toString());
            assertTrue(resumed.contains("Done: 14"), resumed.toString());
            assertEquals("14 URL lines not shown: --report FILE writes them, --report-urls prints them",
                    resumed.getLast());

            LoomcrawlProcess recrawl = LoomcrawlProcess.startOnTerminal(dir, 80, "recrawl", state);
            assertEquals(0, recrawl.exit(60), recrawl.stdout() + recrawl.stderr());
            List<String> again = report(recrawl.stdout());
            assertEquals(0, urlLines(again, site), again.toString());
            assertEquals("14 URL lines not shown: --report FILE writes them, --report-urls prints them",
                    again.getLast());

            Path file = dir.resolve("pass3.txt");
            LoomcrawlProcess toFile = LoomcrawlProcess.start(dir, "recrawl", "--report", file.toString(), state);
            assertEquals(0, toFile.exit(60), toFile.stderr());
            assertEquals(0, urlLines(report(toFile.stdout()), site), "--report FILE takes them, terminal or not");
            assertEquals(14, urlLines(Files.readAllLines(file), site));
            LoomcrawlProcess piped = LoomcrawlProcess.start(dir, "recrawl", state);
            assertEquals(0, piped.exit(60), piped.stderr());
            assertEquals(14, urlLines(report(piped.stdout()), site), piped.stdout());
        }
    }
}
