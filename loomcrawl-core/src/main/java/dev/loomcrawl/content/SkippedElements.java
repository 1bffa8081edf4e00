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

    /** The attributes that can hide an element, and their indices. */
    private static final String[] HIDING = {"hidden", "aria-hidden", "style"};
    private static final int HIDDEN = 0;
    private static final int ARIA_HIDDEN = 1;

    /**
     * Whether element {@code n} of the tree, of {@link ElementRole} {@code role}, is left out with its subtree. One
     * pass over its attributes, reading the first of each name only (as jsoup's {@code attr} does), unless
     * {@code hints} (the {@link ClassHints} of the tree's nodes, or null) says it has none that can hide it.
     */
    static boolean skipped(PageTree tree, int n, int role, byte[] hints) {
        if (role == ElementRole.SKIPPED) return true;
        if (hints != null && (hints[n] & ClassHints.SHOWN) != 0) return false;
        int count = tree.attributes(n);
        int seen = 0;
        for (int i = 0; i < count; i++) {
            int name = tree.attributeNameIn(n, i, HIDING);
            if (name < 0 || (seen & 1 << name) != 0) continue;
            seen |= 1 << name;
            boolean hides = switch (name) {
                case HIDDEN -> true;
                case ARIA_HIDDEN -> isTrue(tree, n, i);
                default -> hiddenByStyle(tree.attributeValue(n, i)); // inline styles are rare: a String will do
            };
            if (hides) return true;
        }
        return false;
    }

    /**
     * Whether the value of element {@code n}'s attribute {@code i}, trimmed, is "true" in any case, as
     * {@code value.trim().equalsIgnoreCase("true")} says, read from the page's characters unless it holds a character
     * reference. No character beyond ASCII is "t", "r", "u" or "e" ignoring case (SkippedElementsTest checks), and
     * {@code c | 0x20} is the lower case of an ASCII letter and no other ASCII character's.
     */
    static boolean isTrue(PageTree tree, int n, int i) {
        if (tree.valueHasReference(n, i)) return tree.attributeValue(n, i).trim().equalsIgnoreCase("true");
        int from = tree.valueStart(n, i);
        if (from < 0) return false;
        int to = tree.valueEnd(n, i);
        char[] c = tree.attributeChars();
        while (from < to && c[from] <= ' ') from++;
        while (to > from && c[to - 1] <= ' ') to--;
        if (to - from != 4) return false;
        for (int k = 0; k < 4; k++) {
            if ((c[from + k] | 0x20) != "true".charAt(k)) return false;
        }
        return true;
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
