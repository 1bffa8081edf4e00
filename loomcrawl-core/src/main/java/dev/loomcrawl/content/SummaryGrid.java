package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;

/**
 * javadoc's summary tables (16 and later: the constructor, method, field, class and package summaries), which are not
 * {@code <table>}s but CSS grids of {@code <div>}s: {@code <div class="summary-table three-column-summary">} holding
 * the header cells ({@code div.table-header}) and then the cells ({@code div.col-first}, {@code div.col-second},
 * {@code div.col-last}, {@code div.col-constructor-name}, {@code div.col-summary-item-name}...) row after row. Read as
 * blocks, each cell became a paragraph; {@link Markdown} writes such a grid as a pipe table, its header row first.
 *
 * <p>A grid is a {@code div} with the class {@code summary-table} whose children are all elements (no text but
 * spaces) and {@code div}s; its width is the number of its leading {@code table-header} cells, else what its
 * {@code two-}, {@code three-} or {@code four-column-summary} class says. Anything else is no grid.
 */
final class SummaryGrid {
    /** The most children a grid's first look reads; a grid with more is read as a table all the same. */
    private static final int MAX_LOOK = 4096;

    private SummaryGrid() {
    }

    /**
     * How many columns the grid {@code div} n has, or 0 when it is not a summary grid; leftOut: nodes left out, or null;
     * hints: the tree's {@link ClassHints}, or null. Hidden children are not cells.
     */
    static int columns(PageTree tree, boolean[] leftOut, int n, byte[] hints) {
        if (!hasClass(tree, n, "summary-table")) return 0;
        int headers = 0;
        boolean leading = true;
        int looked = 0;
        for (int c = tree.firstChild(n); c >= 0 && looked++ < MAX_LOOK; c = tree.next(c)) {
            if (leftOut != null && leftOut[c]) continue;
            if (tree.isText(c)) {
                if (!blank(tree, c)) return 0;
                continue;
            }
            boolean div = tree.is(c, "div");
            // a div past the leading headers changes nothing, skipped or not: not asked (its role and attributes
            // looked up, a child each, were 19 of 6,188 CPU samples of the content stage on the JDK docs)
            if (div && !leading) continue;
            if (SkippedElements.skipped(tree, c, ElementRole.of(tree.name(c)), hints)) continue;
            if (!div) return 0;
            if (leading && hasClass(tree, c, "table-header")) headers++;
            else leading = false;
        }
        if (headers > 0) return headers;
        if (hasClass(tree, n, "two-column-summary")) return 2;
        if (hasClass(tree, n, "three-column-summary")) return 3;
        if (hasClass(tree, n, "four-column-summary")) return 4;
        return 0;
    }

    /** Whether grid cell c is a header cell. */
    static boolean isHeader(PageTree tree, int c) {
        return hasClass(tree, c, "table-header");
    }

    private static boolean blank(PageTree tree, int text) {
        char[] s = tree.text();
        for (int i = tree.textStart(text), end = tree.textEnd(text); i < end; i++) {
            if (!MarkdownSyntax.isHtmlSpace(s[i])) return false;
        }
        return true;
    }

    /**
     * Whether element n's class attribute has the class name (in any ASCII case), read where it
     * lies in the tree; an attribute with a character reference is decoded first.
     */
    static boolean hasClass(PageTree tree, int n, String name) {
        int i = tree.attributeIndex(n, "class");
        if (i < 0 || tree.valueStart(n, i) < 0) return false;
        char[] c;
        int from;
        int to;
        if (tree.valueHasReference(n, i)) {
            c = tree.attributeValue(n, i).toCharArray();
            from = 0;
            to = c.length;
        } else {
            c = tree.attributeChars();
            from = tree.valueStart(n, i);
            to = tree.valueEnd(n, i);
        }
        int want = name.length();
        int k = from;
        while (k < to) { // class names are separated by ASCII whitespace, which is all at or below ' '
            while (k < to && c[k] <= ' ') k++;
            int start = k;
            while (k < to && c[k] > ' ') k++;
            if (k - start == want && sameIgnoringCase(c, start, name)) return true;
        }
        return false;
    }

    /** Whether c from start holds name (lower case) in any ASCII case. */
    private static boolean sameIgnoringCase(char[] c, int start, String name) {
        for (int j = 0; j < name.length(); j++) {
            char ch = c[start + j];
            if ((ch >= 'A' && ch <= 'Z' ? (char) (ch + 32) : ch) != name.charAt(j)) return false;
        }
        return true;
    }
}
