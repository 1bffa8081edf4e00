package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JsoupTextTest {
    private static final String[] SOUP = {"<p>", "</p>", "<div>", "</div>", "<span>", "</span>", "<b>", "</b>",
            "<br>", "<img src=i>", "<button>", "</button>", "<input>", "<select><option>o</select>", "<textarea>",
            "</textarea>", "<pre>", "</pre>", "<code>", "</code>", "<listing>", "<table>", "<tr>", "<td>", "</table>",
            "<ul>", "<li>", "</ul>", "<h2>", "</h2>", "<svg>", "</svg>", "<title>", "</title>", "<desc>", "<text>",
            "<foreignObject>", "<math>", "</math>", "<mi>", "<mtext>", "<annotation-xml encoding=text/html>",
            "<custom-el>", "</custom-el>", "<video>", "</video>", "<a href=x>", "</a>", "<wbr>", "<font>",
            "word", "End. ", " ", "\n  ", "&nbsp;", "\u200b", "\u00ad", "a.b", "x"};

    @Test
    void eachElementsTextIsJsoups() {
        for (String html : new String[] {"<p>One<b>two</b> three</p><div>four<br>five</div>six",
                "<pre>  a\n  b  <span> c </span></pre><p>  d   e  </p>",
                "<div><img src=x>after<button>Go</button>x</div>",
                "<p>Ends.</p><p>New <textarea> kept  as\n is </textarea> x</p>",
                "<div><svg><title>icon</title><text>t</text></svg>after<math><mi>x</mi></math>y</div>",
                "<ul><li>a<li>b</ul>c<table><tr><td>d<td>e</table>f", "<span><div>block in inline</div>tail</span>"}) {
            assertSameTexts(html);
        }
    }

    @Test
    void eachElementsTextIsJsoupsInRandomTagSoup() {
        Random random = new Random(20261126);
        for (int page = 0; page < 3000; page++) {
            StringBuilder html = new StringBuilder();
            for (int i = random.nextInt(40); i >= 0; i--) {
                html.append(SOUP[random.nextInt(SOUP.length)]);
            }
            assertSameTexts(html.toString());
        }
    }

    /**
     * Cleaning's pre-check never passes over a label: in random soup with labels in both cases, after whitespace,
     * no-break and zero-width spaces, soft hyphens, inside {@code pre}, with an ellipsis, every element whose text
     * jsoup makes a label is one the pre-check lets through; and it does pass over others.
     */
    @Test
    void theLabelPreCheckPassesOverNoLabel() {
        String[] soup = {"<p>", "</p>", "<div>", "</div>", "<span>", "</span>", "<pre>", "</pre>", "<br>", " ",
                "\n ", "&nbsp;", "\u200b", "\u00ad", "\u2003", "\u0001", "Ad", "ADVERTISING", "advertisement...",
                "Pub", "publicit\u00e9", "Werbung", "werb", "\u5e7f\u544a",
                "\u0440\u0435\u043a\u043b\u0430\u043c\u0430", "anuncio", "Loading\u2026", "\u6b63\u5728\u52a0\u8f7d",
                "Chargement", "cargando", "word", "x", "1", "(", "\u00e9t\u00e9", "Zed"};
        Random random = new Random(20261126);
        int labels = 0;
        int passedOver = 0;
        for (int page = 0; page < 5000; page++) {
            StringBuilder html = new StringBuilder();
            for (int i = random.nextInt(8); i >= 0; i--) {
                html.append(soup[random.nextInt(soup.length)]);
            }
            Document doc = Jsoup.parse(html.toString());
            PageTree tree = PageTree.of(doc);
            for (int n = 1; n < tree.size(); n++) {
                if (tree.isText(n)) continue;
                boolean label = Cleaning.label(JsoupText.of(tree, n));
                boolean may = Cleaning.mayBeLabel(tree, n);
                if (label) {
                    labels++;
                    assertTrue(may, html + " <" + tree.name(n) + "> node " + n);
                }
                if (!may) passedOver++;
            }
        }
        assertTrue(labels > 500 && passedOver > 1000, labels + " labels, " + passedOver + " passed over");
    }

    /** Compares each element's text with jsoup's: the tree's elements are jsoup's, in the same order. */
    private static void assertSameTexts(String html) {
        Document doc = Jsoup.parse(html);
        PageTree tree = PageTree.of(doc);
        Elements all = doc.getAllElements();
        int k = 0;
        for (int n = 0; n < tree.size(); n++) {
            if (!tree.isText(n)) {
                String expected = all.get(k++).text();
                if (n > 0) {
                    assertEquals(expected, JsoupText.of(tree, n), html + " <" + tree.name(n) + "> node " + n);
                }
            }
        }
    }
}
