package dev.loomcrawl.content;

import java.util.Arrays;

/**
 * The pipe table as it was written before it wrote encoded bytes (git b6af471's {@code PipeTable}, renamed and
 * otherwise unchanged): characters escaped into a {@link TextBuffer} and lines rendered as characters, for
 * {@link MarkdownBlocks#block(TextBuffer)} to encode. Kept as the oracle that {@link PipeTableTest} holds
 * {@link PipeTable} to, byte for byte, since its sizes (which decide grid or compact) count characters.
 */
final class CharPipeTable {
    /** The widest a cell may span: browsers cap colspan at 1000. */
    private static final int MAX_COLSPAN = 1000;
    /** How many times longer than the compact table the grid may be. */
    static final int GROWTH = 4;
    private static final char[] DELIMITER = {' ', '-', '-', '-', ' ', '|'};

    /** The cells' Markdown, escaped, one after the other; cell c is {@code text[from[c], to[c])}. */
    private final TextBuffer text = new TextBuffer(1024);
    private int[] from = new int[64];
    private int[] to = new int[64];
    private int[] colspan = new int[64];
    private int[] rowspan = new int[64];
    private int cells;
    /**
     * Row r's cells are {@code [firstCell[r], firstCell[r + 1])} (the last row's end: {@link #cells}); a row without
     * cells is kept, as it counts for rowspans above it.
     */
    private int[] firstCell = new int[16];
    private int rows;
    private int header = -1;
    /** The laid-out grid, reused: row r's positions are {@code position[rowStart[r], rowStart[r + 1])}. */
    private int[] position = new int[64];
    private int[] rowStart = new int[17];

    /** Empties the table, for the next one. */
    CharPipeTable clear() {
        text.setLength(0);
        cells = 0;
        rows = 0;
        header = -1;
        return this;
    }

    /** Starts a row; inHead says it is in the table's {@code <thead>}. */
    void row(boolean inHead) {
        if (rows == firstCell.length) firstCell = Arrays.copyOf(firstCell, rows * 2);
        firstCell[rows++] = cells;
        if (inHead && header < 0) header = rows - 1;
    }

    /** Adds a cell of inline Markdown (one line, copied) spanning colspan columns and rowspan rows. */
    void cell(TextBuffer markdown, int colspan, int rowspan) {
        if (rows == 0) row(false);
        if (cells == from.length) {
            int size = cells * 2;
            from = Arrays.copyOf(from, size);
            to = Arrays.copyOf(to, size);
            this.colspan = Arrays.copyOf(this.colspan, size);
            this.rowspan = Arrays.copyOf(this.rowspan, size);
        }
        from[cells] = text.length;
        text.reserve(markdown.length);
        appendEscaped(markdown.chars, markdown.length);
        to[cells] = text.length;
        this.colspan[cells] = Math.clamp(colspan, 1, MAX_COLSPAN);
        this.rowspan[cells++] = rowspan;
    }

    /** Whether no row has a cell. */
    boolean isEmpty() {
        return cells == 0;
    }

    /** Appends the table's lines, without a final newline, to out. */
    void render(TextBuffer out) {
        int widest = 1; // the most cells a row has, spans not counted
        long compact = 0; // the compact table's length, but for its header's padding and delimiter row
        for (int r = 0; r < rows; r++) {
            int first = firstCell[r];
            int end = rowEnd(r);
            if (first == end) continue;
            widest = Math.max(widest, end - first);
            compact += 2;
            for (int c = first; c < end; c++) compact += from[c] == to[c] ? 2 : to[c] - from[c] + 3;
        }
        compact += 8L * widest + 1;
        if (grid(GROWTH * compact)) {
            write(out, position, rowStart, true);
            return;
        }
        // compact: each row its own cells; the positions are the cell numbers
        if (position.length < cells) position = new int[cells];
        if (rowStart.length < rows + 1) rowStart = new int[rows + 1];
        for (int c = 0; c < cells; c++) position[c] = c;
        System.arraycopy(firstCell, 0, rowStart, 0, rows);
        rowStart[rows] = cells;
        write(out, position, rowStart, false);
    }

    /** The end of row r's cells. */
    private int rowEnd(int r) {
        return r + 1 < rows ? firstCell[r + 1] : cells;
    }

    /**
     * Lays the rows out on a grid ({@link #position}, {@link #rowStart}), spans filled with empty positions; false
     * when the grid written would be longer than limit characters: it stops as soon as it knows, having made at most
     * about limit / 2 positions.
     */
    private boolean grid(long limit) {
        if (rowStart.length < rows + 1) rowStart = new int[rows + 1];
        int size = 0;
        // for each column, the last row a rowspan from above covers (-1: none)
        int[] coveredUntil = new int[8];
        Arrays.fill(coveredUntil, -1);
        long written = 0; // the cells' text, and a space after each that has some
        int width = 1;
        int kept = 0;
        for (int k = 0; k < rows; k++) {
            rowStart[k] = size;
            int first = firstCell[k];
            int end = rowEnd(k);
            if (first == end) continue;
            kept++;
            for (int c = first; c < end; c++) {
                while (size - rowStart[k] < coveredUntil.length && coveredUntil[size - rowStart[k]] >= k) {
                    size = put(size, -1);
                }
                int at = size - rowStart[k];
                int spanEnd = at + colspan[c];
                // every kept row padded to the widest: 2 characters a position, 6 in the delimiter row
                if ((2L * kept + 6) * Math.max(width, spanEnd) + written > limit) return false;
                size = put(size, c);
                if (from[c] != to[c]) written += to[c] - from[c] + 1;
                for (int i = 1; i < colspan[c]; i++) size = put(size, -1);
                if (rowspan[c] > 1) {
                    if (spanEnd > coveredUntil.length) {
                        int old = coveredUntil.length;
                        coveredUntil = Arrays.copyOf(coveredUntil, Math.max(spanEnd, old * 2));
                        Arrays.fill(coveredUntil, old, coveredUntil.length, -1);
                    }
                    Arrays.fill(coveredUntil, spanEnd - colspan[c], spanEnd, k + rowspan[c] - 1);
                }
                width = Math.max(width, spanEnd);
            }
        }
        rowStart[rows] = size;
        return true;
    }

    /** Puts cell c (-1: an empty position) at grid position at; returns the next position. */
    private int put(int at, int c) {
        if (at == position.length) position = Arrays.copyOf(position, at * 2);
        position[at] = c;
        return at + 1;
    }

    /**
     * Writes the rows: the header first, empty rows left out, the header and the delimiter row as wide as the widest
     * row, and the other rows too when pad (a reader fills a short row with empty cells; a long one would lose its
     * last cells). Row r's cells are {@code positions[starts[r], starts[r + 1])}, cell numbers or -1 for empty.
     */
    private void write(TextBuffer out, int[] positions, int[] starts, boolean pad) {
        int width = 1;
        long positionsWritten = 0;
        for (int r = 0; r < rows; r++) {
            int size = starts[r + 1] - starts[r];
            width = Math.max(width, size);
            positionsWritten += size;
        }
        // room for the whole table at once: each cell's text and a space, 2 characters a position (every row padded
        // to the widest, or only the first two), a line break a row, the delimiter row
        long written = pad ? (long) rows * width : positionsWritten + 2L * width;
        out.reserve((int) Math.min(Integer.MAX_VALUE - 16, text.length + cells + 2 * written + 2L * rows
            + 6L * width + 2));
        boolean first = true;
        if (header >= 0 && starts[header + 1] > starts[header]) {
            line(out, positions, starts[header], starts[header + 1], width);
            first = false;
            delimiterRow(out, width);
        }
        for (int r = 0; r < rows; r++) {
            int size = starts[r + 1] - starts[r];
            if (r == header || size == 0) continue;
            if (!first) out.append('\n');
            line(out, positions, starts[r], starts[r + 1], first || pad ? width : size);
            if (first) delimiterRow(out, width);
            first = false;
        }
    }

    private static void delimiterRow(TextBuffer out, int width) {
        out.reserve(2 + DELIMITER.length * width);
        char[] o = out.chars;
        int at = out.length;
        o[at++] = '\n';
        o[at++] = '|';
        for (int c = 0; c < width; c++) {
            System.arraycopy(DELIMITER, 0, o, at, DELIMITER.length);
            at += DELIMITER.length;
        }
        out.length = at;
    }

    /**
     * One row's line: the cells at positions[start, end), then empty ones up to width. Its length is counted first,
     * and the characters written straight into out's array.
     */
    private void line(TextBuffer out, int[] positions, int start, int end, int width) {
        int[] from = this.from;
        int[] to = this.to;
        long length = 1 + 2L * width;
        for (int p = start; p < end; p++) {
            int c = positions[p];
            if (c >= 0 && from[c] != to[c]) length += to[c] - from[c] + 1;
        }
        out.reserve((int) Math.min(length, Integer.MAX_VALUE - 16));
        char[] t = text.chars;
        char[] o = out.chars;
        int at = out.length;
        o[at++] = '|';
        for (int p = 0; p < width; p++) {
            int c = start + p < end ? positions[start + p] : -1;
            o[at++] = ' ';
            if (c >= 0 && from[c] != to[c]) {
                int n = to[c] - from[c];
                System.arraycopy(t, from[c], o, at, n);
                at += n;
                o[at++] = ' ';
            }
            o[at++] = '|';
        }
        out.length = at;
    }

    /** Appends a cell's Markdown with each '|' escaped and any line break made a space. */
    private void appendEscaped(char[] markdown, int length) {
        int run = 0; // the start of the characters not yet copied
        for (int i = 0; i < length; i++) {
            char c = markdown[i];
            if (c != '|' && c != '\n') continue;
            text.append(markdown, run, i);
            if (c == '|') text.append('\\').append('|');
            else text.append(' ');
            run = i + 1;
        }
        text.append(markdown, run, length);
    }
}
