package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.loomcrawl.cli.CrawlCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code loomcrawl captures}: what a crawl's {@code --warc} files or {@code --wacz} package hold, one line per
 * response, and one capture's headers and body, read back from what a real crawl of a real site wrote.
 */
class CapturesCommandTest {
    @TempDir
    Path dir;

    private static TestSite site() {
        return TestSite.builder()
                .page("/", "<a href=/a.txt>a</a> <a href=/missing>m</a>")
                .resource("/a.txt", "text/plain", "hello from a".getBytes())
                .start();
    }

    @Test
    void listsEveryResponseOfTheWarcFilesAndTheWaczAlike() throws Exception {
        try (TestSite site = site()) {
            CrawlCommandTest.Run crawl = run("crawl", "-q", "--no-progress", "--warc", dir.resolve("w").toString(),
                    "--wacz", dir.resolve("c.wacz").toString(), site.url("/"));
            assertEquals(0, crawl.exit(), crawl.err());
            String warc = dir.resolve("w-00000.warc.gz").toString();

            CrawlCommandTest.Run list = run("captures", warc);
            assertEquals(0, list.exit(), list.err());
            List<String> lines = list.out().lines().toList();
            assertEquals(3, lines.size(), list.out());
            String time = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ";
            assertTrue(lines.stream().anyMatch(l -> l.matches(time + " 200 text/plain 12 \\Q" + site.url("/a.txt")
                    + "\\E")), list.out());
            assertTrue(lines.stream().anyMatch(l -> l.matches(time + " 404 \\S+ \\d+ \\Q" + site.url("/missing")
                    + "\\E")), list.out());
            assertTrue(lines.stream().anyMatch(l -> l.matches(time + " 200 text/html \\d+ \\Q" + site.url("/")
                    + "\\E")), list.out());

            CrawlCommandTest.Run wacz = run("captures", dir.resolve("c.wacz").toString());
            assertEquals(0, wacz.exit(), wacz.err());
            assertEquals(list.out(), wacz.out(), "the WACZ holds the same WARC file");

            CrawlCommandTest.Run json = run("captures", "--json", warc);
            assertEquals(0, json.exit(), json.err());
            assertEquals(3, json.out().lines().count(), json.out());
            Map<String, Object> a = CheckForCiTest.json(json.out().lines().filter(l -> l.contains("/a.txt"))
                    .findFirst().orElseThrow());
            assertEquals(List.of("time", "status", "content_type", "size", "url", "revisit", "file"),
                    List.copyOf(a.keySet()));
            assertEquals(200L, a.get("status"));
            assertEquals(12L, a.get("size"));
            assertEquals(warc, a.get("file"));
        }
    }

    @Test
    void printsOneCapturesHeadersAndBody() throws Exception {
        try (TestSite site = site()) {
            assertEquals(0, run("crawl", "-q", "--no-progress", "--warc", dir.resolve("w").toString(), "--wacz",
                    dir.resolve("c.wacz").toString(), site.url("/")).exit());
            String wacz = dir.resolve("c.wacz").toString();

            CrawlCommandTest.Run head = run("captures", wacz, "--url", site.url("/a.txt"));
            assertEquals(0, head.exit(), head.err());
            assertTrue(head.out().startsWith("HTTP/1.1 200 OK\n"), head.out());
            assertTrue(head.out().toLowerCase().contains("\ncontent-type: text/plain"), head.out());
            assertTrue(!head.out().contains("hello from a"), head.out());

            CrawlCommandTest.Run body = run("captures", wacz, "--url", site.url("/a.txt"), "--body");
            assertEquals(0, body.exit(), body.err());
            assertTrue(body.out().startsWith(head.out() + "\n"), body.out());
            assertTrue(body.out().endsWith("\nhello from a"), body.out());

            CrawlCommandTest.Run none = run("captures", wacz, "--url", site.url("/nowhere"));
            assertEquals(1, none.exit(), none.err());
            assertEquals("loomcrawl: no capture of " + site.url("/nowhere") + " in " + wacz + "\n", none.err());
        }
    }

    @Test
    void aFileThatIsNoArchiveIsOneLine() throws Exception {
        Path text = Files.writeString(dir.resolve("notes.warc.gz"), "not an archive\n");
        CrawlCommandTest.Run bad = run("captures", text.toString());
        assertEquals(1, bad.exit(), bad.err());
        assertEquals(1, bad.err().lines().count(), bad.err());
        assertTrue(bad.err().startsWith("loomcrawl: " + text + ": not a WARC file"), bad.err());

        Path zip = dir.resolve("empty.wacz");
        try (var out = new java.util.zip.ZipOutputStream(Files.newOutputStream(zip))) {
            out.putNextEntry(new java.util.zip.ZipEntry("datapackage.json"));
            out.write("{}".getBytes());
        }
        CrawlCommandTest.Run noWarcs = run("captures", zip.toString());
        assertEquals(1, noWarcs.exit(), noWarcs.err());
        assertEquals("loomcrawl: " + zip + ": a WACZ without WARC files (archive/*.warc.gz)\n", noWarcs.err());

        CrawlCommandTest.Run missing = run("captures", dir.resolve("nope.warc.gz").toString());
        assertEquals(1, missing.exit(), missing.err());
        assertEquals("loomcrawl: " + dir.resolve("nope.warc.gz") + ": no such file\n", missing.err());

        CrawlCommandTest.Run usage = run("captures");
        assertEquals(2, usage.exit(), usage.err());
    }
}
