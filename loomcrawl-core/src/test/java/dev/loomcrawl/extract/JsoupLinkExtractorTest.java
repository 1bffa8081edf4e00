package dev.loomcrawl.extract;

import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class JsoupLinkExtractorTest {
    private static final WebUrl PAGE = WebUrl.parse("http://example.com/dir/page.html");
    private final JsoupLinkExtractor extractor = new JsoupLinkExtractor();

    private List<String> links(String html) {
        return extractor.extract(html.getBytes(StandardCharsets.UTF_8), null, PAGE).links().stream()
                .map(l -> l.target().toString()).toList();
    }

    @Test
    void findsEveryKindOfLinkInDocumentOrder() {
        String html = """
                <html><head><link rel=stylesheet href=style.css><script src=app.js></script>
                <meta http-equiv="Refresh" content="5; URL='next.html'"></head><body>
                <a href=a.html>a</a><map><area href=area.html></map><iframe src=frame.html></iframe>
                <frameset><frame src=f.html></frameset><img src=i.png>
                <picture><source srcset="s1.webp 1x, s2.webp 2x"></picture>
                <video src=v.mp4 poster=p.jpg><track src=t.vtt></video><audio src=au.ogg></audio>
                <embed src=e.swf><a>no href</a><a href="">empty</a>
                </body></html>""";
        assertEquals(List.of(
                "http://example.com/dir/style.css", "http://example.com/dir/app.js", "http://example.com/dir/next.html",
                "http://example.com/dir/a.html", "http://example.com/dir/area.html", "http://example.com/dir/frame.html",
                "http://example.com/dir/i.png", "http://example.com/dir/s1.webp", "http://example.com/dir/s2.webp",
                "http://example.com/dir/v.mp4", "http://example.com/dir/p.jpg", "http://example.com/dir/t.vtt",
                "http://example.com/dir/au.ogg", "http://example.com/dir/e.swf"), links(html));
    }

    @Test
    void skipsSchemesThatCannotBeFetchedAndDropsFragments() {
        assertEquals(List.of("http://example.com/dir/x", "http://example.com/dir/page.html"),
                links("<a href=mailto:a@b.c>m</a><a href='javascript:go()'>j</a><a href='x#y'>x</a>"
                        + "<a href='data:text/plain,hi'>d</a><a href='#top'>t</a>"));
    }

    @Test
    void resolvesAgainstTheFirstBaseHref() {
        assertEquals(List.of("http://other.example/base/a"),
                links("<head><base href='http://other.example/base/'><base href='/ignored/'></head><a href=a>a</a>"));
    }

    @Test
    void decodesEntitiesAndTrimsAttributeValues() {
        assertEquals(List.of("http://example.com/dir/q?a=1&b=2", "http://example.com/caf%C3%A9"),
                links("<a href=' q?a=1&amp;b=2\n'>x</a><a href='/caf&eacute;'>y</a>"));
    }

    @Test
    void srcsetCandidatesWithCommasAndDescriptors() {
        assertEquals(List.of("http://example.com/dir/a,b.png", "http://example.com/dir/c.png",
                        "http://example.com/dir/d.png"),
                links("<img srcset='a,b.png 100w, c.png 2x,d.png'>"));
    }

    @Test
    void metaRefreshForms() {
        assertEquals("x.html", MetaRefresh.url("0;url=x.html"));
        assertEquals("x.html", MetaRefresh.url("  3 ,  URL = \"x.html\" trailing"));
        assertEquals("y", MetaRefresh.url("1; y"));
        assertEquals(null, MetaRefresh.url("5"));
        assertEquals(null, MetaRefresh.url("url=x"));
    }

    @Test
    void charsetComesFromTheHeaderThenTheBomThenMeta() {
        byte[] latin1 = "<meta charset=utf-8><a href='/caf\u00e9'>x</a>".getBytes(Charset.forName("ISO-8859-1"));
        ParsedPage fromHeader = extractor.extract(latin1, "iso-8859-1", PAGE);
        assertEquals("iso-8859-1", fromHeader.charset());
        assertEquals("http://example.com/caf%C3%A9", fromHeader.links().getFirst().target().toString());

        byte[] meta = "<meta charset=windows-1252><a href='/caf\u00e9'>x</a>".getBytes(Charset.forName("windows-1252"));
        ParsedPage fromMeta = extractor.extract(meta, null, PAGE);
        assertEquals("windows-1252", fromMeta.charset());
        assertEquals("http://example.com/caf%C3%A9", fromMeta.links().getFirst().target().toString());

        byte[] body = "<a href='/caf\u00e9'>x</a>".getBytes(StandardCharsets.UTF_8);
        byte[] bom = new byte[body.length + 3];
        bom[0] = (byte) 0xEF;
        bom[1] = (byte) 0xBB;
        bom[2] = (byte) 0xBF;
        System.arraycopy(body, 0, bom, 3, body.length);
        assertEquals("utf-8", extractor.extract(bom, null, PAGE).charset());
        assertEquals("utf-8", extractor.extract(body, null, PAGE).charset());
        assertEquals("utf-8", extractor.extract(body, "no-such-charset", PAGE).charset());
        assertEquals("utf-8", extractor.extract(body, "utf-8;", PAGE).charset()); // not even a legal name
        assertEquals("utf-8", extractor.extract(body, "", PAGE).charset());
    }

    @Test
    void malformedHtmlStillYieldsItsLinks() {
        assertEquals(List.of("http://example.com/dir/a", "http://example.com/dir/b"),
                links("<<a href=a><table><a href=b <p>unclosed <!-- <a href=c> never closed"));
    }
}
