package dev.loomcrawl.render;

import dev.loomcrawl.extract.ParsedPage;
import dev.loomcrawl.extract.StreamingLinkExtractor;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** {@code --render auto}'s decision: the signals of a page's HTML, both ways, and what rendering pages teaches it. */
class AutoRenderTest {
    private static final String WORDS = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(40);

    /** The signals of {@code html} at {@code url}, read from the tree the crawl's link pass records. */
    private static RenderSignals signals(String url, String html) {
        ParsedPage page = new StreamingLinkExtractor().extract(html.getBytes(StandardCharsets.UTF_8), "utf-8",
                WebUrl.parse(url), true);
        return RenderSignals.of(page.tree(), page.links().size());
    }

    private static AutoRender.Verdict decide(String html) {
        return AutoRender.bySignals(signals("http://a.test/", html));
    }

    @Test
    void anAppsShellIsRendered() {
        // the test kit's single-page app: empty containers and a script, no text, no links
        assertEquals(new AutoRender.Verdict(true, AutoRender.SHELL), decide("""
                <!doctype html><html><head><title>app</title><script src="/app.js" defer></script></head>
                <body><nav id="view"></nav><ul id="json"></ul><p id="timer"></p><div id="feed"></div></body></html>"""));
        // Create React App's index.html, with its noscript
        assertEquals(new AutoRender.Verdict(true, AutoRender.APP_ROOT), decide("""
                <!doctype html><html lang="en"><head><title>React App</title>
                <script defer src="/static/js/main.js"></script></head><body>
                <noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div>
                <footer><a href="/privacy">Privacy</a> <a href="/terms">Terms</a> <a href="/about">About</a></footer>
                </body></html>"""));
        // Angular's root element with a loading message
        assertEquals(new AutoRender.Verdict(true, AutoRender.APP_ROOT), decide("""
                <html><head><script src="main.js" type="module"></script></head>
                <body><app-root>Loading...</app-root><a href=/a>a</a><a href=/b>b</a><a href=/c>c</a></body></html>"""));
    }

    @Test
    void anEmptyAppRootIsRenderedBelowAServerRenderedHeaderButNotWithoutAScript() {
        String header = "<header><h1>A shop</h1><p>" + WORDS + "</p><a href=/>Home</a></header><div id=app></div>";
        assertEquals(new AutoRender.Verdict(true, AutoRender.APP_ROOT),
                decide("<html><head><script src=/app.js defer></script></head><body>" + header + "</body></html>"));
        assertEquals(new AutoRender.Verdict(false, AutoRender.IN_HTML), decide("<html><body>" + header
                + "</body></html>"));
        // javadoc's documentation of a field named root, on a page with scripts
        assertEquals(new AutoRender.Verdict(false, AutoRender.IN_HTML), decide("<html><head><script src=/s.js>"
                + "</script></head><body><main><div class=details><section class=detail id=root><h3>root</h3>"
                + "</section></div></main><p>" + WORDS + "</p></body></html>"));
    }

    @Test
    void aNoscriptAskingForJavaScriptOnAPageWithLittleTextIsRendered() {
        assertEquals(new AutoRender.Verdict(true, AutoRender.NOSCRIPT), decide("""
                <html><head><script src="x.js"></script></head><body><header><a href=/>Home</a> <a href=/a>A</a>
                <a href=/b>B</a></header><main><h1>Store</h1><p>Our catalogue of fine goods, a short line.</p></main>
                <noscript><p>This site requires JavaScript. Please turn it on.</p></noscript></body></html>"""));
    }

    @Test
    void aPageWhoseHtmlHasItsContentIsNotRendered() {
        // server-rendered Next.js: the app's root holds the article
        assertEquals(new AutoRender.Verdict(false, AutoRender.IN_HTML), decide("<html><head><script src=/_next/a.js>"
                + "</script></head><body><div id=\"__next\"><article><h1>News</h1><p>" + WORDS
                + "</p><a href=/more>more</a></article></div></body></html>"));
        // a long article whose noscript only asks for JavaScript for its comments
        assertEquals(new AutoRender.Verdict(false, AutoRender.IN_HTML), decide("<html><body><article><p>" + WORDS
                + WORDS + "</p></article><div id=comments></div><script src=comments.js></script><noscript>Please "
                + "enable JavaScript to view the comments.</noscript></body></html>"));
        // a short page without scripts: nothing a browser would add
        assertEquals(new AutoRender.Verdict(false, AutoRender.IN_HTML),
                decide("<html><body><h1>Not found</h1></body></html>"));
    }

    @Test
    void textInScriptsStylesTemplatesAndNoscriptIsNotTheBodysText() {
        RenderSignals s = signals("http://a.test/", "<html><head><title>" + WORDS + "</title></head><body>"
                + "<script>var x = '" + WORDS + "';</script><style>p { color: red }</style><template><p>" + WORDS
                + "</p></template><noscript>" + WORDS + "</noscript><p>five</p></body></html>");
        assertEquals(4, s.text());
        assertEquals(1, s.scripts());
        assertFalse(s.noscriptAsks());
    }

    @Test
    void aUrlsPatternIsItsOriginAndDirectoriesWithNumbersAndThePageAsStars() {
        assertEquals("http://a.test/news/{n}/*.html", AutoRender.pattern(WebUrl.parse("http://a.test/news/2024/x.html")));
        assertEquals("http://a.test/news/{n}/*.html", AutoRender.pattern(WebUrl.parse("http://a.test/news/2023/y.html")));
        assertEquals("http://a.test/router/*", AutoRender.pattern(WebUrl.parse("http://a.test/router/a?q=1")));
        assertEquals("http://a.test/docs/a/", AutoRender.pattern(WebUrl.parse("http://a.test/docs/a/")));
        assertEquals("http://a.test/", AutoRender.pattern(WebUrl.parse("http://a.test/")));
        assertEquals("https://a.test:8443/{n}/*", AutoRender.pattern(WebUrl.parse("https://a.test:8443/p1/feed")));
    }

    @Test
    void pagesThatRenderingDidNotChangeStopTheirPatternsRendering() {
        AutoRender auto = new AutoRender();
        RenderSignals shell = signals("http://a.test/", "<html><head><script src=a.js></script></head><body>"
                + "<div id=root></div></body></html>");
        for (int i = 0; i < AutoRender.DECIDED; i++) {
            WebUrl url = WebUrl.parse("http://a.test/items/" + i + "/view");
            assertTrue(auto.decide(url, shell).render(), "decided by its signals until then");
            auto.rendered(url, shell, shell, 0); // the same page after rendering
        }
        assertEquals(new AutoRender.Verdict(false, AutoRender.LEARNED_SAME),
                auto.decide(WebUrl.parse("http://a.test/items/99/view"), shell));
        assertEquals(new AutoRender.Verdict(true, AutoRender.APP_ROOT),
                auto.decide(WebUrl.parse("http://a.test/other/view"), shell), "another pattern");
        assertEquals(new AutoRender.Verdict(true, AutoRender.APP_ROOT),
                auto.decide(WebUrl.parse("http://b.test/items/99/view"), shell), "another origin");
    }

    @Test
    void pagesThatRenderingChangedEveryTimeHaveTheirPatternRendered() {
        AutoRender auto = new AutoRender();
        RenderSignals shell = signals("http://a.test/", "<html><head><script src=a.js></script></head><body>"
                + "<div id=root></div></body></html>");
        RenderSignals full = signals("http://a.test/", "<html><body><p>" + WORDS + "</p></body></html>");
        RenderSignals partial = signals("http://a.test/", "<html><head><script src=a.js></script></head><body><p>"
                + WORDS + "</p><a href=/a>a</a><a href=/b>b</a><a href=/c>c</a></body></html>");
        for (int i = 0; i < AutoRender.DECIDED; i++) {
            WebUrl url = WebUrl.parse("http://a.test/app/" + i);
            auto.rendered(url, shell, full, i); // more text, and from the second on, links too
        }
        assertEquals(new AutoRender.Verdict(true, AutoRender.LEARNED_NEEDS),
                auto.decide(WebUrl.parse("http://a.test/app/7"), partial), "its HTML alone would not be rendered");
        assertFalse(auto.decide(WebUrl.parse("http://a.test/elsewhere/7"), partial).render());
        // one render in three that changed nothing leaves the pattern to the signals
        AutoRender mixed = new AutoRender();
        mixed.rendered(WebUrl.parse("http://a.test/app/1"), shell, full, 3);
        mixed.rendered(WebUrl.parse("http://a.test/app/2"), shell, shell, 0);
        mixed.rendered(WebUrl.parse("http://a.test/app/3"), shell, full, 3);
        assertFalse(mixed.decide(WebUrl.parse("http://a.test/app/4"), partial).render());
        assertTrue(mixed.decide(WebUrl.parse("http://a.test/app/4"), shell).render());
    }

    /**
     * The four documentation sites (Debian's packages, which scripts/test-deps.sh installs) need no browser: no page's
     * HTML asks for one (scripts/bench/render-auto crawls them with --render auto).
     */
    @Test
    void noPageOfTheFourDocumentationSitesNeedsABrowser() throws IOException {
        Path[] roots = {Path.of("/usr/share/doc/python3-doc/html"), Path.of("/usr/share/doc/openjdk-17-doc/api"),
                Path.of("/usr/share/doc/libboost1.81-doc/doc/html"), Path.of("/usr/share/doc/postgresql-doc-15/html")};
        List<String> rendered = new ArrayList<>();
        int pages = 0;
        for (Path root : roots) {
            assumeTrue(Files.isDirectory(root), root + " is not installed (scripts/test-deps.sh installs it)");
            try (Stream<Path> files = Files.walk(root, java.nio.file.FileVisitOption.FOLLOW_LINKS)) {
                for (Path p : files.filter(f -> f.toString().endsWith(".html")).sorted().toList()) {
                    pages++;
                    String url = "http://127.0.0.1:8011/" + root.relativize(p);
                    ParsedPage page = new StreamingLinkExtractor().extract(Files.readAllBytes(p), null,
                            WebUrl.parse(url), true);
                    AutoRender.Verdict v = AutoRender.bySignals(RenderSignals.of(page.tree(), page.links().size()));
                    if (v.render()) rendered.add(root + ": " + url + " (" + v.reason() + ")");
                }
            }
        }
        assertTrue(pages > 15_000, "pages: " + pages);
        assertEquals(List.of(), rendered);
    }
}
