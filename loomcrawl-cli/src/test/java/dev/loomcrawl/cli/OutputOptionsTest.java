package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.loomcrawl.cli.CrawlCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The output options of the crawl command, run in-process against real test sites. */
class OutputOptionsTest {
    @TempDir
    Path dir;

    private static TestSite site() {
        return TestSite.builder()
                .page("/", "<a href=/a>a</a> <a href=/missing>m</a> <img src=/i.png>")
                .page("/a", "<a href=/>home</a>")
                .resource("/i.png", "image/png", new byte[100])
                .start();
    }

    @Test
    void everyOutputIsWrittenAndTheReportStillPrints() throws Exception {
        try (TestSite site = site()) {
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--output", dir.resolve("r.jsonl").toString(),
                    "--links", dir.resolve("l.csv").toString(), "--warc", dir.resolve("w").toString(),
                    "--html-report", dir.resolve("h.html").toString(), site.url("/"));
            assertEquals(0, r.exit(), r.err());
            assertEquals("", r.err());
            assertTrue(r.out().startsWith("*** Report ***\n"), r.out());
            assertEquals(4, Files.readAllLines(dir.resolve("r.jsonl")).size());
            assertEquals(1 + 4, Files.readAllLines(dir.resolve("l.csv")).size()); // header, 3 links + 1
            assertTrue(Files.size(dir.resolve("w-00000.warc.gz")) > 1000);
            String html = Files.readString(dir.resolve("h.html"));
            assertTrue(html.contains(site.url("/missing")), "the broken link is in the report");
        }
    }

    /**
     * {@code --warc} names the prefix of a series of files, often in a folder of their own: its folders are created,
     * as {@code --content-dir}'s is (a single file's missing folder is refused, below, to catch a mistyped path).
     */
    @Test
    void theFoldersOfAWarcPrefixAreCreated() throws Exception {
        try (TestSite site = site()) {
            Path prefix = dir.resolve("archives/2026/crawl");
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--warc", prefix.toString(), "--wacz",
                    dir.resolve("archives/crawl.wacz").toString(), site.url("/"));
            assertEquals(0, r.exit(), r.err());
            assertTrue(Files.size(dir.resolve("archives/2026/crawl-00000.warc.gz")) > 1000);
            assertTrue(Files.size(dir.resolve("archives/crawl.wacz")) > 1000);
        }
    }

    @Test
    void recordsOnStandardOutputMoveTheReportToStandardError() {
        try (TestSite site = site()) {
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--output", "-", site.url("/"));
            assertEquals(0, r.exit(), r.err());
            List<String> lines = r.out().lines().toList();
            assertEquals(4, lines.size(), r.out());
            for (String line : lines) assertTrue(line.startsWith("{\"url\":\"") && line.endsWith("}"), line);
            assertTrue(r.err().startsWith("*** Report ***\n"), r.err());
        }
    }

    @Test
    void theWaczPagesAreJsonLinesEachLineOneObject() throws Exception {
        try (TestSite site = site()) {
            Path wacz = dir.resolve("c.wacz");
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--warc", dir.resolve("w").toString(), "--wacz",
                    wacz.toString(), site.url("/"));
            assertEquals(0, r.exit(), r.err());
            String pages;
            try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(wacz.toFile())) {
                pages = new String(zip.getInputStream(zip.getEntry("pages/pages.jsonl")).readAllBytes(),
                        java.nio.charset.StandardCharsets.UTF_8);
            }
            List<String> lines = pages.lines().toList();
            assertEquals(3, lines.size(), pages); // the header, then the two HTML pages
            assertTrue(lines.getFirst().startsWith("{\"format\":\"json-pages-1.0\","), pages);
            for (String line : lines) assertTrue(line.startsWith("{") && line.endsWith("}"), "one object: " + line);
            assertTrue(pages.endsWith("}\n"), pages);
        }
    }

    @Test
    void reportsWrittenAtTheEndGoThroughALinkAndKeepIt() throws Exception {
        try (TestSite site = site()) {
            Path real = Files.writeString(dir.resolve("real.html"), "old");
            Path link = Files.createSymbolicLink(dir.resolve("link.html"), real);
            Path dangling = Files.createSymbolicLink(dir.resolve("new.html"), dir.resolve("created.html"));
            Path waczReal = Files.writeString(dir.resolve("real.wacz"), "old");
            Path waczLink = Files.createSymbolicLink(dir.resolve("link.wacz"), waczReal);
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--html-report", link.toString(),
                    "--warc", dir.resolve("w").toString(), "--wacz", waczLink.toString(), site.url("/"));
            assertEquals(0, r.exit(), r.err());
            assertTrue(Files.isSymbolicLink(link), "the link was replaced by a file");
            assertTrue(Files.readString(real).contains("<title>loomcrawl report"), "the report is in the linked file");
            assertTrue(Files.isSymbolicLink(waczLink), "the link was replaced by a file");
            assertTrue(Files.size(waczReal) > 1000);
            CrawlCommandTest.Run again = run("crawl", "--no-progress", "--html-report", dangling.toString(),
                    site.url("/"));
            assertEquals(0, again.exit(), again.err());
            assertTrue(Files.isSymbolicLink(dangling));
            assertTrue(Files.readString(dir.resolve("created.html")).contains("<title>loomcrawl report"));
        }
    }

    @Test
    @org.junit.jupiter.api.Timeout(60)
    void anHtmlReportIsWrittenThroughANamedPipe() throws Exception {
        Path fifo = dir.resolve("report.fifo");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assumeTrue(mkfifo.waitFor() == 0, "needs mkfifo");
        var read = new java.util.concurrent.CompletableFuture<String>();
        Thread reader = new Thread(() -> { // blocks until loomcrawl opens the pipe to write (a daemon: if never)
            try {
                read.complete(Files.readString(fifo));
            } catch (java.io.IOException e) {
                read.completeExceptionally(e);
            }
        });
        reader.setDaemon(true);
        reader.start();
        try (TestSite site = site()) {
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--html-report", fifo.toString(), site.url("/"));
            assertEquals(0, r.exit(), r.err());
            assertFalse(Files.isRegularFile(fifo), "the pipe was replaced by a file");
            assertTrue(read.get(30, java.util.concurrent.TimeUnit.SECONDS).contains("<title>loomcrawl report"));
        }
    }

    @Test
    void formatOverridesTheExtension() throws Exception {
        try (TestSite site = site()) {
            Path file = dir.resolve("records.log");
            assertEquals(0, run("crawl", "--no-progress", "--output", file.toString(), "--format", "CSV",
                    site.url("/")).exit());
            assertTrue(Files.readString(file).startsWith("url,status,redirect,"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", value = {
            "--output r.json                  => --output: cannot tell the format of 'r.json' from its name; name it .jsonl, .ndjson, .csv or .txt, or add --format jsonl|csv|text",
            "--output r.jsonl --format xml    => Invalid value for option '--format': 'xml' is not one of jsonl, csv, text",
            "--format csv                     => --format applies to --output, which is not given",
            "--links l.txt                    => --links: cannot tell the format of 'l.txt' from its name; name it .jsonl, .ndjson or .csv",
            "--output - --links -             => only one of --output, --links, --items, --content and --chunks can write to standard output",
            "--output - --content -           => only one of --output, --links, --items, --content and --chunks can write to standard output",
            "--content c.csv                  => --content writes JSON Lines: name the file .jsonl or .ndjson, not 'c.csv'",
            "--chunks c.txt                   => --chunks writes JSON Lines: name the file .jsonl or .ndjson, not 'c.txt'",
            "--chunk-size 0                   => --chunk-size must be at least 1 character, got 0",
            "--warc -                         => --warc needs a path, not '-'",
            "--warc-max-size 0                => --warc-max-size must be at least 1 byte, got 0",
            "--warc-max-size big              => Invalid value for option '--warc-max-size': 'big' is not a size (examples: 1048576, 512KiB, 10MiB, 1G)",
    })
    void aBadValueIsOneLineNamingItThenWhereTheHelpIsAndExit2(String flags, String message) {
        List<String> args = new ArrayList<>(List.of("crawl"));
        for (String f : flags.trim().split(" ")) args.add(f.replace("DIR", dir.toString()));
        args.add("http://127.0.0.1:9/");
        CrawlCommandTest.Run r = run(args.toArray(String[]::new));
        assertEquals(2, r.exit(), r.err());
        assertEquals(message.replace("DIR", dir.toString()) + "\nSee 'loomcrawl crawl --help' for its options.\n",
                r.err());
    }

    /** A file that cannot be written is no usage error: one line, no pointer to the help, exit 1, as for --state. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", value = {
            "--content DIR/no/c.jsonl         => --content: cannot write DIR/no/c.jsonl: No such file or directory",
            "--chunks DIR/no/c.jsonl          => --chunks: cannot write DIR/no/c.jsonl: No such file or directory",
            "--output DIR/no/r.jsonl          => --output: cannot write DIR/no/r.jsonl: No such file or directory",
            "--links DIR/no/l.csv             => --links: cannot write DIR/no/l.csv: No such file or directory",
            "--html-report DIR/no/r.html      => --html-report: cannot write DIR/no/r.html: No such file or directory",
            "--html-report DIR                => --html-report: cannot write DIR: Is a directory",
            "--warc DIR/w --wacz DIR          => --wacz: cannot write DIR: Is a directory",
    })
    void aFileThatCannotBeWrittenIsOneLineAndExit1(String flags, String message) {
        List<String> args = new ArrayList<>(List.of("crawl"));
        for (String f : flags.trim().split(" ")) args.add(f.replace("DIR", dir.toString()));
        args.add("http://127.0.0.1:9/");
        CrawlCommandTest.Run r = run(args.toArray(String[]::new));
        assertEquals(1, r.exit(), r.err());
        assertEquals("loomcrawl: " + message.replace("DIR", dir.toString()) + "\n", r.err());
        assertEquals("", r.out());
    }

    @Test
    void aFullDiskStopsTheCrawlWithOneClearLine() {
        assumeTrue(Files.isWritable(Path.of("/dev/full")), "needs /dev/full");
        TestSite.Builder b = TestSite.builder();
        StringBuilder index = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            b.page("/p" + i, "page " + i);
            index.append("<a href=/p").append(i).append(">p</a>");
        }
        try (TestSite site = b.page("/", index.toString()).start()) {
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--max-tasks", "4", "--output", "/dev/full",
                    "--format", "jsonl", site.url("/"));
            assertEquals(1, r.exit());
            assertEquals(List.of("loomcrawl: crawl stopped: cannot write /dev/full: No space left on device"),
                    r.err().lines().toList());
            assertTrue(r.out().startsWith("*** Report ***\n"), r.out()); // of the URLs done until then
            assertTrue(site.requests().size() < 300, "the crawl stopped early: " + site.requests().size());
        }
    }
}
