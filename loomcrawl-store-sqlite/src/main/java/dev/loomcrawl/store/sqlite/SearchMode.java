package dev.loomcrawl.store.sqlite;

import java.util.Locale;

/** How a search ranks chunks. */
public enum SearchMode {
    /** BM25 and cosine similarity, fused by reciprocal rank: the default when the index has vectors. */
    FUSED,
    /** BM25 over the chunks' words alone: what an index without vectors does. */
    LEXICAL,
    /** Cosine similarity of the chunks' vectors to the query's alone. */
    DENSE;

    /** The mode's name as options, JSON and the API spell it. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The mode named {@code label}.
     *
     * @throws IllegalArgumentException with a one-line message naming the modes when there is none of that name
     */
    public static SearchMode of(String label) {
        for (SearchMode m : values()) if (m.label().equals(label)) return m;
        throw new IllegalArgumentException("search mode '" + label + "' is none of fused, lexical, dense");
    }
}
