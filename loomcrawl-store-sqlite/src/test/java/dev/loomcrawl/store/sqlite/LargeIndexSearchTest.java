package dev.loomcrawl.store.sqlite;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shortcuts a search takes on an index past its sizes for the plain way, each held to the plain way as its oracle:
 * BM25 ranked in two halves of the ids at once ({@link ChunkIndex#SPLIT} chunks and more) gives the ranking of one
 * query over all of them, page after page; the search by meaning in two steps (bits, then the cosine of the closest;
 * past {@link ChunkVectors#EXACT} vectors) finds nearly what an exact scan finds.
 */
class LargeIndexSearchTest {
    @TempDir
    Path dir;

    /** 300 words; a chunk takes 12 of them, the first words far more often than the last (none in a quarter). */
    private static final List<String> WORDS = words();

    private static List<String> words() {
        List<String> words = new ArrayList<>();
        String letters = "bcdfghjklmnprstvz";
        String vowels = "aeiou";
        Random r = new Random(7);
        Set<String> seen = new HashSet<>();
        while (words.size() < 300) {
            String w = "" + letters.charAt(r.nextInt(17)) + vowels.charAt(r.nextInt(5)) + letters.charAt(r.nextInt(17))
                    + vowels.charAt(r.nextInt(5)) + letters.charAt(r.nextInt(17)) + "x";
            if (seen.add(w)) words.add(w);
        }
        return words;
    }

    private static String word(Random r) {
        return WORDS.get((int) Math.min(WORDS.size() - 1, Math.abs(r.nextGaussian()) * 60));
    }

    @Test
    void bm25InHalvesRanksAsOneQueryDoes() throws Exception {
        int chunks = (int) ChunkIndex.SPLIT + 6_000;
        StringBuilder lines = new StringBuilder();
        Random r = new Random(42);
        for (int i = 0; i < chunks; i++) {
            StringBuilder text = new StringBuilder();
            for (int w = 0; w < 12; w++) text.append(word(r)).append(' ');
            lines.append(TestChunks.line("https://big.test/p" + i, word(r) + " " + word(r), 0,
                    List.of(word(r)), text.toString().strip()));
        }
        Path file = dir.resolve("chunks.jsonl");
        TestChunks.append(file, lines.toString());
        Path indexFile = dir.resolve("chunks.index");
        try (ChunkIndex index = ChunkIndex.open(indexFile)) {
            assertEquals(chunks, index.catchUp(file));
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + indexFile)) {
                int compared = 0;
                for (String query : List.of(WORDS.get(0) + " " + WORDS.get(3), WORDS.get(1) + " " + WORDS.get(40),
                        WORDS.get(2) + " " + WORDS.get(5) + " " + WORDS.get(9), WORDS.get(120) + " " + WORDS.get(7))) {
                    List<String> oracle = new ArrayList<>();
                    for (long[] hit : ChunkIndex.rank(c, ChunkQuery.of(query).match(ChunkQuery.of(query).all()), 0,
                            Long.MAX_VALUE, 0, 250)) {
                        oracle.add(url(c, hit[0]));
                    }
                    assertEquals(250, oracle.size(), query);
                    List<String> found = new ArrayList<>();
                    String cursor = null;
                    do { // pages of 100, then of 50: the halves' merge cut at each page's offset
                        ChunkIndex.Page page = index.search(query, found.isEmpty() ? 100 : 50, cursor,
                                SearchMode.LEXICAL);
                        found.addAll(TestChunks.urls(page));
                        cursor = page.nextCursor();
                        assertNotNull(cursor, query);
                    } while (found.size() < 250);
                    int first = 0;
                    while (first < 250 && oracle.get(first).equals(found.get(first))) first++;
                    assertEquals(250, first, query + ": the rankings part at hit " + first);
                    compared++;
                }
                assertEquals(4, compared);
            }
        }
    }

    private static String url(Connection c, long id) throws Exception {
        try (PreparedStatement p = c.prepareStatement("SELECT url FROM chunk WHERE id = ?")) {
            p.setLong(1, id);
            try (ResultSet rs = p.executeQuery()) {
                assertTrue(rs.next(), "chunk " + id);
                return rs.getString(1);
            }
        }
    }

    @Test
    void twoStepsFindWhatAnExactScanFinds() throws Exception {
        int dims = 384;
        int size = ChunkVectors.EXACT + 30_000;
        Random r = new Random(3);
        // vectors as a model's are: all near a common direction, in clusters (topics), each of unit length
        float[] common = gaussian(r, dims, 1.0);
        List<float[]> centers = new ArrayList<>();
        for (int k = 0; k < 200; k++) centers.add(gaussian(r, dims, 0.6));
        float[] data = new float[size * dims];
        long[] ids = new long[size];
        for (int i = 0; i < size; i++) {
            float[] v = point(r, common, centers.get(r.nextInt(centers.size())), 0.5);
            System.arraycopy(v, 0, data, i * dims, dims);
            ids[i] = i + 1;
        }
        ChunkVectors.Matrix m = ChunkVectors.Matrix.of(ids, data, dims, 1);
        int queries = 100;
        int sameFirst = 0;
        int inTen = 0;
        for (int q = 0; q < queries; q++) {
            float[] query = point(r, common, centers.get(r.nextInt(centers.size())), 0.6);
            List<ChunkVectors.Near> exact = ChunkVectors.exact(m, query, Long.MAX_VALUE, 10);
            List<ChunkVectors.Near> found = ChunkVectors.nearest(m, query, Long.MAX_VALUE, 10);
            assertEquals(10, found.size());
            if (found.getFirst().id() == exact.getFirst().id()) sameFirst++;
            Set<Long> exactIds = new HashSet<>();
            for (ChunkVectors.Near n : exact) exactIds.add(n.id());
            for (ChunkVectors.Near n : found) if (exactIds.contains(n.id())) inTen++;
            for (int i = 1; i < found.size(); i++) { // nearest first, by the true cosine
                assertTrue(found.get(i - 1).cosine() >= found.get(i).cosine());
            }
        }
        // bits that told nothing would find about 4% of them (3 of 100 first, seen with the query's bits garbled)
        assertTrue(sameFirst >= 95, "the nearest found in " + sameFirst + " of " + queries);
        assertTrue(inTen >= queries * 10 * 0.95, inTen + " of the exact ten found, of " + queries * 10);
        // ids past the last asked for are left out, in both steps
        float[] query = point(r, common, centers.getFirst(), 0.6);
        for (ChunkVectors.Near n : ChunkVectors.nearest(m, query, size / 2, 50)) assertTrue(n.id() <= size / 2);
    }

    private static float[] gaussian(Random r, int dims, double scale) {
        float[] v = new float[dims];
        for (int d = 0; d < dims; d++) v[d] = (float) (r.nextGaussian() * scale);
        return v;
    }

    private static float[] point(Random r, float[] common, float[] center, double noise) {
        float[] v = new float[common.length];
        double sum = 0;
        for (int d = 0; d < v.length; d++) {
            v[d] = (float) (common[d] + center[d] + r.nextGaussian() * noise);
            sum += v[d] * v[d];
        }
        for (int d = 0; d < v.length; d++) v[d] /= (float) Math.sqrt(sum);
        return v;
    }
}
