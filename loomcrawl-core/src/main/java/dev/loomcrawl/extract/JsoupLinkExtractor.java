package dev.loomcrawl.extract;

import dev.loomcrawl.url.WebUrl;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Parser;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Link extraction on jsoup's HTML5 parser, with the page's facts read from the same DOM ({@link DomFacts}).
 * The charset is found as browsers find it (jsoup: a BOM, else the Content-Type charset, else
 * {@code <meta charset>} / {@code http-equiv}, else UTF-8). Attribute values arrive
 * entity-decoded; they are resolved with {@link WebUrl} (WHATWG rules) against the first {@code <base href>},
 * or the page URL. This is the reference that {@link StreamingLinkExtractor} must match exactly.
 *
 * <p>Every reference is kept, also those that cannot be fetched: a value that does not resolve to an http(s)
 * URL ({@code javascript:}, {@code mailto:}, {@code tel:}, {@code data:}, unparseable) is a {@link Link} with
 * a null target and its {@code href} as written ({@code data:} URIs cut to 256 characters); an empty or blank
 * value resolves to the base URL, as in a browser. Links come in document order; within one element, in the
 * order of the list below, then {@code srcset}, then {@code style}, then a {@code <style>}'s text.
 *
 * <p>What a browser loads or follows, and what {@code wget -r} fetches (its {@code html-url.c} table; wget's
 * {@code form action} is left out: a browser does not fetch it by itself, and neither is {@code cite}):
 * <ul>
 * <li>{@code href} of {@code a}, {@code area}, {@code link};
 * <li>{@code src} of {@code iframe}, {@code frame}, {@code img}, {@code script}, {@code source}, {@code track},
 *     {@code embed}, {@code video}, {@code audio}, {@code input type=image} (the type in any case), and the
 *     obsolete {@code bgsound}, {@code fig}, {@code layer}, {@code overlay}; {@code img lowsrc};
 *     {@code poster} of {@code video} and {@code audio}; {@code object data}; {@code applet code}; the
 *     {@code href} wget reads on {@code img} and {@code embed};
 * <li>{@code background} of {@code body}, {@code table}, {@code thead}, {@code tbody}, {@code tfoot},
 *     {@code tr}, {@code td}, {@code th} (HTML's rendering rules load it as a background image);
 * <li>in SVG: {@code a}, {@code image}, {@code use}, {@code feImage} and {@code script}: {@code href}, or
 *     {@code xlink:href} when there is no {@code href} (as SVG 2 says); element names are jsoup's lower-case
 *     normal names ({@code "feimage"});
 * <li>every {@code srcset} candidate, on any element;
 * <li>the URL of {@code <meta http-equiv=refresh content="5; url=...">} (attribute {@code "content"});
 * <li>CSS ({@link CssLinks}): the {@code url()}s and {@code image-set()} strings of a {@code style} attribute
 *     on any element (element: the element's name, attribute {@code "style"}), and those and the
 *     {@code @import}s of an HTML {@code <style>} element's text (element {@code "style"}, attribute
 *     {@code "url"} or {@code "import"}). CSS links have "" as text and rel.
 * </ul>
 * Anchor text: an {@code a}'s text; the {@code alt} of an {@code area}, {@code img} or {@code input}; else "".
 * The {@code href} of an HTML {@code a}, {@code area} or {@code link} carries the element's {@code hreflang}
 * ({@link Link#hreflang()}).
 *
 * <p>The {@code content} of every {@code <meta name="robots">} and {@code <meta name="loomcrawl">} (name in any
 * case, trimmed; metas without {@code content} skipped) goes to {@link ParsedPage#robotsMeta()}, in order.
 *
 * <p>A page of more than 65,536 NUL characters, in UTF-8, an ISO-8859 or windows charset, or UTF-16, is parsed
 * without them: jsoup's own dropping of them holds memory for each at once (about 80 MB for a 10 MiB page of NULs).
 */
public final class JsoupLinkExtractor implements LinkExtractor {
    private final boolean anchors;

    public JsoupLinkExtractor() {
        this(false);
    }

    /** With {@code anchors}, each page's anchors are read too ({@link ParsedPage#anchors()}). */
    public JsoupLinkExtractor(boolean anchors) {
        this.anchors = anchors;
    }

    @Override
    public ParsedPage extract(byte[] body, String headerCharset, WebUrl url) {
        return extract(body, headerCharset, url, false);
    }

    /** With {@code tree}, the page's DOM is kept as a {@link PageTree}. */
    @Override
    public ParsedPage extract(byte[] body, String headerCharset, WebUrl url, boolean tree) {
        Document doc = document(body, supported(headerCharset), url.toString());
        WebUrl base = baseOf(doc, url);
        List<Link> links = new ArrayList<>();
        List<String> robots = new ArrayList<>();
        for (Element el : doc.getAllElements()) {
            String tag = el.normalName();
            String ns = el.tag().namespace();
            if (ns.equals(Parser.NamespaceHtml)) {
                html(links, robots, base, el, tag);
            } else if (ns.equals(Parser.NamespaceSvg) && UrlAttributes.svgHref(tag)) {
                add(links, base, el, el.hasAttr("href") ? "href" : "xlink:href", null);
            }
            if (el.hasAttr("srcset")) {
                for (String candidate : Srcset.urls(el.attr("srcset"))) {
                    addResolved(links, base, candidate, el, "srcset", null);
                }
            }
            if (el.hasAttr("style")) {
                for (CssLinks.Ref ref : CssLinks.scanDeclarations(el.attr("style"))) links.add(ref.link(base, tag, "style"));
            }
            if (tag.equals("style") && ns.equals(Parser.NamespaceHtml)) {
                for (CssLinks.Ref ref : CssLinks.scan(el.data())) {
                    links.add(ref.link(base, "style", ref.imported() ? "import" : "url"));
                }
            }
        }
        return new ParsedPage(doc.charset().name().toLowerCase(Locale.ROOT), links, robots, 0, 0,
                DomFacts.of(doc, base), anchors ? AnchorCollector.of(doc) : java.util.Set.of(),
                tree ? PageTree.of(doc) : null);
    }

    private static void html(List<Link> links, List<String> robots, WebUrl base, Element el, String tag) {
        if (!tag.equals("input") || UrlAttributes.isImageButton(el.attr("type"))) {
            for (String attribute : UrlAttributes.html(tag)) {
                String hreflang = el.hasAttr("hreflang") ? el.attr("hreflang") : null;
                add(links, base, el, attribute, Link.hreflang(tag, attribute, hreflang));
            }
        }
        if (tag.equals("meta")) {
            if (el.attr("http-equiv").trim().equalsIgnoreCase("refresh")) {
                String target = MetaRefresh.url(el.attr("content"));
                if (target != null) addResolved(links, base, target, el, "content", null);
            }
            if (UrlAttributes.robotsMeta(el.attr("name")) && el.hasAttr("content")) robots.add(el.attr("content"));
        }
    }

    /**
     * NUL characters past which a page is handed to jsoup without them ({@link #withBoundedNuls}): jsoup drops a
     * text's NULs with {@code String.replace}, which holds an {@code int} for every one at once, and more while
     * that array grows: a 10 MiB page of NULs (a gzip bomb under a 10 MiB body cap) took about 80 MB of heap beyond
     * its body, which the body memory bound does not count, and two at once ran {@code ServeUnderAttackTest}'s
     * server out of its 256 MB.
     */
    static final int MAX_NULS = 1 << 16;

    /**
     * The body as it is, or, when it has more than {@link #MAX_NULS} NUL characters, a copy without them: in a
     * charset where a NUL byte is the NUL character and nothing else (UTF-8, ISO-8859-*, windows-125*), without its NUL
     * bytes; in UTF-16, without its code units of two NUL bytes. jsoup then gives what it gives for the page but
     * where NULs stood in a tag, a comment, a title or a script, where it would have given U+FFFD for each (in text
     * it drops them as well). A page in another charset (UTF-32, EBCDIC) is handed on whole.
     */
    static byte[] withBoundedNuls(byte[] body, String headerCharset) {
        int nulBytes = 0;
        for (byte b : body) {
            if (b == 0) nulBytes++;
        }
        if (nulBytes <= MAX_NULS) return body; // a NUL character is at least one NUL byte in every charset
        Charset charset = PageCharset.of(body, headerCharset).charset();
        int unit = PageCharset.asciiCompatible(charset) ? 1 : charset.name().startsWith("UTF-16") ? 2 : 0;
        if (unit == 0) return body;
        int nuls = 0;
        for (int i = 0; i + unit <= body.length; i += unit) {
            if (nulUnit(body, i, unit)) nuls++;
        }
        if (nuls <= MAX_NULS) return body;
        byte[] without = new byte[body.length - nuls * unit];
        int n = 0;
        for (int i = 0; i < body.length; i += unit) {
            if (i + unit <= body.length && nulUnit(body, i, unit)) continue;
            for (int j = i; j < Math.min(i + unit, body.length); j++) without[n++] = body[j];
        }
        return without;
    }

    private static boolean nulUnit(byte[] body, int at, int unit) {
        return body[at] == 0 && (unit == 1 || body[at + 1] == 0);
    }

    /**
     * jsoup's document of the page {@code body}, decoded with {@code charset} (null: as jsoup finds it), with
     * {@code baseUri} as its base; a page of many NULs without them ({@link #withBoundedNuls}).
     * Every parse of a page body by jsoup goes through here: this extractor's and {@link PageTree#parse}.
     */
    static Document document(byte[] body, String charset, String baseUri) {
        try {
            return Jsoup.parse(new ByteArrayInputStream(withBoundedNuls(body, charset)), charset,
                    baseUri);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // reading from memory: cannot happen
        }
    }

    /** The header's charset if the JDK has it; null (detect from the page) for unknown or illegal names. */
    private static String supported(String name) {
        try {
            return name != null && Charset.isSupported(name) ? name : null;
        } catch (IllegalCharsetNameException e) {
            return null;
        }
    }

    /** The URL a page's relative links resolve against: its first {@code <base href>}, else the page's URL. */
    public static WebUrl baseOf(Document doc, WebUrl url) {
        Element base = doc.selectFirst("base[href]");
        if (base == null) return url;
        WebUrl resolved = url.resolve(base.attr("href"));
        return resolved == null ? url : resolved;
    }

    private static void add(List<Link> links, WebUrl base, Element el, String attribute, String hreflang) {
        if (el.hasAttr(attribute)) addResolved(links, base, el.attr(attribute), el, attribute, hreflang);
    }

    private static void addResolved(List<Link> links, WebUrl base, String value, Element el, String attribute,
                                    String hreflang) {
        String tag = el.normalName();
        String text = tag.equals("a") ? el.text() : UrlAttributes.textIsAlt(tag) ? el.attr("alt").strip() : "";
        links.add(new Link(Link.resolve(base, value), Link.asWritten(value), tag, attribute, text,
                el.attr("rel").strip(), null, null, hreflang));
    }
}
