package dev.loomcrawl.store.sqlite;

import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which pages a real crawl chunks, and what of them is indexed: a page of prose with hundreds of links (as Python's
 * {@code c-api/stable.html}) is chunked; a search page and a module index (Python's {@code search.html} and
 * {@code py-modindex.html}) are not; no link URL reaches the indexed text, while the links' text does.
 */
class ChunkedPagesTest {
    @TempDir
    Path dir;

    private static final String HEAD = "<!doctype html><html><head><meta name=generator content=\"Docutils 0.19\">";

    static String stable() {
        StringBuilder html = new StringBuilder(HEAD + "<title>C API Stability</title></head><body><main>"
                + "<h1>C API Stability</h1>");
        for (int i = 0; i < 12; i++) {
            html.append("<p>Python's limited API is a subset of the C API that extension modules can use to stay "
                    + "compatible with later releases; the stable ABI is its binary interface, so that a module "
                    + "compiled once keeps working. See <a href=\"/api/abi.html#section-").append(i)
                    .append("\">the ABI notes</a> for paragraph ").append(i).append(".</p>");
        }
        html.append("<h2>Contents of the limited API</h2><ul>");
        for (int i = 0; i < 400; i++) {
            html.append("<li><a href=\"/api/functions.html#PyFunction_Number").append(i).append("\">PyFunction_Number")
                    .append(i).append("()</a></li>");
        }
        return html.append("</ul></main></body></html>").toString();
    }

    static String search() {
        return HEAD + "<title>Search</title></head><body><main><h1>Search</h1><p>Searching for multiple words "
                + "only shows matches that contain all words.</p><form action=\"\" method=\"get\"><input type=\"text\" "
                + "name=\"q\"><input type=\"submit\" value=\"search\"></form><div id=\"search-results\"></div>"
                + "<p>Enter your search words into the box above and press search; the functions of this site's "
                + "search need JavaScript, which your browser may have turned off for this page.</p>"
                + "</main></body></html>";
    }

    static String moduleIndex() {
        StringBuilder html = new StringBuilder(HEAD + "<title>Python Module Index</title></head><body><main>"
                + "<h1>Python Module Index</h1><table class=\"indextable modindextable\">");
        for (int i = 0; i < 60; i++) {
            if (i % 6 == 0) { // a letter's rows, as Sphinx writes them
                html.append("<tr class=\"pcap\"><td></td><td>&#160;</td><td></td></tr><tr class=\"cap\"><td></td>"
                        + "<td><strong>").append((char) ('a' + i / 6)).append("</strong></td><td></td></tr>");
            }
            // a submodule's entry indented with no-break spaces
            html.append(i % 3 == 0 ? "<tr><td></td><td>&#160;&#160;&#160;" : "<tr><td></td><td>");
            html.append("<a href=\"/library/module").append(i).append(".html\"><code>module")
                    .append(i).append("</code></a></td><td><em>Tools for the work of module number ").append(i)
                    .append(", described in a sentence of its own</em></td></tr>");
        }
        return html.append("</table></main></body></html>").toString();
    }

    @Test
    void proseWithManyLinksIsChunkedSearchPagesAndModuleIndexesAreNotAndNoLinkUrlIsIndexed() throws Exception {
        try (TestSite site = TestSite.builder()
                .page("/", HEAD + "<title>Docs</title></head><body><main><h1>Docs</h1><p>The documentation: the "
                        + "<a href=/stable.html>stable ABI</a>, the <a href=/search.html>search page</a> and the "
                        + "<a href=/py-modindex.html>module index</a>, each described at some length so that this "
                        + "page is read as a page of text rather than a list of links to other pages.</p>"
                        + "</main></body></html>")
                .page("/stable.html", stable())
                .page("/search.html", search())
                .page("/py-modindex.html", moduleIndex())
                .start()) {
            Path chunks = TestChunks.crawl(site, dir, false, 2000);
            Set<String> chunked = new TreeSet<>();
            for (String line : Files.readAllLines(chunks)) {
                int at = line.indexOf("\"url\":\"") + 7;
                chunked.add(line.substring(at, line.indexOf('"', at)));
            }
            assertTrue(chunked.contains(site.url("/stable.html")), "prose with many links is content: " + chunked);
            assertFalse(chunked.contains(site.url("/search.html")), "a search page is not: " + chunked);
            assertFalse(chunked.contains(site.url("/py-modindex.html")), "a module index is not: " + chunked);

            Path indexFile = dir.resolve("index.db");
            try (ChunkIndex index = ChunkIndex.open(indexFile)) {
                index.catchUp(chunks);
            }
            List<String> bodies = new ArrayList<>();
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + indexFile);
                 Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT body FROM chunk_text")) {
                while (rs.next()) bodies.add(rs.getString(1));
            }
            assertFalse(bodies.isEmpty());
            String all = String.join("\n", bodies);
            assertTrue(Files.readString(chunks).contains("/api/functions.html#PyFunction_Number7"),
                    "the chunks file keeps the links");
            assertFalse(all.contains("http://") || all.contains(".html") || all.contains("](") , all);
            assertTrue(all.contains("PyFunction_Number7()"), "the link's text stays");
            assertTrue(all.contains("the ABI notes"), "the link's text stays");
            assertEquals(-1, all.indexOf("[the ABI notes"), "no bracket left of the link");
        }
    }

    @Test
    void chunkTextKeepsWordsAndCodeAndDropsLinkAndImageUrls() {
        assertEquals("See the *docs* and logo, or mail; `[a](b)` stays.\n\n",
                ChunkText.of("See [the *docs*](https://x.example/a_(b) \"T\") and ![logo](/l.png), or mail"
                        + "<mailto:a@b.example>; `[a](b)` stays.\n[ref]: https://x.example/ref\n"));
        assertEquals("[not a link] and a\\[escaped\\] one", ChunkText.of("[not a link] and a\\[escaped\\] one"));
    }
}
