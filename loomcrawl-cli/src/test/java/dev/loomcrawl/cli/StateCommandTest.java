package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.nio.file.Path;
import java.util.stream.IntStream;

import static dev.loomcrawl.cli.CrawlCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** crawl --state, resume and report, in-process against a real test site and a real state file. */
class StateCommandTest {
    @TempDir
    Path tmp;

    private static long pagesFetched(TestSite site, int pages) {
        return IntStream.range(0, pages).mapToLong(i -> site.requestCount("/p" + i)).sum();
    }

    @Test
    void reportPrintsWhatTheCrawlPrinted() {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(40, 3)).start()) {
            String state = tmp.resolve("crawl.db").toString();
            CrawlCommandTest.Run crawl = run("crawl", "--state", state, "--max-tasks", "8", site.url("/p0"));
            assertEquals(0, crawl.exit(), crawl.err());
            assertTrue(crawl.out().startsWith("*** Report ***\n" + site.url("/p0") + " 200 text/html utf-8 "), crawl.out());
            assertTrue(crawl.out().contains("(max_tasks=8)"), crawl.out());
            assertTrue(crawl.out().contains("Todo: 0\nDone: 40\n"), crawl.out());
            CrawlCommandTest.Run report = run("report", state);
            assertEquals(0, report.exit(), report.err());
            assertEquals(crawl.out(), report.out());
        }
    }

    /**
     * The links not followed ({@code unfollowed_<reason>}) are in a state crawl's report as in a crawl's without one,
     * counted over every run: the root's in the first run, /a's in the second, and in {@code report FILE} too.
     */
    @Test
    void unfollowedLinksAreCountedOverEveryRun() {
        try (TestSite site = TestSite.builder()
                .page("/", "<a href='mailto:x@example.com'>m</a><a href=/a>a</a>")
                .page("/a", "<a href='javascript:void(0)'>j</a><a href='http://elsewhere.invalid/'>e</a>"
                        + "<a href='mailto:y@example.com'>m</a>").start()) {
            String state = tmp.resolve("crawl.db").toString();
            CrawlCommandTest.Run first = run("crawl", "--state", state, "--max-pages", "1", site.url("/"));
            assertEquals(0, first.exit(), first.err());
            assertTrue(first.out().contains("\n         1 unfollowed_scheme\n"), first.out());
            CrawlCommandTest.Run resumed = run("resume", "--max-pages", "10", state);
            assertEquals(0, resumed.exit(), resumed.err());
            assertTrue(resumed.out().contains("\n         1 unfollowed_out-of-scope\n         3 unfollowed_scheme\n"),
                    resumed.out());
            CrawlCommandTest.Run report = run("report", state);
            assertEquals(0, report.exit(), report.err());
            assertEquals(resumed.out(), report.out());
        }
    }

    @Test
    void reportWritesJsonLinesAndCsvOneLinePerRecordInTheOutputsSchema() {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(10, 2)).start()) {
            String state = tmp.resolve("crawl.db").toString();
            assertEquals(0, run("crawl", "--state", state, site.url("/p0")).exit());
            String[] jsonl = run("report", "--format", "jsonl", state).out().split("\n");
            assertEquals(10, jsonl.length);
            assertTrue(jsonl[0].startsWith("{\"url\":\"" + site.url("/p0") + "\",\"status\":200,\"redirect\":null,"),
                    jsonl[0]);
            assertTrue(jsonl[1].contains("\"depth\":1,\"referrer\":\"" + site.url("/p0") + "\""), jsonl[1]);
            String[] csv = run("report", "--format", "csv", state).out().split("\r\n");
            assertEquals(11, csv.length);
            assertTrue(csv[0].startsWith("url,status,redirect,content_type,charset,size,depth,referrer,"), csv[0]);
            assertTrue(csv[1].startsWith(site.url("/p0") + ",200,,text/html,utf-8,"), csv[1]);
        }
    }

    @Test
    void resumeWithAHigherPageLimitFetchesOnlyTheRestOfTheBudgetAndSavesIt() {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(200, 4)).start()) {
            String state = tmp.resolve("crawl.db").toString();
            CrawlCommandTest.Run first = run("crawl", "--state", state, "--max-pages", "50", site.url("/p0"));
            assertEquals(0, first.exit(), first.err());
            assertTrue(first.out().contains("Done: 50\n"), first.out());
            CrawlCommandTest.Run second = run("resume", "--max-pages", "120", "--max-tasks", "5", state);
            assertEquals(0, second.exit(), second.err());
            assertTrue(second.out().contains("Done: 120\n"), second.out());
            assertTrue(second.out().contains("(max_tasks=5)"), second.out());
            assertEquals(120, pagesFetched(site, 200));
            CrawlCommandTest.Run third = run("resume", state); // the raised limit was saved: nothing more to do
            assertTrue(third.out().contains("Done: 120\n"), third.out());
            assertEquals(120, pagesFetched(site, 200));
            CrawlCommandTest.Run last = run("resume", "--max-pages", "100000", state);
            assertTrue(last.out().contains("Todo: 0\nDone: 200\n"), last.out());
            for (int i = 0; i < 200; i++) assertEquals(1, site.requestCount("/p" + i), "/p" + i);
        }
    }

    @Test
    void aSecondCrawlOnAStateFileIsRefusedWithOneLineThatSaysToResume() throws Exception {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(5, 1)).start()) {
            Path state = tmp.resolve("crawl.db");
            assertEquals(0, run("crawl", "--state", state.toString(), site.url("/p0")).exit());
            byte[] before = Files.readAllBytes(state);
            CrawlCommandTest.Run again = run("crawl", "--state", state.toString(), site.url("/p0"));
            assertEquals(1, again.exit());
            assertEquals("", again.out());
            assertEquals(1, again.err().lines().count(), again.err());
            assertTrue(again.err().startsWith("loomcrawl: state file " + state + ": it already holds a crawl"), again.err());
            assertTrue(again.err().endsWith(": choose another file, or run 'loomcrawl resume " + state + "'\n"),
                    again.err());
            assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(state)));
        }
    }

    /**
     * The advice to resume travels as a field of the failure, not as text to find in its message: a path holding
     * the advice's words ("resume the crawl from") is said whole in the command.
     */
    @Test
    void theCommandToResumeNamesTheWholePathWhateverWordsItHolds() throws Exception {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(3, 1)).start()) {
            Path dir = Files.createDirectories(tmp.resolve("resume the crawl from here"));
            Path state = dir.resolve("crawl.db");
            assertEquals(0, run("crawl", "--state", state.toString(), site.url("/p0")).exit());
            CrawlCommandTest.Run again = run("crawl", "--state", state.toString(), site.url("/p0"));
            assertEquals(1, again.exit());
            assertTrue(again.err().endsWith(": choose another file, or run 'loomcrawl resume " + state + "'\n"),
                    again.err());
        }
    }

    @Test
    void resumeAndReportRefuseWhatIsNotAStateFileWithOneLine() throws Exception {
        Path notes = tmp.resolve("notes.txt");
        Files.writeString(notes, "not a database, just some text that is long enough to have a header\n".repeat(10));
        for (String command : new String[] {"resume", "report"}) {
            CrawlCommandTest.Run r = run(command, notes.toString());
            assertEquals(1, r.exit(), command);
            assertEquals("loomcrawl: state file " + notes + ": cannot open it: it is corrupt, or not an SQLite database "
                    + "at all; loomcrawl will not touch it\n", r.err(), command);
            CrawlCommandTest.Run missing = run(command, tmp.resolve("missing.db").toString());
            assertEquals("loomcrawl: state file " + tmp.resolve("missing.db") + ": no such file\n", missing.err());
        }
    }

    /**
     * A state file as main's build before the settings table (ffbd651) wrote it: what each run opens and scrapes
     * kept as {@code cli.NAME} (cli.format always beside cli.output; cli.render the include pattern). Made here by
     * crawling with this build and putting those rows in place of the ones it kept; resume reads them and appends
     * to the same outputs.
     */
    @Test
    void aStateFileKeptByTheBuildBeforeTheSettingsTableResumesWithItsOutputs() throws Exception {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(6, 2)).start()) {
            Path state = tmp.resolve("old.db");
            Path records = tmp.resolve("r.jsonl");
            Path items = tmp.resolve("i.csv");
            Path chunks = tmp.resolve("ch.jsonl");
            CrawlCommandTest.Run first = run("crawl", "--state", state.toString(), "--max-pages", "2",
                    "--output", records.toString(), "--items", items.toString(), "--item", "body", "--field",
                    "t=title", "--chunks", chunks.toString(), "--chunk-size", "40", site.url("/p0"));
            assertEquals(0, first.exit(), first.err());
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + state);
                 Statement st = c.createStatement()) {
                st.execute("DELETE FROM config WHERE name LIKE 'outputs.%' OR name LIKE 'scrape.%'");
                for (String row : List.of("cli.output=" + records, "cli.format=jsonl", "cli.items=" + items,
                        "cli.item=body", "cli.field=t=title", "cli.chunks=" + chunks, "cli.chunk-size=40")) {
                    int eq = row.indexOf('=');
                    st.execute("INSERT INTO config (name, value) VALUES ('" + row.substring(0, eq) + "', '"
                            + row.substring(eq + 1) + "')");
                }
            }
            CrawlCommandTest.Run resumed = run("resume", "--max-pages", "4", state.toString());
            assertEquals(0, resumed.exit(), resumed.err());
            assertEquals(4, Files.readAllLines(records).size(), "two records a run, appended");
            assertEquals(1 + 4, Files.readAllLines(items).size(), "a header and an item a page");
            assertTrue(Files.readAllLines(chunks).stream().allMatch(l -> l.contains("\"url\"")), "chunks");
        }
    }
}
