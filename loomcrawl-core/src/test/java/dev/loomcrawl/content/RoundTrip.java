package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.parser.delimiter.DelimiterProcessor;
import org.commonmark.parser.delimiter.DelimiterRun;
import org.commonmark.renderer.html.HtmlRenderer;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * The round trip that checks a conversion: the Markdown is read back with commonmark-java (GitHub tables, and
 * {@code ~~} read as markup), rendered to HTML, and compared with the original subtree. {@link #check} says
 * what differs:
 * <ul>
 *   <li>the text (jsoup's {@code text()}, whitespace and nbsp collapsed) of the rendering against the text of the
 *       original with the skipped elements ({@link SkippedElements}) and permalink anchors ({@link Permalinks})
 *       removed: a difference is text lost, added, or turned into markup;</li>
 *   <li>every {@code <pre>} (not inside a heading or a data table's cell, where it is flattened) against the code blocks
 *       read back: the same count and exactly the same text, except that a line of only spaces and tabs counts
 *       as empty (inside a list item CommonMark reads such a line as blank, whatever the Markdown says);</li>
 *   <li>every data table (not a layout table, {@link LayoutTable}; not inside a heading or a data table's cell) and
 *       every javadoc summary grid ({@link SummaryGrid}) against the tables read back: as many rows, every row as
 *       wide as the table's grid, the same non-empty cells in order.</li>
 * </ul>
 * Code blocks and tables are matched as multisets (each original one kept if the same one is read back), so that
 * one lost block does not count its successors lost too.
 *
 * <p>Public, and in loomcrawl-core's test-jar, for loomcrawl-bench's {@code MarkdownFidelity}, which measures any
 * converter's output with it.
 */
public final class RoundTrip {
    private static final Parser PARSER = Parser.builder()
        .extensions(List.of(TablesExtension.create()))
        .customDelimiterProcessor(new Strikethrough())
        .build();
    private static final HtmlRenderer RENDERER = HtmlRenderer.builder()
        .extensions(List.of(TablesExtension.create()))
        .build();

    private RoundTrip() {
    }

    /**
     * GitHub's {@code ~~text~~}, for a reader without the strikethrough extension: the delimiters are consumed
     * (so they do not stay in the text, which is all the round trip compares) when they pair up as markup.
     */
    private static final class Strikethrough implements DelimiterProcessor {
        @Override
        public char getOpeningCharacter() {
            return '~';
        }

        @Override
        public char getClosingCharacter() {
            return '~';
        }

        @Override
        public int getMinLength() {
            return 2;
        }

        @Override
        public int process(DelimiterRun opening, DelimiterRun closing) {
            return opening.length() >= 2 && closing.length() >= 2 ? 2 : 0;
        }
    }

    /** The Markdown read back and rendered to HTML, as a jsoup document. */
    public static Document render(String markdown) {
        return Jsoup.parse(RENDERER.render(PARSER.parse(markdown)));
    }

    /**
     * What a conversion kept.
     *
     * @param textEqual   whether the text read back is the original's
     * @param codeBlocks  how many {@code <pre>} the original has (those that must become code blocks)
     * @param codeKept    how many of them are read back with exactly their text
     * @param tables      how many tables the original has (those that must become tables)
     * @param tablesKept  how many of them are read back with their rows, width and cells
     * @param problems    what differs, one line each; empty when everything was kept
     */
    public record Check(boolean textEqual, int codeBlocks, int codeKept, int tables, int tablesKept,
                        List<String> problems) {
    }

    /** What differs between the original subtree and its Markdown read back; empty when nothing does. */
    static List<String> problems(Element root, String markdown) {
        return check(root, markdown).problems();
    }

    /** Reads markdown back and compares it with root, the subtree it was converted from. */
    public static Check check(Element root, String markdown) {
        List<String> problems = new ArrayList<>();
        Element source = visible(root);
        Shapes shapes = new Shapes(source);
        Document back = render(markdown);
        String expected = normalise(source.text());
        String actual = normalise(back.body().text());
        boolean textEqual = expected.equals(actual);
        if (!textEqual) problems.add("text differs: " + firstDifference(expected, actual));
        List<String> pres = new ArrayList<>();
        for (Element pre : source.select("pre")) {
            if (pre.parents().stream().anyMatch(p -> p.nameIs("pre")) || shapes.flattened(pre, source)) continue;
            String text = pre.wholeText();
            if (!text.isBlank()) pres.add(blankLinesEmptied(text.endsWith("\n") ? text : text + "\n"));
        }
        List<String> blocks = new ArrayList<>();
        for (Element code : back.select("pre > code")) blocks.add(blankLinesEmptied(code.wholeText()));
        int codeKept = kept(pres, blocks);
        if (codeKept < pres.size() || blocks.size() != pres.size()) {
            problems.add("code blocks differ (" + pres.size() + " in the page, " + blocks.size() + " read back, "
                + codeKept + " the same): " + firstDifference(pres, blocks));
        }
        List<String> tables = new ArrayList<>();
        for (Element table : source.select("table, div")) {
            if (shapes.flattened(table, source)) continue;
            if (shapes.dataTable(table)) tables.add(grid(table));
            int columns = shapes.gridColumns(table);
            if (columns > 0) tables.add(summaryGrid(table, columns));
        }
        List<String> tablesBack = new ArrayList<>();
        for (Element table : back.select("table")) tablesBack.add(gridBack(table));
        int tablesKept = kept(tables, tablesBack);
        if (tablesKept < tables.size() || tablesBack.size() != tables.size()) {
            problems.add("tables differ (" + tables.size() + " in the page, " + tablesBack.size() + " read back, "
                + tablesKept + " the same): " + firstDifference(tables, tablesBack));
        }
        return new Check(textEqual, pres.size(), codeKept, tables.size(), tablesKept, List.copyOf(problems));
    }

    /** How many of expected are in actual, each actual one counted once. */
    private static int kept(List<String> expected, List<String> actual) {
        HashMap<String, Integer> left = new HashMap<>();
        for (String a : actual) left.merge(a, 1, Integer::sum);
        int kept = 0;
        for (String e : expected) {
            Integer n = left.get(e);
            if (n != null && n > 0) {
                kept++;
                left.put(e, n - 1);
            }
        }
        return kept;
    }

    /**
     * A copy of root without its skipped elements and its permalink anchors (what a reader sees, and what a converter
     * should keep).
     */
    public static Element visible(Element root) {
        Element copy = root.clone();
        PageTree tree = PageTree.of(copy);
        List<Element> skipped = new ArrayList<>();
        int n = 0; // the copy's elements and the tree's are in the same (document) order
        for (Element el : copy.getAllElements()) {
            do n++; while (tree.isText(n));
            if (el != copy && (SkippedElements.skipped(tree, n, ElementRole.of(el.normalName()), null)
                || el.nameIs("a") && Permalinks.is(tree, n, null))) {
                skipped.add(el);
            }
        }
        for (Element el : skipped) el.remove();
        return copy;
    }

    /** What a subtree's tables are: data or layout tables, summary grids; and what is flattened (written inline). */
    private static final class Shapes {
        private final PageTree tree;
        private final IdentityHashMap<Element, Integer> nodes = new IdentityHashMap<>();

        Shapes(Element root) {
            tree = PageTree.of(root);
            int n = 0;
            for (Element el : root.getAllElements()) {
                do n++; while (tree.isText(n));
                nodes.put(el, n);
            }
        }

        boolean dataTable(Element el) {
            return el.nameIs("table") && !LayoutTable.is(tree, null, nodes.get(el), null);
        }

        /** The columns of a summary grid, or 0 when el is none. */
        int gridColumns(Element el) {
            return el.nameIs("div") ? SummaryGrid.columns(tree, null, nodes.get(el), null) : 0;
        }

        /** Whether el is inside a heading, a data table's cell or caption, or a summary grid, within root. */
        boolean flattened(Element el, Element root) {
            for (Element up = el.parent(); up != null && up != root.parent(); up = up.parent()) {
                if (ElementRole.headingLevel(ElementRole.of(up.normalName())) > 0) return true;
                if (up.nameIs("td") || up.nameIs("th") || up.nameIs("caption")) {
                    Element table = up.closest("table");
                    if (table != null && dataTable(table)) return true;
                }
                if (gridColumns(up) > 0) return true;
            }
            return false;
        }
    }

    /** A summary grid as the table it must be read back as: its children in rows of columns, their text in order. */
    private static String summaryGrid(Element grid, int columns) {
        int cells = grid.children().size();
        StringBuilder out = new StringBuilder().append((cells + columns - 1) / columns).append(" rows of ")
            .append(columns);
        for (Element cell : grid.children()) {
            String text = normalise(cell.text());
            if (!text.isEmpty()) out.append(" | ").append(text);
        }
        return out.toString();
    }

    /** text with every line of only spaces and tabs made empty. */
    private static String blankLinesEmptied(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (String line : text.split("\n", -1)) {
            if (!out.isEmpty()) out.append('\n');
            if (!line.isBlank()) out.append(line);
        }
        return out.toString();
    }

    /** Whitespace (nbsp too) collapsed to single spaces, trimmed. */
    public static String normalise(String text) {
        StringBuilder out = new StringBuilder(text.length());
        boolean space = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c) || c == '\u00a0') {
                space = !out.isEmpty();
                continue;
            }
            if (space) out.append(' ');
            space = false;
            out.append(c);
        }
        return out.toString();
    }

    private static List<Element> ownRows(Element table) {
        List<Element> rows = new ArrayList<>();
        for (Element part : table.children()) {
            if (part.nameIs("tr")) rows.add(part);
            if (part.nameIs("thead") || part.nameIs("tbody") || part.nameIs("tfoot")) {
                for (Element row : part.children()) {
                    if (row.nameIs("tr")) rows.add(row);
                }
            }
        }
        return rows;
    }

    /**
     * The original table as the grid it must be read back as: its rows with a cell (the others are dropped), as
     * wide as its colspans and rowspans make it, and its non-empty cells' text in order.
     */
    private static String grid(Element table) {
        List<Element> rows = new ArrayList<>();
        for (Element row : ownRows(table)) {
            if (row.children().stream().anyMatch(c -> c.nameIs("td") || c.nameIs("th"))) rows.add(row);
        }
        StringBuilder grid = new StringBuilder().append(rows.size()).append(" rows of ").append(gridWidth(rows));
        for (Element row : rows) {
            for (Element cell : row.children()) {
                if (!cell.nameIs("td") && !cell.nameIs("th")) continue;
                String text = normalise(cell.text());
                if (!text.isEmpty()) grid.append(" | ").append(text);
            }
        }
        return grid.toString();
    }

    /** A table read back as the same description as {@link #grid}, or a description that cannot equal one. */
    private static String gridBack(Element table) {
        List<Element> rows = table.select("tr");
        int width = rows.isEmpty() ? 0 : rows.getFirst().children().size();
        StringBuilder grid = new StringBuilder().append(rows.size()).append(" rows of ").append(width);
        for (Element row : rows) {
            if (row.children().size() != width) return "rows of different widths";
            for (Element cell : row.children()) {
                String text = normalise(cell.text());
                if (!text.isEmpty()) grid.append(" | ").append(text);
            }
        }
        return grid.toString();
    }

    /** The number of columns of the rows' grid, colspans and rowspans counted. */
    private static int gridWidth(List<Element> rows) {
        List<boolean[]> taken = new ArrayList<>();
        int width = 0;
        for (int r = 0; r < rows.size(); r++) {
            while (taken.size() <= r) taken.add(new boolean[0]);
            int col = 0;
            for (Element cell : rows.get(r).children()) {
                if (!cell.nameIs("td") && !cell.nameIs("th")) continue;
                while (isTaken(taken.get(r), col)) col++;
                int colspan = span(cell.attr("colspan"), 1000);
                int rowspan = span(cell.attr("rowspan"), 65_534);
                for (int dr = 0; dr < rowspan && r + dr < rows.size(); dr++) {
                    while (taken.size() <= r + dr) taken.add(new boolean[0]);
                    for (int dc = 0; dc < colspan; dc++) taken.set(r + dr, take(taken.get(r + dr), col + dc));
                }
                col += colspan;
            }
            width = Math.max(width, taken.get(r).length);
        }
        for (boolean[] row : taken) width = Math.max(width, row.length);
        return Math.max(width, 1);
    }

    private static boolean isTaken(boolean[] row, int col) {
        return col < row.length && row[col];
    }

    private static boolean[] take(boolean[] row, int col) {
        boolean[] grown = row.length > col ? row : Arrays.copyOf(row, col + 1);
        grown[col] = true;
        return grown;
    }

    private static int span(String value, int max) {
        try {
            return Math.clamp(Long.parseLong(value.strip()), 1, max);
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    private static String firstDifference(String expected, String actual) {
        int i = 0;
        while (i < expected.length() && i < actual.length() && expected.charAt(i) == actual.charAt(i)) i++;
        int from = Math.max(0, i - 60);
        return "at " + i + ": expected «" + expected.substring(from, Math.min(expected.length(), i + 60))
            + "» but read back «" + actual.substring(from, Math.min(actual.length(), i + 60)) + "»";
    }

    private static String firstDifference(List<String> expected, List<String> actual) {
        for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
            if (!expected.get(i).equals(actual.get(i))) {
                return "#" + (i + 1) + " " + firstDifference(expected.get(i), actual.get(i));
            }
        }
        return expected.size() + " expected, " + actual.size() + " read back";
    }
}
