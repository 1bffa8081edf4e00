package dev.loomcrawl.internal.focus;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LinkContextsTest {
    private static final String BASE = "http://site.test/pkg/index.html";

    private static LinkContexts.Context of(String body, String target) {
        Map<String, LinkContexts.Context> m = LinkContexts.of("<html><body>" + body + "</body></html>", BASE);
        return m.get("http://site.test/pkg/" + target);
    }

    @Test
    void aNameInJavaDocsGridHasTheNextColumnAsItsDescription() {
        String grid = "<h1>Package p</h1><div class=summary-table>"
                + "<div class='col-first even'><a href=List.html>CopyOnWriteArrayList</a>&lt;E&gt;</div>"
                + "<div class='col-last even'><div class=block>A thread-safe variant of ArrayList.</div></div>"
                + "<div class='col-first odd'><a href=Set.html>CopyOnWriteArraySet</a>&lt;E&gt;</div>"
                + "<div class='col-last odd'><div class=block>A Set that uses an internal list.</div></div></div>";
        assertEquals(new LinkContexts.Context("", "Package p", "A thread-safe variant of ArrayList."),
                of(grid, "List.html"));
        assertEquals("A thread-safe variant of ArrayList.", of(grid, "List.html").around());
        assertEquals("A Set that uses an internal list.", of(grid, "Set.html").description());
    }

    @Test
    void aTableRowAndADefinitionListDescribeTheirNames() {
        assertEquals("Asynchronous I/O.", of("<table><tr><td><a href=a.html><code>asyncio</code></a></td>"
                + "<td><em>Asynchronous I/O.</em></td></tr></table>", "a.html").description());
        assertEquals("The event loop.", of("<dl><dt><a href=l.html>loop</a></dt><dd>The event loop.</dd></dl>",
                "l.html").description());
    }

    @Test
    void aListsNextItemIsNoDescription() {
        LinkContexts.Context c = of("<ul><li><a href=a.html>First</a></li><li><a href=b.html>Second</a></li></ul>",
                "a.html");
        assertEquals("", c.description());
        assertEquals("First", c.around());
    }

    @Test
    void aLinkWithinProseHasItsParagraphAndNoDescription() {
        LinkContexts.Context c = of("<p>Read <a href=a.html>the guide</a> first.</p><p>Other text.</p>", "a.html");
        assertEquals("", c.description());
        assertEquals("Read the guide first.", c.around());
    }

    @Test
    void aLaterLinkWithADescriptionIsTakenOverAnEarlierOneWithout() {
        String page = "<p>Collections: <a href=c.html>CopyOnWriteArrayList</a>, and others.</p>"
                + "<table><tr><td><a href=c.html>CopyOnWriteArrayList</a></td><td>A thread-safe list.</td></tr>"
                + "</table><p>Again <a href=c.html>CopyOnWriteArrayList</a>.</p>";
        assertEquals("A thread-safe list.", of(page, "c.html").description());
        String first = "<p>Read <a href=c.html>this</a> now.</p><p>And <a href=c.html>this</a> later.</p>";
        assertEquals("Read this now.", of(first, "c.html").around(), "without a description, the first link's");
    }
}
