package dev.loomcrawl.content;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loomcrawl.extract.PageTree;
import dev.loomcrawl.extract.StreamingLinkExtractor;
import dev.loomcrawl.url.WebUrl;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

/**
 * Markdown and text made in one walk are what {@link Markdown} and {@link PlainText} make apart: on the golden files,
 * and on elements one of the two passes over while the other walks into them (a {@code <pre>} in a heading, in a
 * layout table's cell or in a pipe table's), hidden and left-out nodes, several roots; admonitions and javadoc's
 * summary grids are written alike with and without the class hints of the main content's pass. The page-kind signals
 * the walk counts on the way are those a pass of their own counts.
 */
class MarkdownAndTextTest {
    private static final String BASE = "https://docs.example.org/guide/page.html";

    @Test
    void theGoldenFilesGiveTheSameMarkdownAndTextAtOnceAsApart() {
        for (Path html : Goldens.inputs()) {
            PageTree tree = PageTree.of(Goldens.body(html));
            assertSame(tree, new int[] {1}, null, Goldens.name(html));
        }
    }

    @Test
    void subtreesOnlyOneOfTheTwoWalksIntoAreWrittenAsApart() {
        List<String> pages = List.of(
            "<h2>Title <pre>code\n  in a heading</pre> after</h2><p>text</p>",
            "<table><tr><td><pre>in a\nlayout cell</pre><p>more</p></td></tr></table><p>after</p>",
            "<table><tr><th>a</th><th>b</th></tr><tr><td><pre>x\ny</pre></td><td><em>e</em> <a href=q>l</a></td></tr>"
                + "</table><pre>block</pre>",
            "<pre>a<b hidden>b</b><br>c<script>x</script></pre><ul><li>one<pre>two</pre></li><li><p>three</p></li></ul>",
            "<div><p>a <span style='display:none'>hidden</span> b</p><pre>   </pre><blockquote><pre>q</pre></blockquote>"
                + "<table><caption><pre>cap</pre></caption><tr><td>1</td><td><pre>2</pre></td></tr></table></div>",
            "<dl><dt>term <code>c</code></dt><dd>def <pre>p</pre> tail</dd></dl><figure><figcaption><pre>f</pre>"
                + "</figcaption></figure>");
        for (String html : pages) {
            PageTree tree = PageTree.of(Jsoup.parse(html, BASE));
            assertSame(tree, new int[] {1}, null, html);
            int[] roots = children(tree, body(tree));
            assertSame(tree, roots, null, html);
            boolean[] leftOut = new boolean[tree.size()];
            for (int n = 1; n < tree.size(); n++) leftOut[n] = tree.is(n, "pre") && n % 2 == 0 || tree.is(n, "em");
            assertSame(tree, roots, leftOut, html);
        }
    }

    @Test
    void admonitionsAreWrittenAlikeWithTheClassHintsOfTheMainContentsPass() {
        List<String> pages = List.of(
            "<main><div class='admonition note'><p class='admonition-title'>Note</p><p>body</p></div>"
                + "<div class=note><p class='admonition-title'>Warning</p><p>two</p></div>"
                + "<div><p class='admonition-title'>no class</p></div><div class=' '><p class=admonition-title>blank</p>"
                + "</div><section class=x><p class='Admonition-Title'>case</p></section>"
                + "<div class='&#97;dmonition'><p>by reference</p></div><div class=a><p class='&#97;dmonition-title'>t</p>"
                + "</div><aside class=y><span>first</span><p class=admonition-title>second</p></aside>"
                + "<div class=z><code><p class=admonition-title>in code</p></code></div>"
                + "<div class='&#32;'><p class=admonition-title>blank by reference</p></div></main>",
            "<body><p>no main</p><div class=note><div class=admonition-title>T</div>text</div></body>");
        for (String html : pages) {
            for (boolean linkPass : new boolean[] {false, true}) {
                PageTree tree = linkPass
                    ? new dev.loomcrawl.extract.StreamingLinkExtractor().extract(
                        html.getBytes(java.nio.charset.StandardCharsets.UTF_8), null,
                        dev.loomcrawl.url.WebUrl.parse(BASE), true).tree()
                    : PageTree.of(Jsoup.parse(html, BASE));
                MainContent.Found found = MainContent.find(tree);
                MainContent.Result main = found.result();
                MarkdownAndText both = MarkdownAndText.of(tree, main.roots(), main.leftOut(), main.leftOutOfText(),
                        BASE, found.classHints());
                assertEquals(Markdown.of(tree, main.roots(), main.leftOut(), BASE), both.markdown(), html);
                assertEquals(PlainText.of(tree, main.roots(), main.leftOut(), main.leftOutOfText()), both.text(), html);
            }
        }
    }

    @Test
    void summaryGridsAreWrittenAlikeWithTheClassHintsOfTheMainContentsPass() {
        String html = "<html><head><meta name=generator content='javadoc/ClassWriterImpl'></head><body><main>"
            + "<div class='summary-table two-column-summary'><div class='table-header col-first'>Modifier</div>"
            + "<div class='table-header col-last'>Method</div><div class=col-first>int</div>"
            + "<div class=col-last><a href=m>m()</a></div></div>"
            + "<div class='SUMMARY-TABLE two-column-summary'><div>upper</div><div>case</div></div>"
            + "<div class='summary&#45;table two-column-summary'><div>by</div><div>reference</div></div>"
            + "<section class='x summary-table three-column-summary'><div>a</div><div>b</div><div>c</div></section>"
            + "<div class='xsummary-tables two-column-summary'><div>not</div><div>a grid</div></div>"
            + "<div><div>no</div><div>class</div></div></main></body></html>";
        for (boolean linkPass : new boolean[] {false, true}) {
            PageTree tree = linkPass
                ? new StreamingLinkExtractor().extract(html.getBytes(StandardCharsets.UTF_8), null, WebUrl.parse(BASE),
                    true).tree()
                : PageTree.of(Jsoup.parse(html, BASE));
            MainContent.Found found = MainContent.find(tree);
            MainContent.Result main = found.result();
            MarkdownAndText both = MarkdownAndText.of(tree, main.roots(), main.leftOut(), main.leftOutOfText(),
                    BASE, found.classHints());
            String apart = Markdown.of(tree, main.roots(), main.leftOut(), BASE);
            assertEquals(apart, both.markdown());
            for (String row : List.of("| Modifier | Method |", "| upper | case |", "| by | reference |",
                    "| a | b | c |")) {
                assertTrue(apart.contains(row), row + " in " + apart);
            }
        }
    }

    @Test
    void theKindSignalsTheWalkCountsAreThoseOfAPassOfTheirOwn() {
        List<String> pages = List.of(
            "<main><h2><a href=/a>One teaser</a></h2><p>text <a href=/x>link</a></p><h2><a href=/b>Two</a> x</h2>"
                + "<article><h3><a href=/c>Three</a></h3></article><article><p>body</p></article><h4>plain</h4></main>",
            "<h2 id=s>Title<a class=headerlink href='#s'>\u00b6</a></h2><pre>code <a href=/in-pre>in pre</a>\n"
                + "<h3>not a heading in pre</h3></pre><p><a href=/outer>out <a href=/inner>in</a></a> tail</p>",
            "<div hidden><a href=/h>hidden link</a><h2>hidden heading</h2></div><script>var a = '<a href=x>';</script>"
                + "<p>shown <span style='display:none'><a href=/s>styled away</a></span> <a>no href</a> <a href=e></a>"
                + "<a href=/after>after</a></p><article>one</article>",
            "<table><tr><th><a href=/h1>head</a></th><td><pre>x <a href=/p>y</a></pre></td></tr></table>"
                + "<h1><pre>in a heading</pre><a href=/t>text</a></h1><ul><li><a href=/l>item</a><pre>two</pre></li>"
                + "</ul>");
        for (String html : pages) {
            PageTree tree = PageTree.of(Jsoup.parse(html, BASE));
            int[] roots = children(tree, body(tree));
            boolean[] leftOut = new boolean[tree.size()];
            boolean[] leftOutOfText = new boolean[tree.size()];
            for (int n = 1; n < tree.size(); n++) {
                leftOut[n] = tree.is(n, "article") && n % 2 == 0 || tree.is(n, "em");
                leftOutOfText[n] = tree.is(n, "h2") || tree.is(n, "table");
            }
            MainContent.Found found = MainContent.find(tree);
            MainContent.Result main = found.result();
            assertSameSignals(main, found.classHints(), html);
            assertSameSignals(new MainContent.Result(tree, new int[] {1}, null, true), null, html);
            assertSameSignals(new MainContent.Result(tree, roots, leftOut, true, leftOutOfText), null, html);
        }
        for (Path html : Goldens.inputs()) {
            PageTree tree = PageTree.of(Goldens.body(html));
            assertSameSignals(new MainContent.Result(tree, new int[] {1}, null, true), null, Goldens.name(html));
        }
    }

    private static void assertSameSignals(MainContent.Result main, byte[] classHints, String what) {
        for (boolean listing : new boolean[] {false, true}) {
            KindSignals.Count count = new KindSignals.Count(main.tree(), main.leftOut(), listing);
            MarkdownAndText.written(main.tree(), main.roots(), main.leftOut(), main.leftOutOfText(), BASE, classHints,
                    count);
            assertEquals(KindSignals.of(main, "g", "o", listing), count.signals("g", "o"), what);
        }
    }

    private static void assertSame(PageTree tree, int[] roots, boolean[] leftOut, String what) {
        MarkdownAndText both = MarkdownAndText.of(tree, roots, leftOut, BASE);
        assertEquals(Markdown.of(tree, roots, leftOut, BASE), both.markdown(), what);
        assertEquals(PlainText.of(tree, roots, leftOut), both.text(), what);
    }

    private static int body(PageTree tree) {
        for (int n = 1; n < tree.size(); n++) {
            if (tree.is(n, "body")) return n;
        }
        throw new IllegalStateException("no body");
    }

    private static int[] children(PageTree tree, int parent) {
        return IntStream.iterate(tree.firstChild(parent), c -> c >= 0, tree::next).toArray();
    }
}
