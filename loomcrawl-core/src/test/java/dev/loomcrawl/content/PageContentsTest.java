package dev.loomcrawl.content;

import dev.loomcrawl.DocSets;
import dev.loomcrawl.extract.PageFacts;
import dev.loomcrawl.extract.ParsedPage;
import dev.loomcrawl.extract.StreamingLinkExtractor;
import dev.loomcrawl.result.PageContent;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A page's content is the same whether it is read from the tree the link pass recorded or from jsoup's parse of the
 * page's bytes: on hand-written pages (a {@code <base href>} included) and every page of the Python and JDK docs.
 */
class PageContentsTest {
    private static final StreamingLinkExtractor LINKS = new StreamingLinkExtractor(-1, false);

    @Test
    void linksResolveAgainstThePagesBaseAsJsoupsDo() {
        String html = "<head><base href='/docs/v2/'><base href='/ignored/'></head><body><main><h1>T</h1>"
                + "<p>See <a href='intro.html'>the intro</a> and <img src='../img/a.png' alt='A'>.</p></main>";
        PageContent fromTree = fromTree(html.getBytes(StandardCharsets.UTF_8), "http://example.com/a/page.html");
        assertTrue(fromTree.markdown().contains("(http://example.com/docs/v2/intro.html)"), fromTree.markdown());
        assertTrue(fromTree.markdown().contains("(http://example.com/docs/img/a.png)"), fromTree.markdown());
        assertEquals(fromBytes(html.getBytes(StandardCharsets.UTF_8), "http://example.com/a/page.html"), fromTree);
        // the first base without href, the second with one, after other elements
        String later = "<head><base target=_top><title>T</title><base href='/docs/v3/'></head><body><main>"
                + "<p>See <a href='intro.html'>the intro</a>.</p></main>";
        PageContent fromLater = fromTree(later.getBytes(StandardCharsets.UTF_8), "http://example.com/a/page.html");
        assertTrue(fromLater.markdown().contains("(http://example.com/docs/v3/intro.html)"), fromLater.markdown());
        assertEquals(fromBytes(later.getBytes(StandardCharsets.UTF_8), "http://example.com/a/page.html"), fromLater);
    }

    @Test
    void aPageWithoutABaseResolvesAgainstItsUrl() {
        String html = "<p>x <a href='b.html'>b</a></p>";
        PageContent c = fromTree(html.getBytes(StandardCharsets.UTF_8), "http://example.com/a/page.html");
        assertEquals("x [b](http://example.com/a/b.html)\n", c.markdown());
    }

    @Test
    void everyPageOfThePythonAndJdkDocsGivesTheSameContentFromEitherTree() {
        List<Path> pages = DocSets.htmlPages();
        Assumptions.assumeTrue(pages.size() > 10_000, "skipped: the docs packages are not installed");
        ConcurrentLinkedQueue<String> differ = new ConcurrentLinkedQueue<>();
        pages.parallelStream().forEach(page -> {
            byte[] body = DocSets.read(page);
            String url = "http://127.0.0.1:8000" + page;
            if (!fromBytes(body, url).equals(fromTree(body, url))) differ.add(page.toString());
        });
        assertEquals(List.of(), differ.stream().sorted().limit(10).toList());
    }

    private static PageContent fromTree(byte[] body, String url) {
        ParsedPage page = LINKS.extract(body, null, WebUrl.parse(url), true);
        return PageContents.of(page.tree(), url, PageFacts.NONE);
    }

    private static PageContent fromBytes(byte[] body, String url) {
        String charset = LINKS.extract(body, null, WebUrl.parse(url)).charset();
        return PageContents.read(body, charset, url, PageFacts.NONE);
    }
}
