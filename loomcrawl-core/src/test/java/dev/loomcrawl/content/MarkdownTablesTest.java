package dev.loomcrawl.content;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/**
 * Layout tables are written as the blocks they hold and data tables as pipe tables ({@link LayoutTable}); javadoc's
 * summary grids of divs are written as pipe tables with their header row ({@link SummaryGrid}). Every case also reads
 * back whole ({@link RoundTrip}).
 */
class MarkdownTablesTest {
    private static String markdown(String html) {
        Element body = Jsoup.parse(html, "https://docs.example.org/guide/page.html").body();
        String md = Markdown.of(body);
        MarkdownTest.assertShape(md);
        assertEquals(List.of(), RoundTrip.problems(body, md));
        return md;
    }

    @Test
    void aPresentationTableIsWrittenAsItsBlocks() {
        assertEquals("a\n\nb\n\nc\n\nd\n", markdown(
            "<table role=presentation><tr><th>a<th>b<tr><td>c<td>d</table>"));
        assertEquals("a\n\nb\n\nc\n\nd\n", markdown("<table role=' None '><tr><td>a<td>b<tr><td>c<td>d</table>"));
    }

    @Test
    void aSingleRowWithoutHeadersIsLayout() {
        // Python's index page: two columns of links, one row
        String md = markdown("""
            <table class="contentstable"><tr><td width="50%"><p class="biglink"><a href="whatsnew/3.11.html">What's
             new</a></p><p class="biglink">Tutorial</p></td><td width="50%"><p>Library</p><ul><li>one</li></ul></td>
            </tr></table>""");
        assertEquals("[What's new](https://docs.example.org/guide/whatsnew/3.11.html)\n\nTutorial\n\nLibrary\n\n"
            + "- one\n", md);
    }

    @Test
    void aSingleColumnWithoutHeadersIsLayout() {
        assertEquals("first\n\nsecond\n\nthird\n", markdown(
            "<table class=simplelist><tr><td>first</td></tr><tr><td>second</td></tr><tr><td>third</td></tr></table>"));
    }

    @Test
    void aTableHoldingATableIsLayoutAndTheInnerTableIsATable() {
        String md = markdown("""
            <table><tr><td>Parameters</td><td><p>Its arguments:</p><table><thead><tr><th>name</th><th>type</th></tr>
            </thead><tr><td>n</td><td>int</td></tr></table></td></tr><tr><td>Returns</td><td>a value</td></tr></table>""");
        assertEquals("Parameters\n\nIts arguments:\n\n| name | type |\n| --- | --- |\n| n | int |\n\nReturns\n\n"
            + "a value\n", md);
    }

    @Test
    void cellsOfSeveralBlocksWithoutHeadersAreLayout() {
        String md = markdown("""
            <table><tr><td><p>One.</p><p>Two.</p></td><td>x</td></tr><tr><td>y</td><td>z</td></tr></table>""");
        assertEquals("One.\n\nTwo.\n\nx\n\ny\n\nz\n", md);
    }

    @Test
    void sphinxLineNumberedCodeIsTwoCodeBlocksNotARow() {
        String md = markdown("""
            <table class="highlighttable"><tr><td class="linenos"><div class="linenodiv"><pre>1
            2</pre></div></td><td class="code"><div class="highlight"><pre>a = 1
            b = 2</pre></div></td></tr></table>""");
        assertEquals("```\n1\n2\n```\n\n```\na = 1\nb = 2\n```\n", md);
    }

    @Test
    void dataTablesStayTables() {
        // headers, a caption, a thead: data, whatever the cells hold
        assertEquals("| a | b |\n| --- | --- |\n", markdown("<table><tr><th>a<th>b</table>"));
        assertEquals("Sizes\n\n| s | 1 |\n| --- | --- |\n", markdown("<table><caption>Sizes<tr><td>s<td>1</table>"));
        assertEquals("| name |\n| --- |\n| one two |\n| three |\n",
            markdown("<table><thead><tr><th>name</thead><tr><td><p>one<p>two<tr><td>three</table>"));
        // no header, but rows and columns of single values (docutils' tables without a header row)
        assertEquals("| a | b |\n| --- | --- |\n| c | d |\n",
            markdown("<table class=docutils><tr><td><p>a</p><td><p>b</p><tr><td>c<td>d</table>"));
    }

    @Test
    void javadocSummaryGridsAreTablesWithTheirHeaderRow() {
        String md = markdown("""
            <section class="method-summary" id="method-summary"><h2>Method Summary</h2>
            <div class="summary-table three-column-summary">
            <div class="table-header col-first">Modifier and Type</div>
            <div class="table-header col-second">Method</div>
            <div class="table-header col-last">Description</div>
            <div class="col-first even-row-color"><code>void</code></div>
            <div class="col-second even-row-color"><code><a href="#add(int,E)">add</a>(int&nbsp;index)</code></div>
            <div class="col-last even-row-color"><div class="block">Inserts the element.</div>
             <div class="block">Shifts the rest.</div></div>
            <div class="col-first odd-row-color"><code>boolean</code></div>
            <div class="col-second odd-row-color"><code><a href="#isEmpty()">isEmpty</a>()</code></div>
            <div class="col-last odd-row-color"><div class="block">Returns true when empty.</div></div>
            </div></section>
            <div class="summary-table two-column-summary"><div class="table-header col-first">Constructor</div>
            <div class="table-header col-last">Description</div>
            <div class="col-constructor-name"><code><a href="#%3Cinit%3E()">ArrayList</a>()</code></div>
            <div class="col-last"><div class="block">An empty list.</div></div></div>
            <div class="summary-table four-column-summary"><div class="col-first">a</div><div class="col-second">b</div>
            <div class="col-summary-item-name">c</div><div class="col-last">d</div><div class="col-first">e</div></div>
            """);
        assertTrue(md.contains("""
            ## Method Summary

            | Modifier and Type | Method | Description |
            | --- | --- | --- |
            | `void` | [`add`](https://docs.example.org/guide/page.html#add\\(int,E\\))`(int index)` | \
            Inserts the element. Shifts the rest. |
            | `boolean` | [`isEmpty`](https://docs.example.org/guide/page.html#isEmpty\\(\\))`()` | \
            Returns true when empty. |
            """.replace(" index", "\u00a0index")), md);
        assertTrue(md.contains("""
            | Constructor | Description |
            | --- | --- |
            | [`ArrayList`](https://docs.example.org/guide/page.html#%3Cinit%3E\\(\\))`()` | An empty list. |
            """), md);
        assertTrue(md.endsWith("| a | b | c | d |\n| --- | --- | --- | --- |\n| e | | | |\n"), md);
    }

    @Test
    void aGridsHeaderIsTheFirstRowStartedByAHeaderCellAndHiddenChildrenAreNotCells() {
        // not read back whole: the header row moves first, so the text is not in the page's order
        String md = Markdown.of(Jsoup.parse("""
            <div class="summary-table two-column-summary"><div class="col-first">a</div><div class="col-last">b</div>
            <div class="table-header">H1</div><div>H2</div><div class="table-header">c</div><div>d</div>
            <span hidden>x</span><div hidden>y</div><div style="display: none">z</div></div>""").body());
        assertEquals("| H1 | H2 |\n| --- | --- |\n| a | b |\n| c | d |\n", md);
    }

    @Test
    void divsThatOnlyLookLikeGridsAreBlocks() {
        String md = markdown("""
            <div class="summary-table">no columns said</div>
            <div class="summary-table two-column-summary">text<div>x</div></div>
            <div class="summary-table two-column-summary"><span>a</span><div>b</div></div>""");
        assertFalse(md.contains("|"), md);
    }
}
