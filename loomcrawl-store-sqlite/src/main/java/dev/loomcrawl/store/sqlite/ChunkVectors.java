package dev.loomcrawl.store.sqlite;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The chunks' vectors: in table {@code chunk_vector} (a chunk's id, its vector as little-endian 32-bit floats), the
 * model that made them in {@code embedding}, and, for searching, all of them in memory as one array, read again only
 * when the table changed. Nearest neighbours are found by a scan (a dot product per chunk: vectors are of unit
 * length): exactly up to {@value #EXACT} vectors; past that, in two steps, as a query must cost no more than some
 * tens of milliseconds on a crawl of 100,000 chunks and more. Each vector is also held as one bit a dimension (whether
 * it is above the mean of all vectors in that dimension), so a first scan counts the bits a chunk's and the query's
 * vectors differ in (a few machine words a chunk instead of {@code dims} multiplications), and only the
 * {@value #CANDIDATES} chunks (at least) that differ least are ranked by their true cosine similarity. See
 * docs/decisions/0038-hybrid-search.md for what that costs in recall and where an approximate index would be needed.
 */
final class ChunkVectors {
    /** The chunks embedded and written in one transaction. */
    static final int BATCH = 32;

    /**
     * The vectors in memory: {@code ids[i]}'s vector at {@code data[i * dims]}, ids ascending; the mean of all vectors
     * in {@code mean}, and {@code ids[i]}'s bits ({@link #aboveMean}) at {@code bits[i * words]}.
     */
    record Matrix(long[] ids, float[] data, int dims, float[] mean, long[] bits, long generation) {
        static Matrix of(long[] ids, float[] data, int dims, long generation) {
            int n = ids.length;
            float[] mean = new float[dims];
            if (n > 0) {
                double[] sum = new double[dims];
                for (int i = 0; i < n; i++) for (int d = 0; d < dims; d++) sum[d] += data[i * dims + d];
                for (int d = 0; d < dims; d++) mean[d] = (float) (sum[d] / n);
            }
            int words = words(dims);
            long[] bits = new long[Math.multiplyExact(n, words)];
            for (int i = 0; i < n; i++) aboveMean(data, i * dims, dims, mean, bits, i * words);
            return new Matrix(ids, data, dims, mean, bits, generation);
        }

        int size() {
            return ids.length;
        }
    }

    /** The machine words that hold one bit a dimension. */
    static int words(int dims) {
        return (dims + 63) / 64;
    }

    /** Sets bit d of {@code out[at...]} when the vector at {@code v[from]} is above {@code mean} in dimension d. */
    static void aboveMean(float[] v, int from, int dims, float[] mean, long[] out, int at) {
        for (int d = 0; d < dims; d++) {
            if (v[from + d] > mean[d]) out[at + (d >>> 6)] |= 1L << (d & 63);
        }
    }

    /** A chunk to embed: its id and the text the model reads. */
    record Pending(long id, String text) {}

    /** A neighbour: the chunk's id and its cosine similarity to the query. */
    record Near(long id, double cosine) {}

    private final ReentrantLock loading = new ReentrantLock();
    private volatile Matrix matrix = Matrix.of(new long[0], new float[0], 0, -1);

    /** The {@code embedding} row: the model (null before the first vector), how many vectors, their generation. */
    record State(String model, long vectors, long generation) {}

    static State state(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT model, vectors, generation FROM embedding")) {
            if (!rs.next()) throw new SQLException("the index has no embedding row");
            return new State(rs.getString(1), rs.getLong(2), rs.getLong(3));
        }
    }

    /** Counts {@code removed} vectors out (chunks replaced), in the caller's transaction. */
    static void removed(Connection c, long removed) throws SQLException {
        if (removed == 0) return;
        try (PreparedStatement p = c.prepareStatement(
                "UPDATE embedding SET vectors = vectors - ?, generation = generation + 1")) {
            p.setLong(1, removed);
            p.executeUpdate();
        }
    }

    /**
     * The most characters of a chunk's text the model reads: about 400 tokens of English, so that a chunk is one
     * pass of the model (bge reads 512 tokens at most; a longer text is read in parts, each a pass, whose vectors are
     * averaged), on two cores the cost that decides how long embedding a crawl takes.
     */
    static final int PASSAGE_CHARS = 1_500;

    /** The text a chunk's vector is made of: its page's title, its headings, then its text (its first characters). */
    static String passage(String title, String headings, String body) {
        StringBuilder s = new StringBuilder();
        if (title != null && !title.isBlank()) s.append(title.strip()).append('\n');
        if (headings != null && !headings.isBlank()) s.append(headings.strip().replace('\n', '/')).append('\n');
        return s.append(body, 0, Math.min(body.length(), PASSAGE_CHARS)).toString();
    }

    /** Up to {@code max} chunks that have no vector yet, the oldest first. */
    static List<Pending> pending(Connection c, int max) throws SQLException {
        List<Pending> pending = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT c.id, t.title, t.headings, t.body FROM chunk c "
                + "JOIN chunk_text t ON t.rowid = c.id "
                + "WHERE NOT EXISTS (SELECT 1 FROM chunk_vector v WHERE v.id = c.id) "
                + "ORDER BY c.id LIMIT ?")) {
            p.setInt(1, max);
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) pending.add(new Pending(rs.getLong(1),
                        passage(rs.getString(2), rs.getString(3), rs.getString(4))));
            }
        }
        return pending;
    }

    /**
     * Writes the vectors of chunks that are still in the index (a chunk replaced meanwhile is not given one), in the
     * caller's transaction, and names the model when the index had none.
     */
    static void write(Connection c, Embedder model, List<Pending> chunks, List<float[]> vectors)
            throws SQLException {
        State state = state(c);
        if (state.model() != null && !state.model().equals(model.model())) {
            throw new SQLException("its vectors were made by model " + state.model() + ", not " + model.model());
        }
        long added = 0;
        try (PreparedStatement p = c.prepareStatement("INSERT OR IGNORE INTO chunk_vector (id, vector) "
                + "SELECT ?, ? WHERE EXISTS (SELECT 1 FROM chunk WHERE id = ?)")) {
            for (int i = 0; i < chunks.size(); i++) {
                p.setLong(1, chunks.get(i).id());
                p.setBytes(2, bytes(vectors.get(i)));
                p.setLong(3, chunks.get(i).id());
                added += p.executeUpdate();
            }
        }
        try (PreparedStatement p = c.prepareStatement("UPDATE embedding SET model = ?, dimensions = ?, "
                + "vectors = vectors + ?, generation = generation + 1")) {
            p.setString(1, model.model());
            p.setInt(2, model.dimensions());
            p.setLong(3, added);
            p.executeUpdate();
        }
    }

    /**
     * The vectors as {@code c}'s transaction sees them (read again from it when the table changed since they were
     * read), to be scanned by {@link #nearest} on any thread, without the connection.
     */
    Matrix snapshot(Connection c) throws SQLException {
        return current(c);
    }

    /** The {@code n} chunks (of ids up to {@code lastId}) of {@code m} nearest {@code query}, nearest first. */
    static List<Near> nearest(Matrix m, float[] query, long lastId, int n) throws SQLException {
        int end = end(m, query, lastId, n);
        if (end == 0) return List.of();
        return end <= EXACT ? sorted(scan(m, query, 0, end, n), n) : sorted(twoSteps(m, query, end, n), n);
    }

    /** As {@link #nearest}, every vector's cosine similarity computed: the oracle of the two steps' ranking. */
    static List<Near> exact(Matrix m, float[] query, long lastId, int n) throws SQLException {
        int end = end(m, query, lastId, n);
        return end == 0 ? List.of() : sorted(scan(m, query, 0, end, n), n);
    }

    /** Vectors up to which every one's cosine similarity is computed. */
    static final int EXACT = 20_000;

    /**
     * The fewest chunks the first of the two steps hands the second: this many, one in {@value #SHARE} of the vectors
     * scanned, and ten times the number asked for, whichever is most.
     */
    static final int CANDIDATES = 2_000;
    static final int SHARE = 25;

    /** The chunks of ids up to {@code lastId}: the first {@code end} of {@code m} (ids ascend); 0 for none. */
    private static int end(Matrix m, float[] query, long lastId, int n) throws SQLException {
        if (m.size() == 0 || n < 1) return 0;
        if (m.dims() != query.length) {
            throw new SQLException("the index's vectors have " + m.dims() + " dimensions, the query's "
                    + query.length);
        }
        int end = m.size();
        while (end > 0 && m.ids()[end - 1] > lastId) end--;
        return end;
    }

    private static List<Near> sorted(List<Near> found, int n) {
        Near[] sorted = found.toArray(new Near[0]);
        Arrays.sort(sorted, (a, b) -> a.cosine() != b.cosine() ? Double.compare(b.cosine(), a.cosine())
                : Long.compare(a.id(), b.id()));
        return List.of(Arrays.copyOf(sorted, Math.min(n, sorted.length)));
    }

    /**
     * The {@code n} nearest of the first {@code end} vectors, in no order: the bits of each compared with the query's,
     * then the true similarity of those that differ in the fewest bits ({@link #CANDIDATES} at least, and all that
     * differ in as few bits as the last of them does).
     */
    private static List<Near> twoSteps(Matrix m, float[] query, int end, int n) {
        int dims = m.dims();
        int words = words(dims);
        long[] q = new long[words];
        aboveMean(query, 0, dims, m.mean(), q, 0);
        long[] bits = m.bits();
        short[] differ = new short[end];
        int[] counts = new int[dims + 1];
        for (int i = 0; i < end; i++) {
            int at = i * words;
            int d = 0;
            for (int w = 0; w < words; w++) d += Long.bitCount(bits[at + w] ^ q[w]);
            differ[i] = (short) d;
            counts[d]++;
        }
        int wanted = Math.max(Math.max(CANDIDATES, end / SHARE), 10 * n);
        int most = 0;
        for (int seen = counts[0]; seen < wanted && most < dims; ) seen += counts[++most];
        PriorityQueue<Near> best = new PriorityQueue<>(n + 1, (a, b) -> Double.compare(a.cosine(), b.cosine()));
        float[] data = m.data();
        long[] ids = m.ids();
        for (int i = 0; i < end; i++) {
            if (differ[i] > most) continue;
            best.add(new Near(ids[i], dot(data, i * dims, query, dims)));
            if (best.size() > n) best.poll();
        }
        return new ArrayList<>(best);
    }

    /** The {@code n} nearest of the vectors [from, to), in no order. */
    private static List<Near> scan(Matrix m, float[] query, int from, int to, int n) {
        PriorityQueue<Near> best = new PriorityQueue<>(n + 1, (a, b) -> Double.compare(a.cosine(), b.cosine()));
        float[] data = m.data();
        int dims = m.dims();
        long[] ids = m.ids();
        double floor = Double.NEGATIVE_INFINITY;
        for (int i = from; i < to; i++) {
            double cos = dot(data, i * dims, query, dims);
            if (cos <= floor) continue;
            best.add(new Near(ids[i], cos));
            if (best.size() > n) {
                best.poll();
                floor = best.peek().cosine();
            }
        }
        return new ArrayList<>(best);
    }

    /** The dot product, in four independent sums so that the processor overlaps them. */
    static double dot(float[] data, int at, float[] q, int dims) {
        float s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        int i = 0;
        for (; i + 3 < dims; i += 4) {
            s0 += data[at + i] * q[i];
            s1 += data[at + i + 1] * q[i + 1];
            s2 += data[at + i + 2] * q[i + 2];
            s3 += data[at + i + 3] * q[i + 3];
        }
        for (; i < dims; i++) s0 += data[at + i] * q[i];
        return (s0 + s1) + (s2 + s3);
    }

    /** The vectors in memory, read again when their generation moved on. */
    private Matrix current(Connection c) throws SQLException {
        State state = state(c);
        Matrix m = matrix;
        if (m.generation() == state.generation()) return m;
        loading.lock();
        try {
            m = matrix;
            if (m.generation() == state.generation()) return m;
            m = load(c, state);
            matrix = m;
            return m;
        } finally {
            loading.unlock();
        }
    }

    private static Matrix load(Connection c, State state) throws SQLException {
        long[] ids = new long[Math.toIntExact(state.vectors())];
        float[] data = null;
        int dims = 0;
        int n = 0;
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT id, vector FROM chunk_vector ORDER BY id")) {
            while (rs.next() && n < ids.length) {
                byte[] b = rs.getBytes(2);
                if (data == null) {
                    dims = b.length / 4;
                    data = new float[Math.multiplyExact(ids.length, dims)];
                }
                if (b.length != dims * 4) throw new SQLException("chunk " + rs.getLong(1) + "'s vector has "
                        + b.length / 4 + " dimensions, others " + dims);
                ids[n] = rs.getLong(1);
                ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(data, n * dims, dims);
                n++;
            }
        }
        return Matrix.of(Arrays.copyOf(ids, n), data == null ? new float[0] : data, dims, state.generation());
    }

    static byte[] bytes(float[] v) {
        ByteBuffer b = ByteBuffer.allocate(v.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        b.asFloatBuffer().put(v);
        return b.array();
    }
}
