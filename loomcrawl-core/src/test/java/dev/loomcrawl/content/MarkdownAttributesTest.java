package dev.loomcrawl.content;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loomcrawl.extract.PageTree;
import dev.loomcrawl.extract.StreamingLinkExtractor;
import dev.loomcrawl.url.WebUrl;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/**
 * Markdown reads attribute values (link and image URLs, titles, classes) where they lie in the {@link PageTree},
 * as the page writes them, and decodes them only when they hold a character reference. The link pass's tree keeps
 * the page's references; a tree made from jsoup's DOM has them decoded: both must give the same Markdown, the one
 * jsoup's decoded {@code attr} values give.
 */
class MarkdownAttributesTest {
    private static final String BASE = "https://example.org/docs/api/page.html";

    @Test
    void valuesWithAndWithoutCharacterReferencesGiveWhatTheirDecodedValuesGive() {
        for (String html : List.of(
                "<a href='a&amp;b.html'>amp</a> <a href='&#46;&#46;/x.html'>dots</a> <a href='x&amp'>bare amp</a>",
                "<a href=' &#32; '>blank</a> <a href=''>empty</a> <a href>none</a> <a href=' x.html '>spaces</a>",
                "<a href='x.html#m(int)'>m</a> <a href='x&amp;y(1).html' title='t &amp; u'>t</a>",
                "<a href='#f&lt;g'>frag</a> <a href='&#x6A;avascript:alert(1)'>js</a> <a href='javascript&colon;x'>c</a>",
                "<a href='d/e f.html'>space</a> <a href='x.html' title=''>t</a> <a href='x.html' title>t</a>",
                "<a href='x.html' title='  a\tb  '>t</a> <a href='https://other.org/a?b=1&amp;c=2'>abs</a>",
                "<a href='../../a/b.html#x(&lt;T&gt;)'>up</a> <a href='&amp;amp;.html'>amp amp</a>",
                "<img src='a&amp;b.png' alt='x &amp;lt; y'> <img src='i.png' alt=' a  [b] '> <img src='data&colon;x'>",
                "<div class='admonition note'><p class='admonition-title'>Note</p><p>x</p></div>",
                "<div class='&#97;dmonition'><p>ref</p></div><div class='note'><p class='admonition-title'>T</p></div>",
                "<div class='&#32;'><p class='admonition-title'>blank</p><p>x</p></div>",
                "<div class=' '><p class='admonition-title'>spaces</p></div><div class><p class='admonition-title'>n</p>"
                    + "</div>",
                "<div class='n'><p class='admonition&#45;title'>ref title</p><p>x</p></div>",
                "<div class='x &amp; y'><p>amp class</p></div><div class='ADMONITION'><p>upper</p></div>")) {
            String fromJsoup = Markdown.of(Jsoup.parse(html, BASE).body());
            assertEquals(fromJsoup, streamed(html), html);
        }
    }

    @Test
    void aLinksReferencesAreDecodedBeforeItIsResolved() {
        String html = "<a href='a&amp;b(1).html' title='t &amp; u'>x</a> <a href='&#46;&#46;/y.html'>y</a>";
        assertEquals("[x](https://example.org/docs/api/a&b\\(1\\).html \"t & u\") [y](https://example.org/docs/y.html)\n",
                streamed(html));
    }

    @Test
    void anAdmonitionNamedThroughAReferenceIsOne() {
        assertEquals("> **T**\n>\n> x\n", streamed("<div class='n'><p class='&#97;dmonition-title'>T</p><p>x</p></div>"));
    }

    /** The Markdown of html's body, from the tree the link pass makes. */
    private static String streamed(String html) {
        PageTree tree = new StreamingLinkExtractor(-1, false)
                .extract(html.getBytes(StandardCharsets.UTF_8), "utf-8", WebUrl.parse(BASE), true).tree();
        int body = 0;
        while (!tree.is(body, "body")) body++;
        return Markdown.of(tree, new int[] {body}, null, BASE);
    }
}
