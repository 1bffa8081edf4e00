package dev.loomcrawl.extract;

import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class JsoupLinkExtractorTest {
    private static final WebUrl PAGE = WebUrl.parse("http://example.com/dir/page.html");
    private final JsoupLinkExtractor extractor = new JsoupLinkExtractor();

    private List<String> links(String html) {
        return extractor.extract(html.getBytes(StandardCharsets.UTF_8), null, PAGE).links().stream()
                .map(Link::to).toList();
    }

    private ParsedPage page(String html) {
        return extractor.extract(html.getBytes(StandardCharsets.UTF_8), null, PAGE);
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
                "http://example.com/dir/au.ogg", "http://example.com/dir/e.swf", "http://example.com/dir/page.html"),
                links(html));
    }

    @Test
    void keepsLinksThatCannotBeFetchedWithoutATargetAndDropsFragments() {
        List<Link> links = page("<a href=mailto:a@b.c>m</a><a href='javascript:go()'>j</a><a href='x#y'>x</a>"
                + "<a href=' data:text/plain,hi '>d</a><a href='#top'>t</a><a href='tel:+1'>p</a><a href='http://[x'>b</a>"
                + "<img src='DATA:image/png;base64,AAAA'>").links();
        assertEquals(List.of("mailto:a@b.c", "javascript:go()", "http://example.com/dir/x", "data:text/plain,hi",
                "http://example.com/dir/page.html", "tel:+1", "http://[x", "DATA:image/png;base64,AAAA"),
                links.stream().map(Link::to).toList());
        assertEquals(List.of(false, false, true, false, true, false, false, false),
                links.stream().map(Link::fetchable).toList());
        assertEquals("x#y", links.get(2).href());
        assertEquals(new Link(null, "data:text/plain,hi", "a", "href", "d", ""), links.get(3));
    }

    @Test
    void anEmptyOrBlankReferenceIsALinkToTheBaseUrl() {
        List<Link> links = page("<base href='http://other.example/b/'><a href>none</a><a href=''>empty</a>"
                + "<img src='  '><a>no href at all</a>").links();
        assertEquals(List.of("http://other.example/b/", "http://other.example/b/", "http://other.example/b/"),
                links.stream().map(Link::to).toList());
        assertEquals(List.of("", "", ""), links.stream().map(Link::href).toList());
    }

    @Test
    void aLongDataUriKeepsOnlyItsFirst256CharactersAsHref() {
        String data = "data:image/png;base64," + "A".repeat(1_000_000);
        Link link = page("<img src='" + data + "'><a href='" + data.substring(0, 256) + "'>exactly 256</a>").links().getFirst();
        assertEquals(256, link.href().length());
        assertEquals(data.substring(0, 255) + "\u2026", link.href());
        assertNull(link.target());
        assertEquals(data.substring(0, 256), page("<a href='" + data.substring(0, 256) + "'>x</a>").links().getFirst().href());
        String javascript = "javascript:" + "x".repeat(300);
        assertEquals(javascript, page("<a href='" + javascript + "'>x</a>").links().getFirst().href());
    }

    @Test
    void everyElementAndAttributeThatABrowserOrWgetLoads() {
        String html = """
                <body background=body.png><object data=o.swf><param name=movie value=not.swf></object>
                <embed src=e.swf href=eh.html><input type=IMAGE src=button.png alt=' Go '><input type=text src=no.png>
                <img src=i.png lowsrc=low.png alt=I><applet code=A.class archive=no.jar></applet>
                <table background=t.png><thead background=th.png><tr background=tr.png><th background=h.png>h
                <tbody><tr><td background=c.png>c</td></tr></table>
                <audio src=a.ogg poster=ap.png></audio><bgsound src=bg.mid>
                <svg><image href=svg1.png xlink:href=ignored.png /><image xlink:href=svg2.png /><use href=u.svg#a />
                <use xlink:href=u2.svg#b /><feImage href=fe.png /><a xlink:href=svglink.html>s</a>
                <script href=svg.js></script></svg>
                <blockquote cite=no.html>q</blockquote><form action=no.cgi></form><use href=html-use-no.svg>
                """;
        assertEquals(List.of("body:background body.png", "object:data o.swf", "embed:src e.swf", "embed:href eh.html",
                "input:src button.png Go", "img:src i.png I", "img:lowsrc low.png I", "applet:code A.class",
                "table:background t.png", "thead:background th.png", "tr:background tr.png", "th:background h.png",
                "td:background c.png", "audio:src a.ogg", "audio:poster ap.png", "bgsound:src bg.mid",
                "image:href svg1.png", "image:xlink:href svg2.png", "use:href u.svg#a", "use:xlink:href u2.svg#b",
                "feimage:href fe.png", "a:xlink:href svglink.html s", "script:href svg.js"),
                page(html).links().stream().map(l -> (l.element() + ":" + l.attribute() + " " + l.href() + " " + l.text()).strip())
                        .toList());
    }

    @Test
    void cssLinksOfStyleElementsAndStyleAttributesComeAtTheirElement() {
        String html = """
                <style>@import "base.css"; @import url(print.css) print; /* url(no.png) */
                .x { background: url( 'x.png' ) } .y { content: "url(no.png)" }</style>
                <div style="background-image: url(&quot;d.png&quot;); border-image: image-set('b1.png' 1x, url(b2.png) 2x)">
                <a href=a.html style='background:url(a-bg.png)'>A</a><p style="color: red">no url</p>
                <span style="@import 'no.css'">no import in a declaration list</span>
                """;
        assertEquals(List.of("style:import base.css", "style:import print.css", "style:url x.png", "div:style d.png",
                        "div:style b1.png", "div:style b2.png", "a:href a.html", "a:style a-bg.png"),
                page(html).links().stream().map(l -> l.element() + ":" + l.attribute() + " " + l.href()).toList());
        Link fromStyle = page("<a href=x style='background:url(bg.png)' rel=nofollow>A</a>").links().get(1);
        assertEquals(new Link(WebUrl.parse("http://example.com/dir/bg.png"), "bg.png", "a", "style", "", ""), fromStyle);
    }

    @Test
    void robotsMetasAreCollectedInDocumentOrder() {
        ParsedPage page = page("""
                <meta name=robots content='noindex, nofollow'><meta name=description content=no>
                <meta name=' LoomCrawl ' content=nofollow><meta name=ROBOTS><body><meta name=robots content=' none '>""");
        assertEquals(List.of("noindex, nofollow", "nofollow", " none "), page.robotsMeta());
        assertEquals(List.of(), page("<a href=x>x</a>").robotsMeta());
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
