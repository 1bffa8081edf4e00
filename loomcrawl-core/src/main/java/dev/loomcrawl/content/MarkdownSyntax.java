package dev.loomcrawl.content;

/**
 * CommonMark's character rules that {@link Markdown} writes by: which characters are whitespace or punctuation
 * (they decide whether {@code *} can open or close emphasis), how link destinations and titles are written, and how
 * long a code span's or code block's backtick fence must be.
 */
final class MarkdownSyntax {
    /** The characters a link destination may need escaped or dropped; the others are copied as they are. */
    private static final boolean[] URL_SPECIAL = new boolean[128];

    static {
        for (char c : "\\()<>&\n\r".toCharArray()) URL_SPECIAL[c] = true;
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
     * Whether s holds a character reference from at (just past an {@code &}): {@code name;}, {@code #digits;} or
     * {@code #xhex;}. Such an {@code &} must be escaped, or CommonMark would read the reference as the character.
     */
    static boolean entityAt(CharSequence s, int at) {
        int n = s.length();
        int i = at;
        if (i < n && s.charAt(i) == '#') {
            i++;
            boolean hex = i < n && (s.charAt(i) == 'x' || s.charAt(i) == 'X');
            if (hex) i++;
            int digits = i;
            while (i < n && i - digits < 8 && (Character.isDigit(s.charAt(i)) || hex && isHex(s.charAt(i)))) i++;
            return i > digits && i < n && s.charAt(i) == ';';
        }
        while (i < n && i - at < 32 && isAsciiAlnum(s.charAt(i))) i++;
        return i > at && i < n && s.charAt(i) == ';';
    }

    private static boolean isHex(char c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }

    static boolean isAsciiAlnum(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9';
    }

    /** The longest run of backticks in s. */
    static int longestBacktickRun(CharSequence s) {
        int longest = 0;
        int run = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == '`') {
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
    static void codeSpan(StringBuilder out, CharSequence code) {
        int fence = longestBacktickRun(code) + 1;
        boolean pad = code.charAt(0) == '`' || code.charAt(code.length() - 1) == '`';
        out.repeat('`', fence);
        if (pad) out.append(' ');
        out.append(code);
        if (pad) out.append(' ');
        out.repeat('`', fence);
    }

    /**
     * Appends a link destination and, when title is not empty, its title, as they go between a link's
     * parentheses. A URL with a space or a control character is written between angle brackets; otherwise bare,
     * with its parentheses escaped. Backslashes and character references are escaped in both forms.
     */
    static void destination(StringBuilder out, String url, String title) {
        boolean angle = url.isEmpty();
        boolean special = false;
        for (int i = 0; i < url.length(); i++) {
            char c = url.charAt(i);
            if (c <= ' ') angle = true;
            else if (c < 128 && URL_SPECIAL[c]) special = true;
        }
        if (angle) out.append('<');
        if (!angle && !special) {
            out.append(url);
        } else {
            int run = 0;
            for (int i = 0; i < url.length(); i++) {
                char c = url.charAt(i);
                if (c >= 128 || !URL_SPECIAL[c]) continue;
                boolean drop = c == '\n' || c == '\r';
                boolean escape = c == '\\' || angle && (c == '<' || c == '>') || !angle && (c == '(' || c == ')')
                    || c == '&' && entityAt(url, i + 1) || !angle && i == 0 && c == '<';
                if (!drop && !escape) continue;
                out.append(url, run, i);
                if (escape) out.append('\\').append(c);
                run = i + 1;
            }
            out.append(url, run, url.length());
        }
        if (angle) out.append('>');
        if (!title.isBlank()) title(out, title);
    }

    /** Appends a link title in double quotes, whitespace collapsed, quotes and backslashes escaped. */
    private static void title(StringBuilder out, String title) {
        out.append(" \"");
        if (plainTitle(title)) {
            out.append(title).append('"');
            return;
        }
        boolean space = false;
        boolean started = false;
        for (int i = 0; i < title.length(); i++) {
            char c = title.charAt(i);
            if (isHtmlSpace(c)) {
                space = true;
                continue;
            }
            if (space && started) out.append(' ');
            space = false;
            started = true;
            if (c == '"' || c == '\\' || c == '&' && entityAt(title, i + 1)) out.append('\\');
            out.append(c);
        }
        out.append('"');
    }

    /** Whether a title can be written as it is: no whitespace but single spaces inside, nothing to escape. */
    private static boolean plainTitle(String title) {
        int n = title.length();
        if (n == 0 || title.charAt(0) == ' ' || title.charAt(n - 1) == ' ') return false;
        for (int i = 0; i < n; i++) {
            char c = title.charAt(i);
            if (c == '"' || c == '\\' || c == '&' || c == ' ' && title.charAt(i + 1) == ' '
                || c != ' ' && isHtmlSpace(c)) {
                return false;
            }
        }
        return true;
    }
}
