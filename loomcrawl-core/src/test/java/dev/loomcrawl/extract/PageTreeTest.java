package dev.loomcrawl.extract;

import dev.loomcrawl.DocSets;
import dev.loomcrawl.url.WebUrl;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The tree the link pass records ({@link PageTree}) is jsoup's DOM: the same elements, attributes and text in the same
 * places, compared node by node with the tree made from jsoup's own parse of the same bytes, on hand-written pages,
 * random tag soup and every page of the Python, JDK, Boost and PostgreSQL docs.
 */
class PageTreeTest {
    private static final WebUrl PAGE = WebUrl.parse("http://example.com/dir/page.html");
    private final StreamingLinkExtractor streaming = new StreamingLinkExtractor(-1, false);

    @Test
    void recordsElementsAttributesAndTextInDocumentOrder() {
        String html = "<!doctype html><title>T &amp; t</title><body class=b><p id=x ID=y>one <b>two</b> three"
                + "<!-- c --> four<script>var a = 1;</script><a href='/a?x=1&amp;y=2' HREF=z>link</a>";
        PageTree t = streamed(html);
        assertEquals(dump(jsoup(html)), dump(t));
        int body = find(t, "body");
        assertEquals("b", t.attr(body, "class"));
        int p = find(t, "p");
        assertEquals("x", t.attr(p, "id")); // the first of duplicates, as jsoup
        assertEquals("one ", t.textOf(p + 1));
        assertEquals("/a?x=1&y=2", t.attr(find(t, "a"), "href"));
        assertEquals(" three four", t.textOf(t.next(p + 2))); // text around a comment is one node
        assertEquals(-1, t.firstChild(find(t, "script"))); // a script's data is no text
        assertEquals(t.size(), t.end(0));
    }

    @Test
    void impliedAndMisnestedElementsLandWhereJsoupPutsThem() {
        for (String html : List.of("<p>a<p>b<li>c<li>d", "<b><p>x</b>y</p>", "<a href=1>a<p>b</a>c",
                "<table><tr><td>1<td>2</table>", "<pre>\nkept\n</pre>", "<ul><li>a<ul><li>b</ul></ul>text",
                "<svg><circle/><title>t</title></svg><math><mi>x</mi></math>", "<dl><dt>a<dd>b<dt>c</dl>",
                "<p>cut sh", "text only", "", "<title>open", "\n<html>\n<body>x</body>\n</html>\n",
                "<html><body>x</body></html>\n", "<html><head> </head> <body>x\n</body> \n</html> \n", "<h1>a</h2>b", "<select><option>a<option>b</select>",
                // back into the head after the whitespace that follows it: the page goes to jsoup (found with seed 2)
                "</head>\n<style>", "</head>\n<link href=x>\n<body><a href=y>y</a>",
                // the whitespace a read of jsoup's tokenizer starts with, before the body and after it, is a token of
                // its own, references to whitespace included; not after </>, which jsoup drops and reads on
                "</>\nabc", "\n</>\nabc", "<head>\n</>\n x", "&#10;abc", "&NewLine;abc", "&#32;\nabc", "&#x0a;&Tab;x",
                "&#10x", "&#13;x", "<html>&#10;x", "</head>&#10;x", "</body>\nx", "</body>&#10;x", "</html>\n&#10;x",
                "</body></>\nx", "</body>&#32;</>\nx", "</html></>\nx", "x</>\nabc", "&NewLine x", "&#10;&#32;",
                "&#10\u0663;x")) {
            assertEquals(dump(jsoup(html)), dump(streamed(html)), html);
        }
    }

    @Test
    void randomTagSoupGivesJsoupsTree() {
        Random random = new Random(20261125);
        for (int page = 0; page < 3000; page++) {
            StringBuilder html = new StringBuilder();
            for (int i = random.nextInt(30); i >= 0; i--) {
                html.append(StreamingLinkExtractorTest.SOUP[random.nextInt(StreamingLinkExtractorTest.SOUP.length)]);
            }
            if (random.nextInt(4) == 0) html.setLength(random.nextInt(html.length() + 1));
            assertEquals(dump(jsoup(html.toString())), dump(streamed(html.toString())), html.toString());
        }
    }

    @Test
    void everyPageOfTheDocSetsGivesJsoupsTree() {
        List<Path> pages = new ArrayList<>(DocSets.htmlPages());
        for (Path root : List.of(Path.of("/usr/share/doc/libboost1.81-doc"),
                Path.of("/usr/share/doc/postgresql-doc-15/html"))) {
            if (!Files.isDirectory(root)) continue;
            try (Stream<Path> files = Files.walk(root, FileVisitOption.FOLLOW_LINKS)) {
                files.filter(p -> p.toString().endsWith(".html") || p.toString().endsWith(".htm")).forEach(pages::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        Assumptions.assumeTrue(pages.size() > 10_000, "skipped: the docs packages are not installed");
        ConcurrentLinkedQueue<String> mismatches = new ConcurrentLinkedQueue<>();
        AtomicLong nodes = new AtomicLong();
        pages.parallelStream().forEach(page -> {
            byte[] body = DocSets.read(page);
            WebUrl url = WebUrl.parse("http://127.0.0.1:8000" + page);
            ParsedPage parsed = streaming.extract(body, null, url, true);
            Document doc = parse(body, parsed.charset(), url.toString());
            String expected = dump(PageTree.of(doc));
            String actual = dump(parsed.tree());
            nodes.addAndGet(parsed.tree().size());
            if (!expected.equals(actual)) mismatches.add(page + "\n" + firstDifference(expected, actual));
        });
        System.out.printf("PageTreeTest: %d pages, %d nodes; %d handed to jsoup%n", pages.size(), nodes.get(),
                streaming.fallbacks());
        assertTrue(streaming.fallbacks() < pages.size() / 10, "most pages are recorded by the link pass");
        assertEquals(List.of(), mismatches.stream().sorted().limit(5).toList());
    }

    private PageTree streamed(String html) {
        return streaming.extract(html.getBytes(StandardCharsets.UTF_8), "utf-8", PAGE, true).tree();
    }

    private static PageTree jsoup(String html) {
        return PageTree.of(Jsoup.parse(html, PAGE.toString()));
    }

    private static Document parse(byte[] body, String charset, String url) {
        try {
            return Jsoup.parse(new ByteArrayInputStream(body), charset, url);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int find(PageTree t, String name) {
        for (int n = 0; n < t.size(); n++) {
            if (t.is(n, name)) return n;
        }
        throw new AssertionError("no " + name);
    }

    /** One line per node: its parent, then its name and attributes (the first of duplicates) or its text. */
    static String dump(PageTree t) {
        StringBuilder out = new StringBuilder();
        for (int n = 1; n < t.size(); n++) {
            out.append(t.parent(n)).append(' ').append(t.end(n) - n).append(' ');
            if (t.isText(n)) {
                out.append('"').append(t.textOf(n)).append('"');
            } else {
                out.append('<').append(t.name(n));
                Set<String> seen = new HashSet<>();
                for (int i = 0; i < t.attributes(n); i++) {
                    String name = t.attributeName(n, i);
                    if (seen.add(name)) out.append(' ').append(name).append("=\"").append(t.attr(n, name)).append('"');
                }
                out.append('>');
            }
            out.append('\n');
        }
        return out.toString();
    }

    private static String firstDifference(String expected, String actual) {
        String[] e = expected.split("\n", -1);
        String[] a = actual.split("\n", -1);
        for (int i = 0; i < Math.min(e.length, a.length); i++) {
            if (!e[i].equals(a[i])) return "line " + i + ": expected " + e[i] + " but was " + a[i];
        }
        return "lengths " + e.length + " and " + a.length;
    }
}
