package dev.loomcrawl.extract;

/**
 * Where a {@code <script>}'s text ends, by the script data states of the HTML tokenizer (jsoup 1.24's): at the
 * first {@code </script} followed by whitespace, '/' or '&gt;', except inside an escaped {@code <!-- ... -->}
 * section that opens a nested {@code <script>} (the "double escaped" states), where {@code </script>} only
 * closes that nesting.
 */
final class ScriptScanner {
    private final char[] c;
    private final int n;

    ScriptScanner(char[] c, int n) {
        this.c = c;
        this.n = n;
    }

    /** The position of the '&lt;' of the end tag, or -1 when the script runs to the end of the page. */
    int endTag(int p) {
        while (true) {
            int lt = next('<', p);
            if (lt < 0 || lt + 1 >= n) return -1;
            p = lt + 1;
            if (c[p] == '/') {
                if (isScriptEnd(p + 1)) return lt;
                p = skipLetters(p + 1);
            } else if (c[p] == '!' && p + 2 < n && c[p + 1] == '-' && c[p + 2] == '-') {
                int end = escaped(p + 3);
                if (end < 0) return -1;
                if (isScriptEndAt(end)) return end;
                p = end;
            }
        }
    }

    /**
     * The escaped states (after "&lt;!--"): returns where script data resumes (after "--&gt;"), or the
     * position of an end tag's '&lt;' (checked by the caller), or -1 at the end of the page.
     */
    private int escaped(int p) {
        int dashes = 2; // "<!--" counts as the "--" of ScriptDataEscapedDashDash
        while (p < n) {
            char ch = c[p++];
            if (ch == '-') {
                dashes++;
            } else if (ch == '>' && dashes >= 2) {
                return p;
            } else if (ch == '<') {
                dashes = 0;
                if (p < n && c[p] == '/') {
                    if (isScriptEnd(p + 1)) return p - 1;
                    p = skipLetters(p + 1);
                } else if (p < n && HtmlTokenizer.isAlpha(c[p])) {
                    int q = skipLetters(p);
                    if (q < n && isNameEnd(c[q]) && isScript(p, q)) {
                        int resume = doubleEscaped(q + 1);
                        if (resume < 0) return -1;
                        p = resume;
                        dashes = 0;
                        if (p > 0 && c[p - 1] == '>' && resumedInData) {
                            resumedInData = false;
                            return p;
                        }
                    } else {
                        p = q;
                    }
                }
            } else {
                dashes = 0;
            }
        }
        return -1;
    }

    private boolean resumedInData;

    /**
     * The double-escaped states: returns where the escaped states resume (after {@code </script} and one
     * more character), or where script data resumes after "--&gt;" (flagged in {@link #resumedInData}).
     */
    private int doubleEscaped(int p) {
        int dashes = 0;
        while (p < n) {
            char ch = c[p++];
            if (ch == '-') {
                dashes++;
            } else if (ch == '>' && dashes >= 2) {
                resumedInData = true;
                return p;
            } else if (ch == '<') {
                dashes = 0;
                if (p < n && c[p] == '/') {
                    int q = skipLetters(p + 1);
                    if (q < n && isNameEnd(c[q]) && isScript(p + 1, q)) return q + 1;
                    p = q;
                }
            } else {
                dashes = 0;
            }
        }
        return -1;
    }

    private boolean isScriptEndAt(int p) {
        return p + 1 < n && c[p] == '<' && c[p + 1] == '/' && isScriptEnd(p + 2);
    }

    /** Whether {@code c[p..]} is "script" (any case) followed by whitespace, '/' or '&gt;'. */
    private boolean isScriptEnd(int p) {
        int q = skipLetters(p);
        return q < n && isNameEnd(c[q]) && isScript(p, q);
    }

    private boolean isScript(int p, int q) {
        if (q - p != 6) return false;
        for (int i = 0; i < 6; i++) {
            char ch = c[p + i];
            if (ch >= 'A' && ch <= 'Z') ch += 32;
            if (ch != "script".charAt(i)) return false;
        }
        return true;
    }

    private int skipLetters(int p) {
        while (p < n && HtmlTokenizer.isAlpha(c[p])) p++;
        return p;
    }

    private static boolean isNameEnd(char ch) {
        return ch == '\t' || ch == '\n' || ch == '\f' || ch == '\r' || ch == ' ' || ch == '/' || ch == '>';
    }

    private int next(char ch, int from) {
        for (int i = from; i < n; i++) {
            if (c[i] == ch) return i;
        }
        return -1;
    }
}
