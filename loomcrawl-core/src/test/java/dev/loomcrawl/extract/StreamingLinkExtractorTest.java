package dev.loomcrawl.extract;

import dev.loomcrawl.DocSets;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Differential test: the streaming extractor must give exactly what {@link JsoupLinkExtractor} gives (charset,
 * links in order, element, attribute, anchor text, rel, hreflang, robots metas, and the page's facts:
 * {@link PageFactsTest} has their own cases), on hand-written tricky pages, on
 * random tag soup, and on every page of four real documentation sites (Python, JDK, Boost, PostgreSQL). The
 * tolerance is zero: a page the streaming pass cannot reproduce must be detected and handed to jsoup (which
 * the tricky cases check too, by asserting which cases stream).
 */
class StreamingLinkExtractorTest {
    private static final WebUrl PAGE = WebUrl.parse("http://example.com/dir/page.html");

    // anchors read too (a link checker's --check-fragments), so that every comparison below covers them
    private final JsoupLinkExtractor jsoup = new JsoupLinkExtractor(true);
    private final StreamingLinkExtractor streaming = new StreamingLinkExtractor(StreamingLinkExtractor.MAX_LINKS_PER_PAGE,
            true);

    private void assertSameAsJsoup(byte[] body, String headerCharset) {
        ParsedPage expected = jsoup.extract(body, headerCharset, PAGE);
        ParsedPage actual = streaming.extract(body, headerCharset, PAGE);
        assertEquals(expected, actual);
    }

    /** Same result as jsoup, and found by the streaming pass itself (not by falling back to jsoup). */
    private void assertStreamsLikeJsoup(String html) {
        byte[] body = html.getBytes(StandardCharsets.UTF_8);
        assertNull(StreamingLinkExtractor.unsupportedReason(body, null, PAGE), "should stream: " + html);
        assertSameAsJsoup(body, null);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "",
            "<a href=a>plain</a>",
            "<!-- <a href=hidden> --><a href=shown>x</a>",
            "<!--><a href=a1>after empty comment</a>-->",
            "<!---><a href=a2>after dash comment</a>",
            "<!-- a -- b --!><a href=a3>after bang end</a>",
            "<!x <a href=bogus1>><a href=a4>t</a><?php echo '<a href=bogus2>' ?><a href=a5>u</a>",
            "</ <a href=bogus3>><a href=a6>v</a></>",
            "<!DOCTYPE html><a href=a7>w</a>",
            "<script>document.write('<a href=\"inscript\">')</script><a href=a8>x</a>",
            "<script><!-- <script> </script> <a href=esc> --></script><a href=a9>y</a>",
            "<script><!-- </script><a href=a10>closed</a>",
            "<style>a{} <a href=instyle></style><xmp><a href=inxmp></xmp><a href=a11>z</a>",
            "<iframe src=f1><a href=iniframe></iframe><noembed><a href=x></noembed><noframes><a href=y></noframes>",
            "<textarea><a href=inta></textarea><title><a href=intitle></title ><a href=a12>x</a>",
            "<a href=unq?a=1&b=2>x</a><a href='single'>s</a><a href=\"double\">d</a><a href=x/>slash</a>",
            "<A HREF=UPPER>Up</A><IMG SRC=i.png ALT=' alt text '><LINK REL=' Stylesheet ' HREF=s.css>",
            "<a href=first href=second>dup</a><a HREF=one Href=two>dup2</a>",
            "<a href='&amp;x=1&lt;&#x41;&#65;&nbsp;&copy&notit;&amp'>entities</a>",
            "<a href=x>caf&eacute; &amp; cr&egrave;me&nbsp;br&#xFBFB;&#128; &#0; &bogus; &amp</a>",
            "<base href='http://other.example/b/'><base href='/ignored/'><a href=rel>r</a>",
            "<a href=before>b</a><base href=/late/>",
            "<img srcset='a.png 1x, b.png 2x' src=c.png><picture><source srcset='d.webp, e.webp 2x'></picture>",
            "<meta http-equiv=REFRESH content='5; url=next.html'><meta http-equiv=refresh content=3>",
            "<a href=x>unclosed",
            "<a href=x>text <a href=y>nested closes first</a>",
            "<p><a href=x>foo</p>bar<p>baz</a>",
            "<b><a href=x>A</b>B</a>",
            "<a href=x><div>block</div>after<br>br<span>s</span></a>",
            "<a href=x>  lots \n\t of   space  </a><a href=y><pre>  keep\n  this </pre></a>",
            "<a href=x><button>Click</button>next</a><a href=y>a<img alt=i>b</a>",
            "<pre>\n<a href=x>pre</a></pre><textarea>\nnot</textarea><pre>&#10;<a href=y>y</a></pre>",
            "<table><tr><td><a href=cell>in cell</a></td></tr></table>",
            "<table><caption><a href=cap>c</a></caption><colgroup><col></colgroup><tbody><tr><th>h<td><a href=t>t</a></table>",
            "<ul><li><a href=l1>one<li><a href=l2>two</ul><dl><dt><a href=d>t<dd>d</dl>",
            "<svg><a href=svglink><text>s</text></a><path d='M0'/></svg><a href=after>x</a>",
            "<svg><script>var a = '<a href=x>';</script></svg><a href=y>y</a>",
            "<math><mrow><mi>x</mi></mrow></math>",
            "<noscript><a href=ns>no script</a></noscript><noscript><img src=nsi.png></noscript>",
            "<image src=image.png><video src=v.mp4 poster=p.jpg><track src=t.vtt></video><audio src=a.ogg></audio>",
            "<embed src=e.swf><area href=area.html alt=' Area '><frame src=ignored.html>",
            "<a href=x rel=' nofollow '>r</a><a href='  '>blank</a><a href='mailto:a@b'>m</a><a href='#frag'>f</a>",
            "<form><input type=submit></form><select><option><a href=opt>o</a></select>",
            "<h1><a href=h>heading</a></h1><h2>x</h3><p>unclosed<div><a href=div>d</a></div>",
            "<a href=trunc",
            "<a href='unterminated",
            "<a href=ok>ok</a><img src=i.png alt=x",
            "<a href=ok>ok</a><!-- never closed <a href=no>",
            "<a href=ok>ok</a><script>no end <a href=no>",
            "<a href=ok>ok</a><",
            "<html><head><title>T</title><link href=h.css></head><body><a href=b>b</a></body></html><a href=after>x</a>",
            "<head><link href=1.css></head>\n<link href=2.css><body>",
            "<p>a</p></body></html>\n<a href=tail>tail</a>",
            "<code><a href=x>Foo</code> bar</a>",
            "<a href=x><span>a</span><div>b</div><span>c</span></a>",
            "<a href=x>A<!-- c --><div>B</div><!-- c -->C</a>",
            "<table><td><a href=x>one</table>two",
            "<div><a href=x>foo</div>bar",
            "<a href=x><select><option>1</option><option>2</option></select></a>",
            "<a href=x>&shy;soft&#8203;zero</a>",
            "<a href=a>A<textarea>  in  e</textarea></a><a href=b>B<button> <b>x</b></button>y</a>",
            "<a href=y>x &lt;<select><textarea> raw </textarea></select></a>",
            "<a href=z>x<button><span> </span>t</button></a><a href=w>x<video><p>v</p></video>w</a>",
            "<a href=mailto:a@b>m</a><a href='javascript:void(0)'>j</a><a href=tel:1>t</a><a href='http://[bad'>b</a>",
            "<a href>none</a><a href=''>empty</a><img src=' '><a href=' data:text/html,<b>x</b> '>d</a>",
            "<body background=b.png><table background=t.png><tr background=r.png><td background=c.png>c</table>",
            "<object data=o.swf><param value=p></object><embed src=e.swf href=e.html><applet code=A.class></applet>",
            "<input type=image src=i.png alt=' Go '><input type=Image src=j.png><input src=no.png><img lowsrc=l.png>",
            "<audio src=a.ogg poster=ap.png></audio><bgsound src=b.mid><layer src=ly.html></layer><fig src=f.png>",
            "<svg><image href=i.png xlink:href=x.png /><image xlink:href=y.png /><use href='#a' /><feImage href=f.png/>"
                    + "<a xlink:href=sa>svg a</a><script href=s.js></script></svg><use href=html-use>",
            "<svg><base href=/svgbase/></svg><a href=r>r</a>",
            "<math><a href=m>math a</a><image href=mi.png /></math>",
            "<style>@import 'a.css'; p { background: url(&quot;b.png&quot;) } /* url(c.png) */</style><a href=x>x</a>",
            "<head><style>p{b:url(1.png)}</style></head><body><style>q{b:url(2.png)}</style><table><style>t{b:url(3.png)}</style></table>",
            "<noscript><style>n{b:url(ns.png)}</style></noscript><svg><style>s{b:url(svg-style.png)}</style></svg>",
            "<style>unterminated{b:url(u.png)}",
            "<div style='background:url(d.png)'><a href=a style=\"b:url(&quot;a.png&quot;)\" rel=nofollow>A</a>"
                    + "<p style='color:red'>p</p><span style='b:image-set(\"s.png\" 1x)'>s</span></div>",
            "<svg style='b:url(svg.png)'><path style='fill:url(#grad)'/></svg><img style='b:url(i.png)' src=i2.png>",
            "<p style='b:url&#40;ent.png)'>e</p><p style='b:\\75rl(esc.png)'>f</p><p style='b:url()'>g</p>",
            "<a href=x>or</body>  \n suggest</a><a href=y>or</html>&#32;&#32;x y</a><a href=z>or</body> &amp; b</a>",
            "<a href=x>or</body><!--c--> b</a><a href=y>or</body>&nbsp; b</a><a href=z>or</body> <b>b</b></a>",
            "<a href=x>or</body></>\n suggest</a><a href=y>or</body>&#10;&NewLine;b</a><a href=z>or</html></>  x</a>",
            "<meta name=robots content='noindex'><meta name=LOOMCRAWL content=nofollow><meta name=robots>"
                    + "<body><meta name=' robots ' content=' none '><svg><meta name=robots content=x></svg>",
    })
    void trickyPagesGiveJsoupsLinks(String html) {
        assertSameAsJsoup(html.getBytes(StandardCharsets.UTF_8), null);
    }

    @Test
    void commonTrickyPagesAreHandledByTheStreamingPassItself() {
        assertStreamsLikeJsoup("<!-- <a href=hidden> --><script>'<a href=s>'</script><textarea><a href=t></textarea>"
                + "<a href=unq?a=1&amp;b=2>x</a><A HREF=up>u</A><a href=1 href=2>d</a><base href=/b/>"
                + "<img srcset='a 1x, b 2x'><meta http-equiv=refresh content='0;url=n'><p><a href=r>f</p>g");
        assertStreamsLikeJsoup("<svg><a href=s><text>t</text></a></svg><noscript><a href=n>n</a></noscript>");
        assertStreamsLikeJsoup("<table><tr><td><a href=c>c</a></td></tr></table><ul><li><a href=l>l<li>m</ul>");
        assertStreamsLikeJsoup("<meta name=robots content=noindex><style>@import 'a.css'; p{b:url(b.png)}</style>"
                + "<a href=mailto:x style='b:url(s.png)'>m</a><a href>e</a><object data=o><input type=image src=i>"
                + "<svg><image xlink:href=x /></svg><td background=c>");
        assertStreamsLikeJsoup("<img src='data:image/png;base64," + "A".repeat(600) + "' alt=big><p style=\"b:url('data:"
                + "B".repeat(600) + "')\">");
    }

    @Test
    void anchorsAreEveryElementsIdAndTheNamesOfHtmlLinksOnlyWhenAskedFor() {
        byte[] body = ("<p id=one><a name=two></a><div id=''><span ID=three></span><svg><a name=svg id=four></a></svg>"
                + "<form name=form></form><a name=''>x</a>").getBytes(StandardCharsets.UTF_8);
        ParsedPage page = streaming.extract(body, null, PAGE);
        assertEquals(java.util.Set.of("one", "two", "three", "four"), page.anchors());
        assertEquals(jsoup.extract(body, null, PAGE), page);
        assertEquals(java.util.Set.of(), new StreamingLinkExtractor().extract(body, null, PAGE).anchors());
    }

    @Test
    void commentsThatGoOnAfterTheirEndDashesStreamLikeJsoup() {
        // "<!----" then anything but '>' or '-': jsoup goes back to the comment state (this once threw)
        assertStreamsLikeJsoup("<!----x--><a href=c1>c</a>");
        assertStreamsLikeJsoup("<!----!x--><a href=c2>c</a><!----!-x--!><a href=c3>c</a>");
        assertStreamsLikeJsoup("<!--" + "--!".repeat(500) + "x--><a href=c4>c</a>");
        assertStreamsLikeJsoup("<!--" + "--!".repeat(500) + "<a href=hidden>c</a>");
        assertStreamsLikeJsoup("<!----" + "-".repeat(100) + "!<a href=hidden>c</a>");
    }

    @Test
    void tagsOfThousandsOfAttributesStreamLikeJsoupUpToTheBound() {
        StringBuilder tag = new StringBuilder("<a href=first");
        for (int i = 0; i < 5000; i++) tag.append(i % 3 == 0 ? " u" + i : i % 3 == 1 ? " q" + i + "='v'" : " w" + i + "=v");
        for (String html : List.of(tag + " rel=nofollow>x</a><img src=after alt=A>", tag + "/><a href=next>y</a>")) {
            byte[] body = html.getBytes(StandardCharsets.UTF_8);
            assertNull(StreamingLinkExtractor.unsupportedReason(body, null, PAGE));
            ParsedPage expected = jsoup.extract(body, null, PAGE);
            ParsedPage actual = streaming.extract(body, null, PAGE);
            assertEquals(expected.links(), actual.links());
            assertEquals(expected.charset(), actual.charset());
        }
        // past the bound, attributes are ignored: a rel after the 1,000th is not read (jsoup reads it)
        ParsedPage page = streaming.extract((tag + " rel=nofollow>x</a>").getBytes(StandardCharsets.UTF_8), null, PAGE);
        assertEquals("", page.links().getFirst().rel());
        assertEquals(4002, page.attributesIgnored()); // of 5,002
    }

    @Test
    void linksPastTheBoundAreCountedAsTheyAreFoundAndNotKept() {
        StringBuilder html = new StringBuilder("<style>p{b:url(css.png)}</style>");
        for (int i = 0; i < 25; i++) html.append("<a href=p").append(i).append(">p</a>");
        byte[] body = html.toString().getBytes(StandardCharsets.UTF_8);
        ParsedPage all = jsoup.extract(body, null, PAGE);
        ParsedPage cut = new StreamingLinkExtractor(10).extract(body, null, PAGE);
        assertEquals(all.links().subList(0, 10), cut.links());
        assertEquals(16, cut.linksCut());
        // a page handed to jsoup (a NUL in it) is cut to the same bound
        byte[] withNul = (html + "\u0000").getBytes(StandardCharsets.UTF_8);
        ParsedPage fallback = new StreamingLinkExtractor(10).extract(withNul, null, PAGE);
        assertEquals(10, fallback.links().size());
        assertEquals(16, fallback.linksCut());
    }

    @Test
    void constructsThatMoveNodesAreHandedToJsoup() {
        for (String html : List.of("<table><a href=x>fostered</a><tr><td>c</table>",
                "<a href=x><div>block</a>after", "<template><a href=t>t</a></template>",
                "<frameset><frame src=f></frameset>", "<svg><![CDATA[<a href=x>]]></svg>",
                // an <a> in a table after an earlier one left open in a cell: its end, processed first, must leave the
                // new one foster-parented, as jsoup's processWithFosterInserts does (random soup, seed 78)
                "<table><th><a><object><a href=/><col><a href>")) {
            byte[] body = html.getBytes(StandardCharsets.UTF_8);
            assertTrue(StreamingLinkExtractor.unsupportedReason(body, null, PAGE) != null, html);
            assertSameAsJsoup(body, null);
        }
    }

    @Test
    void charsetsFromHeaderBomAndMeta() {
        String html = "<a href='/caf\u00e9'>caf\u00e9</a>";
        assertSameAsJsoup(html.getBytes(Charset.forName("ISO-8859-1")), "iso-8859-1");
        assertSameAsJsoup(html.getBytes(StandardCharsets.UTF_8), "no-such-charset");
        assertSameAsJsoup(("<meta charset=windows-1252>" + html).getBytes(Charset.forName("windows-1252")), null);
        assertSameAsJsoup(("<meta http-equiv=Content-Type content='text/html; charset=iso-8859-15'>" + html)
                .getBytes(Charset.forName("ISO-8859-15")), null);
        assertSameAsJsoup(("<meta charset=bogus><meta charset=latin1>" + html).getBytes(StandardCharsets.UTF_8), null);
        assertSameAsJsoup(("<?xml version='1.0' encoding='ISO-8859-1'?>" + html).getBytes(Charset.forName("ISO-8859-1")), null);
        assertSameAsJsoup(("<!--" + "x".repeat(6000) + "--><meta charset=latin1>" + html).getBytes(StandardCharsets.UTF_8), null);
        assertSameAsJsoup(withBom(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, html.getBytes(StandardCharsets.UTF_8)), "iso-8859-1");
        assertSameAsJsoup(withBom(new byte[0], html.getBytes(StandardCharsets.UTF_16)), null);
        assertSameAsJsoup(new byte[] {(byte) 0xFF, (byte) 0xFE}, null);
    }

    /**
     * The prescan looks at the first 1,024 bytes before the whole 5,120: a {@code <meta>} found, cut or hidden
     * near that boundary (in a comment, a script, after a multi-byte character, after an XML declaration) must
     * give the charset jsoup's one look at 5,120 bytes gives.
     */
    @Test
    void aCharsetNamedNearTheEndOfTheFirstLookIsTheOneTheWholePrescanFinds() {
        String html = "<a href='/caf\u00e9'>caf\u00e9</a>";
        String meta = "<meta charset=latin1>";
        for (int pad = 980; pad <= 1030; pad++) {
            String x = "x".repeat(pad);
            for (String page : List.of("<title>t</title>" + x + meta,
                    "<!--" + x + "-->" + meta,
                    "<!--" + x + meta + "-->" + html,
                    "<script>" + x + "</script>" + meta,
                    "<title>" + "\u00e9".repeat(pad / 2) + "</title>" + meta,
                    "<?xml version='1.0' encoding='ISO-8859-15'?>" + x + "<meta charset=windows-1252>",
                    "<?xml version='1.0' encoding='ISO-8859-15'?><!--" + x)) {
                assertSameAsJsoup((page + html).getBytes(StandardCharsets.UTF_8), null);
            }
        }
    }

    /** The ASCII run a page starts with is copied without the decoder; what follows must decode as before. */
    @Test
    void anAsciiRunThenOtherBytesDecodeAsTheCharsetDecodesThem() {
        byte[] ascii = "<title>t</title><a href=/a>a</a> ".getBytes(StandardCharsets.US_ASCII);
        byte[][] tails = {
                "<a href='/caf\u00e9'>caf\u00e9</a>".getBytes(StandardCharsets.UTF_8),
                {(byte) 0xC3, '(', '<', 'a', ' ', 'h', 'r', 'e', 'f', '=', '/', 'b', '>', 'b'}, // malformed UTF-8
                {(byte) 0xE2, (byte) 0x82}, // a sequence cut short at the end
                {(byte) 0xE9, '<', 'a', ' ', 'h', 'r', 'e', 'f', '=', '/', (byte) 0xE9, '>', 'x'},
                "\u65e5\u672c<a href=/\u65e5>\u65e5</a>".getBytes(Charset.forName("Shift_JIS")),
        };
        for (String charset : List.of("utf-8", "iso-8859-1", "windows-1252", "shift_jis", "utf-16le")) {
            for (byte[] tail : tails) {
                assertSameAsJsoup(withBom(ascii, tail), charset);
                assertSameAsJsoup(tail, charset);
            }
        }
        byte[] nulFirst = withBom("<a href=/x>".getBytes(StandardCharsets.US_ASCII), new byte[] {0, 'y'});
        assertEquals("NUL character", StreamingLinkExtractor.unsupportedReason(nulFirst, "utf-8", PAGE));
        byte[] nulLater = withBom("<a href=/\u00e9>".getBytes(StandardCharsets.UTF_8), new byte[] {0, 'y'});
        assertEquals("NUL character", StreamingLinkExtractor.unsupportedReason(nulLater, "utf-8", PAGE));
        assertSameAsJsoup(nulFirst, "utf-8");
        assertSameAsJsoup(nulLater, "utf-8");
    }

    /**
     * A page of NULs (a gzip bomb under the body cap) handed to jsoup without them: its links found, and far less
     * heap taken than jsoup takes for the NULs (about 80 MB beyond a 10 MiB body: ServeUnderAttackTest's server
     * ran out of heap on two at once). Below the bound, a page with NULs is handed to jsoup as it is.
     */
    @Test
    void aPageOfMillionsOfNulsIsReadWithoutThemInBoundedMemory() {
        byte[] head = "<title>t</title><a href=/x>x</a>".getBytes(StandardCharsets.UTF_8);
        byte[] tail = "<a href=/y>y</a>".getBytes(StandardCharsets.UTF_8);
        byte[] body = new byte[head.length + (10 << 20) + tail.length];
        System.arraycopy(head, 0, body, 0, head.length);
        System.arraycopy(tail, 0, body, body.length - tail.length, tail.length);
        long before = allocatedByThisThread();
        ParsedPage page = streaming.extract(body, "utf-8", PAGE);
        long allocated = allocatedByThisThread() - before;
        assertEquals(List.of(PAGE.resolve("/x"), PAGE.resolve("/y")), page.links().stream().map(Link::target).toList());
        // the decoder's char array (20 MB) and the copy without NULs; jsoup on the NULs took over 60 MB more
        assertTrue(allocated < 40L << 20, allocated + " bytes allocated for a page of 10 MiB of NULs");
        // the same from the jsoup extractor, as a library user who picks it gets it, in the same bound
        before = allocatedByThisThread();
        assertEquals(page, jsoup.extract(body, "utf-8", PAGE));
        allocated = allocatedByThisThread() - before;
        assertTrue(allocated < 40L << 20, allocated + " bytes allocated by the jsoup extractor for 10 MiB of NULs");
        // and the content's own parse, for a page whose link pass kept no tree
        before = allocatedByThisThread();
        PageTree tree = PageTree.parse(body, "utf-8", PAGE.toString());
        allocated = allocatedByThisThread() - before;
        assertTrue(allocated < 40L << 20, allocated + " bytes allocated for the tree of 10 MiB of NULs");
        List<String> hrefs = new ArrayList<>();
        for (int n = 0; n < tree.size(); n++) {
            if (tree.is(n, "a")) hrefs.add(tree.attributeValue(n, 0));
        }
        assertEquals(List.of("/x", "/y"), hrefs);

        byte[] few = ("<a href='/a\u0000b'>a</a>" + "\u0000".repeat(JsoupLinkExtractor.MAX_NULS - 1))
                .getBytes(StandardCharsets.UTF_8);
        assertSame(few, JsoupLinkExtractor.withBoundedNuls(few, "utf-8"));
        assertSameAsJsoup(few, "utf-8");
        byte[] utf16 = "<a href=/x>x</a>".repeat(40_000).getBytes(StandardCharsets.UTF_16LE); // NUL bytes, no NULs
        assertSame(utf16, JsoupLinkExtractor.withBoundedNuls(utf16, "utf-16le"));

        // in UTF-16 a NUL is two NUL bytes: 5 Mi of them between the links, as a bomb of zeros sent as UTF-16 gives
        byte[] head16 = "<title>t</title><a href=/x>x</a>".getBytes(StandardCharsets.UTF_16LE);
        byte[] tail16 = "<a href=/y>y</a>".getBytes(StandardCharsets.UTF_16LE);
        byte[] body16 = new byte[head16.length + (10 << 20) + tail16.length];
        System.arraycopy(head16, 0, body16, 0, head16.length);
        System.arraycopy(tail16, 0, body16, body16.length - tail16.length, tail16.length);
        for (LinkExtractor extractor : List.of(streaming, jsoup)) {
            before = allocatedByThisThread();
            ParsedPage page16 = extractor.extract(body16, "utf-16le", PAGE);
            allocated = allocatedByThisThread() - before;
            assertEquals(List.of(PAGE.resolve("/x"), PAGE.resolve("/y")),
                    page16.links().stream().map(Link::target).toList());
            assertTrue(allocated < 40L << 20, allocated + " bytes allocated by " + extractor + " for 5 Mi UTF-16 NULs");
        }
    }

    /** The heap this thread has allocated so far (HotSpot's ThreadMXBean, which the core module does not read). */
    private static long allocatedByThisThread() {
        try {
            return (long) Class.forName("com.sun.management.ThreadMXBean").getMethod("getCurrentThreadAllocatedBytes")
                    .invoke(java.lang.management.ManagementFactory.getThreadMXBean());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void anIllegalHeaderCharsetNameCountsAsNoHeaderCharset() {
        // JsoupLinkExtractor throws IllegalCharsetNameException here (Charset.isSupported outside its try);
        // the streaming extractor does what that code means: ignore the header charset
        byte[] body = "<meta charset=latin1><a href='/caf\u00e9'>x</a>".getBytes(Charset.forName("ISO-8859-1"));
        for (String illegal : List.of("", "utf-8;", "\"utf-8\"")) {
            assertEquals(jsoup.extract(body, null, PAGE), streaming.extract(body, illegal, PAGE));
        }
    }

    private static byte[] withBom(byte[] bom, byte[] body) {
        byte[] out = new byte[bom.length + body.length];
        System.arraycopy(bom, 0, out, 0, bom.length);
        System.arraycopy(body, 0, out, bom.length, body.length);
        return out;
    }

    static final String[] SOUP = {"<a href=x>", "<a href='y' rel=r>", "</a>", "<p>", "</p>", "<div>", "</div>",
            "<b>", "</b>", "<i>", "</i>", "<code>", "</code>", "<span>", "</span>", "<br>", "<img src=i alt=' I '>", "text",
            " ", "\n", "&amp;", "&nbsp;", "&lt;", "<table>", "</table>", "<tr>", "<td>", "</td>", "<th>", "</tr>",
            "<caption>", "<ul>", "<li>", "</ul>", "<dl>", "<dt>", "<dd>", "<pre>", "</pre>", "<textarea>", "</textarea>",
            "<title>", "</title>", "<script>", "</script>", "<style>", "</style>", "<!-- c -->", "<!-->", "<!x>", "<?x?>",
            "</ x>", "<h1>", "</h1>", "</h3>", "<button>", "</button>", "<select>", "<option>", "</select>", "<form>",
            "</form>", "<svg>", "</svg>", "<path/>", "<noscript>", "</noscript>", "<head>", "</head>", "<body>",
            "</body>", "</html>", "<base href=/b/>", "<link href=l.css>", "<meta http-equiv=refresh content='1;u'>",
            "<iframe src=f>", "</iframe>", "<nobr>", "<font color=red>", "</font>", "<em>", "</em>", "<object>",
            "</object>", "<colgroup>", "<col>", "<area href=ar alt=A>", "<video src=v poster=p>", "</video>",
            "<source srcset='s1 1x, s2 2x'>", "<image src=im>", "<listing>", "<!DOCTYPE html>", "<frame src=fr>",
            "<a>", "<A HREF=Q>", "<a href=x/>", "<hr>", "<ruby>", "<rt>", "<small>", "</small>", "<address>", "<li>",
            "<a href='mailto:m'>", "<a href=''>", "<img src='data:x'>", "<object data=o>", "</object>", "<embed src=e>",
            "<input type=image src=ii>", "<td background=bg>", "<image href=svgi xlink:href=xl>", "<use href=u>",
            "<style>p{b:url(st.png)}</style>", "<style>@import 'im.css'", "<p style='b:url(ps.png)'>",
            "<span style='color:red'>", "<meta name=robots content=noindex>", "<math>", "</math>",
            "<!----", "--!", "-->", "x", "!", "<!--",
            // the rest of the in-body, table and foreign rules' kinds of element (added with the seed-78 fix)
            "<applet>", "</applet>", "<marquee>", "</marquee>", "<center>", "</center>", "<tbody>", "</tbody>",
            "<thead>", "<tfoot>", "</th>", "</caption>", "</colgroup>", "<template>", "</template>", "<plaintext>",
            "<xmp>", "</xmp>", "<mi>", "<mtext>", "<annotation-xml encoding=text/html>", "<foreignObject>",
            "</foreignObject>", "<desc>", "</nobr>", "</dd>", "<rb>", "<rtc>", "<rp>",
            "<optgroup>", "</option>", "<noembed>", "</noembed>", "<noframes>", "</noframes>",
            "<body background=bg.png>", "<html lang=en>", "</li>", "<ol>", "</ol>", "<h2>", "</h2>",
            "<input type=hidden>", "<isindex>", "<keygen>", "</br>", "<strong>",
            "</strong>", "<section>", "</section>", "<nav>", "</nav>", "<main>", "<summary>", "<details>",
            "<frameset>", "</frameset>", "<link rel=canonical href=can>", "<script type=application/ld+json>{}</script>",
            "<meta charset=latin1>",
            // whitespace jsoup's tokenizer makes a token of its own, or not (added with the whitespace fix)
            "</>", "&#10;", "&NewLine;", "&#32;", "\t"};

    @Test
    void randomTagSoupGivesJsoupsLinks() {
        java.util.Random random = new java.util.Random(20261122);
        for (int page = 0; page < 3000; page++) {
            StringBuilder html = new StringBuilder();
            for (int i = random.nextInt(30); i >= 0; i--) html.append(SOUP[random.nextInt(SOUP.length)]);
            if (random.nextInt(4) == 0) html.setLength(random.nextInt(html.length() + 1)); // cut anywhere
            byte[] body = html.toString().getBytes(StandardCharsets.UTF_8);
            assertEquals(jsoup.extract(body, null, PAGE), streaming.extract(body, null, PAGE), html.toString());
        }
    }

    @Test
    void everyPageOfThePythonAndJdkDocsGivesJsoupsLinks() {
        assertEveryPageGivesJsoupsLinks(DocSets.htmlPages(), 10_000);
    }

    /** Debian's libboost1.81-doc and postgresql-doc-15: old hand-written HTML, generated HTML, inline styles. */
    @Test
    void everyPageOfTheBoostAndPostgresqlDocsGivesJsoupsLinks() {
        List<Path> roots = List.of(Path.of("/usr/share/doc/libboost1.81-doc"), Path.of("/usr/share/doc/postgresql-doc-15/html"));
        Assumptions.assumeTrue(roots.stream().allMatch(Files::isDirectory),
                "skipped: the libboost1.81-doc and postgresql-doc-15 packages are not installed");
        List<Path> pages = new ArrayList<>();
        for (Path root : roots) {
            try (Stream<Path> files = Files.walk(root, FileVisitOption.FOLLOW_LINKS)) {
                files.filter(p -> p.toString().endsWith(".html") || p.toString().endsWith(".htm")).forEach(pages::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        assertEveryPageGivesJsoupsLinks(pages, 5_000);
    }

    private static final List<Function<PageFacts, String>> FACTS = List.of(PageFacts::title, PageFacts::description,
            PageFacts::lang, PageFacts::canonical, PageFacts::h1, PageFacts::published, PageFacts::modified,
            PageFacts::author);

    private void assertEveryPageGivesJsoupsLinks(List<Path> pages, int atLeast) {
        ConcurrentLinkedQueue<String> mismatches = new ConcurrentLinkedQueue<>();
        AtomicLong bytes = new AtomicLong();
        AtomicLong links = new AtomicLong();
        AtomicLong cssLinks = new AtomicLong();
        AtomicLong unfetchable = new AtomicLong();
        AtomicLongArray facts = new AtomicLongArray(FACTS.size()); // pages that state each fact
        long start = System.nanoTime();
        pages.parallelStream().forEach(page -> {
            byte[] body = DocSets.read(page);
            WebUrl url = WebUrl.parse("http://127.0.0.1:8000" + page);
            ParsedPage expected = jsoup.extract(body, null, url);
            ParsedPage actual = streaming.extract(body, null, url);
            bytes.addAndGet(body.length);
            links.addAndGet(expected.links().size());
            for (Link link : expected.links()) {
                if (link.attribute().equals("style") || link.element().equals("style")) cssLinks.incrementAndGet();
                if (link.target() == null) unfetchable.incrementAndGet();
            }
            for (int i = 0; i < FACTS.size(); i++) {
                if (FACTS.get(i).apply(expected.facts()) != null) facts.incrementAndGet(i);
            }
            if (!expected.equals(actual)) mismatches.add(page.toString());
        });
        System.out.printf("StreamingLinkExtractorTest: compared %d pages (%d MB, %d links, %d from CSS, %d with no"
                        + " target) in %.1f s; %d handed to jsoup%n", pages.size(), bytes.get() >> 20, links.get(),
                cssLinks.get(), unfetchable.get(), (System.nanoTime() - start) / 1e9, streaming.fallbacks());
        System.out.println("pages with title, description, lang, canonical, h1, published, modified, author: " + facts);
        assertTrue(pages.size() > atLeast, "expected the whole doc sets, found " + pages.size() + " pages");
        assertTrue(facts.get(0) > pages.size() / 2, "most pages have a title: " + facts); // facts compared, not nulls
        assertEquals(List.of(), mismatches.stream().sorted().limit(20).toList());
    }
}
