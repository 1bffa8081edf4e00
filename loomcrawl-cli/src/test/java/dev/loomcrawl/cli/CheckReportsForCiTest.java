package dev.loomcrawl.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.loomcrawl.cli.CheckCommandTest.check;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code check}'s reports where CI reads them: Markdown for a pull-request comment stays under GitHub's 65,536
 * characters (and under {@code --max-report-chars}), saying how many targets it left out; {@code --format github}
 * annotates each page's file; {@code --offline} checks a directory and refuses a URL; {@code --output} writes the
 * report to a file and the summary to standard output.
 */
class CheckReportsForCiTest {
    @TempDir
    Path dir;

    /** A built site whose index links to {@code n} missing pages with long names, and one that works. */
    private Path siteWithBrokenLinks(int n) throws Exception {
        Path site = Files.createDirectories(dir.resolve("public"));
        StringBuilder links = new StringBuilder("<a href='ok.html'>ok</a>");
        String longName = "a-page-whose-name-is-long-enough-to-fill-a-table-row-of-a-report-";
        for (int i = 0; i < n; i++) links.append("<a href='").append(longName).append(i).append(".html'>x</a>");
        Files.writeString(site.resolve("index.html"), links.toString());
        Files.writeString(site.resolve("ok.html"), "<a href='index.html'>home</a><a href='gone.html'>gone</a>");
        return site;
    }

    @Test
    void markdownStaysUnderGitHubsCommentLimitByDefaultAndUnderTheGivenCap() throws Exception {
        Path site = siteWithBrokenLinks(1200); // about 100 characters a row: 120,000 uncut
        CrawlCommandTest.Run r = check("--format", "markdown", site.toString());
        assertEquals(1, r.exit(), r.err());
        assertTrue(r.out().length() <= 65_536, "length " + r.out().length());
        assertTrue(r.out().length() > 50_000, "length " + r.out().length());
        assertTrue(r.out().startsWith("### Broken links\n\n1,201 broken links to 1,201 targets on 2 pages"),
                r.out().substring(0, 200));
        assertTrue(r.out().matches("(?s).*\n\\d[\\d,]* more not shown, to stay under --max-report-chars 60,000; "
                + "--format json lists them all\\.\n"), r.out().substring(r.out().length() - 300));

        CrawlCommandTest.Run small = check("--format", "markdown", "--max-report-chars", "2000", site.toString());
        assertTrue(small.out().length() <= 2000, "length " + small.out().length());
        assertTrue(small.out().contains("| Status | Link | Linked from |"), small.out());
        assertTrue(small.out().contains(" more not shown, to stay under --max-report-chars 2,000"), small.out());

        CrawlCommandTest.Run tiny = check("--format", "markdown", "--max-report-chars", "10", site.toString());
        assertEquals(2, tiny.exit());
        assertEquals("loomcrawl: --max-report-chars must be 1000 or more, got 10\n", tiny.err());
    }

    @Test
    void githubFormatAnnotatesEachPagesFile() throws Exception {
        Path site = siteWithBrokenLinks(2);
        CrawlCommandTest.Run r = check("--format", "github", site.toString());
        assertEquals(1, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        // the file as a workflow names it: relative to the working directory, where the checkout is (else absolute)
        Path here = Path.of("").toAbsolutePath();
        String under = (site.toAbsolutePath().startsWith(here) ? here.relativize(site.toAbsolutePath())
                : site.toAbsolutePath()) + "/";
        assertTrue(lines.contains("::error file=" + under + "ok.html,title=Broken link::404 gone.html"), r.out());
        assertTrue(lines.contains("::error file=" + under.replace(",", "%2C") + "index.html,title=Broken link::404 "
                + "a-page-whose-name-is-long-enough-to-fill-a-table-row-of-a-report-0.html"), r.out());
        assertEquals("::notice title=Link check::3 broken links to 3 targets on 2 pages", lines.getLast()
                .replaceFirst(" \\(.*", ""), r.out());
        assertEquals(4, lines.size(), r.out());
    }

    @Test
    void offlineChecksADirectoryAndRefusesAUrl() throws Exception {
        Path site = siteWithBrokenLinks(1);
        CrawlCommandTest.Run r = check("--offline", site.toString());
        assertEquals(1, r.exit(), r.err());
        assertTrue(r.out().contains("404 gone.html, linked from ok.html"), r.out());
        CrawlCommandTest.Run url = check("--offline", "https://example.com/");
        assertEquals(2, url.exit());
        assertEquals("loomcrawl: --offline checks a directory without the network; https://example.com/ is not one "
                + "(for a site's own links only, use --exclude-external)\n", url.err());
    }

    @Test
    void outputWritesTheReportToAFileAndTheSummaryToStandardOutput() throws Exception {
        Path site = siteWithBrokenLinks(1);
        Path file = dir.resolve("links.md");
        CrawlCommandTest.Run r = check("--format", "markdown", "--output", file.toString(), site.toString());
        assertEquals(1, r.exit(), r.err());
        String report = Files.readString(file);
        assertTrue(report.startsWith("### Broken links\n"), report);
        assertTrue(report.contains("| 404 | `gone.html` | `ok.html` |"), report);
        assertTrue(r.out().matches("2 broken links to 2 targets on 2 pages \\(\\d+ URLs checked in [\\d.]+ s\\)\\.\n"),
                r.out());
    }
}
