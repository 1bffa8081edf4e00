package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;

/**
 * Whether an HTML table lays out blocks (a layout table: {@link Markdown} writes its cells as the blocks they hold) or
 * holds data (written as a pipe table). Pages use tables for both; a layout table written as a pipe table is one long
 * row of whole paragraphs and lists (Python's index pages, Sphinx's line-numbered code, Boost's navigation bars),
 * which no reader takes for a table.
 *
 * <p>The signals, in order, the first that applies deciding:
 * <ol>
 *   <li>{@code role="presentation"} or {@code role="none"}: layout, as the page says.</li>
 *   <li>fewer than two cells: layout (there is nothing to tabulate).</li>
 *   <li>a header cell ({@code th}), a {@code thead} or a {@code caption}: data.</li>
 *   <li>a table inside one of its cells (as a cell's child or grandchild): layout, a grid of boxes.</li>
 *   <li>a single row, or a single column: layout (a bar of links, a list drawn as a table).</li>
 *   <li>a cell holding two or more blocks (paragraphs, lists, divisions...): layout; a value is one block at most.</li>
 *   <li>otherwise: data.</li>
 * </ol>
 * Only the table's own rows and cells and their children are read, up to {@link #MAX_ELEMENTS} elements, and the
 * decision is taken on what was read by then: a table of any size or nesting costs a bounded look.
 */
final class LayoutTable {
    /** The most elements (rows, cells, a cell's children and grandchildren) read to decide. */
    static final int MAX_ELEMENTS = 2048;

    private LayoutTable() {
    }

    /**
     * Whether table (a {@code <table>} element of the tree) is a layout table; leftOut: nodes left out, or null; hints:
     * the tree's {@link ClassHints}, or null. Hidden parts (a {@code display:none} caption) are not read.
     */
    static boolean is(PageTree tree, boolean[] leftOut, int table, byte[] hints) {
        String role = tree.attr(table, "role").strip();
        if (role.equalsIgnoreCase("presentation") || role.equalsIgnoreCase("none")) return true;
        Scan scan = new Scan(tree, leftOut, hints);
        for (int part = scan.first(table); part >= 0 && scan.budget > 0; part = scan.next(part)) {
            if (tree.is(part, "tr")) {
                scan.row(part);
            } else if (tree.is(part, "thead") || tree.is(part, "tbody") || tree.is(part, "tfoot")) {
                if (tree.is(part, "thead")) scan.header = true;
                for (int row = scan.first(part); row >= 0 && scan.budget > 0; row = scan.next(row)) {
                    if (tree.is(row, "tr")) scan.row(row);
                }
            } else if (tree.is(part, "caption")) {
                scan.header = true;
            }
        }
        if (scan.cells < 2) return true;
        if (scan.header) return false;
        return scan.nested || scan.rows <= 1 || scan.columns <= 1 || scan.blockCells;
    }

    /** What the look has found so far. */
    private static final class Scan {
        final PageTree tree;
        final boolean[] leftOut;
        final byte[] hints;
        int budget = MAX_ELEMENTS;
        int cells;
        int rows;
        int columns;
        boolean header;
        boolean nested;
        boolean blockCells;

        Scan(PageTree tree, boolean[] leftOut, byte[] hints) {
            this.tree = tree;
            this.leftOut = leftOut;
            this.hints = hints;
        }

        /** A row: its cells, and their children and grandchildren. */
        void row(int row) {
            int own = 0;
            for (int cell = first(row); cell >= 0 && budget > 0; cell = next(cell)) {
                budget--;
                boolean th = tree.is(cell, "th");
                if (!th && !tree.is(cell, "td")) continue;
                own++;
                header |= th;
                int blocks = 0;
                for (int child = first(cell); child >= 0 && budget > 0; child = next(child)) {
                    budget--;
                    if (tree.isText(child)) continue;
                    int role = ElementRole.of(tree.name(child));
                    if (role == ElementRole.TABLE) nested = true;
                    if (role >= ElementRole.BLOCK) blocks++;
                    if (role == ElementRole.DIVISION || role == ElementRole.BLOCK) {
                        for (int g = first(child); g >= 0 && budget > 0; g = next(g)) {
                            budget--;
                            if (tree.is(g, "table")) nested = true;
                        }
                    }
                }
                if (blocks >= 2) blockCells = true;
            }
            cells += own;
            if (own > 0) rows++;
            columns = Math.max(columns, own);
        }

        /** Node n's first child that is neither left out nor skipped (hidden...), or -1. */
        int first(int n) {
            int c = tree.firstChild(n);
            return c >= 0 && passedOver(c) ? next(c) : c;
        }

        /** The next sibling of node n that is neither left out nor skipped, or -1. */
        int next(int n) {
            int s = tree.next(n);
            while (s >= 0 && passedOver(s)) s = tree.next(s);
            return s;
        }

        private boolean passedOver(int n) {
            return leftOut != null && leftOut[n]
                || !tree.isText(n) && SkippedElements.skipped(tree, n, ElementRole.of(tree.name(n)), hints);
        }
    }
}
