package dev.loomcrawl.serve;

import dev.loomcrawl.content.EmbedderStopped;
import dev.loomcrawl.store.sqlite.ChunkIndex;
import dev.loomcrawl.store.sqlite.ChunkIndexException;
import dev.loomcrawl.store.sqlite.Embedder;
import dev.loomcrawl.store.sqlite.SearchMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The search indexes of the jobs a front end searched (MCP's {@code search_crawl}, the native API's
 * {@code GET /v1/crawls/{id}/search}): each job's kept open while the job is kept, caught up with the chunks its crawl
 * has written before each search, and its new chunks embedded on a virtual thread of its own while searches go on
 * (ranked fused over the chunks embedded so far; a page says how many). The embedding model
 * ({@code loomcrawl-embed}, if on the class path) is loaded at the first search; without it, search is by BM25.
 */
final class ChunkSearches implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ChunkSearches.class);
    private static final ReentrantLock LOADING = new ReentrantLock();
    private static volatile Embedder model;
    private static volatile boolean looked;

    private final Jobs jobs;
    private final Map<String, ChunkIndex> indexes = new ConcurrentHashMap<>();
    private final Set<String> embedding = ConcurrentHashMap.newKeySet();

    ChunkSearches(Jobs jobs) {
        this.jobs = jobs;
    }

    /**
     * Searches job {@code id}'s chunks ({@code chunks}, indexed in {@code indexFile}).
     *
     * @throws ApiError a 400 for a bad limit or cursor, a 500 when the index cannot be used
     */
    ChunkIndex.Page search(String id, Path indexFile, Path chunks, String query, int limit, String cursor,
                           SearchMode mode) {
        for (var e : indexes.entrySet()) { // the indexes of jobs removed since (expired) are closed
            if (jobs.find(e.getKey()) == null && indexes.remove(e.getKey(), e.getValue())) e.getValue().close();
        }
        try {
            ChunkIndex index = indexes.computeIfAbsent(id, k -> ChunkIndex.open(indexFile, model()));
            index.catchUp(chunks);
            if (index.canEmbed() && index.unembedded() > 0 && embedding.add(id)) {
                Thread.ofVirtual().name("loomcrawl-embed-" + id).start(() -> embed(id, index));
            }
            return index.search(query, limit, cursor, mode);
        } catch (IllegalArgumentException e) {
            throw ApiError.badRequest(e.getMessage());
        } catch (ChunkIndexException e) {
            throw new ApiError(500, "the crawl's search index cannot be used: " + e.getMessage());
        } catch (EmbedderStopped e) {
            throw new ApiError(503, "the server is stopping", 5);
        }
    }

    private void embed(String id, ChunkIndex index) {
        try {
            index.embed(Long.MAX_VALUE, done -> {});
        } catch (IllegalStateException e) {
            // closed meanwhile (the job went, or the server stops), or the model stopped: the process exits
        } catch (RuntimeException e) {
            log.warn("crawl {}: its chunks cannot be embedded: {}", id, e.getMessage());
        } finally {
            embedding.remove(id);
        }
    }

    /** The embedding model, loaded once; null when there is none (or it cannot be loaded: said once). */
    static Embedder model() {
        if (looked) return model;
        LOADING.lock();
        try {
            if (!looked) {
                try {
                    model = Embedder.find().orElse(null);
                } catch (RuntimeException | LinkageError e) {
                    if (!EmbedderStopped.causedBy(e)) { // else the process exits: nothing to say
                        log.warn("the embedding model cannot be loaded, so search is by BM25 alone: {}",
                                e.toString());
                    }
                }
                looked = true;
            }
            return model;
        } finally {
            LOADING.unlock();
        }
    }

    @Override
    public void close() {
        indexes.values().forEach(ChunkIndex::close);
        indexes.clear();
    }
}
