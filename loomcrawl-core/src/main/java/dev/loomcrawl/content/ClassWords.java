package dev.loomcrawl.content;

import java.util.ArrayList;
import java.util.List;

/**
 * What an element's class or id says about it, as bits: whether it names something that is unlikely to be content
 * (a sidebar, a comment list, a share bar), something that may be content, content itself, or boilerplate. The words
 * are Mozilla Readability's (its {@code unlikelyCandidates}, {@code okMaybeItsACandidate}, {@code positive},
 * {@code negative}, {@code share} and byline expressions), matched as Readability does: anywhere in the value, case
 * left out ({@code "navheader"} holds {@code "header"}), except the share words, which must stand alone between
 * word boundaries or underscores.
 *
 * <p>One pass over the value walks a trie of all the words from each position, so a value costs about its length in
 * steps whatever the number of words, and no regular expression runs (a javadoc page has thousands of classes).
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

    // The trie: node n's edges are edgeChar[first[n]..first[n+1]) with targets edgeTarget[...] (built once).
    private static final char[] EDGE_CHAR;
    private static final int[] EDGE_TARGET;
    private static final int[] FIRST;
    private static final int[] MASK;
    private static final int[] BOUNDED_MASK;
    /** The root's edges by character, for the first step of every position. */
    private static final int[] ROOT = new int[128];

    static {
        Builder b = new Builder();
        b.add(UNLIKELY | BOILERPLATE, false, "-ad-", "ai2html", "breadcrumbs", "combx", "comment", "disqus",
                "footer", "gdpr", "menu", "related", "replies", "shoutbox", "sidebar", "skyscraper", "social",
                "sponsor", "ad-break", "agegate", "pagination", "pager", "popup", "yom-remote");
        b.add(UNLIKELY, false, "banner", "community", "cover-wrap", "extra", "header", "legends", "remark", "rss",
                "supplemental");
        b.add(MAYBE, false, "and", "article", "body", "column", "content", "main", "mathjax", "shadow");
        b.add(POSITIVE, false, "article", "body", "content", "entry", "hentry", "h-entry", "main", "page",
                "pagination", "post", "text", "blog", "story");
        b.add(NEGATIVE, false, "-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "footer",
                "gdpr", "masthead", "media", "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox",
                "sidebar", "skyscraper", "sponsor", "shopping", "tags", "widget");
        b.add(SHARE, true, "share", "sharedaddy");
        b.add(BYLINE, false, "byline", "author", "dateline", "writtenby", "p-author");
        int nodes = b.chars.size();
        FIRST = new int[nodes + 1];
        MASK = new int[nodes];
        BOUNDED_MASK = new int[nodes];
        int edges = 0;
        for (int n = 0; n < nodes; n++) {
            edges += b.chars.get(n).length();
        }
        EDGE_CHAR = new char[edges];
        EDGE_TARGET = new int[edges];
        int at = 0;
        for (int n = 0; n < nodes; n++) {
            FIRST[n] = at;
            MASK[n] = b.mask.get(n);
            BOUNDED_MASK[n] = b.boundedMask.get(n);
            StringBuilder cs = b.chars.get(n);
            List<Integer> ts = b.targets.get(n);
            for (int i = 0; i < cs.length(); i++, at++) {
                EDGE_CHAR[at] = cs.charAt(i);
                EDGE_TARGET[at] = ts.get(i);
            }
        }
        FIRST[nodes] = at;
        for (int c = 0; c < 128; c++) {
            ROOT[c] = next(0, (char) c);
        }
    }

    private ClassWords() {}

    /** The bits of the words found in {@code value} (a class or id attribute), 0 for none. */
    static int of(String value) {
        int found = 0;
        int length = value.length();
        for (int start = 0; start < length; start++) {
            char c = lower(value.charAt(start));
            int node = c < 128 ? ROOT[c] : -1;
            int at = start + 1;
            while (node > 0) {
                found |= MASK[node];
                if (BOUNDED_MASK[node] != 0 && boundary(value, start - 1) && boundary(value, at)) {
                    found |= BOUNDED_MASK[node];
                }
                if (at == length) {
                    break;
                }
                node = next(node, lower(value.charAt(at++)));
            }
        }
        return found;
    }

    private static boolean boundary(String value, int at) {
        if (at < 0 || at >= value.length()) {
            return true;
        }
        char c = value.charAt(at);
        return c == '_' || !Character.isLetterOrDigit(c);
    }

    private static char lower(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c + 32) : c;
    }

    private static int next(int node, char c) {
        for (int e = FIRST[node]; e < FIRST[node + 1]; e++) {
            if (EDGE_CHAR[e] == c) {
                return EDGE_TARGET[e];
            }
        }
        return -1;
    }

    /** Builds the trie in lists, node 0 the root. */
    private static final class Builder {
        final List<StringBuilder> chars = new ArrayList<>();
        final List<List<Integer>> targets = new ArrayList<>();
        final List<Integer> mask = new ArrayList<>();
        final List<Integer> boundedMask = new ArrayList<>();

        Builder() {
            node();
        }

        private int node() {
            chars.add(new StringBuilder());
            targets.add(new ArrayList<>());
            mask.add(0);
            boundedMask.add(0);
            return chars.size() - 1;
        }

        void add(int bit, boolean bounded, String... words) {
            for (String word : words) {
                int n = 0;
                for (int i = 0; i < word.length(); i++) {
                    char c = word.charAt(i);
                    int edge = chars.get(n).indexOf(String.valueOf(c));
                    if (edge >= 0) {
                        n = targets.get(n).get(edge);
                    } else {
                        int created = node();
                        chars.get(n).append(c);
                        targets.get(n).add(created);
                        n = created;
                    }
                }
                if (bounded) {
                    boundedMask.set(n, boundedMask.get(n) | bit);
                } else {
                    mask.set(n, mask.get(n) | bit);
                }
            }
        }
    }
}
