package dev.loomcrawl.store.sqlite;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reciprocal rank fusion (Cormack, Clarke and Büttcher, 2009): a chunk's fused score is the sum, over the rankings
 * that found it, of {@code 1 / (K + rank)}, rank counted from 1. It needs no calibration of BM25 against cosine
 * (their scales have nothing in common), and a chunk both rankings found near the top beats one only one of them did.
 */
final class Fusion {
    private Fusion() {}

    /** The usual constant: it damps the weight of the very first ranks. */
    static final int K = 60;

    /** A chunk in the fused ranking, with what each ranking said of it (null where it did not find it). */
    record Fused(long id, double fused, Double bm25, Integer bm25Rank, Double cosine, Integer cosineRank) {}

    /**
     * Fuses {@code lexical} (ids with FTS5's BM25, lower better, best first) with {@code dense} (best first); either
     * may be empty. Ties go to the lower id.
     */
    static List<Fused> of(List<long[]> lexical, List<ChunkVectors.Near> dense) {
        Map<Long, Fused> byId = new LinkedHashMap<>();
        for (int i = 0; i < lexical.size(); i++) {
            long id = lexical.get(i)[0];
            double bm25 = -Double.longBitsToDouble(lexical.get(i)[1]);
            byId.put(id, new Fused(id, 1.0 / (K + i + 1), bm25, i + 1, null, null));
        }
        for (int i = 0; i < dense.size(); i++) {
            ChunkVectors.Near n = dense.get(i);
            Fused f = byId.get(n.id());
            double add = 1.0 / (K + i + 1);
            byId.put(n.id(), f == null ? new Fused(n.id(), add, null, null, n.cosine(), i + 1)
                    : new Fused(n.id(), f.fused() + add, f.bm25(), f.bm25Rank(), n.cosine(), i + 1));
        }
        List<Fused> fused = new ArrayList<>(byId.values());
        fused.sort(Comparator.comparingDouble(Fused::fused).reversed().thenComparingLong(Fused::id));
        return fused;
    }
}
