package dev.loomcrawl.content;

import java.util.Arrays;

/**
 * Chooses the block that holds a page's main content, as Mozilla Readability's {@code _grabArticle} does, over a
 * {@link Tree}: every paragraph of 25 characters or more scores 1, plus 1 per comma, plus 1 per 100 characters (at
 * most 3), and gives that score to its parent, half to its grandparent and a third of it divided by the level to the
 * three ancestors above. An ancestor starts from a score by its tag (div +5; pre, td, blockquote +3; lists, forms -3;
 * headings -5) and its class weight. Each candidate's score is then scaled by one minus its link density; the best is
 * the top candidate, moved up to an ancestor that several nearly-as-good candidates share, or whose score is higher,
 * or that holds nothing else.
 *
 * <p>A paragraph is a p, pre or td, or the phrasing content (text, links, emphasis) of any other block.
 */
final class Scoring {
    private static final int MIN_PARAGRAPH = 25;
    private static final int TOP_CANDIDATES = 5;
    private static final int MIN_SHARED = 3;

    private final Tree t;
    /** The candidates' scores (after the link-density scaling); NaN for elements that are no candidate. */
    final float[] score;

    private Scoring(Tree t) {
        this.t = t;
        this.score = new float[t.size];
        Arrays.fill(score, Float.NaN);
    }

    /** Scores every candidate of {@code t}. */
    static Scoring of(Tree t) {
        Scoring s = new Scoring(t);
        s.scoreParagraphs();
        return s;
    }

    private void scoreParagraphs() {
        for (int i = 0; i < t.size; i++) {
            int k = t.kind[i];
            int f = t.flags[i];
            if ((f & Tree.REMOVED) != 0 || (k & Tags.PHRASING) != 0) {
                continue;
            }
            boolean whole;
            if ((k & Tags.SCORED) != 0 || (k & Tags.DIV) != 0 && (f & Tree.HAS_BLOCK) == 0) {
                whole = true; // a p, or a div Readability turns into one
            } else if ((k & Tags.DIV) != 0 && (f & Tree.UNWRAPPED) == 0) {
                whole = false; // a div's phrasing content, which Readability wraps in p elements
            } else {
                continue;
            }
            int length = whole ? t.chars[i] : t.inline[i];
            if (length < MIN_PARAGRAPH) {
                continue;
            }
            int commas = whole ? t.commas[i] : t.inlineCommas[i];
            // Readability counts the pieces the commas split the text into
            float points = 2 + commas + Math.min(length / 100, 3);
            int ancestor = whole ? t.parent[i] : i;
            for (int level = 0; level < 5 && ancestor >= 0; ancestor = t.parent[ancestor]) {
                if ((t.flags[ancestor] & Tree.UNWRAPPED) != 0) {
                    continue;
                }
                if (Float.isNaN(score[ancestor])) {
                    score[ancestor] = initial(ancestor);
                }
                float divider = level == 0 ? 1 : level == 1 ? 2 : level * 3;
                score[ancestor] += points / divider;
                level++;
            }
        }
        for (int i = 0; i < t.size; i++) {
            if (!Float.isNaN(score[i])) {
                score[i] *= (float) (1 - t.linkDensity(i));
            }
        }
    }

    private float initial(int i) {
        int k = t.kind[i];
        float s;
        if ((k & Tags.DIV) != 0) {
            s = 5;
        } else if ((k & Tags.STARTS_HIGH) != 0) {
            s = 3;
        } else if ((k & Tags.STARTS_LOW) != 0) {
            s = -3;
        } else if ((k & Tags.STARTS_LOWEST) != 0) {
            s = -5;
        } else {
            s = 0;
        }
        return s + t.weight[i];
    }

    /**
     * The top candidate's index, moved up as Readability does; -1 when no paragraph was found, or when the best is
     * the root itself with no score above zero.
     */
    int top() {
        int[] best = new int[TOP_CANDIDATES];
        Arrays.fill(best, -1);
        for (int i = 0; i < t.size; i++) {
            if (Float.isNaN(score[i])) {
                continue;
            }
            for (int k = 0; k < TOP_CANDIDATES; k++) {
                if (best[k] < 0 || score[i] > score[best[k]]) {
                    System.arraycopy(best, k, best, k + 1, TOP_CANDIDATES - k - 1);
                    best[k] = i;
                    break;
                }
            }
        }
        int top = best[0];
        if (top < 0) {
            return -1;
        }
        if (top == 0) {
            return score[0] > 0 ? 0 : -1;
        }
        top = sharedAncestor(top, best);
        top = higherParent(top);
        while (t.parent[top] > 0 && onlyChild(top)) {
            top = t.parent[top];
        }
        return top;
    }

    /** Readability: when 3 or more of the other top candidates (within 75% of the best) share an ancestor, use it. */
    private int sharedAncestor(int top, int[] best) {
        int close = 0;
        int[] others = new int[TOP_CANDIDATES];
        for (int k = 1; k < TOP_CANDIDATES; k++) {
            if (best[k] >= 0 && score[best[k]] / score[top] >= 0.75f) {
                others[close++] = best[k];
            }
        }
        if (close < MIN_SHARED) {
            return top;
        }
        for (int a = t.parent[top]; a > 0; a = t.parent[a]) {
            int within = 0;
            for (int k = 0; k < close && within < MIN_SHARED; k++) {
                if (others[k] > a && others[k] < t.end[a]) {
                    within++;
                }
            }
            if (within >= MIN_SHARED) {
                if (Float.isNaN(score[a])) {
                    score[a] = initial(a);
                }
                return a;
            }
        }
        return top;
    }

    /** Readability: go up while the parents' scores stay above a third of the top's, to one scoring higher. */
    private int higherParent(int top) {
        float last = score[top];
        float threshold = last / 3;
        for (int a = t.parent[top]; a > 0; a = t.parent[a]) {
            if (Float.isNaN(score[a])) {
                continue;
            }
            if (score[a] < threshold) {
                break;
            }
            if (score[a] > last) {
                return a;
            }
            last = score[a];
        }
        return top;
    }

    private boolean onlyChild(int i) {
        int p = t.parent[i];
        for (int c = p + 1; c < t.end[p]; c = t.end[c]) {
            if (c != i && !t.removed(c)) {
                return false;
            }
        }
        return true;
    }

    /** The candidate's score, 0 for an element that is none. */
    float scoreOf(int i) {
        return Float.isNaN(score[i]) ? 0 : score[i];
    }
}
