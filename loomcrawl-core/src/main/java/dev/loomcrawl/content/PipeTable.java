package dev.loomcrawl.content;

import java.util.ArrayList;
import java.util.Arrays;

/**
 * An HTML table as a GitHub pipe table: a grid of one-line cells, read row by row and written when the table ends.
 * A cell spanning columns or rows is written in its first position and the positions it covers are left empty, so
 * every cell stays under its column. Rows are padded to the widest; the header is the first row of
 * {@code <thead>}, else the first row. Pipes in cells are escaped, in code spans and link destinations too
 * (GitHub's table rule).
 *
 * <p>Spans and padding are bounded by what the table says: a grid more than {@link #GROWTH} times as long as the
 * table written compactly (each cell once, spans not filled, rows not padded, the header as wide as the widest row)
 * is written compactly, so that a few {@code colspan="1000"} cells cannot make every row thousands of empty cells
 * long. The grid is laid out only up to that size, so the time is bounded too.
 */
final class PipeTable {
    /** The widest a cell may span: browsers cap colspan at 1000. */
    private static final int MAX_COLSPAN = 1000;
    /** How many times longer than the compact table the grid may be. */
    static final int GROWTH = 4;

    /** A cell as read: its inline Markdown (pipes escaped, one line) and its spans. */
    private record Cell(String markdown, int colspan, int rowspan) {}

    /** The rows as read, each its cells; a row without cells is kept, as it counts for rowspans above it. */
    private final ArrayList<ArrayList<Cell>> rows = new ArrayList<>();
    private int header = -1;
    private int cellCount;

    /** Starts a row; inHead says it is in the table's {@code <thead>}. */
    void row(boolean inHead) {
        rows.add(new ArrayList<>());
        if (inHead && header < 0) header = rows.size() - 1;
    }

    /** Adds a cell of inline Markdown (one line) spanning colspan columns and rowspan rows. */
    void cell(String markdown, int colspan, int rowspan) {
        if (rows.isEmpty()) row(false);
        rows.getLast().add(new Cell(escapePipes(markdown), Math.clamp(colspan, 1, MAX_COLSPAN), rowspan));
        cellCount++;
    }

    /** Whether no row has a cell. */
    boolean isEmpty() {
        return cellCount == 0;
    }

    /** The table's lines, without a final newline. */
    String render() {
        int widest = 1; // the most cells a row has, spans not counted
        long compact = 0; // the compact table's length, but for its header's padding and delimiter row
        for (ArrayList<Cell> r : rows) {
            if (r.isEmpty()) continue;
            widest = Math.max(widest, r.size());
            compact += 2;
            for (Cell c : r) compact += c.markdown.isEmpty() ? 2 : c.markdown.length() + 3;
        }
        compact += 8L * widest + 1;
        ArrayList<ArrayList<String>> grid = grid(GROWTH * compact);
        if (grid != null) return write(grid, true);
        ArrayList<ArrayList<String>> cells = new ArrayList<>(rows.size());
        for (ArrayList<Cell> r : rows) {
            ArrayList<String> line = new ArrayList<>(r.size());
            for (Cell c : r) line.add(c.markdown);
            cells.add(line);
        }
        return write(cells, false);
    }

    /**
     * The rows laid out on a grid, spans filled with empty cells, or null when the grid written would be longer
     * than limit characters: it stops as soon as it knows, having made at most about limit / 2 positions.
     */
    private ArrayList<ArrayList<String>> grid(long limit) {
        ArrayList<ArrayList<String>> grid = new ArrayList<>(rows.size());
        // for each column, the last row a rowspan from above covers (-1: none)
        int[] coveredUntil = new int[8];
        Arrays.fill(coveredUntil, -1);
        long text = 0; // the cells' text, and a space after each that has some
        int width = 1;
        int kept = 0;
        for (int k = 0; k < rows.size(); k++) {
            ArrayList<Cell> cells = rows.get(k);
            ArrayList<String> row = new ArrayList<>();
            grid.add(row);
            if (cells.isEmpty()) continue;
            kept++;
            for (Cell c : cells) {
                while (row.size() < coveredUntil.length && coveredUntil[row.size()] >= k) row.add("");
                int end = row.size() + c.colspan;
                // every kept row padded to the widest: 2 characters a position, 6 in the delimiter row
                if ((2L * kept + 6) * Math.max(width, end) + text > limit) return null;
                row.add(c.markdown);
                if (!c.markdown.isEmpty()) text += c.markdown.length() + 1;
                for (int i = 1; i < c.colspan; i++) row.add("");
                if (c.rowspan > 1) {
                    if (end > coveredUntil.length) {
                        int old = coveredUntil.length;
                        coveredUntil = Arrays.copyOf(coveredUntil, Math.max(end, old * 2));
                        Arrays.fill(coveredUntil, old, coveredUntil.length, -1);
                    }
                    Arrays.fill(coveredUntil, end - c.colspan, end, k + c.rowspan - 1);
                }
                width = Math.max(width, end);
            }
        }
        return grid;
    }

    /**
     * The rows' lines: the header first, empty rows left out, the header and the delimiter row as wide as the widest
     * row, and the other rows too when pad (a reader fills a short row with empty cells; a long one would lose its
     * last cells).
     */
    private String write(ArrayList<ArrayList<String>> cells, boolean pad) {
        ArrayList<ArrayList<String>> kept = new ArrayList<>(cells.size());
        if (header >= 0 && !cells.get(header).isEmpty()) kept.add(cells.get(header));
        for (int i = 0; i < cells.size(); i++) {
            if (i != header && !cells.get(i).isEmpty()) kept.add(cells.get(i));
        }
        int width = 1;
        for (ArrayList<String> r : kept) width = Math.max(width, r.size());
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < kept.size(); i++) {
            if (i > 0) out.append('\n');
            ArrayList<String> r = kept.get(i);
            line(out, r, pad || i == 0 ? width : r.size());
            if (i == 0) {
                out.append('\n');
                out.append('|');
                for (int c = 0; c < width; c++) out.append(" --- |");
            }
        }
        return out.toString();
    }

    private static void line(StringBuilder out, ArrayList<String> cells, int width) {
        out.append('|');
        for (int c = 0; c < width; c++) {
            String cell = c < cells.size() ? cells.get(c) : "";
            out.append(' ').append(cell);
            if (!cell.isEmpty()) out.append(' ');
            out.append('|');
        }
    }

    /** The cell with each '|' escaped and any line break made a space. */
    private static String escapePipes(String markdown) {
        if (markdown.indexOf('|') < 0 && markdown.indexOf('\n') < 0) return markdown;
        StringBuilder out = new StringBuilder(markdown.length() + 8);
        for (int i = 0; i < markdown.length(); i++) {
            char c = markdown.charAt(i);
            if (c == '|') out.append('\\');
            out.append(c == '\n' ? ' ' : c);
        }
        return out.toString();
    }
}
