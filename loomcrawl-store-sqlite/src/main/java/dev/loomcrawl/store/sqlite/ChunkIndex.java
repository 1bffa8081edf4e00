package dev.loomcrawl.store.sqlite;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.FutureTask;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A full-text index of a crawl's chunks ({@code --chunks}), in one SQLite file, built as the crawl writes them and
 * searched with SQLite's FTS5, ranked by BM25 with a chunk's title and headings counting more than its text. The
 * index remembers how far it has read the chunks file, so {@link #catchUp} reads only what was appended since, in
 * this run or an earlier one.
 *
 * <p>Safe for use by several threads: searches read a snapshot of the index (SQLite's WAL mode), each on a
 * connection of its own (at most {@value #READERS} at once, the rest wait), while one {@link #catchUp} at a time writes
 * it, in batches of {@value #BATCH} lines, each a transaction that searches see as soon as it is committed. The index
 * is on disk: memory stays bounded by SQLite's page caches, however many chunks it holds.
 *
 * <p>A page whose chunk 0 comes again (a re-crawl wrote it again, or a resumed crawl wrote again a page it had
 * written part of) replaces the chunks of that URL indexed before.
 */
public final class ChunkIndex implements AutoCloseable {
    /** The most hits a page of results holds. */
    public static final int MAX_LIMIT = 100;
    /** How deep the pages of one search go: no cursor is given past this many hits. */
    public static final int MAX_DEPTH = 10_000;
    static final int BATCH = 1_000;
    private static final int READERS = 8;
    /** BM25, with weights in the columns' order: title, headings, body, URL. Lower is better. */
    static final String RANK = "bm25(chunk_text, 3.0, 3.0, 1.0, 1.0)";
    private static final JsonFactory JSON = new JsonFactory();

    /** How many chunks each ranking hands a fused or dense search; its pages go this deep at most. */
    public static final int FUSION_DEPTH = 100;

    /**
     * A chunk found: its page's URL and title, the headings it falls under (outermost first), its text (its Markdown
     * without link URLs), its score in the ranking asked for (higher is better; only comparable within one search),
     * where its page's capture is archived, and what each ranking said of it.
     */
    public record Hit(String url, String title, List<String> headings, String markdown, double score,
                      Citation citation /* null when the crawl wrote no WARC */, Scores scores) {}

    /**
     * A hit's scores: its BM25 (higher is better) and rank in the lexical ranking, its cosine similarity to the
     * query and rank in the dense one, and its fused (reciprocal rank) score; each null where that ranking was not
     * made or did not find the chunk among its first {@value #FUSION_DEPTH}.
     */
    public record Scores(Double bm25, Integer bm25Rank, Double cosine, Integer cosineRank, Double fused) {
        /** The scores there are, by name (fused, bm25, bm25Rank, cosine, cosineRank), for an answer in JSON. */
        public Map<String, Object> fields() {
            Map<String, Object> m = new LinkedHashMap<>();
            if (fused != null) m.put("fused", fused);
            if (bm25 != null) {
                m.put("bm25", bm25);
                m.put("bm25Rank", bm25Rank);
            }
            if (cosine != null) {
                m.put("cosine", cosine);
                m.put("cosineRank", cosineRank);
            }
            return m;
        }
    }

    /** A page's capture in the crawl's WARC files: the file, the offset of its response record, its id and date. */
    public record Citation(String warcFile, long offset, String recordId, String captured) {
        /** Its parts by name (warcFile, offset, recordId, captured), for an answer in JSON. */
        public Map<String, Object> fields() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("warcFile", warcFile);
            m.put("offset", offset);
            m.put("recordId", recordId);
            m.put("captured", captured);
            return m;
        }
    }

    /**
     * A page of hits, the cursor for the next (null at the end), how many chunks the index held and how many of them
     * had a vector, the ranking made, and, when it is not the one asked for, why (else null).
     */
    public record Page(List<Hit> hits, String nextCursor /* null at the end */, long indexedChunks,
                       long embeddedChunks, SearchMode mode, String note) {}

    private final Path file;
    private final Connection writer;
    private final ReentrantLock writing = new ReentrantLock(); // one catchUp at a time; searches never take it
    private final Semaphore readers = new Semaphore(READERS);
    private final ConcurrentLinkedDeque<Connection> idle = new ConcurrentLinkedDeque<>();
    private final Embedder embedder; // null: BM25 alone
    private final ChunkVectors vectors = new ChunkVectors();
    private final ReentrantLock embedding = new ReentrantLock(); // one embed at a time
    private volatile boolean closed;

    private ChunkIndex(Path file, Connection writer, Embedder embedder) {
        this.file = file;
        this.writer = writer;
        this.embedder = embedder;
    }

    /** Opens (creating if needed) the index stored in {@code file}, to be searched by BM25 alone. */
    public static ChunkIndex open(Path file) {
        return open(file, null);
    }

    /**
     * Opens (creating if needed) the index stored in {@code file}; with {@code embedder} (null: none) its chunks can
     * be given vectors ({@link #embed}) and searched by meaning as well as by words.
     */
    public static ChunkIndex open(Path file, Embedder embedder) {
        return new ChunkIndex(file, ChunkIndexFile.openWriter(file), embedder);
    }

    /** Whether the index was opened with a model, so that it can embed chunks and queries. */
    public boolean canEmbed() {
        return embedder != null;
    }

    /** How many of the chunks indexed have no vector yet. */
    public long unembedded() {
        Connection c = reader();
        try (Statement s = c.createStatement()) {
            s.execute("BEGIN");
            try {
                return progress(c).chunks - ChunkVectors.state(c).vectors();
            } finally {
                s.execute("ROLLBACK");
            }
        } catch (SQLException e) {
            throw ChunkIndexFile.failure(file, "cannot read it", e);
        } finally {
            release(c);
        }
    }

    /**
     * Gives a vector to the chunks indexed that have none (the oldest first, at most {@code max}), in batches of
     * {@value ChunkVectors#BATCH}, each written in a transaction of its own as soon as it is made; {@code progress}
     * hears how many were embedded so far after each. Searches and {@link #catchUp} go on meanwhile (a chunk
     * replaced while it was being embedded gets no vector). Returns how many chunks were embedded.
     *
     * @throws IllegalStateException when the index was opened without a model
     * @throws ChunkIndexException   when the index cannot be written, or its vectors are another model's
     */
    public long embed(long max, java.util.function.LongConsumer progress) {
        if (embedder == null) throw new IllegalStateException("chunk index " + file + " was opened without a model");
        embedding.lock();
        try {
            long done = 0;
            while (done < max) {
                List<ChunkVectors.Pending> batch;
                writing.lock();
                try {
                    ensureOpen();
                    batch = ChunkVectors.pending(writer, (int) Math.min(ChunkVectors.BATCH, max - done));
                } finally {
                    writing.unlock();
                }
                if (batch.isEmpty()) break;
                List<float[]> made = embedder.passages(batch.stream().map(ChunkVectors.Pending::text).toList());
                writing.lock();
                try (Statement s = writer.createStatement()) {
                    ensureOpen();
                    s.execute("BEGIN IMMEDIATE");
                    boolean committed = false;
                    try {
                        ChunkVectors.write(writer, embedder, batch, made);
                        s.execute("COMMIT");
                        committed = true;
                    } finally {
                        if (!committed) s.execute("ROLLBACK");
                    }
                } finally {
                    writing.unlock();
                }
                done += batch.size();
                progress.accept(done);
            }
            return done;
        } catch (SQLException e) {
            throw ChunkIndexFile.failure(file, "cannot write its vectors", e);
        } finally {
            embedding.unlock();
        }
    }

    /**
     * Indexes the complete lines appended to {@code chunks} (a --chunks JSON Lines file) since the last call
     * (remembered in the index itself, so a reopened index goes on where it stopped; a partly written last line
     * waits for the next call); returns how many chunks the index holds. Safe while the crawl is still writing. A
     * chunks file not yet written is as an empty one. A line that is not a chunk is skipped and counted
     * ({@link #skippedLines()}).
     *
     * @throws ChunkIndexException when the chunks file cannot be read (or was replaced by a shorter one), or the
     *                             index cannot be written
     */
    public long catchUp(Path chunks) {
        return catchUp(chunks, Long.MAX_VALUE);
    }

    /** As {@link #catchUp(Path)}, reading at most {@code maxLines} lines (a later call reads on). */
    public long catchUp(Path chunks, long maxLines) {
        Objects.requireNonNull(chunks, "chunks");
        if (maxLines < 0) throw new IllegalArgumentException("maxLines: " + maxLines + " is negative");
        writing.lock();
        try {
            ensureOpen();
            for (long left = maxLines; left > 0; ) {
                int asked = (int) Math.min(left, BATCH);
                int read = batch(chunks, asked);
                left -= read;
                if (read < asked) break;
            }
            return progress(writer).chunks;
        } catch (SQLException e) {
            throw ChunkIndexFile.failure(file, "cannot index " + chunks, e);
        } finally {
            writing.unlock();
        }
    }

    /**
     * The chunks best matching {@code query}, best first, at most {@code limit}; {@code cursor} null for the first
     * page, else the previous page's nextCursor. Ranked by BM25 and by meaning, fused, when the index can (see {@link
     * #search(String, int, String, SearchMode)}), else by BM25 alone. For BM25 the query is words, not a query
     * language: each white-space separated term counts, the more of them (and the rarer) a chunk has, the better it
     * ranks; a term with punctuation ({@code os.path.join}) is a phrase. A term in a quarter of the chunks or more,
     * which BM25 gives little weight, is left out when a rarer one is found. Fused, the query is embedded and the
     * vectors scanned on a thread of their own while BM25 ranks. Only the first {@value ChunkQuery#MAX_CHARS}
     * characters and {@value ChunkQuery#MAX_TERMS} distinct terms are read; a query without a letter or a digit finds
     * nothing. A cursor's pages are of the chunks indexed when its first page was asked for.
     *
     * @throws IllegalArgumentException when {@code limit} is not between 1 and {@value #MAX_LIMIT}, or
     *                                  {@code cursor} is not one a search of this index gave for this query
     */
    public Page search(String query, int limit, String cursor) {
        return search(query, limit, cursor, null);
    }

    /**
     * As {@link #search(String, int, String)}, ranked as {@code mode} says: {@link SearchMode#LEXICAL} by BM25,
     * {@link SearchMode#DENSE} by the cosine similarity of the chunks' vectors to the query's,
     * {@link SearchMode#FUSED} by both, fused by reciprocal rank ({@link Fusion}); null: fused when the index can
     * embed the query and has vectors, else lexical. An index that cannot rank as asked (opened without a model, or
     * no chunk embedded yet) ranks by BM25 and says why in the page's note. Fused and dense pages go
     * {@value #FUSION_DEPTH} hits deep at most; only the chunks embedded take part in the dense ranking.
     */
    public Page search(String query, int limit, String cursor, SearchMode mode) {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit: " + limit + " is not between 1 and " + MAX_LIMIT);
        }
        ChunkQuery q = ChunkQuery.of(query);
        String asked = query.length() > ChunkQuery.MAX_CHARS ? query.substring(0, ChunkQuery.MAX_CHARS) : query;
        Connection c = reader();
        try (Statement s = c.createStatement()) {
            s.execute("BEGIN"); // one snapshot for the count, the ranking and the hits
            try {
                long indexed = progress(c).chunks;
                long embedded = ChunkVectors.state(c).vectors();
                String note = null;
                SearchMode used = mode == null ? SearchMode.FUSED : mode;
                if (used != SearchMode.LEXICAL && (embedder == null || embedded == 0)) {
                    note = "ranked by BM25 alone: " + (embedder == null ? "no embedding model is loaded"
                            : "no chunk of this index has a vector yet (it was made without the embedding model)");
                    used = SearchMode.LEXICAL;
                }
                ChunkQuery keyed = used == SearchMode.LEXICAL ? q : new ChunkQuery(q.phrases(), q.key() + used.label());
                long depth = used == SearchMode.LEXICAL ? MAX_DEPTH : FUSION_DEPTH;
                ChunkCursor from = cursor == null ? null : ChunkCursor.decode(cursor, keyed, depth);
                if (q.isEmpty()) return new Page(List.of(), null, indexed, embedded, used, note);
                long lastId = from == null ? lastId(c) : from.lastId();
                long offset = from == null ? 0 : from.offset();
                int wanted = (int) Math.min(limit, depth - offset);
                int kept = from == null ? telling(c, q, indexed) : from.kept();
                List<Hit> hits = new ArrayList<>();
                boolean more;
                if (used == SearchMode.LEXICAL) {
                    List<long[]> ranked = ranked(c, q.match(kept), lastId, offset, wanted + 1);
                    for (int i = 0; i < Math.min(wanted, ranked.size()); i++) {
                        long[] r = ranked.get(i);
                        double bm25 = -Double.longBitsToDouble(r[1]);
                        hits.add(hit(c, r[0], bm25, new Scores(bm25, (int) offset + i + 1, null, null, null)));
                    }
                    more = ranked.size() > wanted;
                } else {
                    // by meaning on a thread of its own (the query embedded, the vectors scanned) while BM25 ranks
                    ChunkVectors.Matrix snapshot = vectors.snapshot(c);
                    long last = lastId;
                    FutureTask<List<ChunkVectors.Near>> near = new FutureTask<>(() ->
                            ChunkVectors.nearest(snapshot, embedder.query(asked), last, FUSION_DEPTH));
                    Thread.ofVirtual().name("loomcrawl-search-dense").start(near);
                    List<long[]> lexical;
                    try {
                        lexical = used == SearchMode.FUSED ? ranked(c, q.match(kept), lastId, 0, FUSION_DEPTH)
                                : List.of();
                    } catch (SQLException | RuntimeException e) {
                        near.cancel(true);
                        throw e;
                    }
                    List<Fusion.Fused> fused = Fusion.of(lexical, waited(near));
                    int end = (int) Math.min(fused.size(), offset + wanted);
                    for (int i = (int) offset; i < end; i++) {
                        Fusion.Fused f = fused.get(i);
                        Scores sc = new Scores(f.bm25(), f.bm25Rank(), f.cosine(), f.cosineRank(),
                                used == SearchMode.FUSED ? f.fused() : null);
                        hits.add(hit(c, f.id(), used == SearchMode.FUSED ? f.fused() : f.cosine(), sc));
                    }
                    more = fused.size() > end;
                }
                more &= offset + wanted < depth;
                String next = more ? new ChunkCursor(lastId, offset + wanted, kept, keyed.key()).encode() : null;
                return new Page(List.copyOf(hits), next, indexed, embedded, used, note);
            } finally {
                s.execute("ROLLBACK");
            }
        } catch (SQLException e) {
            throw ChunkIndexFile.failure(file, "cannot search it", e);
        } finally {
            release(c);
        }
    }

    /** How many lines of the chunks file were skipped as not chunks (not JSON, no URL or Markdown, too long). */
    public long skippedLines() {
        Connection c = reader();
        try {
            return progress(c).skipped;
        } catch (SQLException e) {
            throw ChunkIndexFile.failure(file, "cannot read it", e);
        } finally {
            release(c);
        }
    }

    /** Closes the index, after a {@link #catchUp} under way; a search under way closes its connection as it ends. */
    @Override
    public void close() {
        writing.lock();
        try {
            if (closed) return;
            closed = true;
            for (Connection c; (c = idle.poll()) != null; ) ChunkIndexFile.closeQuietly(c);
            ChunkIndexFile.closeQuietly(writer);
        } finally {
            writing.unlock();
        }
    }

    /** One transaction: reads up to {@code lines} lines from where the last one stopped; returns how many it read. */
    private int batch(Path chunks, int lines) throws SQLException {
        try (Statement s = writer.createStatement()) {
            s.execute("BEGIN IMMEDIATE"); // the position is read in the transaction that moves it
            boolean done = false;
            try {
                Progress p = progress(writer);
                int read = 0;
                long vectorsRemoved = 0;
                if (Files.exists(chunks)) {
                    try (ChunkLines in = ChunkLines.open(chunks, p.bytesRead);
                         ChunkWrites writes = new ChunkWrites(writer)) {
                        for (ChunkLines.Line line; read < lines && (line = in.next()) != null; read++) {
                            p.bytesRead = line.end();
                            ChunkLines.Chunk chunk = line.bytes() == null ? null : ChunkLines.parse(line.bytes());
                            if (chunk != null) {
                                p.chunks += writes.add(chunk);
                            } else if (line.bytes() == null || !blank(line.bytes())) {
                                p.skipped++;
                            }
                        }
                        vectorsRemoved = writes.vectorsRemoved;
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
                if (read == 0) return 0; // nothing new: no write (the transaction is rolled back)
                ChunkVectors.removed(writer, vectorsRemoved);
                try (PreparedStatement u = writer.prepareStatement(
                        "UPDATE progress SET bytes_read = ?, lines_skipped = ?, chunks = ?")) {
                    u.setLong(1, p.bytesRead);
                    u.setLong(2, p.skipped);
                    u.setLong(3, p.chunks);
                    u.executeUpdate();
                }
                s.execute("COMMIT");
                done = true;
                return read;
            } catch (UncheckedIOException e) {
                throw new ChunkIndexException("chunks file " + chunks + ": cannot read it: "
                        + e.getCause().getMessage(), e.getCause());
            } finally {
                if (!done) s.execute("ROLLBACK");
            }
        }
    }

    private static boolean blank(byte[] line) {
        for (byte b : line) if (b != ' ' && b != '\t' && b != '\r') return false;
        return true;
    }

    /**
     * A phrase in at least one chunk in this many is common: BM25 ranks little by it, and scores every chunk it is in
     * (the query's cost on a large crawl).
     */
    static final long COMMON = 4;

    /**
     * A phrase in this many chunks or more is common too, however large the crawl: ranking costs about a microsecond
     * a chunk matched, and on the JDK docs' 104,576 chunks phrases in a tenth of them or more held a fused search's
     * p99 to 53 ms (37 to 40 ms without them; BM25's recall@5 on the 16 JDK questions of the focus set unchanged,
     * 0.94). A crawl of fewer than 40,000 chunks never reaches it before {@link #COMMON}'s quarter.
     */
    static final long COMMON_CHUNKS = 10_000;

    /**
     * The phrases of {@code q} worth matching, as a mask for {@link ChunkQuery#match(int)}: a phrase in a quarter of
     * the chunks or more ({@link #COMMON}), or in {@value #COMMON_CHUNKS} of them, is left out when another is in at
     * least one chunk but fewer. BM25 gives
     * such a phrase little weight (none at half: FTS5 floors its inverse document frequency,
     * log((N - n + 0.5) / (n + 0.5)), at 1e-6), so the ranking of the chunks with a rarer phrase changes little
     * without it (Python docs, 83 questions: BM25 recall@5 0.80 against 0.81 at half); but it matches many chunks,
     * and every chunk matched is ranked: "python" in each page's title made a query with it ten times slower. A
     * phrase's chunks are counted up to that quarter at most. An English function word ("how", "do", "I", "the",
     * "of": {@link ChunkQuery#functionWord}) is left out as such a phrase is, without counting: a question is full of
     * them, and in a large crawl each matches tens of thousands of chunks, all ranked (on the JDK docs' 104,576
     * chunks, "it" is in 18,417).
     */
    private static int telling(Connection c, ChunkQuery q, long chunks) throws SQLException {
        if (q.phrases().size() < 2 || chunks < 2) return q.all();
        long many = Math.max(1, Math.min(chunks / COMMON, COMMON_CHUNKS));
        int common = 0;
        boolean rarer = false;
        try (PreparedStatement p = c.prepareStatement("SELECT count(*) FROM "
                + "(SELECT 1 FROM chunk_text WHERE chunk_text MATCH ? LIMIT ?)")) {
            for (int i = 0; i < q.phrases().size(); i++) {
                if (ChunkQuery.functionWord(q.phrases().get(i))) { // "how do I ...": left out as a common phrase is
                    common |= 1 << i;
                    continue;
                }
                p.setString(1, q.phrases().get(i));
                p.setLong(2, many);
                try (ResultSet rs = p.executeQuery()) {
                    long n = rs.next() ? rs.getLong(1) : 0;
                    if (n >= many) {
                        common |= 1 << i;
                    } else if (n > 0) {
                        rarer = true;
                    }
                }
            }
        }
        return rarer ? q.all() & ~common : q.all();
    }

    /**
     * Chunks from which BM25 ranks the lower and the upper half of the ids at once, each on a connection of its own:
     * ranking scores every chunk a query matches, the lexical ranking's largest cost on a large crawl (on the JDK
     * docs' 104,576 chunks a query of common words matches 40,000). FTS5's BM25 takes its statistics from the whole
     * table whatever the rowid range asked for, so the halves' scores are one scale.
     */
    static final long SPLIT = 20_000;

    /**
     * The ids and BM25 ranks (as long bits) of the best hits of ids up to {@code lastId} after the first {@code
     * offset}, best first: the halves of the ids ranked at once when there are {@value #SPLIT} or more and a second
     * connection is free, else in one query on {@code c}.
     */
    private List<long[]> ranked(Connection c, String match, long lastId, long offset, int limit) throws SQLException {
        long firstId = firstId(c);
        Connection other = lastId - firstId >= SPLIT && readers.tryAcquire() ? spare() : null;
        if (other == null) return rank(c, match, 0, lastId, offset, limit);
        long mid = firstId + (lastId - firstId) / 2;
        int each = Math.toIntExact(offset + limit);
        FutureTask<List<long[]>> upper = new FutureTask<>(() -> rank(other, match, mid + 1, lastId, 0, each));
        try {
            Thread.ofVirtual().name("loomcrawl-search-upper").start(upper);
        } catch (RuntimeException | Error e) {
            release(other);
            throw e;
        }
        List<long[]> lower;
        try {
            lower = rank(c, match, 0, mid, 0, each);
        } finally {
            settle(upper); // its connection goes back once its query has ended, not while it runs
            release(other);
        }
        List<long[]> both = new ArrayList<>(lower);
        both.addAll(waited(upper));
        both.sort((a, b) -> {
            int byRank = Double.compare(Double.longBitsToDouble(a[1]), Double.longBitsToDouble(b[1]));
            return byRank != 0 ? byRank : Long.compare(a[0], b[0]);
        });
        int from = (int) Math.min(offset, both.size());
        return both.subList(from, Math.min(both.size(), from + limit));
    }

    /** A second reader for one search, its permit already taken; null when none can be opened. */
    private Connection spare() {
        try {
            return held();
        } catch (RuntimeException e) {
            return null; // ranked in one query instead
        }
    }

    /** Waits for {@code task} to end, however it ends (its outcome is read with {@link #waited}). */
    private static void settle(FutureTask<?> task) {
        boolean interrupted = false;
        while (true) {
            try {
                task.get();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.CancellationException e) {
                break;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    /** What another thread found, waited for; its failure is the search's. */
    private static <T> T waited(FutureTask<T> task) throws SQLException {
        try {
            return task.get();
        } catch (InterruptedException e) {
            task.cancel(true);
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted", e);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof SQLException s) throw s;
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new SQLException(e.getCause());
        }
    }

    /** The ids and BM25 ranks (as long bits) of the best hits of ids in [firstId, lastId] after the first {@code offset}. */
    static List<long[]> rank(Connection c, String match, long firstId, long lastId, long offset, int limit)
            throws SQLException {
        List<long[]> ranked = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT rowid, " + RANK + " AS r FROM chunk_text "
                + "WHERE chunk_text MATCH ? AND rowid >= ? AND rowid <= ? ORDER BY r, rowid LIMIT ? OFFSET ?")) {
            p.setString(1, match);
            p.setLong(2, firstId);
            p.setLong(3, lastId);
            p.setInt(4, limit);
            p.setLong(5, offset);
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) ranked.add(new long[] {rs.getLong(1), Double.doubleToLongBits(rs.getDouble(2))});
            }
        }
        return ranked;
    }

    private Hit hit(Connection c, long id, double score, Scores scores) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT c.url, t.title, c.headings, t.body, c.warc_file, "
                + "c.warc_offset, c.warc_record_id, c.captured FROM chunk c JOIN chunk_text t ON t.rowid = c.id "
                + "WHERE c.id = ?")) {
            p.setLong(1, id);
            try (ResultSet rs = p.executeQuery()) {
                if (!rs.next()) throw new SQLException("chunk " + id + " is in the text index but not in the chunks");
                Citation citation = rs.getString(5) == null ? null
                        : new Citation(rs.getString(5), rs.getLong(6), rs.getString(7), rs.getString(8));
                return new Hit(rs.getString(1), rs.getString(2), headings(rs.getString(3)), rs.getString(4), score,
                        citation, scores);
            }
        }
    }

    private static long firstId(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT coalesce(min(id), 0) FROM chunk")) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    private static long lastId(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT coalesce(max(id), 0) FROM chunk")) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    /** How far the chunks file was read, what was skipped, and how many chunks the index holds. */
    private static final class Progress {
        long bytesRead;
        long skipped;
        long chunks;
    }

    private static Progress progress(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT bytes_read, lines_skipped, chunks FROM progress")) {
            if (!rs.next()) throw new SQLException("the index has no progress row");
            Progress p = new Progress();
            p.bytesRead = rs.getLong(1);
            p.skipped = rs.getLong(2);
            p.chunks = rs.getLong(3);
            return p;
        }
    }

    private Connection reader() {
        ensureOpen();
        readers.acquireUninterruptibly();
        return held();
    }

    /** An idle connection, or a new one, for a permit already taken; the permit goes back if none can be opened. */
    private Connection held() {
        Connection c = idle.poll();
        if (c != null) return c;
        try {
            return ChunkIndexFile.openReader(file);
        } catch (RuntimeException e) {
            readers.release();
            throw e;
        }
    }

    private void release(Connection c) {
        if (closed) {
            ChunkIndexFile.closeQuietly(c);
        } else {
            idle.push(c);
            if (closed && idle.remove(c)) ChunkIndexFile.closeQuietly(c); // closed meanwhile: close() missed it
        }
        readers.release();
    }

    private void ensureOpen() {
        if (closed) throw new IllegalStateException("chunk index " + file + " is closed");
    }

    static String headingsJson(List<String> headings) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartArray();
            for (String h : headings) g.writeString(h);
            g.writeEndArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.toString();
    }

    private static List<String> headings(String json) {
        List<String> headings = new ArrayList<>();
        try (JsonParser p = JSON.createParser(json)) {
            p.nextToken();
            for (JsonToken t = p.nextToken(); t == JsonToken.VALUE_STRING; t = p.nextToken()) headings.add(p.getText());
        } catch (IOException e) {
            throw new UncheckedIOException(e); // written by headingsJson
        }
        return List.copyOf(headings);
    }
}
