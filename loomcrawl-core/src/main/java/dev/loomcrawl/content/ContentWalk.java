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
 * element would.
 */
abstract class ContentWalk {
    /** What {@link #head} says to do with an element: pass over its subtree. */
    static final int SKIP = 0;
    /** Walk into the element. */
    static final int ENTER = 1;
    /** Walk into the element and call {@link #tail} at its end. */
    static final int ENTER_AND_END = 2;

    final PageTree tree;
    final int[] roots;
    /** Per node, whether it is left out with its subtree; null when nothing is. */
    final boolean[] leftOut;
    /** The elements whose end is still to come, innermost last, and their roles. */
    private int[] open = new int[32];
    private int[] openRoles = new int[32];
    private int depth;
    /**
     * The roles of the element names met, by hash: a page has a few dozen names, each the same string every time
     * (the parser's), so this spares the name switch for nearly every element.
     */
    private final String[] roleNames = new String[128];
    private final int[] roles = new int[128];

    ContentWalk(PageTree tree, int[] roots, boolean[] leftOut) {
        this.tree = tree;
        this.roots = roots;
        this.leftOut = leftOut;
    }

    /** A text node. */
    abstract void text(int n);

    /** An element's start; returns what to do with it: {@link #SKIP}, {@link #ENTER} or {@link #ENTER_AND_END}. */
    abstract int head(int n, int role);

    /** An element's end. */
    abstract void tail(int n, int role);

    /** The {@link ElementRole} of element n. */
    final int role(int n) {
        String name = tree.name(n);
        int slot = name.hashCode() & 127;
        if (roleNames[slot] == name) return roles[slot];
        int role = ElementRole.of(name);
        roleNames[slot] = name;
        roles[slot] = role;
        return role;
    }

    /** Whether node {@code n} is left out by the caller (not whether it is a skipped element). */
    final boolean isLeftOut(int n) {
        return leftOut != null && leftOut[n];
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
        PageTree t = tree;
        for (int root : roots) {
            int stop = t.end(root);
            int n = root;
            while (n < stop) {
                while (depth > 0 && n >= t.end(open[depth - 1])) {
                    depth--;
                    tail(open[depth], openRoles[depth]);
                }
                if (leftOut != null && leftOut[n]) {
                    n = t.end(n);
                    continue;
                }
                if (t.isText(n)) {
                    text(n);
                    n++;
                    continue;
                }
                int role = role(n);
                int then = n != root && SkippedElements.skipped(t, n, role) ? SKIP : head(n, role);
                if (then == SKIP) {
                    n = t.end(n);
                    continue;
                }
                n++;
                if (then == ENTER) continue;
                if (depth == open.length) {
                    open = Arrays.copyOf(open, depth * 2);
                    openRoles = Arrays.copyOf(openRoles, depth * 2);
                }
                open[depth] = n - 1;
                openRoles[depth++] = role;
            }
            while (depth > 0) {
                depth--;
                tail(open[depth], openRoles[depth]);
            }
        }
    }
}
