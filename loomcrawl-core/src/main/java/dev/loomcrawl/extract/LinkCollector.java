package dev.loomcrawl.extract;

import dev.loomcrawl.url.WebUrl;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the elements the tree builder inserts, in document order, into links with
 * {@link JsoupLinkExtractor}'s rules: which element and attribute ({@link UrlAttributes}), {@link Srcset},
 * {@link MetaRefresh} and {@link CssLinks} parsing, the anchor text ({@code a}: its text; {@code area},
 * {@code img}, {@code input}: {@code alt}), {@code rel}, {@code hreflang}; and the robots metas. Targets are
 * resolved at the end, because the first {@code <base href>} applies even to links before it; a value repeated
 * in the page is resolved once. Style attributes are read only when {@link CssLinks#mayHoldLinks} says they
 * might hold one, and an {@code <a>}'s text is collected only when it makes a link.
 */
final class LinkCollector implements ElementSink {
    private record Pending(String value, String element, String attribute, ElementText anchor, String text,
                           String rel, String hreflang, boolean css) {}

    private final List<Pending> pending = new ArrayList<>();
    private final List<String> robots = new ArrayList<>(0);
    private final int maxLinks;
    private long cut;
    private String baseHref;

    /** Keeps the first {@code maxLinks} links of the page (negative: all), and counts the rest. */
    LinkCollector(int maxLinks) {
        this.maxLinks = maxLinks;
    }

    /** An {@code <a>} that makes a link has its text collected, in any namespace (jsoup's {@code text()}). */
    @Override
    public void element(String name, int ns, TagToken attrs, Inserted anchor) {
        if (!attrs.hasAttributes()) return;
        if (ns == HtmlTags.HTML) {
            html(name, attrs, anchor);
        } else if (ns == HtmlTags.SVG && UrlAttributes.svgHref(name)) {
            add(name, attrs, attrs.has("href") ? "href" : "xlink:href", anchor, null);
        }
        if (baseHref == null && name.equals("base")) baseHref = attrs.get("href"); // in any namespace, as jsoup's baseOf
        String srcset = attrs.get("srcset");
        if (srcset != null) {
            for (String candidate : Srcset.urls(srcset)) addValue(name, attrs, candidate, "srcset", anchor, null);
        }
        String style = attrs.styleIfLinks();
        if (style != null) {
            for (CssLinks.Ref ref : CssLinks.scanDeclarations(style)) addCss(ref, name, "style");
        }
    }

    private void html(String name, TagToken attrs, Inserted anchor) {
        String[] attributes = UrlAttributes.html(name);
        if (!name.equals("input") || UrlAttributes.isImageButton(attrs.attr("type"))) {
            for (String attribute : attributes) {
                String lang = attribute.equals("href") ? Link.hreflang(name, attribute, attrs.get("hreflang")) : null;
                add(name, attrs, attribute, anchor, lang);
            }
        }
        if (name.equals("meta")) {
            if (attrs.attr("http-equiv").trim().equalsIgnoreCase("refresh")) {
                String target = MetaRefresh.url(attrs.attr("content"));
                if (target != null) addValue(name, attrs, target, "content", anchor, null);
            }
            String content = attrs.get("content");
            if (content != null && UrlAttributes.robotsMeta(attrs.attr("name"))) robots.add(content);
        }
    }

    @Override
    public void styleText(String css) {
        for (CssLinks.Ref ref : CssLinks.scan(css)) addCss(ref, "style", ref.imported() ? "import" : "url");
    }

    private void add(String name, TagToken attrs, String attribute, Inserted anchor, String hreflang) {
        String value = attrs.get(attribute);
        if (value != null) addValue(name, attrs, value, attribute, anchor, hreflang);
    }

    private void addValue(String name, TagToken attrs, String value, String attribute, Inserted anchor,
                          String hreflang) {
        if (full()) return;
        String text = UrlAttributes.textIsAlt(name) ? attrs.attr("alt").strip() : "";
        pending.add(new Pending(value, name, attribute, name.equals("a") ? anchor.collectText() : null, text,
                attrs.attr("rel").strip(), hreflang, false));
    }

    private void addCss(CssLinks.Ref ref, String element, String attribute) {
        if (full()) return;
        pending.add(new Pending(ref.url(), element, attribute, null, "", "", null, true));
    }

    /** Whether the page's bound on links is reached: then the link is counted, not kept. */
    private boolean full() {
        if (maxLinks < 0 || pending.size() < maxLinks) return false;
        cut++;
        return true;
    }

    /** Links past the bound, not kept. */
    long cut() {
        return cut;
    }

    /** The robots metas' contents, in document order. */
    List<String> robotsMeta() {
        return robots;
    }

    /** The URL links resolve against: the first {@code <base href>} resolved against the page URL, else that. */
    WebUrl base(WebUrl page) {
        if (baseHref == null) return page;
        WebUrl resolved = page.resolve(baseHref);
        return resolved == null ? page : resolved;
    }

    /** The links, resolved against {@code base} ({@link #base}). */
    List<Link> links(WebUrl base) {
        List<Link> links = new ArrayList<>(pending.size());
        Map<String, WebUrl> resolved = new HashMap<>(); // null for a value that does not resolve
        for (Pending p : pending) {
            WebUrl target;
            if (p.css && p.value.isEmpty()) {
                target = null; // url(): an invalid resource (CssLinks.Ref.link)
            } else if (Link.isDataUri(p.value)) {
                target = null;
            } else {
                target = resolved.get(p.value);
                if (target == null && !resolved.containsKey(p.value)) {
                    target = base.resolve(p.value);
                    resolved.put(p.value, target);
                }
            }
            String text = p.anchor == null ? p.text : p.anchor.text();
            links.add(new Link(target, Link.asWritten(p.value), p.element, p.attribute, text, p.rel, null, null,
                    p.hreflang));
        }
        return links;
    }
}
