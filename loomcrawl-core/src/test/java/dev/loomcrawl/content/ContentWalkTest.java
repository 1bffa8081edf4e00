package dev.loomcrawl.content;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loomcrawl.extract.PageTree;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Tag;
import org.junit.jupiter.api.Test;

/**
 * The main content given as roots and left-out nodes of a page's {@link PageTree}: Markdown and plain text are what
 * they are for a new div holding copies of the roots without the left-out nodes (as the main content used to be
 * given), links resolved against the base URI given.
 */
class ContentWalkTest {
    private static final String BASE = "https://docs.example.org/guide/page.html";

    @Test
    void rootsWithoutTheirLeftOutNodesAreWrittenAsACopyOfThemWouldBe() {
        Document doc = Jsoup.parse("<header>site</header><div id=a><h2>One <span class=ad>AD</span></h2>"
            + "<p>first <em>x</em><span class=ad>AD</span> more, <a href='../b.html'>b</a><b class=ad>c</b></p>"
            + "<nav class=ad>menu</nav></div><aside>side</aside><div id=b><pre class=language-java>int x;</pre>"
            + "<ul><li>i</li><li class=ad>ad</li><li>j</li></ul><table><tr><td>1</td><td class=ad>2</td><td>3</td></tr>"
            + "<tr class=ad><td>4</td><td>5</td></tr></table></div><footer>end</footer>", BASE);
        List<Element> roots = List.of(doc.getElementById("a"), doc.getElementById("b"));
        Element copy = new Element(Tag.valueOf("div"), BASE);
        for (Element root : roots) copy.appendChild(root.clone());
        copy.select(".ad").remove();

        PageTree tree = PageTree.of(doc);
        List<Element> elements = doc.getAllElements().subList(1, doc.getAllElements().size()); // not the document
        int[] nodes = elementNodes(tree);
        int[] rootNodes = roots.stream().mapToInt(e -> nodes[elements.indexOf(e)]).toArray();
        boolean[] leftOut = new boolean[tree.size()];
        for (Element ad : doc.select(".ad")) leftOut[nodes[elements.indexOf(ad)]] = true;

        assertEquals(Markdown.of(copy), Markdown.of(tree, rootNodes, leftOut, BASE));
        assertEquals(PlainText.of(copy), PlainText.of(tree, rootNodes, leftOut));
    }

    @Test
    void aRootAloneInThePageIsWrittenAsTheElementAloneIsEvenWhenHidden() {
        Document doc = Jsoup.parse("<li>item</li><pre>code</pre><table><tr><td>a</td><td>b</td></tr></table>"
            + "<p hidden>shown anyway</p><em>emphasis</em> after <dl><dt>term</dt></dl>", BASE);
        PageTree tree = PageTree.of(doc);
        int[] nodes = elementNodes(tree);
        List<Element> elements = doc.getAllElements().subList(1, doc.getAllElements().size());
        for (Element root : doc.body().children()) {
            int[] one = {nodes[elements.indexOf(root)]};
            assertEquals(Markdown.of(root), Markdown.of(tree, one, null, BASE), root.outerHtml());
            assertEquals(PlainText.of(root), PlainText.of(tree, one, null), root.outerHtml());
        }
    }

    /** The element nodes of the tree in document order, the document's own node not among them. */
    private static int[] elementNodes(PageTree tree) {
        List<Integer> nodes = new ArrayList<>();
        for (int n = 1; n < tree.size(); n++) {
            if (!tree.isText(n)) nodes.add(n);
        }
        return nodes.stream().mapToInt(Integer::intValue).toArray();
    }
}
