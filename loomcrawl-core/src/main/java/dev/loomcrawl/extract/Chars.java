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
    private String value;
    /** Where the first '&amp;' is: -1 when there is none, -2 until looked for. */
    private int amp = -2;
    /** Once the tree has the text decoded ({@link #appendTo}), where: so that {@link #value()} need not decode it. */
    private char[] decoded;
    private int decodedFrom;
    private int decodedTo;

    Chars(char[] c, int start, int end, boolean decode) {
        this.c = c;
        this.start = start;
        this.end = end;
        this.decode = decode;
    }

    /** The same text without its leading HTML whitespace (decoded first). */
    Chars withoutLeadingWhitespace() {
        String s = value();
        int i = 0;
        while (i < s.length() && isSpace(s.charAt(i))) i++;
        if (i == 0) return this;
        char[] rest = s.substring(i).toCharArray();
        Chars stripped = new Chars(rest, 0, rest.length, false);
        stripped.value = s.substring(i);
        return stripped;
    }

    /**
     * The whitespace this token starts with when more follows, which jsoup's tree builder treats as whitespace of its
     * own before the head and after it, as the HTML standard does; 0 when there is none.
     */
    int leadingWhitespace() {
        if (value != null) return 0;
        int i = start;
        while (i < end && isSpace(c[i])) i++;
        return i > start && i < end ? i - start : 0;
    }

    /** The part of the range from {@code offset} on. */
    Chars from(int offset) {
        return new Chars(c, start + offset, end, decode);
    }

    /** The first {@code length} characters of the range. */
    Chars first(int length) {
        return new Chars(c, start, start + length, decode);
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

    private static boolean isSpace(char ch) {
        return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\f' || ch == '\r';
    }
}
