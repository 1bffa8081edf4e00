package dev.loomcrawl.extract;

/**
 * The attribute states of the HTML tokenizer, from just after a tag's name to its '&gt;', as jsoup 1.24
 * implements them: unquoted, single- and double-quoted values, values without '=', names that start with
 * '=' or a quote, a '/' that only means self-closing right before '&gt;', and junk after a quoted value.
 *
 * <p>One loop over the states, not a call per state: a tag of many thousands of attributes is read in constant
 * stack (a method per state, each calling the next, overflowed the stack at 2,000 attributes).
 */
final class AttributeScanner {
    private static final int BEFORE_NAME = 0;
    private static final int AFTER_NAME = 1;
    private static final int NAME_ENDED = 2;
    private static final int BEFORE_VALUE = 3;
    private static final int AFTER_QUOTED_VALUE = 4;
    private static final int SELF_CLOSING = 5;

    private AttributeScanner() {}

    /** Reads attributes from {@code p} into the tag; the position after its '&gt;', or -1 if the page ends first. */
    static int scan(char[] c, int n, int p, TagToken tag) {
        // p is at the character that ended the name: whitespace, '/' or '>'
        char first = c[p++];
        if (first == '>') return p;
        int state = first == '/' ? SELF_CLOSING : BEFORE_NAME;
        while (p < n) {
            char ch = c[p];
            switch (state) {
                case BEFORE_NAME, AFTER_NAME -> { // '=' starts a name before one, and a value after one
                    p++;
                    if (isSpace(ch)) continue;
                    if (ch == '/') {
                        state = SELF_CLOSING;
                    } else if (ch == '>') {
                        return p;
                    } else if (ch == '=' && state == AFTER_NAME) {
                        state = BEFORE_VALUE;
                    } else { // a new attribute; '"', '\'' and '=' start it, as anything else does
                        int start = p - 1;
                        p = name(c, n, p);
                        tag.addAttribute(start, p);
                        state = NAME_ENDED;
                    }
                }
                case NAME_ENDED -> { // the character that ended a name (AttributeName state)
                    p++;
                    if (isSpace(ch)) state = AFTER_NAME;
                    else if (ch == '/') state = SELF_CLOSING;
                    else if (ch == '=') state = BEFORE_VALUE;
                    else return p; // '>'
                }
                case BEFORE_VALUE -> {
                    if (isSpace(ch)) {
                        p++;
                    } else if (ch == '"' || ch == '\'') {
                        int end = closingQuote(c, n, p + 1, ch);
                        if (end < 0) return -1;
                        tag.setValue(p + 1, end);
                        p = end + 1;
                        state = AFTER_QUOTED_VALUE;
                    } else if (ch == '>') {
                        return p + 1;
                    } else {
                        int end = unquotedEnd(c, n, p);
                        if (end >= n) return -1;
                        tag.setValue(p, end);
                        if (c[end] == '>') return end + 1;
                        p = end + 1;
                        state = BEFORE_NAME;
                    }
                }
                case AFTER_QUOTED_VALUE -> {
                    if (ch == '>') return p + 1;
                    if (ch == '/') {
                        p++;
                        state = SELF_CLOSING;
                    } else {
                        if (isSpace(ch)) p++; // junk after the quote starts the next name
                        state = BEFORE_NAME;
                    }
                }
                default -> { // SELF_CLOSING: only right before '>'
                    if (ch == '>') {
                        tag.selfClosing = true;
                        return p + 1;
                    }
                    state = BEFORE_NAME;
                }
            }
        }
        return -1;
    }

    private static boolean isSpace(char ch) {
        return ch == '\t' || ch == '\n' || ch == '\f' || ch == '\r' || ch == ' ';
    }

    /** Scans a name's remaining characters: it runs to whitespace, '/', '=' or '&gt;'. */
    private static int name(char[] c, int n, int p) {
        while (p < n) {
            char ch = c[p];
            if (isSpace(ch) || ch == '/' || ch == '=' || ch == '>') return p;
            p++;
        }
        return p;
    }

    /** The position of the quote that closes a value started at {@code p}, or -1 if the page ends first. */
    private static int closingQuote(char[] c, int n, int p, char quote) {
        while (p < n && c[p] != quote) p++;
        return p >= n ? -1 : p;
    }

    /** Where an unquoted value started at {@code p} ends: at whitespace or '&gt;' ({@code n} if the page ends). */
    private static int unquotedEnd(char[] c, int n, int p) {
        while (p < n && !isSpace(c[p]) && c[p] != '>') p++;
        return p;
    }
}
