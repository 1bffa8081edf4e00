package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;

/**
 * The elements whose content a reader of the page never sees as text, and which {@link Markdown} and
 * {@link PlainText} therefore leave out with everything inside them: scripts, styles, templates, embedded
 * documents and graphics, form controls (by name: {@link ElementRole#SKIPPED}), and elements hidden by the
 * {@code hidden} attribute, {@code aria-hidden="true"} or an inline {@code display:none}.
 */
final class SkippedElements {
    private SkippedElements() {
    }

    /** Whether element {@code n} of the tree, of {@link ElementRole} {@code role}, is left out with its subtree. */
    static boolean skipped(PageTree tree, int n, int role) {
        if (role == ElementRole.SKIPPED) return true;
        if (tree.attributes(n) == 0) return false;
        if (tree.hasAttr(n, "hidden")) return true;
        String aria = tree.attr(n, "aria-hidden");
        if (!aria.isEmpty() && aria.trim().equalsIgnoreCase("true")) return true;
        String style = tree.attr(n, "style");
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
