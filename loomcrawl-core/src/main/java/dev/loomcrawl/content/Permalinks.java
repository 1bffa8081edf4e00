package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * Permalink anchors: the small links documentation generators put in a heading (or a definition's term, or a table's
 * caption) so that a reader can copy a link to it, such as Sphinx's and MkDocs's {@code ¶}, Docusaurus's
 * {@code #}, rustdoc's {@code §}, and icon-only links. They are furniture, not text: in a heading they made "5.1. More
 * on Lists¶", and every chunk under it repeated that. {@link Markdown} and {@link PlainText} leave them out.
 *
 * <p>A link is one when it points at its own place and shows at most a symbol. It points at its own place when its
 * {@code href} is {@code #id} and id is the {@code id} of one of its nearest ancestors (the heading itself, or the
 * section around it, as Sphinx writes), or the {@code id} or {@code name} of an element in the block that holds the
 * link (DocBook's {@code <a id>} at a heading's start). It shows at most a symbol when its visible text, spaces,
 * zero-width characters and variation selectors left out, is one character that is neither a letter nor a digit
 * ({@code ¶ # § 🔗}); or nothing at all (Docusaurus writes a zero-width space); or only an image or icon (an
 * {@code img}, an {@code svg}...) and a word that says what it is: a class holding "anchor", "headerlink",
 * "hash-link" or "permalink", or an {@code aria-label} or {@code title} holding "link" or "anchor" ("Permalink to
 * this headline", "Direct link to Lists"). So a heading that is all a link to itself
 * ({@code <h2 id=a><a href=#a>Lists</a></h2>}) keeps its text.
 *
 * <p>A general rule, not a list of sites; the look is bounded (a few dozen nodes and ancestors), so it costs little
 * even on hostile pages. Only links whose {@code href} starts with {@code #} are looked at further.
 */
final class Permalinks {
    /** The most nodes of a link's own subtree read for its text: a permalink has one or two. */
    private static final int MAX_LINK_NODES = 16;
    /** How many ancestors of the link may hold the id it points at: heading, section, and a wrapper or two. */
    private static final int MAX_ANCESTORS = 4;
    /** The most nodes of the block holding the link read for an anchor there. */
    private static final int MAX_BLOCK_NODES = 64;
    private static final String[] CLASS_WORDS = {"anchor", "headerlink", "hash-link", "permalink"};
    private static final String[] LABEL_WORDS = {"link", "anchor"};

    private Permalinks() {
    }

    /** Whether element a (an {@code <a>}) of the tree is a permalink; hints: the tree's {@link ClassHints}, or null. */
    static boolean is(PageTree tree, int a, byte[] hints) {
        int href = tree.attributeIndex(a, "href");
        if (href < 0 || tree.valueStart(a, href) < 0) return false;
        char[] c = tree.attributeChars();
        int from = tree.valueStart(a, href);
        int to = tree.valueEnd(a, href);
        while (from < to && c[from] <= ' ') from++;
        if (from >= to || c[from] != '#' && c[from] != '&') return false; // '&': a character reference, maybe "#"
        int shown = shown(tree, a, hints); // first: most links to a fragment show words, and this makes no string
        if (shown == TEXT || shown == ICON && !saysPermalink(tree, a)) return false;
        String fragment = fragment(tree.attributeValue(a, href).strip());
        return fragment != null && pointsAtItsPlace(tree, a, fragment);
    }

    // What a link shows
    private static final int NOTHING = 0;
    private static final int SYMBOL = 1;
    private static final int ICON = 2;
    private static final int TEXT = 3;

    /**
     * What link a shows: text (more than one symbol, or a letter or digit), one symbol, only an icon, or nothing (no
     * visible character: a zero-width space, or an element hidden or left out).
     */
    private static int shown(PageTree tree, int a, byte[] hints) {
        int end = tree.end(a);
        if (end - a > MAX_LINK_NODES) return TEXT;
        int symbols = 0;
        boolean icon = false;
        for (int n = a + 1; n < end; ) {
            if (tree.isText(n)) {
                char[] s = tree.text();
                for (int i = tree.textStart(n), stop = tree.textEnd(n); i < stop; ) {
                    int cp = Character.codePointAt(s, i, stop);
                    i += Character.charCount(cp);
                    if (invisible(cp)) continue;
                    if (++symbols > 1 || Character.isLetterOrDigit(cp)) return TEXT;
                }
                n++;
                continue;
            }
            int role = ElementRole.of(tree.name(n));
            if (role == ElementRole.IMG || tree.is(n, "svg") || tree.is(n, "i")) icon = true;
            if (role == ElementRole.SKIPPED || role == ElementRole.IMG
                || SkippedElements.skipped(tree, n, role, hints)) {
                n = tree.end(n);
                continue;
            }
            n++;
        }
        return symbols == 1 ? SYMBOL : icon ? ICON : NOTHING;
    }

    /** Whether a code point shows nothing: space, a zero-width or format character, a variation selector. */
    private static boolean invisible(int cp) {
        return Character.isWhitespace(cp) || Character.isSpaceChar(cp) || cp == '\u200b'
            || Character.getType(cp) == Character.FORMAT || cp >= 0xfe00 && cp <= 0xfe0f
            || cp >= 0xe0100 && cp <= 0xe01ef;
    }

    /** Whether link a's class, aria-label or title says what it is. */
    private static boolean saysPermalink(PageTree tree, int a) {
        return holds(tree.attr(a, "class"), CLASS_WORDS) || holds(tree.attr(a, "aria-label"), LABEL_WORDS)
            || holds(tree.attr(a, "title"), LABEL_WORDS);
    }

    private static boolean holds(String value, String[] words) {
        if (value.isEmpty()) return false;
        String lower = value.toLowerCase(java.util.Locale.ROOT);
        for (String w : words) {
            if (lower.contains(w)) return true;
        }
        return false;
    }

    /** Whether the fragment is the id of one of a's nearest ancestors, or an id or name in the block holding a. */
    private static boolean pointsAtItsPlace(PageTree tree, int a, String fragment) {
        int block = -1;
        int up = tree.parent(a);
        for (int k = 0; k < MAX_ANCESTORS && up > 0; k++, up = tree.parent(up)) {
            if (tree.isText(up)) break;
            if (fragment.equals(tree.attr(up, "id"))) return true;
            if (block < 0 && ElementRole.isBlock(ElementRole.of(tree.name(up)))) block = up;
        }
        if (block < 0) return false;
        int end = Math.min(tree.end(block), block + MAX_BLOCK_NODES);
        for (int n = block + 1; n < end; n++) {
            if (n == a || tree.isText(n)) continue;
            if (fragment.equals(tree.attr(n, "id")) || tree.is(n, "a") && fragment.equals(tree.attr(n, "name"))) {
                return true;
            }
        }
        return false;
    }

    /** The id an href of {@code #id} points at, percent-decoded as a browser does; null for any other href. */
    private static String fragment(String href) {
        if (href.length() < 2 || href.charAt(0) != '#') return null;
        String id = href.substring(1);
        if (id.indexOf('%') < 0) return id;
        try {
            return URLDecoder.decode(id.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return id;
        }
    }
}
