package dev.loomcrawl.extract;

import dev.loomcrawl.url.WebUrl;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the elements the tree builder inserts, in document order, into links with
 * {@link JsoupLinkExtractor}'s rules: which element and attribute, {@link Srcset} and {@link MetaRefresh}
 * parsing, the anchor text ({@code a}: its text, {@code area} and {@code img}: {@code alt}), {@code rel}.
 * Targets are resolved at the end, because the first {@code <base href>} applies even to links before it;
 * a value repeated in the page is resolved once.
 */
final class LinkCollector implements ElementSink {
    private record Pending(String value, String element, String attribute, AnchorText anchor, String text, String rel) {}

    private final List<Pending> pending = new ArrayList<>();
    private String baseHref;

    @Override
    public boolean wantsAnchorText() {
        return true;
    }

    @Override
    public void element(String name, TagToken attrs, AnchorText anchor) {
        if (!attrs.hasAttributes()) return;
        switch (name) {
            case "a", "area", "link" -> add(name, attrs, "href", anchor);
            case "iframe", "frame", "img", "script", "source", "audio", "embed", "track" -> add(name, attrs, "src", anchor);
            case "video" -> {
                add(name, attrs, "src", anchor);
                add(name, attrs, "poster", anchor);
            }
            case "meta" -> {
                if (attrs.attr("http-equiv").trim().equalsIgnoreCase("refresh")) {
                    String target = MetaRefresh.url(attrs.attr("content"));
                    if (target != null) addValue(name, attrs, target, "content", anchor);
                }
            }
            case "base" -> {
                if (baseHref == null) baseHref = attrs.get("href");
            }
            default -> { }
        }
        String srcset = attrs.get("srcset");
        if (srcset != null) {
            for (String candidate : Srcset.urls(srcset)) addValue(name, attrs, candidate, "srcset", anchor);
        }
    }

    private void add(String name, TagToken attrs, String attribute, AnchorText anchor) {
        String value = attrs.get(attribute);
        if (value != null) addValue(name, attrs, value, attribute, anchor);
    }

    private void addValue(String name, TagToken attrs, String value, String attribute, AnchorText anchor) {
        if (value.isBlank()) return;
        String text = switch (name) {
            case "area", "img" -> attrs.attr("alt").strip();
            default -> "";
        };
        pending.add(new Pending(value, name, attribute, name.equals("a") ? anchor : null, text, attrs.attr("rel").strip()));
    }

    /** The links, resolved against the first {@code <base href>} (itself resolved against the page URL). */
    List<Link> links(WebUrl page) {
        WebUrl base = page;
        if (baseHref != null) {
            WebUrl resolved = page.resolve(baseHref);
            if (resolved != null) base = resolved;
        }
        List<Link> links = new ArrayList<>(pending.size());
        Map<String, WebUrl> resolved = new HashMap<>(); // null for a value that does not resolve
        for (Pending p : pending) {
            WebUrl target = resolved.get(p.value);
            if (target == null && !resolved.containsKey(p.value)) {
                target = base.resolve(p.value);
                resolved.put(p.value, target);
            }
            if (target == null) continue;
            String text = p.anchor == null ? p.text : p.anchor.text();
            links.add(new Link(target, p.value.strip(), p.element, p.attribute, text, p.rel));
        }
        return links;
    }
}
