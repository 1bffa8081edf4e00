package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import static dev.loomcrawl.cli.ContentCommandTest.lines;
import static dev.loomcrawl.cli.CrawlCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pages built to make the text outputs blow up, crawled for real through the command line (with the tests' 1 GiB
 * heap): a table of spans thousands of columns wide, in every content output and in a re-crawl's pass, which makes
 * every revisited page's main text; fenced code in list items and quotes and long headings in chunks; and a page
 * outside Latin-1 of a million characters in chunks of a million.
 */
@Timeout(120)
class HostileContentTest {
    @TempDir
    Path dir;

    /**
     * A table of about 40 KB whose first row has 200 cells each spanning 1,000 columns, a cell spanning 1,000
     * columns and all the rows below, a thousand rows of two cells and one very long cell; then a table nested in a
     * one-cell layout table and one nested in a cell of a one-row table (layout tables, as are one-row tables without
     * headers: their cells are written as paragraphs). Laid out on a grid, padded to 200,000 columns, its Markdown was some
     * 400 million characters: out of memory.
     */
    static String wideTable(String footer) {
        StringBuilder html = new StringBuilder("<html><head><title>Wide</title></head><body><main><h1>Wide</h1>"
                + "<p>A table of the kind a site may serve to a crawler.</p><table><tr>");
        html.append("<td colspan=1000>h".repeat(200)).append("<tr><td rowspan=65534 colspan=1000>tall<td>x");
        for (int i = 0; i < 1000; i++) html.append("<tr><td>a").append(i).append("<td>b");
        html.append("<tr><td>").append("a very long cell ".repeat(600)).append("</table>");
        html.append("<table><tr><td><table><tr><td colspan=1000 rowspan=1000>inner<td>y")
                .append("<tr><td>z".repeat(200)).append("</table></table>");
        html.append("<table><tr><td>outer<td><table><tr><td colspan=1000>flat<td>w</table></table>");
        return html.append("</main><footer>").append(footer).append("</footer></body></html>").toString();
    }

    @Test
    void aTableOfSpansThousandsOfColumnsWideStaysWithinTwiceThePageInEveryContentOutput() throws Exception {
        String page = wideTable("Footer");
        int bytes = page.getBytes(StandardCharsets.UTF_8).length;
        assertTrue(bytes > 30_000 && bytes < 50_000, bytes + " bytes");
        try (TestSite site = TestSite.builder().page("/table", page).start()) {
            Path content = dir.resolve("content.jsonl"), chunks = dir.resolve("chunks.jsonl"), md = dir.resolve("md");
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--allow-private", "--content", content.toString(),
                    "--content-dir", md.toString(), "--chunks", chunks.toString(), site.url("/table"));
            assertEquals(0, r.exit(), r.err());
            Map<String, Object> line = lines(content).getFirst();
            String markdown = (String) line.get("markdown"), text = (String) line.get("text");
            assertTrue(markdown.length() <= 2 * bytes, markdown.length() + " chars of Markdown");
            assertTrue(text.length() <= bytes, text.length() + " chars of text");
            assertTrue(markdown.contains("| h | h |") && markdown.contains("| a999 | b |"), "the cells, once each");
            assertTrue(markdown.contains("a very long cell a very long cell"), "the long cell");
            assertTrue(markdown.contains("| inner | y |") && markdown.contains("outer\n\nflat\n\nw\n"), "the nested");
            try (Stream<Path> files = Files.walk(md)) {
                Path file = files.filter(Files::isRegularFile).findFirst().orElseThrow();
                assertTrue(Files.size(file) <= 2L * bytes, Files.size(file) + " bytes in " + file);
            }
            long chunked = lines(chunks).stream().mapToLong(c -> ((String) c.get("markdown")).length()).sum();
            assertTrue(chunked <= markdown.length(), chunked + " chars in chunks");
        }
    }

    /**
     * A base URL of 100,000 characters and 3,000 links {@code <a href=x>}: each link made absolute was as long as the
     * base, 300 MB of Markdown from a page of 150 KB. Now what URLs made absolute add is bounded by the content.
     */
    @Test
    void aLongBaseUrlDoesNotMakeEveryShortLinkAsLong() throws Exception {
        String page = "<html><head><base href='/" + "a".repeat(100_000) + "/'></head><body><main>"
                + "<p><a href=x>y</a>".repeat(3000) + "</main></body></html>";
        try (TestSite site = TestSite.builder().page("/links", page).start()) {
            Path content = dir.resolve("content.jsonl"), chunks = dir.resolve("chunks.jsonl");
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--allow-private", "--content", content.toString(),
                    "--chunks", chunks.toString(), site.url("/links"));
            assertEquals(0, r.exit(), r.err());
            String markdown = (String) lines(content).getFirst().get("markdown");
            assertTrue(markdown.length() <= 2 * page.length(), markdown.length() + " chars of Markdown");
            assertTrue(markdown.startsWith("[y](" + site.url("/" + "a".repeat(100_000) + "/x") + ")"), "absolute");
            assertTrue(markdown.endsWith("\n[y](x)\n"), "the last as written");
        }
    }

    /**
     * A re-crawl's pass makes the main text of every page it revisits (to tell a template change): with two pages of
     * the wide table, the first pass after a crawl without content outputs says changed, the next template-changed.
     */
    @Test
    void aRecrawlMakesTheMainTextOfTheWideTableWithinItsBound() {
        Map<String, Route> pages = new ConcurrentHashMap<>();
        pages.put("/", Route.Respond.html("<a href=/table>t</a> <a href=/table2>t</a>"));
        try (TestSite site = TestSite.builder().generated(pages::get).start()) {
            String state = dir.resolve("crawl.db").toString();
            for (String footer : List.of("Footer 1", "Footer 2", "Footer 3")) {
                pages.put("/table", Route.Respond.html(wideTable(footer)));
                pages.put("/table2", Route.Respond.html(wideTable(footer)));
                CrawlCommandTest.Run pass = footer.equals("Footer 1")
                        ? run("crawl", "-q", "--allow-private", "--state", state, site.url("/"))
                        : run("recrawl", "-q", state);
                assertEquals(0, pass.exit(), pass.err());
            }
            CrawlCommandTest.Run changes = run("report", "--changes", state);
            assertTrue(changes.out().contains("template-changed " + site.url("/table")), changes.out());
            assertTrue(changes.out().contains("template-changed " + site.url("/table2")), changes.out());
        }
    }

    /**
     * Chunks of 300: a heading longer than that, and code blocks in a list item and a quote of a hundred lines
     * each. No chunk is longer; each piece of a code block is a fence of its own (its fence lines in pairs), every
     * code line with its prefix.
     */
    @Test
    void noChunkIsLongerThanTheChunkSizeAndCodeInListsAndQuotesKeepsItsPrefix() throws Exception {
        StringBuilder code = new StringBuilder();
        for (int i = 0; i < 100; i++) code.append("line ").append(i).append(" of the code\n");
        String pre = "<pre>" + code + "</pre>";
        String page = "<html><body><main><h1>" + "A heading much longer than a chunk ".repeat(12) + "</h1>"
                + "<ol><li><p>Step one</p>" + pre + "</li></ol><h2>Quoted</h2><blockquote>" + pre + "</blockquote>"
                + "<h2>Short</h2><p>" + "Some words. ".repeat(40) + "</p></main></body></html>";
        try (TestSite site = TestSite.builder().page("/code", page).start()) {
            Path chunks = dir.resolve("chunks.jsonl");
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--allow-private", "--chunks", chunks.toString(),
                    "--chunk-size", "300", site.url("/code"));
            assertEquals(0, r.exit(), r.err());
            List<Map<String, Object>> lines = lines(chunks);
            int codeLines = 0;
            for (Map<String, Object> c : lines) {
                String md = (String) c.get("markdown");
                assertTrue(md.codePointCount(0, md.length()) <= 300, md.length() + ": " + md);
                boolean quoted = ((List<?>) c.get("headings")).contains("Quoted");
                long fences = md.lines().filter(l -> l.matches("[> ]*```.*")).count();
                assertEquals(0, fences % 2, "fences open and closed: " + md);
                for (String l : md.split("\n")) {
                    if (!l.contains("of the code")) continue;
                    assertTrue(l.startsWith(quoted ? "> line" : "   line"), "«" + l + "»");
                    codeLines++;
                }
            }
            assertEquals(200, codeLines, "every code line once");
            assertTrue(lines.size() >= 6, lines.size() + " chunks");
        }
    }

    /**
     * A page of about a million characters outside Latin-1, in short paragraphs, in chunks of a million: cutting it
     * took over 45 s (each paragraph's length counted again from the chunk's start), now well under a second. The
     * timeout is generous, for a loaded machine.
     */
    @Test
    @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aMillionCharactersOutsideLatin1AreChunkedInTimeLinearInTheirLength() throws Exception {
        StringBuilder html = new StringBuilder("<html><body><main><h1>\u0416\u0443\u043a\u0438</h1>");
        for (int i = 0; i < 110_000; i++) html.append("<p>\u0436\u0443\u043a ").append(i % 97).append("</p>");
        try (TestSite site = TestSite.builder().page("/long", html.append("</main></body></html>").toString())
                .start()) {
            Path chunks = dir.resolve("chunks.jsonl");
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--allow-private", "--chunks", chunks.toString(),
                    "--chunk-size", "1000000", site.url("/long"));
            assertEquals(0, r.exit(), r.err());
            List<Map<String, Object>> lines = lines(chunks);
            assertEquals(1, lines.size());
            long end = (long) lines.getFirst().get("end");
            assertTrue(end > 800_000 && end <= 1_000_000, end + " code points");
        }
    }
}
