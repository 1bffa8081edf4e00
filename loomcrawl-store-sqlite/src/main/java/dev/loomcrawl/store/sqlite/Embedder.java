package dev.loomcrawl.store.sqlite;

import dev.loomcrawl.content.TextEmbedder;

import java.util.Optional;
import java.util.ServiceLoader;

/**
 * A text embedding model, in process: turns passages and queries into vectors of unit length, so that their dot
 * product is their cosine similarity. The chunk index stores a vector per chunk and ranks a query's nearest chunks
 * beside BM25 ({@link ChunkIndex#search(String, int, String, SearchMode)}). The model lives in module
 * {@code loomcrawl-embed}, found with {@link #find()}: without that module on the class path, search is by BM25 alone.
 *
 * <p>Safe for use by several threads.
 */
public interface Embedder extends TextEmbedder {
    /** The model's name, kept in the index with its vectors: vectors of two models are not compared. */
    @Override
    String model();

    /**
     * The embedding model on the class path ({@code loomcrawl-embed}), loaded: the process's one
     * ({@link TextEmbedder#installed()}, which a focused crawl uses too) when it is an embedder; empty when there is
     * none.
     */
    static Optional<Embedder> find() {
        return TextEmbedder.installed().filter(Embedder.class::isInstance).map(Embedder.class::cast)
                .or(() -> ServiceLoader.load(Embedder.class).findFirst());
    }
}
