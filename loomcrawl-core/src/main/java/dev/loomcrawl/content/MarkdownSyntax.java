package dev.loomcrawl.content;

/**
 * CommonMark's character rules that {@link Markdown} writes by: which characters are whitespace or punctuation
 * (they decide whether {@code *} can open or close emphasis), how link destinations and titles are written, and how
 * long a code span's or code block's backtick fence must be.
 */
final class MarkdownSyntax {
    /** The characters a bare link destination must look at: whitespace and controls, ( ) &lt; &amp; and backslash. */
    private static final boolean[] BARE_SPECIAL = new boolean[128];

    static {
        for (char c = 0; c <= ' '; c++) BARE_SPECIAL[c] = true;
        for (char c : "()<&\\".toCharArray()) BARE_SPECIAL[c] = true;
    }

    /** The characters a link title may need escaped or collapsed: HTML whitespace, '"', '\\' and '&amp;'. */
    private static final boolean[] TITLE_SPECIAL = new boolean[128];

    static {
        for (char c : " \t\n\r\f\"\\&".toCharArray()) TITLE_SPECIAL[c] = true;
    }

    private MarkdownSyntax() {
    }

    /** HTML's whitespace (space, tab, line feed, form feed, carriage return): what a browser collapses. */
    static boolean isHtmlSpace(char c) {
        return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f';
    }

    /** CommonMark's Unicode whitespace; -1 (a line's start or end) counts as whitespace. */
    static boolean isWhitespace(int c) {
        return c < 0 || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
            || c > 127 && Character.getType(c) == Character.SPACE_SEPARATOR;
    }

    /** CommonMark's Unicode punctuation: ASCII punctuation, or a character in Unicode's P or S categories. */
    static boolean isPunctuation(int c) {
        if (c < 0) return false;
        if (c < 128) return isAsciiPunctuation(c);
        return switch (Character.getType(c)) {
            case Character.CONNECTOR_PUNCTUATION, Character.DASH_PUNCTUATION, Character.START_PUNCTUATION,
                 Character.END_PUNCTUATION, Character.INITIAL_QUOTE_PUNCTUATION, Character.FINAL_QUOTE_PUNCTUATION,
                 Character.OTHER_PUNCTUATION, Character.MATH_SYMBOL, Character.CURRENCY_SYMBOL,
                 Character.MODIFIER_SYMBOL, Character.OTHER_SYMBOL -> true;
            default -> false;
        };
    }

    static boolean isAsciiPunctuation(int c) {
        return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~';
    }

    /**
     * Whether a {@code *} run between prev and next (-1: a line's start or end) can open emphasis, which it must to
     * be read as markup (CommonMark's left-flanking rule).
     */
    static boolean canOpen(int prev, int next) {
        if (isWhitespace(next)) return false;
        return !isPunctuation(next) || isWhitespace(prev) || isPunctuation(prev);
    }

    /** Whether a {@code *} run between prev and next can close emphasis (the right-flanking rule). */
    static boolean canClose(int prev, int next) {
        if (isWhitespace(prev)) return false;
        return !isPunctuation(prev) || isWhitespace(next) || isPunctuation(next);
    }

    /**
     * Whether s[at, end) begins with the rest of a character reference (at is just past an {@code &}): {@code name;},
     * {@code #digits;} or {@code #xhex;}. Such an {@code &} must be escaped, or CommonMark would read the reference as
     * the character.
     */
    static boolean entityAt(char[] s, int at, int end) {
        int i = at;
        if (i < end && s[i] == '#') {
            i++;
            boolean hex = i < end && (s[i] == 'x' || s[i] == 'X');
            if (hex) i++;
            int digits = i;
            while (i < end && i - digits < 8 && (Character.isDigit(s[i]) || hex && isHex(s[i]))) i++;
            return i > digits && i < end && s[i] == ';';
        }
        while (i < end && i - at < 32 && isAsciiAlnum(s[i])) i++;
        return i > at && i < end && s[i] == ';';
    }

    /**
     * The end of the run from s[from] (before {@code end}) that whitespace collapsing leaves as it is: no HTML
     * whitespace but single spaces between other characters. The common cases come first, a character above the
     * space and a space before one, so that the loop (run over all the text) does few tests.
     */
    static int collapsedRun(char[] s, int from, int end) {
        int i = from;
        while (i < end) {
            char c = s[i];
            if (c > ' ') {
                i++;
            } else if (c == ' ' && i + 1 < end && s[i + 1] > ' ') {
                i += 2;
            } else if (!isHtmlSpace(c) || c == ' ' && i + 1 < end && !isHtmlSpace(s[i + 1])) {
                i++; // a control character, or a space before one
            } else {
                break;
            }
        }
        return i;
    }

    private static boolean isHex(char c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }

    static boolean isAsciiAlnum(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9';
    }

    /** The longest run of backticks in s. */
    static int longestBacktickRun(TextBuffer s) {
        char[] c = s.chars;
        int longest = 0;
        int run = 0;
        for (int i = 0, n = s.length; i < n; i++) {
            if (c[i] == '`') {
                run++;
                if (run > longest) longest = run;
            } else {
                run = 0;
            }
        }
        return longest;
    }

    /**
     * Appends code as a code span: a fence one backtick longer than any run inside, and a space inside each end
     * when the code begins or ends with a backtick (CommonMark strips one such space from each end).
     */
    static void codeSpan(TextBuffer out, TextBuffer code) {
        int fence = longestBacktickRun(code) + 1;
        boolean pad = code.chars[0] == '`' || code.chars[code.length - 1] == '`';
        out.repeat('`', fence);
        if (pad) out.append(' ');
        out.append(code);
        if (pad) out.append(' ');
        out.repeat('`', fence);
    }

    /**
     * Appends a link destination, the URL url[from, to), and, when title is not blank, the title, as they go between
     * a link's parentheses. A URL with a space or a control character is written between angle brackets; otherwise
     * bare, with its parentheses escaped. Backslashes and character references are escaped in both forms. The
     * caller may know that the URL's first bare characters need nothing ({@link #bareRun}). The walk makes its
     * destinations in place ({@link #destinationInPlace}); this is what {@code MarkdownTest} holds that one to.
     */
    static void destination(TextBuffer out, char[] url, int from, int to, int bare, TextBuffer title) {
        int start = out.length;
        if (from == to || !bare(out, url, from, to, from + bare, from)) {
            out.setLength(start);
            angled(out, url, from, to);
        }
        title(out, title.chars, 0, title.length);
    }

    /**
     * Makes the URL out[start, out.length), whose first bare characters need nothing ({@link #bareRun}), a link
     * destination in place, as {@link #destination} writes it: nothing to do for a URL that is all bare (most are);
     * else its rest is copied to spare (emptied first) and written back escaped, or the whole URL between angle
     * brackets.
     */
    static void destinationInPlace(TextBuffer out, int start, int bare, TextBuffer spare) {
        int end = out.length;
        if (start + bare == end && end > start) return;
        spare.setLength(0);
        spare.append(out.chars, start + bare, end);
        out.setLength(start + bare);
        // the URL's first character, where a '<' is escaped, is spare's first when nothing is bare
        if (end > start && bare(out, spare.chars, 0, spare.length, 0, bare == 0 ? 0 : -1)) return;
        spare.prepend(out.chars, start, start + bare);
        out.setLength(start);
        angled(out, spare.chars, 0, spare.length);
    }

    /**
     * Where the run from s[from] of characters that a bare destination writes as they are ends: before the first
     * whitespace or control character, {@code ( ) < & \}, or at to.
     */
    static int bareRun(char[] s, int from, int to) {
        boolean[] special = BARE_SPECIAL;
        int i = from;
        while (i < to && (s[i] >= 128 || !special[s[i]])) i++;
        return i;
    }

    /**
     * Appends url[from, to) as a bare destination, parentheses, backslashes and character references escaped (a
     * '&lt;' too, at the URL's first character, first); false, having appended part of it, when it has a space or
     * control character and must be written between angle brackets. One pass from the first character that may need
     * something (at least {@code start}), as most URLs are bare.
     */
    private static boolean bare(TextBuffer out, char[] url, int from, int to, int start, int first) {
        int run = from;
        for (int i = bareRun(url, start, to); i < to; i = bareRun(url, i + 1, to)) {
            char c = url[i];
            if (c <= ' ') return false;
            if (c == '&' && !entityAt(url, i + 1, to) || c == '<' && i != first) continue;
            out.append(url, run, i).append('\\').append(c);
            run = i + 1;
        }
        out.append(url, run, to);
        return true;
    }

    /**
     * Appends url[from, to) between angle brackets: line breaks dropped, backslashes, angle brackets and character
     * references escaped.
     */
    private static void angled(TextBuffer out, char[] url, int from, int to) {
        out.append('<');
        int run = from;
        for (int i = from; i < to; i++) {
            char c = url[i];
            boolean drop = c == '\n' || c == '\r';
            boolean escape = c == '\\' || c == '<' || c == '>' || c == '&' && entityAt(url, i + 1, to);
            if (!drop && !escape) continue;
            out.append(url, run, i);
            if (escape) out.append('\\').append(c);
            run = i + 1;
        }
        out.append(url, run, to).append('>');
    }

    /** Whether t[from, to) is empty or all whitespace, as {@code String.isBlank}. */
    private static boolean isBlank(char[] t, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!Character.isWhitespace(t[i])) return false;
        }
        return true;
    }

    /**
     * Appends the link title t[from, to), unless it is blank, in double quotes after a space: whitespace collapsed,
     * quotes and backslashes escaped.
     */
    static void title(TextBuffer out, char[] t, int from, int to) {
        if (isPlainTitle(t, from, to)) {
            plainTitle(out, t, from, to);
            return;
        }
        if (isBlank(t, from, to)) return;
        out.append(' ').append('"');
        boolean space = false;
        boolean started = false;
        for (int i = from; i < to; i++) {
            char c = t[i];
            if (isHtmlSpace(c)) {
                space = true;
                continue;
            }
            if (space && started) out.append(' ');
            space = false;
            started = true;
            if (c == '"' || c == '\\' || c == '&' && entityAt(t, i + 1, to)) out.append('\\');
            out.append(c);
        }
        out.append('"');
    }

    /** Appends the title t[from, to), which {@link #isPlainTitle} says is plain, as {@link #title} does. */
    static void plainTitle(TextBuffer out, char[] t, int from, int to) {
        if (isBlank(t, from, to)) return; // no HTML whitespace, but perhaps other whitespace only
        out.append(' ').append('"').append(t, from, to).append('"');
    }

    /**
     * Whether the title t[from, to) can be written as it is: no whitespace but single spaces inside, nothing to
     * escape, and no '&amp;' (so a title attribute's value as the page writes it is its value).
     */
    static boolean isPlainTitle(char[] t, int from, int to) {
        if (from == to || t[from] == ' ' || t[to - 1] == ' ') return false;
        boolean[] special = TITLE_SPECIAL;
        for (int i = from; i < to; i++) {
            char c = t[i];
            if (c < 128 && special[c] && (c != ' ' || t[i + 1] == ' ')) return false;
        }
        return true;
    }
}
