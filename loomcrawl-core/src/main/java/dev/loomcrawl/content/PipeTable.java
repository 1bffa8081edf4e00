package dev.loomcrawl.content;

import dev.loomcrawl.result.JsonText;

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
 *
 * <p>The cells' Markdown is copied, escaped, into one buffer, and a cell is its range there; the grid is cell numbers
 * (-1 for an empty position). A javadoc page's summary grids have thousands of cells, and a String and a list entry
 * per cell, copied again into a String per table, cost more than the rest of the table. One table is read at a time,
 * and the same object is {@link #clear}ed for the next.
 *
 * <p>The buffer holds the cells encoded as the page's {@link OutputText} holds its text ({@link JsonText}), escaped
 * and encoded in one pass, and the lines are {@link #render}ed as encoded bytes, which the blocks copy after their
 * prefixes: a table's characters were escaped, copied into lines, then encoded one by one, two passes a character
 * (javadoc pages are mostly tables) where array copies now do the second. The sizes that choose between the grid and
 * the compact table still count characters ({@link #charCount}), so that the choice is as it was.
 */
final class PipeTable {
    /** The widest a cell may span: browsers cap colspan at 1000. */
    private static final int MAX_COLSPAN = 1000;
    /** How many times longer than the compact table the grid may be. */
    static final int GROWTH = 4;
    private static final byte[] DELIMITER = {' ', '-', '-', '-', ' ', '|'};
    private static final boolean[] ONE_BYTE = JsonText.oneByteTable();
    private static final byte[] LETTERS = JsonText.escapeLetters();

    /** The cells' Markdown, escaped and encoded, one after the other; cell c is {@code text[from[c], to[c])}. */
    private byte[] text = new byte[1024];
    private int textLength;
    /** Whether a surrogate was written into {@link #text} (each as an escape of its own, {@link JsonText}). */
    private boolean surrogates;
    private int[] from = new int[64];
    private int[] to = new int[64];
    /** Cell c's escaped Markdown's length in characters, which the table's sizes count. */
    private int[] charCount = new int[64];
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
    PipeTable clear() {
        textLength = 0;
        surrogates = false;
        cells = 0;
        rows = 0;
        header = -1;
        return this;
    }

    /** Whether a row has been read as the header: a later row in the head is not the header. */
    boolean hasHeader() {
        return header >= 0;
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
            charCount = Arrays.copyOf(charCount, size);
            this.colspan = Arrays.copyOf(this.colspan, size);
            this.rowspan = Arrays.copyOf(this.rowspan, size);
        }
        from[cells] = textLength;
        charCount[cells] = appendEscaped(markdown.chars, markdown.length);
        to[cells] = textLength;
        this.colspan[cells] = Math.clamp(colspan, 1, MAX_COLSPAN);
        this.rowspan[cells++] = rowspan;
    }

    /** Whether no row has a cell. */
    boolean isEmpty() {
        return cells == 0;
    }

    /** Appends the table's lines to out (which the caller clears): the header, the delimiter row, the others. */
    void render(EncodedLines out) {
        out.surrogates |= surrogates;
        int widest = 1; // the most cells a row has, spans not counted
        long compact = 0; // the compact table's length, but for its header's padding and delimiter row
        for (int r = 0; r < rows; r++) {
            int first = firstCell[r];
            int end = rowEnd(r);
            if (first == end) continue;
            widest = Math.max(widest, end - first);
            compact += 2;
            for (int c = first; c < end; c++) compact += charCount[c] == 0 ? 2 : charCount[c] + 3;
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
                if (charCount[c] != 0) written += charCount[c] + 1;
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
    private void write(EncodedLines out, int[] positions, int[] starts, boolean pad) {
        int width = 1;
        long positionsWritten = 0;
        for (int r = 0; r < rows; r++) {
            int size = starts[r + 1] - starts[r];
            width = Math.max(width, size);
            positionsWritten += size;
        }
        // room for the whole table at once: each cell's text and a space, 2 bytes a position (every row padded to the
        // widest, or only the first two), a '|' a row, the delimiter row
        long written = pad ? (long) rows * width : positionsWritten + 2L * width;
        out.reserve((int) Math.min(Integer.MAX_VALUE - 16, textLength + cells + 2 * written + rows + 6L * width + 1));
        boolean first = true;
        if (header >= 0 && starts[header + 1] > starts[header]) {
            line(out, positions, starts[header], starts[header + 1], width);
            first = false;
            delimiterRow(out, width);
        }
        for (int r = 0; r < rows; r++) {
            int size = starts[r + 1] - starts[r];
            if (r == header || size == 0) continue;
            line(out, positions, starts[r], starts[r + 1], first || pad ? width : size);
            if (first) delimiterRow(out, width);
            first = false;
        }
    }

    private static void delimiterRow(EncodedLines out, int width) {
        out.reserve(1 + DELIMITER.length * width);
        byte[] o = out.bytes;
        int at = out.length;
        o[at++] = '|';
        for (int c = 0; c < width; c++) {
            System.arraycopy(DELIMITER, 0, o, at, DELIMITER.length);
            at += DELIMITER.length;
        }
        out.length = at;
        out.endLine();
    }

    /**
     * One row's line: the cells at positions[start, end), then empty ones up to width. Its length is counted first,
     * and the bytes written straight into out's array.
     */
    private void line(EncodedLines out, int[] positions, int start, int end, int width) {
        int[] from = this.from;
        int[] to = this.to;
        long length = 1 + 2L * width;
        for (int p = start; p < end; p++) {
            int c = positions[p];
            if (c >= 0 && from[c] != to[c]) length += to[c] - from[c] + 1;
        }
        out.reserve((int) Math.min(length, Integer.MAX_VALUE - 16));
        byte[] t = text;
        byte[] o = out.bytes;
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
        out.endLine();
    }

    /**
     * Appends a cell's Markdown with each '|' escaped and any line break made a space, encoded ({@link JsonText});
     * returns its length escaped, in characters.
     */
    private int appendEscaped(char[] markdown, int n) {
        if (textLength + n > text.length) grow(n);
        int pipes = 0;
        int i = run(markdown, 0, n);
        while (i < n) { // a '|', a line break, a control or non-ASCII character, or no room for an escape
            char c = markdown[i++];
            if (textLength + (n - i) + JsonText.MAX_BYTES > text.length) grow(n - i + JsonText.MAX_BYTES);
            if (c == '|') {
                text[textLength] = '\\'; // the Markdown's backslash, itself escaped for JSON
                text[textLength + 1] = '\\';
                text[textLength + 2] = '|';
                textLength += 3;
                pipes++;
            } else if (c == '\n') {
                text[textLength++] = ' ';
            } else {
                if (Character.isSurrogate(c)) surrogates = true;
                textLength = JsonText.write(text, textLength, c);
            }
            i = run(markdown, i, n);
        }
        return n + pipes;
    }

    /**
     * Writes s[i, to) while each character is one byte or a two-byte escape ('"', a backslash, a tab...), is not
     * '|' nor a line break, and there is room, where there is room for a byte per character; returns the index it
     * stopped at. As {@code OutputText.run}, and for the same reason: no call in it, for the C1 compiler's sake.
     */
    private int run(char[] s, int i, int to) {
        byte[] b = text;
        boolean[] oneByte = ONE_BYTE;
        byte[] letters = LETTERS;
        int at = textLength;
        while (i < to) {
            char c = s[i];
            if (oneByte[c] && c != '|') {
                b[at++] = (byte) c;
                i++;
                continue;
            }
            if (c >= 0x80 || c == '|' || c == '\n' || letters[c] <= 1 || at + (to - i) + 1 > b.length) break;
            b[at] = '\\';
            b[at + 1] = letters[c];
            at += 2;
            i++;
        }
        textLength = at;
        return i;
    }

    private void grow(int more) {
        text = Arrays.copyOf(text, Math.max(text.length * 2, textLength + more));
    }
}
