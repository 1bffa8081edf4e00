package dev.loomcrawl.content;

import dev.loomcrawl.result.JsonText;
import dev.loomcrawl.result.PageText;

import java.util.Arrays;

/**
 * The text a conversion writes, held as the content of a JSON string ({@link JsonText}: UTF-8, escaped as jackson
 * escapes it), which is what the content output writes of it: encoded once, as it is written, in the pass made over
 * the characters anyway, where a text held as characters was scanned again for the JSON and copied once more. It
 * ends as a {@link PageText} ({@link #written}), which gives the characters back when a String is asked for.
 *
 * <p>Positions ({@link #length}) are in bytes: a caller keeps one to come back to ({@link #setLength}) or to know
 * whether anything was written since. The last characters are looked at only for spaces, tabs and newlines.
 */
final class OutputText {
    private static final boolean[] ONE_BYTE = JsonText.oneByteTable();
    private static final byte[] LETTERS = JsonText.escapeLetters();
    private byte[] out;
    private int length;
    /**
     * Whether a surrogate was ever written (each as an escape of its own, {@link JsonText}): only then can the text
     * hold a lone one, which {@link #written} has to replace. Every surrogate goes through {@link #encode}, or comes
     * encoded with a flag ({@link #appendEncoded}).
     */
    private boolean surrogates;

    OutputText(int capacity) {
        out = new byte[capacity];
    }

    /** Bytes written: a position to come back to with {@link #setLength}. */
    int length() {
        return length;
    }

    boolean isEmpty() {
        return length == 0;
    }

    /** Cuts the text back to a position {@link #length} gave. */
    void setLength(int n) {
        length = n;
    }

    /** Whether the last character written is a newline or a tab. */
    boolean endsWithNewlineOrTab() {
        return JsonText.endsWithEscape(out, length, 'n') || JsonText.endsWithEscape(out, length, 't');
    }

    /**
     * The position before the tabs (and spaces, if {@code spaces}) the text ends with, back to {@code start} (a
     * position) at most.
     */
    int trimmedEnd(int start, boolean spaces) {
        byte[] b = out;
        int n = length;
        while (n > start) {
            if (spaces && b[n - 1] == ' ') n--;
            else if (JsonText.endsWithEscape(b, n, 't')) n -= 2;
            else break;
        }
        return n;
    }

    OutputText append(char c) {
        if (length + JsonText.MAX_BYTES > out.length) grow(JsonText.MAX_BYTES);
        encode(c);
        return this;
    }

    /** Writes c where there is room for {@link JsonText#MAX_BYTES}, noting a surrogate. */
    private void encode(char c) {
        if (Character.isSurrogate(c)) surrogates = true;
        length = JsonText.write(out, length, c);
    }

    /** Appends s[from, to). */
    OutputText append(char[] s, int from, int to) {
        room(to - from);
        int i = run(s, from, to);
        while (i < to) { // a character beyond ASCII or a control character, or no room for an escape
            if (length + (to - i) + JsonText.MAX_BYTES > out.length) grow(to - i + JsonText.MAX_BYTES);
            encode(s[i++]);
            i = run(s, i, to);
        }
        return this;
    }

    /**
     * Appends b[from, to), characters already encoded as this text holds them ({@link JsonText}, whole characters),
     * with one copy; surrogates says whether a surrogate may be among them, so that {@link #written} looks for a lone
     * one.
     */
    OutputText appendEncoded(byte[] b, int from, int to, boolean surrogates) {
        room(to - from);
        System.arraycopy(b, from, out, length, to - from);
        length += to - from;
        this.surrogates |= surrogates;
        return this;
    }

    /**
     * Appends s[from, nl), where nl is the first newline at or after from (to when there is none), and returns nl: a
     * line of a block that its containers' prefixes go before, found and encoded in one pass where a scan for the
     * newline went first (inside list items, where javadoc's summary tables are, every line of a block is prefixed).
     */
    int appendLine(char[] s, int from, int to) {
        room(to - from);
        int i = lineRun(s, from, to);
        while (i < to && s[i] != '\n') { // a character beyond ASCII or a control character, or no room for an escape
            if (length + (to - i) + JsonText.MAX_BYTES > out.length) grow(to - i + JsonText.MAX_BYTES);
            encode(s[i++]);
            i = lineRun(s, i, to);
        }
        return i;
    }

    /**
     * As {@link #run}, stopping at a newline too: for {@link #appendLine}. Kept apart from run, as
     * {@link #collapsedRun} is, for the C1 compiler's sake.
     */
    private int lineRun(char[] s, int i, int to) {
        byte[] b = out;
        boolean[] oneByte = ONE_BYTE;
        byte[] letters = LETTERS;
        int at = length;
        while (i < to) {
            char c = s[i];
            if (oneByte[c]) {
                b[at++] = (byte) c;
                i++;
                continue;
            }
            if (c == '\n' || c >= 0x80 || letters[c] <= 1 || at + (to - i) + 1 > b.length) break;
            b[at] = '\\';
            b[at + 1] = letters[c];
            at += 2;
            i++;
        }
        length = at;
        return i;
    }

    /**
     * Writes s[i, to) while each character is one byte or a two-byte escape (a newline, '"', a backslash...) and
     * there is room, where there is room for a byte per character; returns the index it stopped at. No call in it,
     * so that the C1 compiler keeps the loop's values in registers: with the rarer cases' calls in the same compiled
     * method, the loop took 40% longer (a harness writing the JDK docs' Markdown lines: 186 ms against 130).
     */
    private int run(char[] s, int i, int to) {
        byte[] b = out;
        boolean[] oneByte = ONE_BYTE;
        byte[] letters = LETTERS;
        int at = length;
        while (i < to) {
            char c = s[i];
            if (oneByte[c]) {
                b[at++] = (byte) c;
                i++;
                continue;
            }
            if (c >= 0x80 || letters[c] <= 1 || at + (to - i) + 1 > b.length) break;
            b[at] = '\\';
            b[at + 1] = letters[c];
            at += 2;
            i++;
        }
        length = at;
        return i;
    }

    /**
     * Appends the run from s[from] (before to) that whitespace collapsing leaves as it is (see
     * {@link MarkdownSyntax#collapsedRun}), encoding it in the same pass; returns its end. s[from] is not whitespace.
     */
    int appendCollapsedRun(char[] s, int from, int to) {
        room(to - from);
        int i = collapsedRun(s, from, to);
        while (i < to) { // a control or non-ASCII character, no room for an escape, a space before those, whitespace
            char c = s[i];
            if (MarkdownSyntax.isHtmlSpace(c) && (c != ' ' || i + 1 == to || MarkdownSyntax.isHtmlSpace(s[i + 1]))) {
                break; // whitespace that collapsing changes: the run's end
            }
            if (length + (to - i) + JsonText.MAX_BYTES > out.length) grow(to - i + JsonText.MAX_BYTES);
            encode(c);
            i = collapsedRun(s, i + 1, to);
        }
        return i;
    }

    /**
     * As {@link #run}, for {@link #appendCollapsedRun}: ASCII characters above the space ('"' and the backslash
     * escaped, while there is room), and single spaces before one that is one byte; stops at any other. Kept apart
     * from run: one loop for both, told which by a flag, made {@code PageContents.of} slower by as much as this
     * encoding saved (2.51 s against 2.43 on one thread, {@code content-stages}).
     */
    private int collapsedRun(char[] s, int i, int to) {
        byte[] b = out;
        boolean[] oneByte = ONE_BYTE;
        byte[] letters = LETTERS;
        int at = length;
        while (i < to) {
            char c = s[i];
            if (c > ' ' && oneByte[c]) {
                b[at++] = (byte) c;
                i++;
                continue;
            }
            char next;
            if (c == ' ') {
                if (i + 1 == to || (next = s[i + 1]) <= ' ' || !oneByte[next]) break;
                b[at] = ' ';
                b[at + 1] = (byte) next;
                at += 2;
                i += 2;
                continue;
            }
            if (c < ' ' || c >= 0x80 || letters[c] <= 1 || at + (to - i) + 1 > b.length) break;
            b[at] = '\\';
            b[at + 1] = letters[c];
            at += 2;
            i++;
        }
        length = at;
        return i;
    }

    /** Makes room for more bytes. */
    private void room(int more) {
        if (length + more > out.length) grow(more);
    }

    private void grow(int more) {
        out = Arrays.copyOf(out, Math.max(out.length * 2, length + more));
    }

    /**
     * The text as a {@link PageText}, its array handed over: this buffer is not to be written to after. The array is
     * copied to the text's length only when that wastes much ({@link #wasteful}): a copy of each page's Markdown and
     * text is what this saves. A text without a surrogate has no lone one, and is not scanned for them: that scan
     * (which copies each byte) was a tenth of {@code PageContents.of} on the JDK docs, whose pages have none.
     */
    PageText written() {
        byte[] b = wasteful(out.length) ? Arrays.copyOf(out, length) : out;
        return surrogates ? PageText.ofJson(b, length) : PageText.ofWellFormedJson(b, length);
    }

    /** Whether an array of this capacity would hold more than 64 K unused places and four times the text's length. */
    private boolean wasteful(int capacity) {
        return capacity - length > 1 << 16 && capacity > 4L * length;
    }
}
