package dev.loomcrawl.extract;

/**
 * The attribute states of the HTML tokenizer, from just after a tag's name to its '&gt;', as jsoup 1.24
 * implements them: unquoted, single- and double-quoted values, values without '=', names that start with
 * '=' or a quote, a '/' that only means self-closing right before '&gt;', and junk after a quoted value.
 */
final class AttributeScanner {
    private AttributeScanner() {}

    /** Reads attributes from {@code p} into the tag; the position after its '&gt;', or -1 if the page ends first. */
    static int scan(char[] c, int n, int p, TagToken tag) {
        // p is at the character that ended the name: whitespace, '/' or '>'
        char first = c[p++];
        if (first == '>') return p;
        if (first == '/') return selfClosing(c, n, p, tag);
        return beforeName(c, n, p, tag);
    }

    /** BeforeAttributeName state: whitespace, then '/', '&gt;' or a new attribute ('=' starts its name). */
    private static int beforeName(char[] c, int n, int p, TagToken tag) {
        return betweenAttributes(c, n, p, tag, false);
    }

    /** AfterAttributeName state: as {@link #beforeName}, except that '=' goes on to the value. */
    private static int afterName(char[] c, int n, int p, TagToken tag) {
        return betweenAttributes(c, n, p, tag, true);
    }

    private static int betweenAttributes(char[] c, int n, int p, TagToken tag, boolean afterName) {
        while (true) {
            if (p >= n) return -1;
            char ch = c[p++];
            switch (ch) {
                case '\t', '\n', '\f', '\r', ' ' -> { }
                case '/' -> {
                    return selfClosing(c, n, p, tag);
                }
                case '>' -> {
                    return p;
                }
                default -> {
                    if (ch == '=' && afterName) return beforeValue(c, n, p, tag);
                    // a new attribute; before a name, '"', '\'' and '=' start it, as anything else does
                    int start = p - 1;
                    p = name(c, n, p);
                    tag.addAttribute(start, p);
                    return afterNameChar(c, n, p, tag);
                }
            }
        }
    }

    /** Scans a name's remaining characters: it runs to whitespace, '/', '=' or '&gt;'. */
    private static int name(char[] c, int n, int p) {
        while (p < n) {
            char ch = c[p];
            if (ch == '\t' || ch == '\n' || ch == '\f' || ch == '\r' || ch == ' ' || ch == '/' || ch == '=' || ch == '>') {
                return p;
            }
            p++;
        }
        return p;
    }

    /** The character that ended a name (AttributeName state). */
    private static int afterNameChar(char[] c, int n, int p, TagToken tag) {
        if (p >= n) return -1;
        char ch = c[p++];
        return switch (ch) {
            case '\t', '\n', '\f', '\r', ' ' -> afterName(c, n, p, tag);
            case '/' -> selfClosing(c, n, p, tag);
            case '=' -> beforeValue(c, n, p, tag);
            default -> p; // '>'
        };
    }

    private static int beforeValue(char[] c, int n, int p, TagToken tag) {
        while (true) {
            if (p >= n) return -1;
            char ch = c[p];
            switch (ch) {
                case '\t', '\n', '\f', '\r', ' ' -> p++;
                case '"', '\'' -> {
                    return quoted(c, n, p + 1, ch, tag);
                }
                case '>' -> {
                    return p + 1;
                }
                default -> {
                    return unquoted(c, n, p, tag);
                }
            }
        }
    }

    private static int quoted(char[] c, int n, int p, char quote, TagToken tag) {
        int start = p;
        while (p < n && c[p] != quote) p++;
        if (p >= n) return -1;
        tag.setValue(start, p);
        p++;
        // AfterAttributeValue_quoted
        if (p >= n) return -1;
        char ch = c[p++];
        return switch (ch) {
            case '\t', '\n', '\f', '\r', ' ' -> beforeName(c, n, p, tag);
            case '/' -> selfClosing(c, n, p, tag);
            case '>' -> p;
            default -> beforeName(c, n, p - 1, tag);
        };
    }

    private static int unquoted(char[] c, int n, int p, TagToken tag) {
        int start = p;
        while (p < n) {
            char ch = c[p];
            if (ch == '\t' || ch == '\n' || ch == '\f' || ch == '\r' || ch == ' ' || ch == '>') break;
            p++;
        }
        if (p >= n) return -1;
        tag.setValue(start, p);
        return c[p] == '>' ? p + 1 : beforeName(c, n, p + 1, tag);
    }

    private static int selfClosing(char[] c, int n, int p, TagToken tag) {
        if (p >= n) return -1;
        if (c[p] == '>') {
            tag.selfClosing = true;
            return p + 1;
        }
        return beforeName(c, n, p, tag);
    }
}
