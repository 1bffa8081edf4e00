package dev.loomcrawl.output.lines;

import dev.loomcrawl.internal.journal.JournalWriter;
import dev.loomcrawl.journal.Journal;
import dev.loomcrawl.result.CrawlException;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.output.Crawls;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The records output (--output), from real crawls of test sites. */
class RecordFileTest {
    @TempDir
    Path dir;

    private static TestSite mixedSite(int closedPort) {
        return TestSite.builder()
                .page("/", "<a href=/a>a</a> <a href=/old>old</a> <a href=/missing>gone</a> <a href=/big>big</a>"
                        + "<a href='http://127.0.0.1:" + closedPort + "/down'>down</a>")
                .page("/a", "<a href=/>home</a>")
                .redirect("/old", 301, "/a")
                .route("/big", new Route.Huge(50_000, true))
                .start();
    }

    private static Map<String, Map<String, Object>> byUrl(List<String> lines) {
        Map<String, Map<String, Object>> out = new HashMap<>();
        for (String line : lines) {
            Map<String, Object> o = TestJson.object(line);
            assertNull(out.put((String) o.get("url"), o), "two lines for " + o.get("url"));
        }
        return out;
    }

    @Test
    void jsonLinesHaveOneCompleteObjectPerFinishedUrlWithEveryField() throws IOException {
        int closed = Crawls.closedPort();
        Path file = dir.resolve("records.jsonl");
        try (TestSite site = mixedSite(closed)) {
            // the closed port is another local origin: allowed, so that its connection is refused
            Crawls.runWith(Crawls.from(site, "/").maxBodyBytes(10_000).allowPrivate(true),
                    journal -> RecordFile.open(file, LineFormat.JSONL, journal));
            List<String> lines = Files.readAllLines(file);
            assertEquals(6, lines.size(), String.join("\n", lines));
            Map<String, Map<String, Object>> r = byUrl(lines);
            for (Map<String, Object> o : r.values()) {
                assertEquals(List.of("url", "status", "redirect", "content_type", "charset", "size", "depth",
                        "referrer", "started", "duration_ms", "error_kind", "error", "links", "new_links",
                        "skip_reason", "truncated", "attempts", "robots", "change", "rendered", "render_reason", "title",
                        "description", "lang", "canonical", "h1", "published", "modified", "author"),
                        List.copyOf(o.keySet()));
                Instant.parse((String) o.get("started"));
            }
            Map<String, Object> root = r.get(site.url("/"));
            assertEquals(200L, root.get("status"));
            assertEquals("text/html", root.get("content_type"));
            assertEquals("utf-8", root.get("charset"));
            assertEquals(5L, root.get("links"));
            assertEquals(5L, root.get("new_links"));
            assertEquals(0L, root.get("depth"));
            assertNull(root.get("referrer"));
            assertEquals(false, root.get("truncated"));
            assertEquals(1L, root.get("attempts"));
            assertTrue(root.get("duration_ms") instanceof Double d && d >= 0, root.toString());

            Map<String, Object> old = r.get(site.url("/old"));
            assertEquals(301L, old.get("status"));
            assertEquals(site.url("/a"), old.get("redirect"));
            assertEquals(site.url("/"), old.get("referrer"));
            assertEquals(1L, old.get("depth"));

            assertEquals(404L, r.get(site.url("/missing")).get("status"));
            assertEquals(true, r.get(site.url("/big")).get("truncated"));
            assertEquals(10_000L, r.get(site.url("/big")).get("size"));

            Map<String, Object> down = r.get("http://127.0.0.1:" + closed + "/down");
            assertNull(down.get("status"));
            assertNull(down.get("size"));
            assertEquals("refused", down.get("error_kind"));
            assertTrue(((String) down.get("error")).contains("refused the connection"), down.toString());
        }
    }

    @Test
    void csvHasAHeaderRowAndOneParsableRowPerUrl() throws IOException {
        Path file = dir.resolve("records.csv");
        try (TestSite site = Crawls.slowSite(5, 5, Duration.ZERO)) {
            Crawls.runWith(Crawls.from(site, "/"), journal -> RecordFile.open(file, LineFormat.CSV, journal));
            List<CSVRecord> rows = parseCsv(file);
            assertEquals(6, rows.size());
            for (CSVRecord row : rows) {
                assertEquals(29, row.size());
                assertEquals("200", row.get("status"));
                assertEquals("", row.get("redirect")); // null is an empty field
            }
            assertTrue(Files.readString(file).startsWith("url,status,redirect,content_type,charset,size,depth,"));
        }
    }

    @Test
    void textFormatWritesTheSeedsReportLinePerUrl() throws IOException {
        Path file = dir.resolve("records.txt");
        try (TestSite site = TestSite.builder().page("/", "<a href=/old>o</a>").redirect("/old", 302, "/")
                .start()) {
            Crawls.runWith(Crawls.from(site, "/"), journal -> RecordFile.open(file, LineFormat.TEXT, journal));
            List<String> lines = Files.readAllLines(file);
            assertTrue(lines.contains(site.url("/") + " 200 text/html utf-8 18 1/1"), lines.toString());
            assertTrue(lines.contains(site.url("/old") + " 302 redirect " + site.url("/")), lines.toString());
        }
    }

    @Test
    void aCrawlCancelledPartWayLeavesOnlyCompleteLines() throws IOException {
        Path jsonl = dir.resolve("records.jsonl");
        Path csv = dir.resolve("records.csv");
        try (TestSite site = Crawls.slowSite(60, 20, Duration.ofSeconds(30))) {
            CrawlSummary summary = Crawls.cancelledAfterWith(15, Crawls.from(site, "/").maxTasks(30),
                    journal -> RecordFile.open(jsonl, LineFormat.JSONL, journal),
                    journal -> RecordFile.open(csv, LineFormat.CSV, journal));
            assertTrue(summary.interrupted());
            assertTrue(summary.todo() > 0);
            List<String> lines = Files.readAllLines(jsonl);
            assertEquals(summary.done(), lines.size());
            assertTrue(Files.readString(jsonl).endsWith("}\n"));
            lines.forEach(TestJson::object);
            assertEquals(summary.done(), parseCsv(csv).size());
        }
    }

    @Test
    void aFullDiskStopsTheCrawlWithOneClearMessage() {
        Path full = Path.of("/dev/full");
        assumeTrue(Files.isWritable(full), "needs /dev/full");
        try (TestSite site = Crawls.slowSite(200, 200, Duration.ZERO)) {
            RecordFile[] out = new RecordFile[1];
            CrawlException e = assertThrows(CrawlException.class, () -> Crawls.runWith(Crawls.from(site, "/")
                    .maxTasks(4), journal -> out[0] = RecordFile.open(full, LineFormat.JSONL, journal)));
            assertEquals("crawl stopped: cannot write /dev/full: No space left on device", e.getMessage());
            // The output's failure is the journal's, which the crawl throws: the output's own close (after the
            // crawler's, by runWith; again here) only closes the file, and does not report it a second time.
            OutputException failure = assertInstanceOf(OutputException.class, e.getCause());
            assertEquals("cannot write /dev/full: No space left on device", failure.getMessage());
            out[0].close();
            assertTrue(site.requests().size() < 200, "the crawl should stop early");
        }
    }

    @Test
    void aPathThatCannotBeWrittenFailsAtOpenWithTheReason() {
        OutputException e = assertThrows(OutputException.class,
                () -> RecordFile.open(dir.resolve("no/such/dir/records.jsonl"), LineFormat.JSONL, JournalWriter.inMemory()));
        assertEquals("cannot write " + dir.resolve("no/such/dir/records.jsonl") + ": No such file or directory",
                e.getMessage());
        OutputException directory = assertThrows(OutputException.class,
                () -> RecordFile.open(dir, LineFormat.CSV, JournalWriter.inMemory()));
        assertTrue(directory.getMessage().endsWith(": Is a directory"), directory.getMessage());
    }

    @Test
    void fileNamesPickTheFormat() {
        assertEquals(LineFormat.JSONL, LineFormat.forFileName("a.jsonl").orElseThrow());
        assertEquals(LineFormat.JSONL, LineFormat.forFileName("A.NDJSON").orElseThrow());
        assertEquals(LineFormat.CSV, LineFormat.forFileName("x/y.csv").orElseThrow());
        assertEquals(LineFormat.TEXT, LineFormat.forFileName("r.txt").orElseThrow());
        assertFalse(LineFormat.forFileName("r.json").isPresent());
    }

    static List<CSVRecord> parseCsv(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             CSVParser parser = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
            return parser.getRecords();
        }
    }
}
