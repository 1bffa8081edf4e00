package dev.loomcrawl.extract;

import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one predicate for "not a page": by a link's element (the links of a real page, through the link extractor), by
 * a URL's extension and by a response's Content-Type, and the crawl pattern of what pages load.
 */
class AssetsTest {
    private static final WebUrl PAGE = WebUrl.parse("http://example.com/dir/page.html");

    @Test
    void whatAPageLoadsIsNotAPageItLinksTo() {
        String html = """
                <html><head><link rel=stylesheet href=style.css><script src=app.js></script>
                <link rel=icon href=favicon.ico><link rel=preload href=font.woff2><link rel=manifest href=app.json>
                <link rel=canonical href=canonical.html><link rel=next href=next.html></head><body>
                <a href=a.html>a</a><a href=report.pdf>report</a><iframe src=frame.html></iframe></body></html>""";
        List<Link> links = new JsoupLinkExtractor().extract(html.getBytes(StandardCharsets.UTF_8), null, PAGE)
                .links();
        List<String> pages = links.stream().filter(l -> !Assets.loadedBy(l)).map(Link::to).toList();
        assertEquals(List.of("http://example.com/dir/canonical.html", "http://example.com/dir/next.html",
                "http://example.com/dir/a.html", "http://example.com/dir/report.pdf",
                "http://example.com/dir/frame.html"), pages);
    }

    @Test
    void aLinkToWhatAPageLoadsOrShowsOrToAnAssetsPathIsAnAsset() {
        String html = """
                <html><head><link rel=stylesheet href=style.css><script src=app.js></script>
                <link rel=next href=next.html></head><body><img src=figure><video src=clip></video>
                <audio><source src=sound></audio><embed src=plugin><input type=image src=button>
                <a href=a.html>a</a><a href=diagram.svg>the diagram</a><a href=report.pdf>report</a>
                <iframe src=frame.html></iframe></body></html>""";
        List<Link> links = new JsoupLinkExtractor().extract(html.getBytes(StandardCharsets.UTF_8), null, PAGE)
                .links();
        List<String> pages = links.stream().filter(l -> !Assets.byLink(l)).map(Link::to).toList();
        assertEquals(List.of("http://example.com/dir/next.html", "http://example.com/dir/a.html",
                "http://example.com/dir/report.pdf", "http://example.com/dir/frame.html"), pages);
    }

    @Test
    void aUrlsExtensionAndAResponsesTypeTellAnAsset() {
        for (String path : List.of("/s.css", "/app.JS", "/m.mjs", "/i.png", "/f.woff2", "/v.mp4", "/a.tar", "/x.zip")) {
            assertTrue(Assets.byPath(WebUrl.parse("http://example.com" + path + "?v=2")), path);
        }
        for (String path : List.of("/", "/a.html", "/doc", "/report.pdf", "/data.json", "/feed.xml", "/v1.2/")) {
            assertFalse(Assets.byPath(WebUrl.parse("http://example.com" + path)), path);
        }
        for (String type : List.of("text/css", "text/css; charset=utf-8", "text/javascript", "application/javascript",
                "image/svg+xml", "IMAGE/PNG", "font/woff2", "audio/ogg", "video/mp4")) {
            assertTrue(Assets.byType(type), type);
        }
        for (String type : List.of("text/html; charset=utf-8", "application/pdf", "application/json", "text/plain",
                "application/xml", "")) {
            assertFalse(Assets.byType(type), type);
        }
        assertFalse(Assets.byType(null));
    }

    @Test
    void thePatternFindsEveryAssetByItsExtensionAndNoPage() {
        Pattern p = Pattern.compile(Assets.pattern());
        for (String asset : List.of("/site.css?v=3", "/java.base/module-graph.svg", "/doc-files/plain3.gif",
                "/a.PNG".toLowerCase(), "/fonts/x.woff2", "/dist/app.tar", "/photo.jpeg?w=200")) {
            assertTrue(p.matcher("http://example.com" + asset).find(), asset);
        }
        for (String page : List.of("/page.html", "/sitemap.xml.gz.html", "/svg-guide/", "/docs/gif", "/a.pdf",
                "/data.json", "/?file=x.png&v=1")) {
            assertFalse(p.matcher("http://example.com" + page).find(), page);
        }
    }

    @Test
    void theLoadedPatternFindsStylesheetsAndScriptsOnly() {
        Pattern p = Pattern.compile(Assets.loadedPattern());
        assertEquals("\\.(css|js|mjs)(\\?.*)?$", Assets.loadedPattern());
        assertTrue(p.matcher("http://example.com/site.css?v=3").find());
        assertTrue(p.matcher("http://example.com/app.mjs").find());
        assertFalse(p.matcher("http://example.com/page.html").find());
        assertFalse(p.matcher("http://example.com/sitemap.xml.gz").find());
    }
}
