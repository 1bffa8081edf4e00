package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;

import java.util.Arrays;

/**
 * The blocks of a page that make its article, and what is cleaned out of them, over a {@link Tree} and its
 * {@link Scoring}, as Readability's {@code _grabArticle} (siblings) and {@code _prepArticle} (cleaning) do.
 *
 * <p>The top candidate's siblings join it when they score at least a fifth of it (10 at least; a sibling with the
 * same class gets a fifth of the top's score as a bonus) and are no block of teasers, or when they are paragraphs of
 * more than 80 characters with few links, or shorter ones with no link that end a sentence. Inside the chosen blocks,
 * {@link Cleaning} leaves out what looks like boilerplate. Nothing here changes the page.
 */
final class Article {
    final Tree tree;
    /** The chosen blocks' indices, in document order. */
    final int[] roots;
    /**
     * Per page node, whether it is left out of the chosen blocks (removed at the scan or cleaned, with its subtree);
     * null when nothing is.
     */
    final boolean[] leftOut;
    /**
     * Per page node, whether it is left out of the plain text though kept in the Markdown (captions, the headline:
     * {@link ArticleLines}); null when nothing is.
     */
    final boolean[] leftOutOfText;
    /** What the bylines and datelines left out said. */
    final Bylines.Said said;
    /**
     * Text length of what is kept (in the Markdown), and of it outside links; both meaningless for an article of a
     * tree that holds the lengths only ({@link Tree#lengths}), which are not read.
     */
    final int length;
    final int plain;

    private Article(Tree tree, int[] roots, boolean[] leftOut, boolean[] leftOutOfText, Bylines.Said said,
                    int length, int plain) {
        this.tree = tree;
        this.roots = roots;
        this.leftOut = leftOut;
        this.leftOutOfText = leftOutOfText;
        this.said = said;
        this.length = length;
        this.plain = plain;
    }

    /** The article around candidate {@code top}; {@code clean} runs the conditional cleaning. */
    static Article around(Tree t, Scoring s, int top, boolean clean) {
        return of(t, siblings(t, s, top), clean);
    }

    /** The article that is element {@code root} whole, but for what the scan left out and the cleaning. */
    static Article whole(Tree t, int root, boolean clean) {
        return of(t, new int[] {root}, clean);
    }

    private static Article of(Tree t, int[] roots, boolean clean) {
        boolean[] leftOut = null;
        boolean[] leftOutOfText = null;
        Cleaning cleaning = new Cleaning(t, clean);
        boolean onlyNamed = cleaning.onlyNamed();
        int[] words = t.words;
        int[] kind = t.kind;
        int length = 0;
        int plain = 0;
        for (int r : roots) {
            // A chosen block that the cleaning would drop is kept all the same but counts as empty, and only what the
            // scan removed is left out of it.
            boolean table = (t.flags[r] & Tree.DATA_TABLE) != 0;
            boolean dropped = cleaning.drops(r, false, table);
            int kept = dropped ? 0 : t.chars[r];
            plain += dropped ? 0 : t.plain(r);
            if (!dropped && cleaning.outOfText(r)) {
                leftOutOfText = mark(leftOutOfText, t.node[r], t.nodes.page.size());
            }
            int dataTableEnd = table ? t.end[r] : -1;
            for (int i = r + 1; i < t.end[r]; ) {
                if (i >= dataTableEnd && (t.flags[i] & Tree.DATA_TABLE) != 0) {
                    dataTableEnd = t.end[i];
                }
                if (t.removed(i) || !dropped && (!onlyNamed || (words[i] & Cleaning.NAMED) != 0
                        || (kind[i] & Tags.HEADING) != 0) && cleaning.drops(i, true, i < dataTableEnd)) {
                    if (leftOut == null) {
                        leftOut = new boolean[t.nodes.page.size()];
                    }
                    leftOut[t.node[i]] = true;
                    if (!t.removed(i)) {
                        kept -= t.chars[i];
                        plain -= t.plain(i);
                    }
                    i = t.end[i];
                } else {
                    if (!dropped && cleaning.outOfText(i)) {
                        leftOutOfText = mark(leftOutOfText, t.node[i], t.nodes.page.size());
                    }
                    i++; // what is inside may still be left out of both
                }
            }
            length += kept;
        }
        return new Article(t, roots, leftOut, leftOutOfText, cleaning.said(), length, plain);
    }

    /** {@code marks} (made for {@code size} nodes when null) with node {@code n} marked. */
    private static boolean[] mark(boolean[] marks, int n, int size) {
        boolean[] m = marks == null ? new boolean[size] : marks;
        m[n] = true;
        return m;
    }

    private static int[] siblings(Tree t, Scoring s, int top) {
        int p = t.parent[top];
        if (p < 0) {
            return new int[] {top};
        }
        float topScore = s.scoreOf(top);
        float threshold = Math.max(10, topScore * 0.2f);
        String topClass = t.className(top);
        int[] roots = new int[8];
        int n = 0;
        for (int c = p + 1; c < t.end[p]; c = t.end[c]) {
            if (c != top && (t.removed(c) || !joins(t, s, c, topClass, topScore, threshold))) {
                continue;
            }
            if (n == roots.length) {
                roots = Arrays.copyOf(roots, n * 2);
            }
            roots[n++] = c;
        }
        return Arrays.copyOf(roots, n);
    }

    private static boolean joins(Tree t, Scoring s, int c, String topClass, float topScore, float threshold) {
        if (!Float.isNaN(s.score[c])) {
            float bonus = !topClass.isEmpty() && t.className(c).equals(topClass) ? topScore * 0.2f : 0;
            if (s.score[c] + bonus >= threshold) {
                return !teasers(t, c);
            }
        }
        // a p, or a div that Readability has turned into one or replaced by its only p
        boolean paragraph = (t.kind[c] & Tags.P) != 0 || (t.kind[c] & Tags.DIV) != 0
                && ((t.flags[c] & Tree.HAS_BLOCK) == 0 || (t.flags[c] & Tree.UNWRAPPED) != 0);
        if (!paragraph) {
            return false;
        }
        double links = t.linkDensity(c);
        int length = t.chars[c];
        if (length > 80) {
            return links < 0.25;
        }
        return length > 0 && links == 0 && hasFullStop(t.nodes.page, t.node[c]) && endsSentence(t.text(c));
    }

    /**
     * Whether sibling {@code c} is a block of teasers for other pages ("you may also like"), which a page may give the
     * class of its article, and whose summaries score as paragraphs: more than a quarter of its text in links, 3 links
     * or more, and less than 150 characters of other text per link (an article's paragraphs have a link in hundreds
     * of characters). It does not join, whatever its score.
     */
    private static boolean teasers(Tree t, int c) {
        if (t.linkDensity(c) <= 0.25) {
            return false;
        }
        int links = 0;
        for (int j = c + 1; j < t.end[c]; j++) {
            if ((t.kind[j] & Tags.A) != 0 && !t.removed(j)) {
                links++;
                j = t.end[j] - 1;
            }
        }
        return links >= 3 && t.plain(c) < 150 * links;
    }

    /**
     * Whether a text node below page node {@code n} has a full stop: else its text cannot end a sentence, and is not
     * made.
     */
    private static boolean hasFullStop(PageTree page, int n) {
        char[] text = page.text();
        for (int d = n + 1, stop = page.end(n); d < stop; d++) {
            if (page.isText(d)) {
                for (int k = page.textStart(d), end = page.textEnd(d); k < end; k++) {
                    if (text[k] == '.') {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** Whether {@code text} has a full stop followed by a space or the end, as Readability's {@code /\.( |$)/}. */
    private static boolean endsSentence(String text) {
        for (int i = text.indexOf('.'); i >= 0; i = text.indexOf('.', i + 1)) {
            if (i == text.length() - 1 || text.charAt(i + 1) == ' ') {
                return true;
            }
        }
        return false;
    }
}
