package dev.loomcrawl.extract;

/**
 * Where a {@code <!--} comment ends, by the comment states of the HTML tokenizer (jsoup 1.24's): {@code -->},
 * also {@code --!>}, and the abrupt {@code <!-->} and {@code <!--->}; an unclosed comment runs to the end.
 */
final class CommentScanner {
    private CommentScanner() {}

    /** The position after the comment whose data starts at {@code p} (just after {@code <!--}). */
    static int end(char[] c, int n, int p) {
        // CommentStart
        if (p >= n) return n;
        if (c[p] == '>') return p + 1;
        if (c[p] == '-') {
            p++; // CommentStartDash
            if (p >= n) return n;
            if (c[p] == '-') { // "<!----": CommentEnd, which may go back to the Comment state
                int end = commentEnd(c, n, p + 1);
                return end >= 0 ? end : comment(c, n, -end - 1);
            }
            if (c[p] == '>') return p + 1;
        }
        return comment(c, n, p);
    }

    /** Comment state: up to the next '-', then CommentEndDash. */
    private static int comment(char[] c, int n, int p) {
        while (true) {
            while (p < n && c[p] != '-') p++;
            if (p >= n) return n;
            p++; // CommentEndDash
            if (p >= n) return n;
            if (c[p++] == '-') {
                int end = commentEnd(c, n, p);
                if (end >= 0) return end;
                p = -end - 1;
            }
        }
    }

    /**
     * CommentEnd (after "--"): the position after the comment if it ends here, or {@code -(resume + 1)} when
     * the comment goes on at {@code resume}.
     */
    private static int commentEnd(char[] c, int n, int p) {
        while (true) {
            if (p >= n) return n;
            char ch = c[p++];
            if (ch == '>') return p;
            if (ch == '-') continue;
            if (ch != '!') return -(p + 1);
            // CommentEndBang
            if (p >= n) return n;
            ch = c[p++];
            if (ch == '>') return p;
            if (ch != '-') return -(p + 1);
            // CommentEndDash
            if (p >= n) return n;
            if (c[p++] != '-') return -(p + 1);
        }
    }
}
