package dev.loomcrawl.content;

import java.util.ArrayList;
import java.util.Arrays;

/**
 * An HTML table as a GitHub pipe table: a grid of one-line cells, built row by row. A cell spanning columns or
 * rows is written in its first position and the positions it covers are left empty, so every cell stays under
 * its column. Rows are padded to the widest; the header is the first row of {@code <thead>}, else the first row.
 * Pipes in cells are escaped, in code spans and link destinations too (GitHub's table rule).
 */
final class PipeTable {
    /** The widest a cell may span: browsers cap colspan at 1000. */
    private static final int MAX_COLSPAN = 1000;

    private final ArrayList<ArrayList<String>> rows = new ArrayList<>();
    private int header = -1;
    /** For each column, how many more rows a rowspan from above covers. */
    private int[] spanned = new int[8];
    /** For each column, whether a rowspan from above covers it in the current row. */
    private boolean[] covered = new boolean[8];
    private ArrayList<String> row;

    /** Starts a row; inHead says it is in the table's {@code <thead>}. */
    void row(boolean inHead) {
        row = new ArrayList<>();
        rows.add(row);
        if (inHead && header < 0) header = rows.size() - 1;
        if (covered.length < spanned.length) covered = new boolean[spanned.length];
        for (int i = 0; i < spanned.length; i++) {
            covered[i] = spanned[i] > 0;
            if (covered[i]) spanned[i]--;
        }
    }

    /** Adds a cell of inline Markdown (one line) spanning colspan columns and rowspan rows. */
    void cell(String markdown, int colspan, int rowspan) {
        if (row == null) row(false);
        skipSpanned();
        int span = Math.clamp(colspan, 1, MAX_COLSPAN);
        row.add(escapePipes(markdown));
        for (int i = 1; i < span; i++) row.add("");
        if (rowspan > 1) {
            int end = row.size();
            if (end > spanned.length) spanned = Arrays.copyOf(spanned, Math.max(end, spanned.length * 2));
            for (int c = end - span; c < end; c++) spanned[c] = rowspan - 1;
        }
    }

    /** Whether no row has a cell. */
    boolean isEmpty() {
        for (ArrayList<String> r : rows) {
            if (!r.isEmpty()) return false;
        }
        return true;
    }

    /** The table's lines, without a final newline. */
    String render() {
        ArrayList<ArrayList<String>> kept = new ArrayList<>(rows.size());
        if (header >= 0 && !rows.get(header).isEmpty()) kept.add(rows.get(header));
        for (int i = 0; i < rows.size(); i++) {
            if (i != header && !rows.get(i).isEmpty()) kept.add(rows.get(i));
        }
        int width = 1;
        for (ArrayList<String> r : kept) width = Math.max(width, r.size());
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < kept.size(); i++) {
            if (i > 0) out.append('\n');
            line(out, kept.get(i), width);
            if (i == 0) {
                out.append('\n');
                out.append('|');
                for (int c = 0; c < width; c++) out.append(" --- |");
            }
        }
        return out.toString();
    }

    private void skipSpanned() {
        while (row.size() < covered.length && covered[row.size()]) row.add("");
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
