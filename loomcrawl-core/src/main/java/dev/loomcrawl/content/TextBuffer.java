package dev.loomcrawl.content;

import java.util.Arrays;

/**
 * A growable array of characters: the text {@link Markdown} builds before it is written out (a paragraph, a code span,
 * a link's URL and closing, a code block), and the text of a {@code <pre>}. Used instead of a {@link StringBuilder}
 * because its characters are read back and changed in place (the character before a delimiter, an opening replaced by
 * HTML) without the index checks and Latin-1/UTF-16 switching a builder does on every call, and text from the
 * {@code PageTree}'s buffer is appended with one array copy.
 */
final class TextBuffer {
    char[] chars;
    int length;

    TextBuffer(int capacity) {
        chars = new char[capacity];
    }

    boolean isEmpty() {
        return length == 0;
    }

    /** The last character, or -1 when empty. */
    int last() {
        return length == 0 ? -1 : chars[length - 1];
    }

    void setLength(int n) {
        length = n;
    }

    /** Grows the array: out of line, so that the appends, called every few characters, are small enough to inline. */
    private void grow(int more) {
        if (length + more <= chars.length) return;
        int size = Math.max(chars.length * 2, length + more);
        if (length >= chars.length / 2) {
            chars = Arrays.copyOf(chars, size);
        } else { // mostly unused (a reused buffer emptied, then reserved for more): copy only what it holds
            char[] bigger = new char[size];
            System.arraycopy(chars, 0, bigger, 0, length);
            chars = bigger;
        }
    }

    /**
     * Makes room for more characters at once, so that a writer that knows how many it will append grows the array
     * once, not by doubling, and may write into {@link #chars} without a check per character.
     */
    void reserve(int more) {
        if (length + more > chars.length) grow(more);
    }

    TextBuffer append(char c) {
        if (length == chars.length) grow(1);
        chars[length++] = c;
        return this;
    }

    TextBuffer append(char[] c, int from, int to) {
        int n = to - from;
        if (length + n > chars.length) grow(n);
        System.arraycopy(c, from, chars, length, n);
        length += n;
        return this;
    }

    TextBuffer append(char[] c) {
        return append(c, 0, c.length);
    }

    TextBuffer append(TextBuffer b) {
        return append(b.chars, 0, b.length);
    }

    TextBuffer append(String s) {
        int n = s.length();
        if (length + n > chars.length) grow(n);
        s.getChars(0, n, chars, length);
        length += n;
        return this;
    }

    TextBuffer repeat(char c, int count) {
        if (length + count > chars.length) grow(count);
        Arrays.fill(chars, length, length + count, c);
        length += count;
        return this;
    }

    /** Replaces [from, to) with s. */
    void replace(int from, int to, String s) {
        int tail = length - to;
        int n = s.length();
        if (n > to - from) grow(n - (to - from));
        System.arraycopy(chars, to, chars, from + n, tail);
        s.getChars(0, n, chars, from);
        length = from + n + tail;
    }

    /** Inserts c[from, to) at the start. */
    void prepend(char[] c, int from, int to) {
        int n = to - from;
        if (length + n > chars.length) grow(n);
        System.arraycopy(chars, 0, chars, n, length);
        System.arraycopy(c, from, chars, 0, n);
        length += n;
    }

    @Override
    public String toString() {
        return new String(chars, 0, length);
    }
}
