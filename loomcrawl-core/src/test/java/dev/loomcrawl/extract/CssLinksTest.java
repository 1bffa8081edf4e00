package dev.loomcrawl.extract;

import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CssLinksTest {
    private static final WebUrl SHEET = WebUrl.parse("http://example.com/css/site.css");

    /** The references, an {@code @import}'s marked with a leading '@'. */
    private static List<String> refs(String css) {
        return CssLinks.scan(css).stream().map(r -> (r.imported() ? "@" : "") + r.url()).toList();
    }

    @Test
    void urlsUnquotedAndQuotedWithSurroundingWhitespace() {
        assertEquals(List.of("a.png", "b.png", "c.png", "d.png", "e.png"),
                refs("x{background:url(a.png)} y{background:url( \"b.png\" )} z{b:URL('c.png')} w{b:url(\n\td.png \t)}"
                        + "v{b:Url(e.png)}"));
    }

    @Test
    void commentsHideUrlsAndUrlsHoldCommentLikeText() {
        assertEquals(List.of("b.png", "/*x*/c.png"), refs("/* url(a.png) */ p{b:url(b.png)} q{b:url(/*x*/c.png)}"));
        assertEquals(List.of(), refs("p{} /* never closed url(a.png)"));
        assertEquals(List.of(), refs("p{b:url/**/(a.png)}")); // a comment between url and '(' makes no url
    }

    @Test
    void stringsThatAreNotInAUrlAreNotLinks() {
        assertEquals(List.of("font.woff2"), refs("@font-face{src:url(font.woff2) format(\"woff2\"); content:\"url(x.png)\"}"));
        assertEquals(List.of("real.png"), refs("p{content:'a\\'url(no.png)'; background:url(real.png)}"));
    }

    @Test
    void escapesAreResolvedInUrlsStringsAndNames() {
        assertEquals(List.of("a)b.png", "caf\u00e9.png", "x y.png", "q\"uote.png", "\uFFFD.png"),
                refs("p{a:url(a\\)b.png);b:url(caf\\e9 .png);c:url(x\\ y.png);d:url(\"q\\\"uote.png\");e:url(\\0.png)}"));
        assertEquals(List.of("named.png", "@import.css"), refs("p{b:\\75 rl(named.png)} @\\69mport 'import.css';"));
        assertEquals(List.of("ab.png"), refs("p{b:url(\"a\\\nb.png\")}")); // a line continuation in a string
        assertEquals(List.of("\uD83D\uDE00.png"), refs("p{b:url(\\1F600.png)}"));
    }

    @Test
    void badUrlsAndBadStringsGiveNothing() {
        assertEquals(List.of("ok.png"), refs("p{a:url(a\"b.png);b:url(a(b.png);c:url(a b.png);d:url(a\\\nb)} q{e:url(ok.png)}"));
        assertEquals(List.of("ok.png"), refs("p{a:url(\"broken\n.png)} q{b:url(ok.png)}"));
        assertEquals(List.of("ok.png"), refs("p{a:url(x y\\) url(no.png))} q{b:url(ok.png)}")); // \) does not end a bad url
    }

    @Test
    void anEmptyUrlIsALinkToNothing() {
        assertEquals(List.of("", "", ""), refs("p{a:url();b:url( );c:url(\"\")}"));
        Link link = CssLinks.extract("p{b:url()}".getBytes(StandardCharsets.UTF_8), null, SHEET).links().getFirst();
        assertEquals(new Link(null, "", "css", "url", "", ""), link);
        assertEquals(SHEET, CssLinks.extract("p{b:url(' ')}".getBytes(StandardCharsets.UTF_8), null, SHEET)
                .links().getFirst().target()); // not empty: resolves like any blank reference
    }

    @Test
    void dataUrisAreKeptWholeWithQuotesAndParenthesesInside() {
        String svg = "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'><path d='M0 0'/></svg>";
        assertEquals(List.of(svg, "data:image/png;base64,iVBOR=="),
                refs("p{a:url(\"" + svg + "\");b:url(data:image/png;base64,iVBOR==)}"));
        String big = "data:font/woff2;base64," + "Q".repeat(100_000);
        Link link = CssLinks.extract(("@font-face{src:url(" + big + ")}").getBytes(StandardCharsets.UTF_8), null, SHEET)
                .links().getFirst();
        assertNull(link.target());
        assertEquals(big.substring(0, 255) + "\u2026", link.href());
    }

    @Test
    void imageSetStringsAreUrlsAndOtherNestedFunctionsAreFollowed() {
        assertEquals(List.of("a.png", "b.png", "c.avif", "d.png", "v.png", "g.png"),
                refs("p{b:image-set(\"a.png\" 1x, url(b.png) 2x, 'c.avif' type('image/avif'));"
                        + "c:-webkit-image-set(url(d.png) 1x);d:var(--x, url(v.png));"
                        + "e:image-set(linear-gradient(red, blue) 1x, \"g.png\" 2x)}"));
        assertEquals(List.of("h.png"), refs("p{b:cross-fade(url(h.png), 'not-a-url.png' 50%)}"));
    }

    @Test
    void importForms() {
        assertEquals(List.of("@a.css", "@b.css", "@c.css", "@d.css", "@e.css", "@f.css"),
                refs("@import \"a.css\"; @import 'b.css' screen; @import url(c.css); @import url(\"d.css\") layer(x);"
                        + "@IMPORT\"e.css\"; @import /* c */ 'f.css' supports(display: grid) print;"));
        assertEquals(List.of("@a.css", "u.png"), refs("@import 'a.css'; p{b:url(u.png)}"));
        assertEquals(List.of("x.png"), refs("@import ; @import p{b:url(x.png)}")); // no URL after @import
        assertEquals(List.of("@in-media.css"), refs("@media print { @import 'in-media.css'; }")); // reported though ignored
    }

    @Test
    void namespaceUrlsAreNotLinks() {
        assertEquals(List.of("after.png"), refs("@namespace url(http://www.w3.org/2000/svg); @namespace svg \"x\";"
                + " svg|a{b:url(after.png)}"));
    }

    @Test
    void numbersAndHashesBeforeUrlAreNotUrls() {
        assertEquals(List.of("dot.png"), refs("p{a:1url(a.png);b:#url(b.png);c:-url(c.png);d:.url(dot.png);e:@url(e.png)}"));
    }

    @Test
    void aStyleAttributeHasNoImports() {
        assertEquals(List.of(new CssLinks.Ref("u.png", false)), CssLinks.scanDeclarations("@import 'x.css'; b: url(u.png)"));
    }

    @Test
    void thePrefilterPassesEveryTextThatHoldsALink() {
        assertFalse(CssLinks.mayHoldLinks("color: red; margin: calc(1px + 2em); font-family: 'x'"));
        for (String css : List.of("b:url(x)", "b:URL(x)", "b:image-set('x' 1x)", "@import 'x'", "b:\\75rl(x)")) {
            assertTrue(CssLinks.mayHoldLinks(css), css);
            assertFalse(CssLinks.scan(css).isEmpty(), css);
        }
    }

    @Test
    void garbageNeverThrowsAndTheSheetMayEndAnywhere() {
        assertEquals(List.of("x"), refs("p{b:url(x"));
        assertEquals(List.of("x"), refs("p{b:url(\"x"));
        assertEquals(List.of("\uFFFD"), refs("p{b:url(\\"));
        assertEquals(List.of(), refs("p{b:url(x y"));
        String alphabet = "url(\"')\\ \n/*@import;{}#1.-_image-set,xé\0";
        Random random = new Random(20261122);
        for (int i = 0; i < 20_000; i++) {
            StringBuilder css = new StringBuilder();
            for (int k = random.nextInt(40); k >= 0; k--) css.append(alphabet.charAt(random.nextInt(alphabet.length())));
            CssLinks.scan(css.toString()); // must not throw
        }
    }

    @Test
    void aStylesheetsLinksResolveAgainstItsUrl() {
        ParsedPage sheet = CssLinks.extract("@import 'print.css'; body { background: url(../img/bg.png) } a { b: url(javascript:x) }"
                .getBytes(StandardCharsets.UTF_8), null, SHEET);
        assertEquals("utf-8", sheet.charset());
        assertEquals(List.of(
                new Link(WebUrl.parse("http://example.com/css/print.css"), "print.css", "css", "import", "", ""),
                new Link(WebUrl.parse("http://example.com/img/bg.png"), "../img/bg.png", "css", "url", "", ""),
                new Link(null, "javascript:x", "css", "url", "", "")), sheet.links());
        assertEquals(List.of(), sheet.robotsMeta());
    }

    @Test
    void aStylesheetsCharsetComesFromItsBomThenTheHeaderThenAtCharset() {
        String css = "p{b:url(caf\u00e9.png)}";
        Charset latin1 = StandardCharsets.ISO_8859_1;
        assertCharset("windows-1252", "caf%C3%A9", ("@charset \"iso-8859-1\";" + css).getBytes(latin1), null);
        assertCharset("utf-8", "caf%C3%A9", ("@charset \"iso-8859-1\";" + css).getBytes(StandardCharsets.UTF_8), "utf-8");
        assertCharset("utf-8", "caf%C3%A9", css.getBytes(StandardCharsets.UTF_8), null);
        assertCharset("windows-1252", "caf%C3%A9", css.getBytes(latin1), "latin1");
        assertCharset("utf-8", "caf%C3%A9", ("@charset \"utf-16\";" + css).getBytes(StandardCharsets.UTF_8), null);
        assertCharset("utf-8", "caf%C3%A9", ("@CHARSET \"iso-8859-1\";" + css).getBytes(StandardCharsets.UTF_8), null);
        assertCharset("utf-8", "caf%C3%A9", ("@charset 'iso-8859-1';" + css).getBytes(StandardCharsets.UTF_8), null);
        byte[] utf16 = css.getBytes(StandardCharsets.UTF_16LE);
        byte[] bom = new byte[utf16.length + 2];
        bom[0] = (byte) 0xFF;
        bom[1] = (byte) 0xFE;
        System.arraycopy(utf16, 0, bom, 2, utf16.length);
        assertCharset("utf-16le", "caf%C3%A9", bom, "iso-8859-1");
        byte[] utf8 = css.getBytes(StandardCharsets.UTF_8);
        byte[] utf8Bom = new byte[utf8.length + 3];
        utf8Bom[0] = (byte) 0xEF;
        utf8Bom[1] = (byte) 0xBB;
        utf8Bom[2] = (byte) 0xBF;
        System.arraycopy(utf8, 0, utf8Bom, 3, utf8.length);
        assertCharset("utf-8", "caf%C3%A9", utf8Bom, "iso-8859-1");
        assertCharset("utf-8", "caf%C3%A9", utf8, "no-such-charset");
    }

    /**
     * The real stylesheets of the four doc sets (those installed), which use no escapes or image-set (only line
     * continuations in strings): there a plain regular expression over the text without comments finds the
     * same references.
     */
    @Test
    void theDocSetsStylesheetsGiveWhatAPlainPatternFinds() throws IOException {
        List<Path> sheets = new ArrayList<>();
        for (String root : List.of("/usr/share/doc/python3-doc/html", "/usr/share/doc/openjdk-17-doc/api",
                "/usr/share/doc/libboost1.81-doc", "/usr/share/doc/postgresql-doc-15/html")) {
            if (!Files.isDirectory(Path.of(root))) continue;
            try (Stream<Path> files = Files.walk(Path.of(root), FileVisitOption.FOLLOW_LINKS)) {
                files.filter(p -> p.toString().endsWith(".css")).forEach(sheets::add);
            }
        }
        Assumptions.assumeFalse(sheets.isEmpty(), "skipped: no doc set is installed");
        Pattern comment = Pattern.compile("/\\*.*?\\*/", Pattern.DOTALL);
        Pattern reference = Pattern.compile("(@import\\s*)?(?:url\\(\\s*(?:\"([^\"]*)\"|'([^']*)'|([^)\\s'\"]*))\\s*\\)"
                + "|\"([^\"]*)\"|'([^']*)')");
        int total = 0;
        for (Path sheet : sheets) {
            byte[] body = Files.readAllBytes(sheet);
            String css = new String(body, StandardCharsets.UTF_8);
            List<String> expected = new ArrayList<>();
            String plain = comment.matcher(css).replaceAll(" ").replace("\\\n", ""); // line continuations (JDK)
            Matcher m = reference.matcher(plain);
            while (m.find()) {
                boolean quotedAlone = m.group(5) != null || m.group(6) != null;
                if (quotedAlone && m.group(1) == null) continue; // a string that is not an @import's
                String url = m.group(2) != null ? m.group(2) : m.group(3) != null ? m.group(3) : m.group(4) != null ? m.group(4)
                        : m.group(5) != null ? m.group(5) : m.group(6);
                expected.add((m.group(1) != null ? "@" : "") + Link.asWritten(url));
            }
            List<String> found = CssLinks.extract(body, null, SHEET).links().stream()
                    .map(l -> (l.attribute().equals("import") ? "@" : "") + l.href()).toList();
            assertEquals(expected, found, sheet.toString());
            total += found.size();
        }
        assertTrue(total > 10, "expected the doc sets' stylesheets to hold some url()s, found " + total);
    }

    private static void assertCharset(String charset, String file, byte[] body, String header) {
        ParsedPage sheet = CssLinks.extract(body, header, SHEET);
        assertEquals(charset, sheet.charset());
        assertEquals("http://example.com/css/" + file + ".png", sheet.links().getFirst().to());
    }
}
