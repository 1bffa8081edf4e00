package dev.loomcrawl.extract;

import dev.loomcrawl.url.WebUrl;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Link extraction on jsoup's HTML5 parser. The charset is found as browsers find it (jsoup: a BOM, else the
 * Content-Type charset, else {@code <meta charset>} / {@code http-equiv}, else UTF-8). Attribute values arrive
 * entity-decoded; they are resolved with {@link WebUrl} (WHATWG rules) against the first {@code <base href>},
 * or the page URL.
 *
 * <p>Followed: {@code a}, {@code area}, {@code link} href; {@code iframe}, {@code frame}, {@code img},
 * {@code script}, {@code source}, {@code video}, {@code audio}, {@code embed}, {@code track} src;
 * {@code video} poster; every {@code srcset} candidate; {@code <meta http-equiv=refresh>} URLs.
 */
public final class JsoupLinkExtractor implements LinkExtractor {

    @Override
    public ParsedPage extract(byte[] body, String headerCharset, WebUrl url) {
        Document doc = parse(body, headerCharset, url);
        WebUrl base = baseOf(doc, url);
        List<Link> links = new ArrayList<>();
        for (Element el : doc.getAllElements()) {
            String tag = el.normalName();
            switch (tag) {
                case "a", "area", "link" -> add(links, base, el, "href");
                case "iframe", "frame", "img", "script", "source", "audio", "embed", "track" -> add(links, base, el, "src");
                case "video" -> {
                    add(links, base, el, "src");
                    add(links, base, el, "poster");
                }
                case "meta" -> {
                    if (el.attr("http-equiv").trim().equalsIgnoreCase("refresh")) {
                        String target = MetaRefresh.url(el.attr("content"));
                        if (target != null) addResolved(links, base, target, el, "content");
                    }
                }
                default -> { }
            }
            if (el.hasAttr("srcset")) {
                for (String candidate : Srcset.urls(el.attr("srcset"))) addResolved(links, base, candidate, el, "srcset");
            }
        }
        return new ParsedPage(doc.charset().name().toLowerCase(Locale.ROOT), links);
    }

    private static Document parse(byte[] body, String headerCharset, WebUrl url) {
        try {
            return Jsoup.parse(new ByteArrayInputStream(body), supported(headerCharset), url.toString());
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

    private static void add(List<Link> links, WebUrl base, Element el, String attribute) {
        if (el.hasAttr(attribute)) addResolved(links, base, el.attr(attribute), el, attribute);
    }

    private static void addResolved(List<Link> links, WebUrl base, String value, Element el, String attribute) {
        if (value.isBlank()) return;
        WebUrl target = base.resolve(value);
        if (target == null) return;
        String text = switch (el.normalName()) {
            case "a" -> el.text();
            case "area", "img" -> el.attr("alt").strip();
            default -> "";
        };
        links.add(new Link(target, value.strip(), el.normalName(), attribute, text, el.attr("rel").strip()));
    }
}
