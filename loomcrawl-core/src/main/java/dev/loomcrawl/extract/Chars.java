package dev.loomcrawl.extract;

/**
 * A character token: a range of the page, decoded (character references, as jsoup's
 * {@code Parser.unescapeEntities}: {@link CharacterReferences}) only when its text is needed or it holds a '&amp;'.
 */
final class Chars {
    private final char[] c;
    private final int start;
    private final int end;
    private final boolean decode;
    /** Whether jsoup's tokenizer starts a read with these characters ({@link HtmlTokenizer.Sink#text}). */
    private final boolean readStart;
    private String value;
    /** Where the first '&amp;' is: -1 when there is none, -2 until looked for. */
    private int amp = -2;
    /** Once the tree has the text decoded ({@link #appendTo}), where: so that {@link #value()} need not decode it. */
    private char[] decoded;
    private int decodedFrom;
    private int decodedTo;

    Chars(char[] c, int start, int end, boolean decode, boolean readStart) {
        this.c = c;
        this.start = start;
        this.end = end;
        this.decode = decode;
        this.readStart = readStart;
    }

    /**
     * The whitespace this token starts with when more follows, as written (whitespace characters, and references to
     * them such as {@code &#10;} where references apply), which jsoup's tokenizer makes a token of its own when a read
     * starts with it before the body and after it (its {@code DataWhitespace} state); 0 when there is none, or when
     * the token continues a read ({@link HtmlTokenizer.Sink#text}).
     */
    int leadingWhitespace() {
        if (value != null || !readStart) return 0;
        int i = start;
        while (i < end) {
            int next = isSpace(c[i]) ? i + 1 : c[i] == '&' && decode ? whitespaceReference(i) : i;
            if (next == i) break;
            i = next;
        }
        return i > start && i < end ? i - start : 0;
    }

    /**
     * Where a character reference at {@code amp} that stands for whitespace ends ({@code &#10;}, {@code &#x20},
     * {@code &NewLine;}); {@code amp} when there is none there. Where it ends is jsoup's tokenizer's rule; what it
     * stands for, {@link CharacterReferences}' (jsoup's).
     */
    private int whitespaceReference(int amp) {
        int k = amp + 1;
        if (k < end && c[k] == '#') { // numeric: every digit, then a semicolon if there is one
            boolean hex = ++k < end && (c[k] == 'x' || c[k] == 'X');
            if (hex) k++;
            int digits = k;
            while (k < end && CharacterReferences.digit(c[k], hex) >= 0) k++;
            if (k == digits) return amp;
            if (k < end && c[k] == ';') k++;
        } else { // named: none without its semicolon stands for whitespace
            while (k < end && isAsciiLetterOrDigit(c[k])) k++;
            if (k == amp + 1 || k >= end || c[k] != ';') return amp;
            k++;
        }
        String decoded = CharacterReferences.decode(c, amp, k, false);
        return !decoded.isEmpty() && isBlank(decoded) ? k : amp;
    }

    /** The part of the range from {@code offset} on. */
    Chars from(int offset) {
        return new Chars(c, start + offset, end, decode, readStart);
    }

    /** The first {@code length} characters of the range. */
    Chars first(int length) {
        return new Chars(c, start, start + length, decode, readStart);
    }

    String value() {
        if (value == null) {
            if (!decode || firstReference() < 0) {
                value = new String(c, start, end - start);
            } else if (decoded != null) {
                value = new String(decoded, decodedFrom, decodedTo - decodedFrom);
            } else {
                value = CharacterReferences.decode(c, start, end, false);
            }
        }
        return value;
    }

    /** Appends the text, decoded, to {@code parentNode} of the tree being recorded. */
    void appendTo(PageTree.Builder tree, int parentNode) {
        if (value != null) {
            tree.text(parentNode, value);
            return;
        }
        int amp = decode ? firstReference() : -1;
        if (amp >= 0) {
            int at = tree.decoded(parentNode, c, start, amp, end);
            if (at >= 0) {
                decoded = tree.text();
                decodedFrom = at;
                decodedTo = tree.textLength();
            }
        } else {
            tree.text(parentNode, c, start, end);
        }
    }

    /** Where the first '&amp;' of the range is, or -1; looked for once. */
    private int firstReference() {
        int at = amp;
        if (at == -2) {
            at = -1;
            for (int i = start; i < end; i++) {
                if (c[i] == '&') {
                    at = i;
                    break;
                }
            }
            amp = at;
        }
        return at;
    }

    /** The length of the range as written: of its {@link #value()} too when it is not decoded (script data). */
    int length() {
        return end - start;
    }

    /** Whether the token is only HTML whitespace (jsoup's StringUtil.isBlank of its data). */
    boolean isWhitespace() {
        for (int i = start; i < end; i++) {
            char ch = c[i];
            if (ch == '&' && decode) return isBlank(value());
            if (!isSpace(ch)) return false;
        }
        return true;
    }

    static boolean isBlank(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (!isSpace(s.charAt(i))) return false;
        }
        return true;
    }

    private static boolean isAsciiLetterOrDigit(char ch) {
        return ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9';
    }

    private static boolean isSpace(char ch) {
        return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\f' || ch == '\r';
    }
}
