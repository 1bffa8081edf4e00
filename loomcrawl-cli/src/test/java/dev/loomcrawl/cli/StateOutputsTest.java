package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.TestSite;
import dev.loomcrawl.testkit.Top250;
import org.apache.commons.csv.CSVRecord;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

import static dev.loomcrawl.cli.CrawlCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Outputs and scraping with --state, in-process against real sites and real state files: resume appends, the
 * report renders the same formats from the state, and files that are not as the crawl left them are refused.
 * (Killed processes are in OutputCrashResumeTest.)
 */
class StateOutputsTest {
    private static final int PAGES = 120;

    @TempDir
    Path dir;

    private String path(String name) {
        return dir.resolve(name).toString();
    }

    private static Set<String> pageUrls(TestSite site, int pages) {
        Set<String> urls = new HashSet<>();
        for (int i = 0; i < pages; i++) urls.add(site.url("/p" + i));
        return urls;
    }

    /** The URLs of a JSON Lines records file, checking each line is whole and each URL there once. */
    static List<String> urls(Path records) throws Exception {
        List<String> urls = new ArrayList<>();
        for (String line : OutputFiles.jsonLines(records)) urls.add(OutputFiles.field(line, "url"));
        assertEquals(urls.size(), new HashSet<>(urls).size(), "each URL once");
        return urls;
    }

    @Test
    void aResumedCrawlAppendsToItsOutputsEachUrlOnceAndRendersTheHtmlReportOfAllRuns() throws Exception {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(PAGES, 3)).status("/gone", 404)
                .page("/p7", "<a href=/gone>gone</a> <a href=/p8>next</a>").start()) {
            String state = path("crawl.db");
            CrawlCommandTest.Run first = run("crawl", "--no-progress", "--state", state, "--max-pages", "30",
                    "--output", path("r.jsonl"), "--links", path("l.csv"), "--warc", path("w"), "--warc-max-size", "8KiB",
                    "--html-report", path("h.html"), site.url("/p0"));
            assertEquals(0, first.exit(), first.err());
            assertEquals(30, urls(dir.resolve("r.jsonl")).size());
            int warcsBefore = OutputFiles.warcs(dir).size();

            CrawlCommandTest.Run second = run("resume", "--no-progress", "--max-pages", "100000", state);
            assertEquals(0, second.exit(), second.err());
            assertEquals("", second.err());
            assertTrue(second.out().contains("Todo: 0\nDone: " + (PAGES + 1) + "\n"), second.out());
            Set<String> all = pageUrls(site, PAGES);
            all.add(site.url("/gone"));
            assertEquals(all, new HashSet<>(urls(dir.resolve("r.jsonl"))));

            List<CSVRecord> links = OutputFiles.csv(dir.resolve("l.csv")); // one header, then every page's links
            assertEquals(PAGES, links.stream().map(l -> l.get("from")).distinct().count());
            assertFalse(links.stream().anyMatch(l -> l.get("from").equals("from")), "one header row");
            assertEquals((PAGES - 1) * 5 + 2, links.size());

            List<Path> warcs = OutputFiles.warcs(dir);
            assertTrue(warcs.size() > warcsBefore, warcs.toString());
            OutputFiles.assertValidWarcs(warcs);
            Map<String, Integer> captures = OutputFiles.capturesPerUri(warcs);
            assertEquals(all, captures.keySet());
            assertTrue(captures.values().stream().allMatch(n -> n == 1), captures.toString());

            Document html = Jsoup.parse(dir.resolve("h.html").toFile());
            assertEquals(String.valueOf(PAGES + 1), html.selectFirst(".card .value").text()); // both runs' URLs
            assertEquals(site.url("/gone"), html.selectFirst("table.broken tbody tr td").text());
            for (int i = 0; i < PAGES; i++) assertEquals(1, site.requestCount("/p" + i), "/p" + i);
        }
    }

    @Test
    void reportJsonLinesAndCsvAreWhatTheCrawlsOutputWroteLineForLine() throws Exception {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(40, 3)).redirect("/old", 301, "/p1")
                .page("/p3", "<a href=/old>old</a> <a href=/missing>missing</a> <a href=/p4>next</a>").start()) {
            for (String format : new String[] {"jsonl", "csv"}) {
                String state = path(format + ".db");
                Path written = dir.resolve("records." + format);
                CrawlCommandTest.Run crawl = run("crawl", "--no-progress", "--state", state, "--output",
                        written.toString(), site.url("/p0"));
                assertEquals(0, crawl.exit(), crawl.err());
                Path reported = dir.resolve("reported." + format);
                CrawlCommandTest.Run report = run("report", "--format", format, "-o", reported.toString(), state);
                assertEquals(0, report.exit(), report.err());
                assertEquals("", report.out());
                List<String> a = Files.readAllLines(written);
                List<String> b = Files.readAllLines(reported);
                assertEquals(42, a.size() - (format.equals("csv") ? 1 : 0), format); // 40 pages, /old, /missing
                if (format.equals("csv")) assertEquals(a.getFirst(), b.getFirst(), "the same header first");
                assertEquals(new HashSet<>(a), new HashSet<>(b), format);
                assertEquals(a.size(), b.size(), format);
                CrawlCommandTest.Run stdout = run("report", "--format", format, state);
                assertEquals(new HashSet<>(a), new HashSet<>(stdout.out().lines().toList()), format);
            }
        }
    }

    @Test
    void reportHtmlRendersTheCrawlsNumbersFromTheState() throws Exception {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(25, 2)).status("/gone", 404)
                .page("/p5", "<a href=/gone>gone</a> <a href=/p6>next</a>").start()) {
            String state = path("crawl.db");
            assertEquals(0, run("crawl", "--no-progress", "--state", state, site.url("/p0")).exit());
            Path page = dir.resolve("report.html");
            CrawlCommandTest.Run report = run("report", "--format", "html", "--out", page.toString(), state);
            assertEquals(0, report.exit(), report.err());
            assertEquals("", report.out() + report.err());
            Document html = Jsoup.parse(page.toFile());
            assertEquals("Crawl report", html.selectFirst("h1").text());
            assertEquals(List.of("26", "1"), html.select(".card .value").eachText().subList(0, 2)); // URLs, errors
            assertEquals(List.of(site.url("/gone"), "404", site.url("/p5")),
                    html.selectFirst("table.broken tbody tr").children().eachText());
            assertTrue(html.text().contains(site.url("/p0")), "the root is named");

            CrawlCommandTest.Run noOut = run("report", "--format", "html", state);
            assertEquals(2, noOut.exit());
            assertTrue(noOut.err().startsWith("--format html writes a page to open in a browser: name its file with "
                    + "--out FILE\n"), noOut.err());
            CrawlCommandTest.Run badOut = run("report", "--format", "html", "-o", path("no/such/r.html"), state);
            assertEquals(1, badOut.exit()); // an I/O problem, not a usage error
            assertEquals("loomcrawl: --out: cannot write " + path("no/such/r.html") + ": No such file or directory\n",
                    badOut.err());
        }
    }

    @Test
    void whatTheLastCommitDidNotCoverIsCutOffBeforeResumeAppends() throws Exception {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(60, 3)).start()) {
            String state = path("crawl.db");
            CrawlCommandTest.Run first = run("crawl", "--no-progress", "--state", state, "--max-pages", "20",
                    "--output", path("r.csv"), "--warc", path("w.warc.gz"), site.url("/p0"));
            assertEquals(0, first.exit(), first.err());
            // what a run killed in the middle of a commit leaves: part of a batch past where the files ended
            Files.writeString(dir.resolve("r.csv"), "http://127.0.0.1/half,20", StandardOpenOption.APPEND);
            Path lastWarc = OutputFiles.warcs(dir).getLast();
            long warcEnd = Files.size(lastWarc);
            Files.write(lastWarc, new byte[] {0x1f, (byte) 0x8b, 8, 0, 0}, StandardOpenOption.APPEND);
            String name = lastWarc.getFileName().toString();
            int next = Integer.parseInt(name.substring(name.length() - 13, name.length() - 8)) + 1;
            Path later = dir.resolve(String.format("w-%05d.warc.gz", next));
            Files.write(later, new byte[] {1, 2, 3}); // a file the killed run had started

            CrawlCommandTest.Run resumed = run("resume", "--no-progress", "--max-pages", "100000", state);
            assertEquals(0, resumed.exit(), resumed.err());
            List<CSVRecord> rows = OutputFiles.csv(dir.resolve("r.csv"));
            assertEquals(pageUrls(site, 60), new HashSet<>(rows.stream().map(r -> r.get("url")).toList()));
            assertEquals(60, rows.size());
            assertTrue(Files.size(lastWarc) > warcEnd);
            OutputFiles.assertValidWarcs(OutputFiles.warcs(dir));
            assertTrue(OutputFiles.capturesPerUri(OutputFiles.warcs(dir)).values().stream().allMatch(n -> n == 1));
        }
    }

    @Test
    void anOutputChangedSinceTheCrawlIsRefusedWithOneLine() throws Exception {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(60, 3)).start()) {
            String state = path("crawl.db");
            assertEquals(0, run("crawl", "--no-progress", "--state", state, "--max-pages", "20", "--output",
                    path("r.jsonl"), site.url("/p0")).exit());
            long size = Files.size(dir.resolve("r.jsonl"));
            try (RandomAccessFile f = new RandomAccessFile(dir.resolve("r.jsonl").toFile(), "rw")) {
                f.setLength(size - 10);
            }
            CrawlCommandTest.Run refused = run("resume", "--no-progress", "--max-pages", "100000", state);
            assertEquals(1, refused.exit());
            assertEquals("", refused.out());
            assertEquals("loomcrawl: --output: cannot write " + path("r.jsonl") + ": it has " + (size - 10)
                    + " bytes, fewer than the " + size + " the crawl had written to it: it was changed since; loomcrawl "
                    + "appends only to the file it left: put it back\n", refused.err());
            assertEquals(20, IntStream.range(0, 60).mapToLong(i -> site.requestCount("/p" + i)).sum());

            Files.delete(dir.resolve("r.jsonl"));
            CrawlCommandTest.Run missing = run("resume", "--no-progress", state);
            assertEquals(1, missing.exit());
            assertTrue(missing.err().contains(": it is missing, yet the crawl had written " + size + " bytes to it"),
                    missing.err());
        }
    }

    @Test
    void standardOutputIsRefusedForOutputsOfACrawlWithAState() {
        for (String option : new String[] {"--output", "--links", "--items"}) {
            String field = option.equals("--items") ? "--field=t=title" : "--no-progress";
            CrawlCommandTest.Run r = run("crawl", "--state", path("crawl.db"), option, "-", field, "http://127.0.0.1:9/");
            assertEquals(2, r.exit(), option);
            assertTrue(r.err().startsWith("with --state, outputs are files, which 'loomcrawl resume' appends to: "),
                    r.err());
            assertFalse(Files.exists(dir.resolve("crawl.db")));
        }
        CrawlCommandTest.Run bad = run("crawl", "--state", path("crawl.db"), "--output", path("no/r.jsonl"),
                "http://127.0.0.1:9/");
        assertEquals(1, bad.exit()); // an I/O problem, as a state file that cannot be created is
        assertEquals("loomcrawl: --output: cannot write " + path("no/r.jsonl") + ": No such file or directory\n",
                bad.err());
        assertFalse(Files.exists(dir.resolve("crawl.db")), "a crawl that never started leaves no state file");
    }

    @Test
    void aFullDiskUnderAnOutputStopsTheCrawlWithOneLine() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isWritable(Path.of("/dev/full")), "needs /dev/full");
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(300, 3)).start()) {
            String state = path("crawl.db");
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--state", state, "--max-tasks", "4", "--output",
                    "/dev/full", "--format", "jsonl", site.url("/p0"));
            assertEquals(1, r.exit());
            assertEquals(List.of("loomcrawl: crawl stopped: cannot write /dev/full: No space left on device. The state "
                    + "and the outputs are as of the last commit: once the file can be written, run 'loomcrawl resume "
                    + state + "'"), r.err().lines().toList());
            assertTrue(r.out().startsWith("*** Report ***\n"), r.out()); // of what was committed
        }
    }

    @Test
    void aCrawlStoppedByAFailureStillRendersTheHtmlReportOfWhatWasCommitted() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isWritable(Path.of("/dev/full")), "needs /dev/full");
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(300, 3)).start()) {
            Path page = dir.resolve("h.html");
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--state", path("crawl.db"), "--max-tasks", "4",
                    "--output", "/dev/full", "--format", "jsonl", "--html-report", page.toString(), site.url("/p0"));
            assertEquals(1, r.exit(), r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            String done = r.out().lines().filter(l -> l.startsWith("Done: ")).findFirst().orElseThrow();
            Document html = Jsoup.parse(page.toFile()); // as a crawl without a state renders what it did
            assertEquals(done.substring("Done: ".length()), html.selectFirst(".card .value").text(),
                    "the URLs the text report lists: those committed");
        }
    }

    @Test
    void scrapingOptionsAreKeptAndResumeWritesEveryItemOnce() throws Exception {
        try (TestSite site = TestSite.builder().pages(Top250.pages()).start()) {
            String state = path("crawl.db");
            Path items = dir.resolve("films.jsonl");
            CrawlCommandTest.Run first = run("crawl", "-q", "--no-progress", "--state", state, "--max-pages", "4",
                    "--item", "ol > li", "--field", "title=span.title", "--field", "rating=.rating_num",
                    "--follow", "div.paginator a", "--items", items.toString(), site.url("/top250?start=0"));
            assertEquals(0, first.exit(), first.err());
            assertEquals(4 * Top250.PER_PAGE, OutputFiles.jsonLines(items).size());
            CrawlCommandTest.Run second = run("resume", "-q", "--max-pages", "1000", state);
            assertEquals(0, second.exit(), second.err());
            assertTrue(second.out().contains("Todo: 0\nDone: 10\n"), second.out()); // --follow still holds
            List<String> lines = OutputFiles.jsonLines(items);
            Set<String> titles = new HashSet<>();
            for (String line : lines) titles.add(OutputFiles.field(line, "title"));
            assertEquals(Top250.FILMS, lines.size());
            assertEquals(Top250.FILMS, titles.size());
            assertTrue(titles.contains(Top250.title(250)));
            assertTrue(Files.readString(items, StandardCharsets.UTF_8).contains(",\"rating\":\"" + Top250.rating(1) + "\"}"));
        }
    }
}
