package dev.loomcrawl.extract;

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
    private static final String[] SRC = {"src"};
    private static final String[] IMG = {"src", "lowsrc", "href"};
    private static final String[] EMBED = {"src", "href"};
    private static final String[] MEDIA = {"src", "poster"};
    private static final String[] DATA = {"data"};
    private static final String[] CODE = {"code"};
    private static final String[] BACKGROUND = {"background"};

    private UrlAttributes() {}

    /** The URL attributes of an HTML element (for {@code input}: when its type is {@code image}). */
    static String[] html(String name) {
        return switch (name) {
            case "a", "area", "link" -> HREF;
            case "iframe", "frame", "script", "source", "track", "input", "bgsound", "fig", "layer", "overlay" -> SRC;
            case "img" -> IMG;
            case "embed" -> EMBED;
            case "video", "audio" -> MEDIA;
            case "object" -> DATA;
            case "applet" -> CODE;
            case "body", "table", "thead", "tbody", "tfoot", "tr", "td", "th" -> BACKGROUND;
            default -> NONE;
        };
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
