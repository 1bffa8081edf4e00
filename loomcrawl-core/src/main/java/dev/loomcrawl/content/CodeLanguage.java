package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;

/**
 * The programming language a page names for a {@code <pre>}, for the info string of a fenced code block. Read
 * from the conventions highlighters use, on the {@code <pre>}, on its {@code <code>} child, or on up to three
 * ancestors (Sphinx puts it two levels up: {@code div.highlight-python3 > div.highlight > pre}):
 * <ul>
 *   <li>{@code data-lang="xxx"} (Hugo, Chroma);</li>
 *   <li>class {@code language-xxx} (HTML standard's suggestion, Prism, highlight.js) or {@code lang-xxx}
 *       (Prettify);</li>
 *   <li>class {@code highlight-xxx} (Sphinx; {@code highlight-default} and {@code highlight-none} name no
 *       language) and {@code highlight-source-xxx} (GitHub);</li>
 *   <li>class {@code brush: xxx} (SyntaxHighlighter).</li>
 * </ul>
 * Only letters, digits and {@code + - . _ #} are kept, so a name cannot break the fence line.
 */
final class CodeLanguage {
    private static final int ANCESTORS = 3;

    private CodeLanguage() {
    }

    /** The language named for element pre of the walk's tree, or "" when none is. */
    static String of(ContentWalk walk, int pre) {
        PageTree t = walk.tree;
        String lang = named(t, pre);
        if (!lang.isEmpty()) return lang;
        int child = walk.firstElementChild(pre);
        if (child >= 0 && t.is(child, "code")) {
            lang = named(t, child);
            if (!lang.isEmpty()) return lang;
        }
        int up = t.parent(pre);
        for (int i = 0; i < ANCESTORS && up >= 0; i++, up = t.parent(up)) {
            lang = named(t, up);
            if (!lang.isEmpty()) return lang;
        }
        return "";
    }

    /** The language element el's own attributes name, or "". */
    private static String named(PageTree t, int el) {
        if (t.attributes(el) == 0) return "";
        String data = t.attr(el, "data-lang");
        if (!data.isBlank()) return clean(data.strip(), 0);
        String classes = t.attr(el, "class").trim(); // jsoup's className()
        if (classes.isEmpty()) return "";
        int brush = classes.indexOf("brush:");
        if (brush >= 0) {
            int at = brush + "brush:".length();
            while (at < classes.length() && classes.charAt(at) == ' ') at++;
            String lang = clean(classes, at);
            if (!lang.isEmpty()) return lang;
        }
        int start = 0;
        int n = classes.length();
        while (start < n) {
            while (start < n && Character.isWhitespace(classes.charAt(start))) start++;
            int end = start;
            while (end < n && !Character.isWhitespace(classes.charAt(end))) end++;
            String lang = fromClass(classes, start, end);
            if (!lang.isEmpty()) return lang;
            start = end;
        }
        return "";
    }

    private static String fromClass(String classes, int start, int end) {
        if (classes.startsWith("language-", start)) return clean(classes.substring(0, end), start + 9);
        if (classes.startsWith("lang-", start)) return clean(classes.substring(0, end), start + 5);
        if (classes.startsWith("highlight-source-", start)) return clean(classes.substring(0, end), start + 17);
        if (classes.startsWith("highlight-", start)) {
            String lang = clean(classes.substring(0, end), start + 10);
            return lang.equals("default") || lang.equals("none") ? "" : lang;
        }
        return "";
    }

    /** The run of name characters in s from at. */
    private static String clean(String s, int at) {
        int end = at;
        while (end < s.length() && nameChar(s.charAt(end))) end++;
        return s.substring(at, end);
    }

    private static boolean nameChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
            || c == '+' || c == '-' || c == '.' || c == '_' || c == '#';
    }
}
