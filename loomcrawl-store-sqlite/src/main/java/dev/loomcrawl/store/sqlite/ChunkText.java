package dev.loomcrawl.store.sqlite;

/**
 * A chunk's Markdown as it is indexed and embedded: the words a reader sees, without the URLs of its links and
 * images. {@code [text](url "title")} becomes {@code text}, {@code ![alt](src)} becomes {@code alt}, an autolink
 * {@code <https://...>} and a reference definition ({@code [id]: url}) go; the rest (code, emphasis, tables) stays as
 * written. On the Python docs a quarter of the chunks' characters were link URLs and titles: words no question uses,
 * which BM25 counted in a chunk's length and the model read instead of the text.
 */
public final class ChunkText {
    private ChunkText() {}

    /** {@code markdown} without link and image URLs (and link titles). */
    public static String of(String markdown) {
        StringBuilder out = new StringBuilder(markdown.length());
        int n = markdown.length();
        int i = 0;
        while (i < n) {
            char c = markdown.charAt(i);
            if (c == '\\' && i + 1 < n) {
                out.append(c).append(markdown.charAt(i + 1));
                i += 2;
            } else if (c == '`') {
                i = codeSpan(markdown, i, out);
            } else if (c == '<' && autolink(markdown, i) > i) {
                i = autolink(markdown, i);
            } else if (c == ']' && i + 1 < n && markdown.charAt(i + 1) == '(') {
                int end = destinationEnd(markdown, i + 1);
                if (end < 0) {
                    out.append(c);
                    i++;
                } else {
                    i = end; // the link's text stays, its "](url "title")" goes
                }
            } else if ((c == '[' || c == '!' && i + 1 < n && markdown.charAt(i + 1) == '[') && lineStart(markdown, i)
                    && definitionEnd(markdown, i) > i) {
                i = definitionEnd(markdown, i);
            } else {
                out.append(c);
                i++;
            }
        }
        return strayBrackets(out);
    }

    /** Copies a code span (or a fence's backticks) whole: what is inside is code, not links. */
    private static int codeSpan(String s, int at, StringBuilder out) {
        int run = at;
        while (run < s.length() && s.charAt(run) == '`') run++;
        String fence = s.substring(at, run);
        int close = s.indexOf(fence, run);
        int end = close < 0 ? run : close + fence.length();
        out.append(s, at, end);
        return end;
    }

    /** Where an autolink starting at {@code at} ends, or {@code at} when there is none. */
    private static int autolink(String s, int at) {
        int end = s.indexOf('>', at);
        if (end < 0) return at;
        String inner = s.substring(at + 1, end);
        if (inner.indexOf(' ') >= 0 || inner.indexOf('\n') >= 0) return at;
        boolean link = inner.startsWith("http://") || inner.startsWith("https://") || inner.startsWith("mailto:")
                || inner.startsWith("ftp://");
        return link ? end + 1 : at;
    }

    /** The end of {@code (destination "title")} starting at the parenthesis {@code at}, or -1 when it is not one. */
    private static int destinationEnd(String s, int at) {
        int depth = 0;
        boolean quoted = false;
        for (int i = at; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\n') return -1;
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (!quoted && c == '(') {
                depth++;
            } else if (!quoted && c == ')' && --depth == 0) {
                return i + 1;
            }
        }
        return -1;
    }

    private static boolean lineStart(String s, int at) {
        return at == 0 || s.charAt(at - 1) == '\n';
    }

    /** The end (its line end) of a reference definition {@code [id]: url} at {@code at}, or {@code at}. */
    private static int definitionEnd(String s, int at) {
        int close = s.indexOf("]:", at);
        int eol = s.indexOf('\n', at);
        if (eol < 0) eol = s.length();
        if (close < 0 || close > eol || s.charAt(at) == '!') return at;
        return eol;
    }

    /** Drops the opening brackets whose links lost their "](url)" ("[text" becomes "text"), and images' "!". */
    private static String strayBrackets(StringBuilder s) {
        StringBuilder out = new StringBuilder(s.length());
        java.util.ArrayDeque<Integer> open = new java.util.ArrayDeque<>();
        boolean[] drop = new boolean[s.length()];
        boolean code = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '`') {
                code = !code;
            } else if (!code && c == '[') {
                open.push(i);
            } else if (!code && c == ']' && !open.isEmpty()) {
                open.pop(); // a bracket closed where it stands: text, kept
            }
        }
        for (int at : open) {
            drop[at] = true;
            if (at > 0 && s.charAt(at - 1) == '!') drop[at - 1] = true;
        }
        for (int i = 0; i < s.length(); i++) if (!drop[i]) out.append(s.charAt(i));
        return out.toString();
    }
}
