package dev.loomcrawl.extract;

import java.util.HashMap;
import java.util.Map;

/**
 * Which attributes of which elements hold a URL that a browser loads or follows, or that {@code wget -r}
 * fetches (its {@code html-url.c} table), in the order they are reported: the list in
 * {@link JsoupLinkExtractor}'s javadoc, shared by both extractors so they cannot disagree. The rules that
 * depend on more than the name ({@code input}, {@code meta}, SVG's {@code xlink:href}, {@code srcset},
 * {@code style}) are the extractors' own.
 */
final class UrlAttributes {
    private static final String[] NONE = {};
    private static final String[] HREF = {"href"};
    private static final Map<String, String[]> HTML = new HashMap<>();

    static {
        for (String name : new String[] {"a", "area", "link"}) HTML.put(name, HREF);
        for (String name : new String[] {"iframe", "frame", "script", "source", "track", "input", "bgsound", "fig",
                "layer", "overlay"}) {
            HTML.put(name, new String[] {"src"});
        }
        HTML.put("img", new String[] {"src", "lowsrc", "href"});
        HTML.put("embed", new String[] {"src", "href"});
        HTML.put("video", new String[] {"src", "poster"});
        HTML.put("audio", new String[] {"src", "poster"});
        HTML.put("object", new String[] {"data"});
        HTML.put("applet", new String[] {"code"});
        for (String name : new String[] {"body", "table", "thead", "tbody", "tfoot", "tr", "td", "th"}) {
            HTML.put(name, new String[] {"background"});
        }
    }

    private UrlAttributes() {}

    /** The URL attributes of an HTML element (for {@code input}: when its type is {@code image}). */
    static String[] html(String name) {
        String[] attributes = HTML.get(name);
        return attributes == null ? NONE : attributes;
    }

    /** Whether an SVG element loads or links to its {@code href} (else its {@code xlink:href}). */
    static boolean svgHref(String name) {
        return switch (name) {
            case "a", "image", "use", "feimage", "script" -> true;
            default -> false;
        };
    }

    /** Whether an {@code input} of this type loads its {@code src}: only an image button does. */
    static boolean isImageButton(String type) {
        return type.equalsIgnoreCase("image");
    }

    /** Whether a {@code <meta name>} holds robots directives: {@code robots} or {@code loomcrawl}, in any case. */
    static boolean robotsMeta(String name) {
        String n = name.strip();
        return n.equalsIgnoreCase("robots") || n.equalsIgnoreCase("loomcrawl");
    }

    /** Whether an element's links take its {@code alt} as their text (an {@code a} takes its text; others ""). */
    static boolean textIsAlt(String name) {
        return name.equals("area") || name.equals("img") || name.equals("input");
    }
}
