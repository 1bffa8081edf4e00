package dev.loomcrawl.content;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

/** PlainText: blocks separated by one blank line, whitespace collapsed, pre kept, br a line break. */
class PlainTextTest {
    private static String text(String html) {
        return PlainText.of(Jsoup.parse(html).body());
    }

    @Test
    void blocksAreSeparatedByOneBlankLineAndWhitespaceInsideCollapses() {
        assertEquals("Title\n\nFirst paragraph, over two lines.\n\nSecond.\n",
            text("<h1> Title </h1>\n\n<p>First   paragraph,\n over two lines.</p><div><p>Second.</p></div>"));
    }

    @Test
    void aDivsOwnTextAroundNestedBlocksIsABlockOfItsOwn() {
        assertEquals("before\n\ninner\n\nafter\n", text("<div>before<div>inner</div>after</div>"));
    }

    @Test
    void listItemsDefinitionsAndQuotesAreBlocks() {
        assertEquals("one\n\ntwo\n\nterm\n\ndefinition\n\nquoted\n",
            text("<ul><li>one</li><li>two</li></ul><dl><dt>term</dt><dd>definition</dd></dl>"
                + "<blockquote>quoted</blockquote>"));
    }

    @Test
    void preIsKeptAsIs() {
        assertEquals("Code:\n\n  indented\n\n\tand a tab  \n\nafter\n",
            text("<p>Code:</p><pre>\n  indented\n\n\tand a tab  \n</pre><p>after</p>"));
    }

    @Test
    void brIsALineBreak() {
        assertEquals("first line\nsecond line\nthird\n", text("<p>first line<br> second line<br>third<br></p>"));
    }

    @Test
    void aTableRowIsABlockItsCellsSeparatedByTabs() {
        assertEquals("Name\tValue\n\na\tb c\n\nnested table\n",
            text("<table><tr><th>Name</th><th>Value</th></tr><tr><td>a</td><td><p>b</p><p>c</p></td></tr>"
                + "<tr><td><table><tr><td>nested</td><td>table</td></tr></table></td></tr></table>"));
    }

    @Test
    void skippedElementsAreLeftOut() {
        assertEquals("shown\n", text("<p>shown</p><script>x()</script><p hidden>no</p><p style='display:none'>no</p>"
            + "<noscript>no</noscript><button>no</button>"));
    }

    @Test
    void charactersBeyondLatin1AnywhereAreKept() {
        assertEquals("café naïve — 日本 x\n\n→ first\n\n<pre>\tλ\n", text("<p>café  naïve — 日本\nx</p><p>→ first</p>"
            + "<pre>&lt;pre>\tλ</pre>"));
        assertEquals("ascii\n\n€\n", text("<p>ascii</p><p>€</p>"));
    }

    @Test
    void nothingIsTheEmptyString() {
        assertEquals("", text("<div> </div>"));
    }
}
