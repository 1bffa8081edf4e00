package dev.loomcrawl.content;

import org.jsoup.nodes.Element;
import org.jsoup.parser.Tag;

/**
 * A reference made absolute exactly as jsoup's {@code absUrl} makes it, for a reference that is not on an element:
 * through {@code absUrl} itself on an element of our own. jsoup's resolution ({@code StringUtil.resolve}) lies in a
 * package its module does not export, which a module may not call.
 */
final class Resolve {
    private static final Tag A = Tag.valueOf("a");

    private Resolve() {
    }

    /** {@code relative} against {@code base}, as {@code absUrl} gives it: "" when there is no absolute URL. */
    static String against(String base, String relative) {
        Element probe = new Element(A, base);
        probe.attr("href", relative);
        return probe.absUrl("href");
    }
}
