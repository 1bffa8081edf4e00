package dev.loomcrawl.content;

import java.util.ArrayList;
import java.util.List;

/**
 * What an element's class or id says about it, as bits: whether it names something that is unlikely to be content
 * (a sidebar, a comment list, a share bar), something that may be content, content itself, or boilerplate. The words
 * are Mozilla Readability's (its {@code unlikelyCandidates}, {@code okMaybeItsACandidate}, {@code positive},
 * {@code negative}, {@code share} and byline expressions), matched as Readability does: anywhere in the value, case
 * left out ({@code "navheader"} holds {@code "header"}), except the share words, which must stand alone between
 * word boundaries or underscores. The same pass says whether the value holds a parenthesis or a dot ({@link #ANCHOR})
 * or an ampersand ({@link #REFERENCE}).
 *
 * <p>The words make one automaton (Aho-Corasick's: a trie whose every state also knows where to go on any character),
 * so a value costs one step per character whatever the number of words, and no regular expression runs (a javadoc
 * page has thousands of classes).
 */
final class ClassWords {
    static final int UNLIKELY = 1;
    static final int MAYBE = 1 << 1;
    static final int POSITIVE = 1 << 2;
    static final int NEGATIVE = 1 << 3;
    static final int SHARE = 1 << 4;
    static final int BYLINE = 1 << 5;
    /** The unlikely words that name boilerplate even inside a container the page declares as its main content. */
    static final int BOILERPLATE = 1 << 6;
    /** A parenthesis or a dot: an id that is an anchor to a named thing, not the name of a page part. */
    static final int ANCHOR = 1 << 7;
    /** An ampersand: the characters may hold a character reference, and say what they mean only decoded. */
    static final int REFERENCE = 1 << 8;
    /**
     * "admonition", in any case: a class that may name a Sphinx admonition or its title, which {@link Markdown} writes
     * as a block quote (see {@link ClassHints}). Not one of Readability's words.
     */
    static final int ADMONITION = 1 << 9;
    /** "credit", "copyright": a photo's credit line, left out. Not one of Readability's words. */
    static final int CREDIT = 1 << 11;
    /**
     * "social", which is also one of the {@link #UNLIKELY} words: a block so named that holds a blockquote is the
     * wrapper of an embedded post, not a share bar ({@link Nodes}).
     */
    static final int SOCIAL = 1 << 12;
    /**
     * "summary-table", in any case: a class that may name javadoc's summary grid, which {@link Markdown} writes as a
     * table ({@link SummaryGrid}, {@link ClassHints#GRID}). Not one of Readability's words.
     */
    static final int SUMMARY_TABLE = 1 << 13;

    /** Each ASCII character's symbol: 0 for those in no word, upper case as lower case; fewer than 64. */
    private static final byte[] SYMBOL = new byte[128];
    private static final int SYMBOL_BITS = 6;
    /** The automaton: the state after state {@code s} reads symbol {@code y} is {@code NEXT[s << SYMBOL_BITS | y]}. */
    private static final char[] NEXT;
    /** The states where words end are numbered from this one on, so that the others cost no look-up. */
    private static final int FIRST_ENDING;
    /**
     * The bits of the words that end at each state; above them ({@code >>> BOUNDED_SHIFT}), which {@link #BOUNDED}
     * words end there, as bits of their indices.
     */
    private static final int[] ENDS;
    private static final int BOUNDED_SHIFT = 16;
    /** The words that must stand alone, and their bits. */
    private static final String[] BOUNDED = {"share", "sharedaddy"};
    private static final int[] BOUNDED_BITS = {SHARE, SHARE};

    static {
        Builder b = new Builder();
        b.add(UNLIKELY | BOILERPLATE, "-ad-", "ai2html", "breadcrumbs", "combx", "comment", "disqus",
                "footer", "gdpr", "menu", "related", "replies", "shoutbox", "sidebar", "skyscraper", "social",
                "sponsor", "ad-break", "agegate", "pagination", "pager", "popup", "yom-remote");
        b.add(UNLIKELY, "banner", "community", "cover-wrap", "extra", "header", "legends", "remark", "rss",
                "supplemental");
        b.add(MAYBE, "and", "article", "body", "column", "content", "main", "mathjax", "shadow");
        b.add(POSITIVE, "article", "body", "content", "entry", "hentry", "h-entry", "main", "page",
                "pagination", "post", "text", "blog", "story");
        b.add(NEGATIVE, "-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "footer",
                "gdpr", "masthead", "media", "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox",
                "sidebar", "skyscraper", "sponsor", "shopping", "tags", "widget");
        b.add(BYLINE, "byline", "author", "dateline", "writtenby", "p-author");
        b.add(ANCHOR, "(", ".");
        b.add(REFERENCE, "&");
        b.add(ADMONITION, "admonition");
        b.add(CREDIT, "credit", "copyright");
        b.add(SOCIAL, "social");
        b.add(SUMMARY_TABLE, "summary-table");
        for (int w = 0; w < BOUNDED.length; w++) {
            b.addBounded(w, BOUNDED[w]);
        }
        char[] next = b.automaton();
        int states = b.ends.size();
        int[] ends = new int[states];
        for (int s = 0; s < states; s++) {
            ends[s] = b.ends.get(s) | b.boundedEnds.get(s) << BOUNDED_SHIFT;
        }
        // renumbered: the root and the other states where no word ends first
        int[] number = new int[states];
        int count = 0;
        for (int s = 0; s < states; s++) {
            if (ends[s] == 0) {
                number[s] = count++;
            }
        }
        FIRST_ENDING = count;
        for (int s = 0; s < states; s++) {
            if (ends[s] != 0) {
                number[s] = count++;
            }
        }
        NEXT = new char[states << SYMBOL_BITS];
        ENDS = new int[states];
        for (int s = 0; s < states; s++) {
            ENDS[number[s]] = ends[s];
            for (int y = 0; y < 1 << SYMBOL_BITS; y++) {
                NEXT[number[s] << SYMBOL_BITS | y] = (char) number[next[s << SYMBOL_BITS | y]];
            }
        }
    }

    private ClassWords() {}

    /** The bits of the words found in {@code value[from, to)} (a class or id attribute's value), 0 for none. */
    static int of(char[] value, int from, int to) {
        int found = 0;
        int state = 0;
        for (int k = from; k < to; k++) {
            char c = value[k];
            state = NEXT[state << SYMBOL_BITS | (c < 128 ? SYMBOL[c] : 0)];
            if (state >= FIRST_ENDING) {
                int ends = ENDS[state];
                found |= ends & (1 << BOUNDED_SHIFT) - 1;
                if (ends >>> BOUNDED_SHIFT != 0) {
                    found |= bounded(value, from, to, k + 1, ends >>> BOUNDED_SHIFT);
                }
            }
        }
        return found;
    }

    /** The bits of the bounded words {@code ending} at {@code at} that stand alone there. */
    private static int bounded(char[] value, int from, int to, int at, int ending) {
        int found = 0;
        for (int w = 0; w < BOUNDED.length; w++) {
            if ((ending & 1 << w) != 0 && boundary(value, from, to, at - BOUNDED[w].length() - 1)
                    && boundary(value, from, to, at)) {
                found |= BOUNDED_BITS[w];
            }
        }
        return found;
    }

    private static boolean boundary(char[] value, int from, int to, int at) {
        if (at < from || at >= to) {
            return true;
        }
        char c = value[at];
        return c == '_' || !Character.isLetterOrDigit(c);
    }

    /** Builds the trie in lists (state 0 the root), then the automaton over it. */
    private static final class Builder {
        final List<int[]> children = new ArrayList<>();
        final List<Integer> ends = new ArrayList<>();
        final List<Integer> boundedEnds = new ArrayList<>();
        int symbols = 1;

        Builder() {
            for (char c = 'a'; c <= 'z'; c++) {
                symbol(c);
            }
            state();
        }

        private void symbol(char c) {
            if (SYMBOL[c] == 0) {
                SYMBOL[c] = (byte) symbols++;
                if (c >= 'a' && c <= 'z') {
                    SYMBOL[c - 32] = SYMBOL[c];
                }
            }
        }

        private int state() {
            children.add(new int[1 << SYMBOL_BITS]);
            ends.add(0);
            boundedEnds.add(0);
            return children.size() - 1;
        }

        void add(int bits, String... words) {
            for (String word : words) {
                int s = walk(word);
                ends.set(s, ends.get(s) | bits);
            }
        }

        void addBounded(int index, String word) {
            int s = walk(word);
            boundedEnds.set(s, boundedEnds.get(s) | 1 << index);
        }

        /** The state that {@code word} leads to, made as needed. */
        private int walk(String word) {
            int s = 0;
            for (int i = 0; i < word.length(); i++) {
                char c = word.charAt(i);
                symbol(c);
                int y = SYMBOL[c];
                if (children.get(s)[y] == 0) {
                    int made = state();
                    children.get(s)[y] = made;
                }
                s = children.get(s)[y];
            }
            return s;
        }

        /**
         * The transitions: a trie's edge where it has one, else where the longest suffix of what was read that is
         * also a prefix of a word goes; states in breadth-first order, so a state's fallback is done before it. A
         * state also ends the words its fallback ends.
         */
        char[] automaton() {
            int states = children.size();
            int width = 1 << SYMBOL_BITS;
            char[] next = new char[states * width];
            int[] fallback = new int[states];
            int[] queue = new int[states];
            int head = 0;
            int tail = 0;
            for (int y = 0; y < width; y++) {
                int child = children.get(0)[y];
                next[y] = (char) child;
                if (child != 0) {
                    queue[tail++] = child;
                }
            }
            while (head < tail) {
                int s = queue[head++];
                ends.set(s, ends.get(s) | ends.get(fallback[s]));
                boundedEnds.set(s, boundedEnds.get(s) | boundedEnds.get(fallback[s]));
                for (int y = 0; y < width; y++) {
                    int child = children.get(s)[y];
                    if (child != 0) {
                        fallback[child] = next[fallback[s] * width + y];
                        next[s * width + y] = (char) child;
                        queue[tail++] = child;
                    } else {
                        next[s * width + y] = next[fallback[s] * width + y];
                    }
                }
            }
            return next;
        }
    }
}
