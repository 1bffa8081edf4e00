package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.loomcrawl.cli.CrawlCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The command line on pages built to break the parsers, with a state file: every page is in the records, the
 * ledger balances, the bound on links is saved with the crawl, and a resume fetches nothing again.
 */
@Timeout(120)
class HostilePagesCommandTest {
    @TempDir
    Path tmp;

    @Test
    void hostilePagesAreRecordedAndTheLinkBoundIsSaidInTheRecords() throws Exception {
        StringBuilder many = new StringBuilder("<a href='/after'");
        for (int i = 0; i < 2000; i++) many.append(" a").append(i).append("=v");
        StringBuilder links = new StringBuilder();
        for (int i = 0; i < 20; i++) links.append("<a href='//elsewhere.example/").append(i).append("'>x</a>");
        try (TestSite site = TestSite.builder()
                .page("/", "<a href=/comment>c</a><a href=/attributes>a</a><a href=/host>h</a><a href=/links>l</a>")
                .page("/comment", "<!--" + "--!".repeat(500) + "x--><a href='/after'>x</a>")
                .page("/attributes", many + ">x</a>")
                .page("/host", "<a href='http://" + "\u00e9".repeat(2000) + "/'>long</a>")
                .page("/links", links.toString()).page("/after", "after").start()) {
            String state = tmp.resolve("crawl.db").toString();
            Path records = tmp.resolve("r.jsonl");
            CrawlCommandTest.Run crawl = run("crawl", "--no-progress", "--state", state, "--max-links-per-page", "5",
                    "--output", records.toString(), site.url("/"));
            assertEquals(0, crawl.exit(), crawl.err());
            assertTrue(!crawl.out().contains("unaccounted"), crawl.out());
            List<String> lines = Files.readAllLines(records);
            assertEquals(6, lines.size(), String.join("\n", lines));
            String linksRecord = lines.stream().filter(l -> l.contains("/links\"")).findFirst().orElseThrow();
            assertTrue(linksRecord.contains("\"error\":\"links cut: the first 5 kept, 15 more not "
                    + "(max-links-per-page)\""), linksRecord);
            assertTrue(linksRecord.contains("\"status\":200"), linksRecord);
            CrawlCommandTest.Run resume = run("resume", "--no-progress", state);
            assertEquals(0, resume.exit(), resume.err());
            for (String p : List.of("/", "/comment", "/attributes", "/host", "/links", "/after")) {
                assertEquals(1, site.requestCount(p), p);
            }
        }
    }
}
