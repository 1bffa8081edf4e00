package dev.loomcrawl.content;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loomcrawl.extract.PageTree;
import dev.loomcrawl.extract.StreamingLinkExtractor;
import dev.loomcrawl.url.WebUrl;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;

/**
 * Markdown: each golden HTML file converts to exactly its golden Markdown (see {@link Goldens}); the output's
 * shape (one final newline, no trailing spaces, at most one blank line in a row); absolute URLs; deep nesting.
 */
class MarkdownTest {
    @TestFactory
    Stream<DynamicTest> everyGoldenHtmlConvertsToItsGoldenMarkdown() {
        return Goldens.inputs().stream().map(html -> DynamicTest.dynamicTest(Goldens.name(html),
            () -> assertEquals(Goldens.expected(html), Markdown.of(Goldens.body(html)))));
    }

    @TestFactory
    Stream<DynamicTest> theOutputEndsWithOneNewlineHasNoTrailingSpacesAndNoDoubleBlankLines() {
        return Goldens.inputs().stream().map(html -> DynamicTest.dynamicTest(Goldens.name(html), () -> {
            String md = Markdown.of(Goldens.body(html));
            assertShape(md);
        }));
    }

    /**
     * The shape every conversion has: empty, or ending with exactly one newline; no blank line first; outside code
     * blocks, no two blank lines in a row and no line ending in a space or tab (a code block's lines are the
     * {@code <pre>}'s own).
     */
    static void assertShape(String md) {
        if (md.isEmpty()) return;
        assertTrue(md.endsWith("\n") && !md.endsWith("\n\n"), "ends with exactly one newline");
        assertFalse(md.startsWith("\n"), "a blank line first");
        int fence = 0;
        boolean blank = false;
        for (String line : md.substring(0, md.length() - 1).split("\n", -1)) {
            String content = line.replaceFirst("^[ >]*", "");
            int run = 0;
            while (run < content.length() && content.charAt(run) == '`') run++;
            if (fence > 0) {
                if (run >= fence && content.substring(run).isBlank()) fence = 0;
                blank = false;
                continue;
            }
            if (run >= 3) fence = run;
            assertFalse(line.endsWith(" ") || line.endsWith("\t"), "trailing whitespace: «" + line + "»");
            assertFalse(blank && content.isEmpty(), "two blank lines in a row");
            blank = content.isEmpty();
        }
    }

    @Test
    void nothingToSayIsTheEmptyString() {
        assertEquals("", Markdown.of(Jsoup.parse("").body()));
        assertEquals("", Markdown.of(Jsoup.parse("<div> <script>x()</script> <p> </p></div>").body()));
    }

    @Test
    void charactersBeyondLatin1AreKeptWhereverTheyCome() {
        assertEquals("- café\n- 日本 *x*\n\n€\n",
            Markdown.of(Jsoup.parse("<ul><li>café</li><li>日本 <em>x</em></li></ul><p>€</p>").body()));
    }

    @Test
    void aDetachedElementWithABaseUriGetsAbsoluteUrls() {
        Element article = Jsoup.parse("<article><p><a href='b/c.html'>c</a> <img src='/i.png' alt='i'></p></article>")
            .selectFirst("article");
        article.remove();
        article.setBaseUri("https://example.org/a/page.html");
        assertEquals("[c](https://example.org/a/b/c.html) ![i](https://example.org/i.png)\n", Markdown.of(article));
    }

    @Test
    void withoutABaseUriRelativeUrlsAreKeptAsWritten() {
        Element body = Jsoup.parse("<p><a href='b/c.html'>c</a> <a href=' JavaScript:alert(1)'>js</a></p>").body();
        assertEquals("[c](b/c.html) js\n", Markdown.of(body));
    }

    @Test
    void linkUrlsAreJsoupsAbsUrlForEveryLinkOfTheGoldens() {
        for (Path html : Goldens.inputs()) {
            Element body = Goldens.body(html);
            assertSameAsAbsUrl(body);
        }
        Element odd = Jsoup.parse("<a href='#'>a</a><a href='#x y'>b</a><a href='?q#f'>c</a><a href='//h/p'>d</a>"
            + "<a href='HTTP://Example.COM/../a/./b'>e</a><a href='a\tb'>f</a><a href='tel:+1'>g</a><a href='%zz'>h</a>"
            + "<a href='http://[bad'>i</a><img src='../../../x.png'><a href='c&amp;d.html#e&amp;f'>j</a>"
            + "<a href='#k&amp;l(m)'>k</a>", "https://example.org/a/b/page.html?x=1#old")
            .body();
        assertSameAsAbsUrl(odd);
    }

    @Test
    void linkUrlsAreJsoupsAbsUrlAgainstBasesOfEveryShape() {
        for (String base : List.of("https://example.org/a/b/page.html", "https://example.org/", "https://example.org",
                "http://127.0.0.1:8017/usr/share/doc/x.html?q=1&r=/2#frag", "https://Example.org/a/",
                "https://example.org:8443/a/b/", "https://example.org:/a/", "https://example.org/a//b/c.html",
                "https://example.org/a/./b/c.html", "https://example.org/a/../b/c.html", "https://example.org/a/b/..",
                "https://example.org/a/b/.", "https://example.org/a%20b/c%20d.html", "https://example.org/a b/c.html",
                "https://user@example.org/a/b.html", "HTTPS://example.org/a/b.html", "https://example.org/a/b.html#",
                "https://example.org/a/b.html?", "ftp://example.org/a/b.html", "https://example.org/~u/(x)/b.html",
                "https://example.org/a/b;p=1/c.html", "https://example.org/a/b.html?x#y#z", "https://example.org/é/b")) {
            Element body = Jsoup.parse("<a href='#x'>a</a><a href='./'>b</a><a href='c.html'>c</a>"
                + "<a href='../c.html#y'>d</a><a href='../../../../../c.html'>e</a><a href='d/e/'>f</a><a href='?q'>g</a>"
                + "<a href='./../c(1).html#m(int)'>h</a><a href='.'>i</a><a href='..'>j</a>", base).body();
            assertSameAsAbsUrl(body);
        }
    }

    /**
     * The absolute URLs written without jsoup ({@link LinkUrls#isPlainAbsolute}) are the ones absUrl gives back as
     * they are, against bases of every shape: random URLs of the characters that could make a difference (case,
     * dot segments, ports, users, escapes, IPv6 hosts, whitespace, parentheses, other schemes), and the ones it
     * lets through are also bare destinations.
     */
    @Test
    void plainAbsoluteUrlsAreTheOnesAbsUrlKeepsAsTheyAre() {
        List<String> bases = List.of("https://example.org/a/b/page.html", "http://127.0.0.1:8017/x/y.html?q=1#f",
                "https://example.org", "ftp://example.org/a/", "https://Example.org:8443/a/../b/");
        String[] parts = {"http://", "https://", "HTTP://", "ftp://", "h", "e.org", "E.org", "-", ".", "..", "/", "/.",
                "/..", ":", ":80", ":0443", "@", "u@", "?", "#", "=", "&", "&amp;", "%20", "%zz", "%", "(", ")", " ",
                "\t", "<", "\\", "[::1]", "~", "+", ",", ";", "!", "*", "$", "'", "\u00e9", "a", "Z", "9", "_"};
        java.util.Random random = new java.util.Random(7);
        int kept = 0;
        for (int i = 0; i < 60_000; i++) {
            StringBuilder url = new StringBuilder(random.nextInt(4) == 0 ? "" : random.nextBoolean() ? "https://"
                    : "http://");
            if (random.nextBoolean()) url.append(random.nextBoolean() ? "e.org/" : "a-9.b/"); // mostly kept then
            for (int k = random.nextInt(9); k >= 0; k--) url.append(parts[random.nextInt(parts.length)]);
            char[] c = url.toString().toCharArray();
            if (!LinkUrls.isPlainAbsolute(c, 0, c.length)) continue;
            kept++;
            assertEquals(c.length, MarkdownSyntax.bareRun(c, 0, c.length), url.toString());
            for (String base : bases) {
                assertEquals(url.toString(), Resolve.against(base, url.toString()), "against " + base);
            }
        }
        assertTrue(kept > 5_000, kept + " kept");
        for (String url : List.of("https://docs.oracle.com/en/java/javase/17/docs/specs/index.html",
                "https://bugreport.java.com/bugreport/", "http://h/a?b=c#d", "https://h")) {
            assertTrue(LinkUrls.isPlainAbsolute(url.toCharArray(), 0, url.length()), url);
        }
    }

    /** Every href and src of root resolved as jsoup's absUrl does (or as written where absUrl gives ""). */
    static void assertSameAsAbsUrl(Element root) {
        LinkUrls urls = new LinkUrls(root.baseUri());
        for (Element el : root.select("[href], [src]")) {
            String attribute = el.hasAttr("href") ? "href" : "src";
            String raw = el.attr(attribute).strip();
            String expected = raw.isEmpty() || LinkUrls.isJavascript(raw) ? null
                : el.absUrl(attribute).isEmpty() ? raw : el.absUrl(attribute);
            TextBuffer url = new TextBuffer(16);
            url.append("](");
            char[] value = el.attr(attribute).toCharArray();
            int bare = urls.append(url, value, 0, value.length);
            assertEquals(expected, bare >= 0 ? url.toString().substring(2) : null, el.outerHtml());
            // what the fast paths rely on: the first bare characters need nothing in a bare destination, and a value
            // said to have no '&' has none
            if (bare >= 0) {
                assertTrue(2 + bare <= MarkdownSyntax.bareRun(url.chars, 2, url.length), bare + " bare: " + url);
            }
            assertTrue(urls.lastMayHaveReference() || el.attr(attribute).indexOf('&') < 0, el.outerHtml());
        }
    }

    /**
     * A URL made where it goes and then made a destination in place is what {@link MarkdownSyntax#destination}
     * writes from a copy, whatever the bare characters known: parentheses, '<', backslashes, character references,
     * spaces and line breaks (angle brackets), the empty URL.
     */
    @Test
    void aDestinationMadeInPlaceIsTheOneMadeFromACopy() {
        TextBuffer spare = new TextBuffer(4);
        TextBuffer noTitle = new TextBuffer(4);
        for (String url : List.of("https://h/a.html", "https://h/a.html#m(int)", "<x>", "a<b", "a\\b(c)", "a&amp;b",
                "a&b", "a b(c)", "a\nb", "(", "", "x&#1;y", ")a")) {
            char[] c = url.toCharArray();
            TextBuffer expected = new TextBuffer(8).append("](");
            MarkdownSyntax.destination(expected, c, 0, c.length, 0, noTitle);
            for (int bare = 0; bare <= MarkdownSyntax.bareRun(c, 0, c.length); bare++) {
                TextBuffer out = new TextBuffer(4).append("](").append(url);
                MarkdownSyntax.destinationInPlace(out, 2, bare, spare);
                assertEquals(expected.toString(), out.toString(), url + " with " + bare + " bare");
            }
        }
    }

    /**
     * Link titles: written from where they lie in the page when plain, decoded when they hold a character
     * reference, left out when blank (also when only whitespace other than HTML's); a link or image with its URL
     * only has none. The URL's character references are decoded in the path and in the fragment. Both on jsoup's
     * tree (values decoded) and on the link pass's (values as the page writes them).
     */
    @Test
    void linkTitlesAndReferencesInUrlsAreDecodedWhereTheyMustBe() {
        String base = "https://h.test/api/";
        String html = "<p><a href='a.html' title='class in java.lang'>A</a> "
            + "<a href='b.html' title='Tom &amp; &quot;Jerry&quot;'>B</a> <a href='c.html' title='\u000B\u000B'>C</a> "
            + "<a href='d.html' title='x  y'>D</a> <a title='t' href='e&amp;f.html#g&amp;h(int)'>E</a> "
            + "<img src='i.png' alt='i'> <a href='#k&#x26;l' title>K</a> <a href=f.html title='&#x20;'>F</a>";
        String expected = "[A](https://h.test/api/a.html \"class in java.lang\") "
            + "[B](https://h.test/api/b.html \"Tom & \\\"Jerry\\\"\") [C](https://h.test/api/c.html) "
            + "[D](https://h.test/api/d.html \"x y\") [E](https://h.test/api/e&f.html#g&h\\(int\\) \"t\") "
            + "![i](https://h.test/api/i.png) [K](https://h.test/api/#k&l) [F](https://h.test/api/f.html)\n";
        assertEquals(expected, Markdown.of(Jsoup.parse(html, base).body()));
        PageTree streamed = new StreamingLinkExtractor().extract(html.getBytes(StandardCharsets.UTF_8), null,
            WebUrl.parse(base), true).tree();
        assertEquals(expected, Markdown.of(streamed, new int[] {1}, null, base));
    }

    @Test
    void twentyThousandNestedDivsListsAndQuotesDoNotOverflowTheStack() {
        int depth = 20_000;
        for (String[] tags : List.of(new String[] {"<div>", "</div>"}, new String[] {"<ul><li>", "</li></ul>"},
                new String[] {"<blockquote>", "</blockquote>"}, new String[] {"<ol><li><em>", "</em></li></ol>"},
                new String[] {"<table><tr><td>x</td><td>", "</td></tr></table>"}, new String[] {"<span>", "</span>"})) {
            Document doc = Jsoup.parse(tags[0].repeat(depth) + "deep" + tags[1].repeat(depth));
            String md = Markdown.of(doc.body());
            assertTrue(md.contains("deep"), tags[0] + ": " + md.substring(0, Math.min(200, md.length())));
            assertShape(md);
            assertTrue(md.length() < 200_000, tags[0] + " gave " + md.length() + " characters");
            assertTrue(PlainText.of(doc.body()).contains("deep"), tags[0]);
        }
    }

    @Test
    void aTreeBuiltDeeperThanTheParserWouldGoConvertsToo() {
        Document doc = Jsoup.parse("");
        Element top = new Element("div");
        Element at = top;
        for (int i = 0; i < 100_000; i++) {
            Element child = new Element(i % 2 == 0 ? "ul" : "li"); // not appendElement: it walks up for the base URI
            at.appendChild(child);
            at = child;
        }
        at.appendText("bottom");
        doc.body().appendChild(top);
        String md = Markdown.of(doc.body());
        assertTrue(md.endsWith("bottom\n"), md.length() > 300 ? md.substring(md.length() - 300) : md);
        int longest = md.lines().mapToInt(String::length).max().orElse(0);
        assertTrue(longest <= 4 * MarkdownWalk.MAX_NESTING + "bottom".length(), "a line of " + longest);
    }

    /**
     * A table whose spans would lay it out 100,000 columns wide (a row of 100 cells spanning 1,000 each, a cell
     * spanning 1,000 columns and every row below) is written compactly: each cell once, in a Markdown no longer
     * than its HTML (padded to the grid, it was 200 KB a row); the plain text is no longer either. A table whose
     * grid is not much longer than its cells is written on the grid as before (the goldens).
     */
    @Test
    void aTableWhoseSpansWouldMakeItThousandsOfColumnsWideIsWrittenWithEachCellOnce() {
        String html = "<table><tr>" + "<td colspan=1000>h".repeat(100) + "<tr><td rowspan=65534 colspan=1000>tall<td>x"
                + "<tr><td>a<td>b".repeat(1000) + "</table>";
        Document doc = Jsoup.parse(html);
        String md = Markdown.of(doc.body());
        assertTrue(md.length() <= html.length(), md.length() + " characters");
        String start = "| h |" + " h |".repeat(99) + "\n|" + " --- |".repeat(100) + "\n| tall | x |\n| a | b |\n";
        assertTrue(md.startsWith(start), md.substring(0, 1000));
        assertShape(md);
        assertTrue(PlainText.of(doc.body()).length() <= html.length());
        String wide = "<table><tr><th colspan=3>Wide<tr><td>a<td>b<td>c<tr><td colspan=2>ab<td>c</table>";
        assertEquals("| Wide | | |\n| --- | --- | --- |\n| a | b | c |\n| ab | | c |\n",
                Markdown.of(Jsoup.parse(wide).body()), "spans kept where they cost little");
    }

    /**
     * Rows under cells that span 50,000 columns and two rows: each row start walked every column (200,000 rows,
     * 10 billion steps, minutes); now a row costs its own cells. The timeout is generous for a loaded machine.
     */
    @Test
    @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void rowsUnderWideRowspansCostTheirOwnCellsOnly() {
        String html = "<table><tr>" + "<td colspan=1000 rowspan=2>h".repeat(100) + "<tr>".repeat(200_000)
                + "<tr><td>a<td>b</table>";
        Document doc = Jsoup.parse(html);
        String md = Markdown.of(doc.body());
        assertTrue(md.endsWith("| a | b |\n") && md.length() < 2000, md);
        assertTrue(PlainText.of(doc.body()).length() < 2000);
    }

    /**
     * A base URL of 20,000 characters and a thousand links {@code <a href=x>}: made absolute, each link was as long
     * as the base (20 MB of Markdown from a page of 38 KB; 100 MB with a base of 100,000). What URLs made absolute
     * add is bounded by the content's size; past that, a link is written as the page wrote it.
     */
    @Test
    void aLongBaseUrlDoesNotMakeEveryShortLinkAsLong() {
        String base = "http://h.test/" + "a".repeat(20_000) + "/";
        String html = "<html><head><base href='" + base + "'></head><body>" + "<p><a href=x>y</a>".repeat(1000);
        Document doc = Jsoup.parse(html, "http://h.test/page");
        String md = Markdown.of(doc.body());
        assertTrue(md.length() <= 2 * html.length(), md.length() + " characters");
        assertTrue(md.startsWith("[y](" + base + "x)\n"), "the first links made absolute");
        assertTrue(md.endsWith("\n[y](x)\n"), "the last as written");
        String normal = "<base href='http://h.test/docs/api/'><p><a href=java/lang/Object.html>Object</a>";
        assertEquals("[Object](http://h.test/docs/api/java/lang/Object.html)\n",
                Markdown.of(Jsoup.parse(normal, "http://h.test/").body()));
    }
}
