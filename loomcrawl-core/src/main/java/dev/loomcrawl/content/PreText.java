package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;

/**
 * The text of a {@code <pre>} exactly as a browser shows it: every character of its text, highlighting markup
 * dropped, a {@code <br>} as a line break, skipped elements (see {@link SkippedElements}) and what the walk leaves out
 * left out. The HTML parser has already dropped the newline right after {@code <pre>}, as the HTML standard says.
 */
final class PreText {
    private PreText() {
    }

    /** Appends the text of element pre, of the walk's tree, to text. */
    static void append(TextBuffer text, ContentWalk walk, int pre) {
        PageTree t = walk.tree;
        char[] chars = t.text();
        int stop = t.end(pre);
        int n = pre + 1;
        while (n < stop) {
            if (walk.isLeftOut(n)) {
                n = t.end(n);
            } else if (t.isText(n)) {
                text.append(chars, t.textStart(n), t.textEnd(n));
                n++;
            } else {
                int role = walk.role(n);
                if (role == ElementRole.BR) text.append('\n');
                n = role == ElementRole.BR || SkippedElements.skipped(t, n, role, null) ? t.end(n) : n + 1;
            }
        }
    }

    /** Whether text has nothing but whitespace (a {@code <pre>} that shows nothing). */
    static boolean isBlank(TextBuffer text) {
        for (int i = 0; i < text.length; i++) {
            if (!Character.isWhitespace(text.chars[i])) return false;
        }
        return true;
    }
}
