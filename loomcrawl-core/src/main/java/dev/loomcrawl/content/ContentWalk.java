package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;
import java.util.Arrays;

/**
 * One walk over a page's main content in a {@link PageTree}, for {@link Markdown} and {@link PlainText}: the subtrees
 * of the roots in turn, in document order, without recursion (nodes are numbered in document order, so the walk is a
 * loop over node numbers that jumps a subtree by going to its end), and without the nodes left out.
 *
 * <p>Each element's start is handed to {@link #head} with its {@link ElementRole}, and its end to {@link #tail} when
 * head asks for it (most inline elements' ends do nothing); a skipped element (see {@link SkippedElements}) is passed
 * over with its subtree, except a root, which the caller chose. The roots follow one another as the children of one
 * element would. Two conversions of the same content can share one walk ({@link #walkTogether}).
 */
abstract class ContentWalk {
    /** What {@link #head} says to do with an element: pass over its subtree. */
    static final int SKIP = 0;
    /** Walk into the element. */
    static final int ENTER = 1;
    /** Walk into the element and call {@link #tail} at its end. */
    static final int ENTER_AND_END = 2;
    /** Which of two walks an open element's end is told to (see {@link #walkTogether}). */
    private static final int FIRST = 1;
    private static final int SECOND = 2;

    final PageTree tree;
    final int[] roots;
    /** Per node, whether it is left out with its subtree; null when nothing is. */
    final boolean[] leftOut;
    /**
     * Per node, whether this walk alone leaves it out with its subtree, on top of {@link #leftOut} (the plain text
     * leaves out what the Markdown keeps: {@link MainContent.Result#leftOutOfText}); null when nothing is.
     */
    final boolean[] alsoLeftOut;
    /** The elements whose end is still to come, innermost last, their roles and which walks their end is told to. */
    private int[] open = new int[32];
    private int[] openRoles = new int[32];
    private int[] openTails = new int[32];
    /** The roles of the element names met. */
    private final ElementRole.Lookup roles = new ElementRole.Lookup();

    /**
     * The last link asked about by {@link #isPermalink} and the answer (1 when it is one): shared by two walks of the
     * same content ({@link #walkTogether}), which ask about the same links in turn.
     */
    private int[] permalink = {-1, 0};

    ContentWalk(PageTree tree, int[] roots, boolean[] leftOut) {
        this(tree, roots, leftOut, null);
    }

    ContentWalk(PageTree tree, int[] roots, boolean[] leftOut, boolean[] alsoLeftOut) {
        this.tree = tree;
        this.roots = roots;
        this.leftOut = leftOut;
        this.alsoLeftOut = alsoLeftOut;
    }

    /** A text node. */
    abstract void text(int n);

    /** An element's start; returns what to do with it: {@link #SKIP}, {@link #ENTER} or {@link #ENTER_AND_END}. */
    abstract int head(int n, int role);

    /** An element's end. */
    abstract void tail(int n, int role);

    /** The {@link ElementRole} of element n. */
    final int role(int n) {
        return roles.of(tree.name(n));
    }

    /** The {@link ClassHints} of the tree's nodes, or null: what says which elements no attribute hides. */
    byte[] hints() {
        return null;
    }

    /** Whether element n, an {@code <a>}, is a permalink anchor ({@link Permalinks}), left out of the content. */
    final boolean isPermalink(int n) {
        if (permalink[0] == n) return permalink[1] == 1;
        boolean is = Permalinks.is(tree, n, hints());
        permalink[0] = n;
        permalink[1] = is ? 1 : 0;
        return is;
    }

    /** Whether node {@code n} is left out by the caller (not whether it is a skipped element). */
    final boolean isLeftOut(int n) {
        return leftOut != null && leftOut[n] || alsoLeftOut != null && alsoLeftOut[n];
    }

    /**
     * How many characters of text the roots hold, left-out parts included: what the output is sized by, so that it is
     * not copied as it grows. The text of a subtree lies between its first and its last text node's.
     */
    final int textLength() {
        long total = 0;
        for (int root : roots) {
            int first = root;
            int last = tree.end(root) - 1;
            while (first <= last && !tree.isText(first)) first++;
            while (last > first && !tree.isText(last)) last--;
            if (first <= last) total += Math.max(0, tree.textEnd(last) - tree.textStart(first));
        }
        return (int) Math.min(total, 1 << 26);
    }

    /** How many nodes the roots' subtrees have, left-out ones included. */
    final int nodes() {
        int total = 0;
        for (int root : roots) total += tree.end(root) - root;
        return total;
    }

    /** Node n's first child that is not left out, or -1. */
    final int firstChild(int n) {
        int c = tree.firstChild(n);
        return c >= 0 && isLeftOut(c) ? nextSibling(c) : c;
    }

    /** The sibling after node n that is not left out, or -1. */
    final int nextSibling(int n) {
        int s = tree.next(n);
        while (s >= 0 && isLeftOut(s)) s = tree.next(s);
        return s;
    }

    /** Node n's first element child that is not left out, or -1. */
    final int firstElementChild(int n) {
        int c = firstChild(n);
        while (c >= 0 && tree.isText(c)) c = nextSibling(c);
        return c;
    }

    /** Walks every root's subtree. */
    final void walk() {
        walk(this, null, null);
    }

    /**
     * Walks every root's subtree once for two conversions of the same content (the same tree, roots and left-out
     * nodes), as {@link MarkdownAndText} does: each is told just what it would be told walking alone, but each node is
     * visited, and each element's role and whether it is skipped found, once. A subtree one of them passes over
     * ({@link #SKIP}, or {@link #alsoLeftOut}) is walked for the other only. The same walk counts the content's
     * {@link KindSignals} in {@code kind} (null: not), made for the same tree and left-out nodes: it is told of every
     * node not left out, in document order, the subtrees neither walk enters included.
     */
    static void walkTogether(ContentWalk first, ContentWalk second, KindSignals.Count kind) {
        if (first.tree != second.tree || first.roots != second.roots || first.leftOut != second.leftOut) {
            throw new IllegalArgumentException("two walks of different content");
        }
        second.permalink = first.permalink;
        walk(first, second, kind);
    }

    /** The walk: of a alone when b is null, counting k when not null. The open elements are kept in a's arrays. */
    private static void walk(ContentWalk a, ContentWalk b, KindSignals.Count k) {
        PageTree t = a.tree;
        boolean[] leftOut = a.leftOut;
        boolean[] aOut = a.alsoLeftOut;
        boolean[] bOut = b == null ? null : b.alsoLeftOut;
        byte[] hints = a.hints();
        // the first node each walk is told of: past the subtree it passed over last
        int aFrom = 0;
        int bFrom = b == null ? Integer.MAX_VALUE : 0;
        int depth = 0;
        int elements = 0;
        for (int root : a.roots) {
            int stop = t.end(root);
            int n = root;
            while (n < stop) {
                while (depth > 0 && n >= t.end(a.open[depth - 1])) {
                    depth--;
                    int tails = a.openTails[depth];
                    if ((tails & FIRST) != 0) a.tail(a.open[depth], a.openRoles[depth]);
                    if ((tails & SECOND) != 0) b.tail(a.open[depth], a.openRoles[depth]);
                }
                if (leftOut != null && leftOut[n]) {
                    if (k != null) k.leftOut(n, t.end(n));
                    n = t.end(n);
                    continue;
                }
                // left out by one walk alone: as if it had passed over the subtree
                if (aOut != null && aOut[n] && n >= aFrom) aFrom = t.end(n);
                if (bOut != null && bOut[n] && n >= bFrom) bFrom = t.end(n);
                if (n < aFrom && n < bFrom) {
                    if (k != null) k.over(n, t.end(n));
                    n = t.end(n);
                    continue;
                }
                if (t.isText(n)) {
                    if (k != null) k.text(n);
                    if (n >= aFrom) a.text(n);
                    if (n >= bFrom) b.text(n);
                    n++;
                    continue;
                }
                if ((++elements & (Turns.ELEMENTS - 1)) == 0) Turns.give(); // a power of two
                int role = a.role(n);
                if (k != null) k.element(n, role);
                if (n != root && SkippedElements.skipped(t, n, role, hints)) {
                    if (k != null) k.over(n + 1, t.end(n));
                    n = t.end(n);
                    continue;
                }
                int tails = 0;
                if (n >= aFrom) {
                    int then = a.head(n, role);
                    if (then == SKIP) aFrom = t.end(n);
                    else if (then == ENTER_AND_END) tails = FIRST;
                }
                if (n >= bFrom) {
                    int then = b.head(n, role);
                    if (then == SKIP) bFrom = t.end(n);
                    else if (then == ENTER_AND_END) tails |= SECOND;
                }
                if (n < aFrom && n < bFrom) { // neither walks into it
                    if (k != null) k.over(n + 1, t.end(n));
                    n = t.end(n);
                    continue;
                }
                n++;
                if (tails == 0) continue;
                if (depth == a.open.length) {
                    a.open = Arrays.copyOf(a.open, depth * 2);
                    a.openRoles = Arrays.copyOf(a.openRoles, depth * 2);
                    a.openTails = Arrays.copyOf(a.openTails, depth * 2);
                }
                a.open[depth] = n - 1;
                a.openRoles[depth] = role;
                a.openTails[depth++] = tails;
            }
            while (depth > 0) {
                depth--;
                int tails = a.openTails[depth];
                if ((tails & FIRST) != 0) a.tail(a.open[depth], a.openRoles[depth]);
                if ((tails & SECOND) != 0) b.tail(a.open[depth], a.openRoles[depth]);
            }
        }
    }
}
