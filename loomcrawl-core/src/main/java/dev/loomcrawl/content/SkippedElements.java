package dev.loomcrawl.content;

import org.jsoup.nodes.Attributes;
import org.jsoup.nodes.Element;

/**
 * The elements whose content a reader of the page never sees as text, and which {@link Markdown} and
 * {@link PlainText} therefore leave out with everything inside them: scripts, styles, templates, embedded
 * documents and graphics, form controls, and elements hidden by the {@code hidden} attribute,
 * {@code aria-hidden="true"} or an inline {@code display:none}.
 */
final class SkippedElements {
    private SkippedElements() {
    }

    /** Whether el and its subtree are left out. */
    static boolean skipped(Element el) {
        switch (el.normalName()) {
            case "script", "style", "noscript", "template", "svg", "iframe", "frame", "frameset",
                 "object", "embed", "canvas", "audio", "video", "head", "title", "meta", "link", "base",
                 "input", "select", "textarea", "button", "option", "optgroup", "datalist", "output", "progress",
                 "meter" -> {
                return true;
            }
            default -> {
            }
        }
        if (el.attributesSize() == 0) return false;
        Attributes attributes = el.attributes(); // names in lower case, as jsoup's HTML parser makes them
        if (attributes.hasKey("hidden")) return true;
        String aria = attributes.get("aria-hidden");
        if (!aria.isEmpty() && aria.trim().equalsIgnoreCase("true")) return true;
        String style = attributes.get("style");
        return !style.isEmpty() && hiddenByStyle(style);
    }

    /** Whether an inline style says display:none (or visibility:hidden), in any case and spacing. */
    static boolean hiddenByStyle(String style) {
        StringBuilder squeezed = new StringBuilder(style.length());
        for (int i = 0; i < style.length(); i++) {
            char c = style.charAt(i);
            if (c > ' ') squeezed.append(Character.toLowerCase(c));
        }
        String s = squeezed.toString();
        return declares(s, "display:none") || declares(s, "visibility:hidden");
    }

    /** Whether the squeezed style has the declaration at a declaration's start, ended by ';', '!' or the end. */
    private static boolean declares(String style, String declaration) {
        for (int at = style.indexOf(declaration); at >= 0; at = style.indexOf(declaration, at + 1)) {
            boolean starts = at == 0 || style.charAt(at - 1) == ';';
            int end = at + declaration.length();
            boolean ends = end == style.length() || style.charAt(end) == ';' || style.charAt(end) == '!';
            if (starts && ends) return true;
        }
        return false;
    }
}
