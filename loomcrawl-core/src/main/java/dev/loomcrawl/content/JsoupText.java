package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;
import org.jsoup.parser.Parser;
import org.jsoup.parser.Tag;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The text jsoup's {@code Element.text()} gives of a {@link PageTree} element, which Readability's port reads in a
 * few places (whether a short paragraph ends a sentence, whether a block is only an advertising label): the text
 * nodes with whitespace runs made one space (kept as they are below a whitespace-preserving tag, up to five levels
 * up), a space between a block, a {@code br} or a widget with text (a "text boundary": img, button, video...) and
 * what comes before or after it, trimmed. The tag properties are jsoup's own. One difference: jsoup puts no space
 * between a block and the text after it when a comment comes between them, and a tree has no comments
 * ({@code JsoupTextTest} compares the two on every element of hand-written pages and random tag soup without comments).
 */
final class JsoupText {
    private static final int BLOCK = 1;
    private static final int BOUNDARY = 1 << 1;
    private static final int PRESERVE = 1 << 2;
    /** jsoup's properties of the HTML tags it knows, as they are asked for. */
    private static final Map<String, Integer> KNOWN = new ConcurrentHashMap<>();
    /** jsoup looks for a whitespace-preserving tag from a text node's parent up, this many elements in all. */
    private static final int PRESERVE_LEVELS = 6;

    private final PageTree t;
    private final StringBuilder accum = new StringBuilder();
    /** The open elements, with the ancestors of the one asked about below them; their namespaces and properties. */
    private int[] open = new int[16];
    private String[] ns = new String[16];
    private int[] props = new int[16];
    private int depth;

    private JsoupText(PageTree t) {
        this.t = t;
    }

    static String of(PageTree t, int e) {
        return new JsoupText(t).text(e);
    }

    private String text(int e) {
        // the ancestors that whitespace preservation looks at, farthest first
        int farthest = e;
        for (int up = 0; up < PRESERVE_LEVELS - 1 && t.parent(farthest) >= 0; up++) {
            farthest = t.parent(farthest);
        }
        push(farthest, Namespaces.of(t, farthest));
        while (open[depth - 1] != e) {
            int a = e;
            while (t.parent(a) != open[depth - 1]) {
                a = t.parent(a);
            }
            push(a, Namespaces.child(t, open[depth - 1], ns[depth - 1], a)); // e itself last: nothing before it
        }
        int base = depth - 1;
        for (int n = e + 1, stop = t.end(e); n < stop; n++) {
            while (t.end(open[depth - 1]) <= n) {
                tail(depth - 1);
                depth--;
            }
            if (t.isText(n)) {
                append(n);
            } else {
                head(n, Namespaces.child(t, open[depth - 1], ns[depth - 1], n));
            }
        }
        while (depth > base + 1) {
            tail(depth - 1);
            depth--;
        }
        return accum.toString().trim(); // so the separator after e, if any, does not count
    }

    /** Opens element {@code n}, in namespace {@code space}: a block, a br or a boundary with text is separated. */
    private void head(int n, String space) {
        push(n, space);
        int p = props[depth - 1];
        boolean separates = (p & BLOCK) != 0 || t.is(n, "br") || (p & BOUNDARY) != 0 && hasText(n);
        if (separates && accum.length() > 0 && !lastIsSpace()) {
            accum.append(' ');
        }
    }

    private void push(int n, String space) {
        if (depth == open.length) {
            open = Arrays.copyOf(open, depth * 2);
            ns = Arrays.copyOf(ns, depth * 2);
            props = Arrays.copyOf(props, depth * 2);
        }
        int p = properties(t, n, space);
        open[depth] = n;
        ns[depth] = space;
        props[depth] = p;
        depth++;
    }

    /** Closes the open element {@code d}: a block or boundary is separated from the text or inline element after it. */
    private void tail(int d) {
        int n = open[d];
        int p = props[d];
        if ((p & (BLOCK | BOUNDARY)) == 0 && !hasBlockChild(n, ns[d]) || lastIsSpace()) {
            return;
        }
        int next = t.next(n);
        if (next >= 0 && (t.isText(next)
                || (properties(t, next, Namespaces.child(t, open[d - 1], ns[d - 1], next)) & BLOCK) == 0)) {
            accum.append(' ');
        }
    }

    /** Appends text node {@code n}: as it is below a whitespace-preserving tag, else whitespace runs as one space. */
    private void append(int n) {
        char[] c = t.text();
        int from = t.textStart(n);
        int to = t.textEnd(n);
        boolean preserve = false;
        for (int d = depth - 1; d >= 0 && d >= depth - PRESERVE_LEVELS; d--) {
            preserve |= (props[d] & PRESERVE) != 0;
        }
        if (preserve) {
            accum.append(c, from, to - from);
            return;
        }
        boolean stripLeading = lastIsSpace();
        boolean lastWasWhite = false;
        boolean reachedNonWhite = false;
        for (int i = from; i < to; i++) {
            char ch = c[i];
            if (space(ch)) {
                if (stripLeading && !reachedNonWhite || lastWasWhite) {
                    continue;
                }
                accum.append(' ');
                lastWasWhite = true;
            } else if (!invisible(ch)) {
                accum.append(ch);
                lastWasWhite = false;
                reachedNonWhite = true;
            }
        }
    }

    /** Whether jsoup's text makes {@code ch} part of a space (outside whitespace-preserving tags). */
    static boolean space(char ch) {
        return MarkdownSyntax.isHtmlSpace(ch) || ch == '\u00a0';
    }

    /**
     * Whether jsoup's text leaves {@code ch} out (outside whitespace-preserving tags): zero-width space, soft hyphen.
     */
    static boolean invisible(char ch) {
        return ch == '\u200b' || ch == '\u00ad';
    }

    private boolean lastIsSpace() {
        return !accum.isEmpty() && accum.charAt(accum.length() - 1) == ' ';
    }

    /** Whether a text node below {@code n} holds anything but whitespace (jsoup's {@code hasText}). */
    private boolean hasText(int n) {
        char[] c = t.text();
        for (int d = n + 1, stop = t.end(n); d < stop; d++) {
            if (t.isText(d)) {
                for (int i = t.textStart(d), to = t.textEnd(d); i < to; i++) {
                    char ch = c[i];
                    if (!MarkdownSyntax.isHtmlSpace(ch)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private boolean hasBlockChild(int n, String space) {
        for (int c = t.firstChild(n); c >= 0; c = t.next(c)) {
            if (!t.isText(c) && (properties(t, c, Namespaces.child(t, n, space, c)) & BLOCK) != 0) {
                return true;
            }
        }
        return false;
    }

    /** jsoup's tag properties of element {@code n} in namespace {@code space}. */
    private static int properties(PageTree t, int n, String space) {
        String name = t.name(n);
        if (space.equals(Parser.NamespaceSvg)) {
            return name.equals("svg") || name.equals("femerge") || name.equals("femergenode") ? BLOCK : 0;
        }
        if (space.equals(Parser.NamespaceMathml)) {
            return name.equals("math") ? BLOCK : 0;
        }
        if (n == 0) {
            return BLOCK; // the document, "#root" to jsoup
        }
        Integer known = KNOWN.get(name);
        if (known == null) {
            if (!Tag.isKnownTag(name)) {
                return 0; // jsoup makes unknown tags inline, with no other property
            }
            Tag tag = Tag.valueOf(name);
            known = (tag.isBlock() ? BLOCK : 0) | (tag.is(Tag.TextBoundary) ? BOUNDARY : 0)
                    | (tag.preserveWhitespace() ? PRESERVE : 0);
            KNOWN.put(name, known);
        }
        return known;
    }
}
