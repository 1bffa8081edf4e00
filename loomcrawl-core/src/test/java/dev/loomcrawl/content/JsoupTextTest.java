package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
