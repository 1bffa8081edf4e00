package dev.loomcrawl.content;

import dev.loomcrawl.result.PageText;

import java.util.Arrays;

/**
 * The text a conversion writes, held as Latin-1 bytes while every character fits in one (on nearly all pages), then as
 * characters. It ends as a {@link PageText} ({@link #written}), whose String is a copy of the bytes, where a String
 * made from characters must test and narrow each one again (StringUTF16.compress, which the C1 compiler does not make
 * an intrinsic), and which the content output encodes as JSON without a String. Plain text's runs are
 * narrowed as they are scanned ({@link #appendCollapsedRun}), in the one pass made over them anyway.
 */
final class OutputText {
    private byte[] latin;
    /** The characters, once one beyond Latin-1 was written; null before. */
    private char[] wide;
    private int length;

    OutputText(int capacity) {
        latin = new byte[capacity];
    }

    int length() {
        return length;
    }

    boolean isEmpty() {
        return length == 0;
    }

    char charAt(int i) {
        return wide == null ? (char) (latin[i] & 0xff) : wide[i];
    }

    void setLength(int n) {
        length = n;
    }

    OutputText append(char c) {
        if (wide == null) {
            if (c <= 0xff) {
                if (length == latin.length) latin = Arrays.copyOf(latin, length * 2 + 16);
                latin[length++] = (byte) c;
                return this;
            }
            widen(1);
        }
        if (length == wide.length) wide = Arrays.copyOf(wide, length * 2 + 16);
        wide[length++] = c;
        return this;
    }

    /** Appends s[from, to), narrowed to bytes while they fit. */
    OutputText append(char[] s, int from, int to) {
        int n = to - from;
        if (wide == null) {
            room(n);
            byte[] b = latin;
            int i = from;
            int at = length;
            while (i < to && s[i] <= 0xff) b[at++] = (byte) s[i++];
            length = at;
            if (i == to) return this;
            widen(to - i);
            from = i;
            n = to - i;
        }
        if (length + n > wide.length) wide = Arrays.copyOf(wide, Math.max(wide.length * 2, length + n));
        System.arraycopy(s, from, wide, length, n);
        length += n;
        return this;
    }

    /**
     * Appends the run from s[from] (before to) that whitespace collapsing leaves as it is (see
     * {@link MarkdownSyntax#collapsedRun}), narrowing it in the same pass; returns its end.
     */
    int appendCollapsedRun(char[] s, int from, int to) {
        if (wide == null) {
            room(to - from);
            byte[] b = latin;
            int at = length;
            int i = from;
            while (i < to) { // as collapsedRun, storing what it passes; the common cases first
                char c = s[i];
                if ((char) (c - '!') <= 0xff - '!') { // above the space, within Latin-1
                    b[at++] = (byte) c;
                    i++;
                    continue;
                }
                if (c == ' ' && i + 1 < to && (char) (s[i + 1] - '!') <= 0xff - '!') { // a space before one
                    b[at] = ' ';
                    b[at + 1] = (byte) s[i + 1];
                    at += 2;
                    i += 2;
                    continue;
                }
                if (c > 0xff) break;
                if (!MarkdownSyntax.isHtmlSpace(c) || c == ' ' && i + 1 < to && !MarkdownSyntax.isHtmlSpace(s[i + 1])) {
                    b[at++] = (byte) c; // a control character, or a space before one or before a wider character
                    i++;
                    continue;
                }
                break;
            }
            length = at;
            if (i == to || s[i] <= 0xff) return i;
            widen(to - i);
            from = i;
        }
        int end = MarkdownSyntax.collapsedRun(s, from + 1, to);
        append(s, from, end);
        return end;
    }

    /** Makes room for more bytes. */
    private void room(int more) {
        if (length + more > latin.length) latin = Arrays.copyOf(latin, Math.max(latin.length * 2, length + more));
    }

    /** Turns the bytes into characters, with room for more. */
    private void widen(int more) {
        wide = new char[Math.max(latin.length, length + more) + 16];
        for (int i = 0; i < length; i++) wide[i] = (char) (latin[i] & 0xff);
        latin = null;
    }

    /**
     * The text as a {@link PageText}, its array handed over: this buffer is not to be written to after. The array is
     * copied to the text's length only when that wastes much ({@link #wasteful}): a copy of each page's Markdown and
     * text is what this saves (a String made at the end was one).
     */
    PageText written() {
        if (wide == null) {
            return PageText.latin1(wasteful(latin.length) ? Arrays.copyOf(latin, length) : latin, length);
        }
        return PageText.utf16(wasteful(wide.length) ? Arrays.copyOf(wide, length) : wide, length);
    }

    /** Whether an array of this capacity would hold more than 64 K unused places and four times the text's length. */
    private boolean wasteful(int capacity) {
        return capacity - length > 1 << 16 && capacity > 4L * length;
    }
}
