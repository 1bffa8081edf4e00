package dev.loomcrawl.content;

import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * A sentence-embedding model, in process: turns passages and questions into vectors of unit length, so that their
 * dot product is their cosine similarity. A focused crawl ({@code --focus}) judges pages and link texts by meaning
 * with it (decision 39); the chunk index's hybrid search ranks with it (decision 38). The model lives in module
 * {@code loomcrawl-embed}, found on the class path or module path by {@link #installed()}, so that the core and a
 * plain crawl do not carry its runtime. Safe for use by several threads. Once the JVM has begun to exit, the model
 * takes no new work ({@link EmbedderStopped}) and the JVM waits a few seconds for the texts it is embedding (decision
 * 45).
 */
public interface TextEmbedder {
    /** The model's name. */
    String model();

    /** How many numbers a vector has. */
    int dimensions();

    /**
     * The vectors of {@code passages}, in order, each of unit length.
     *
     * @throws EmbedderStopped once the JVM has begun to exit
     */
    List<float[]> passages(List<String> passages);

    /**
     * The vector of a question (models may embed a question unlike a passage), of unit length.
     *
     * @throws EmbedderStopped once the JVM has begun to exit
     */
    float[] query(String query);

    /**
     * The model on the class path or module path ({@code loomcrawl-embed}), loaded on first use and then the same for
     * the whole process (a focused crawl's and the chunk index's search share it); empty when there is none.
     */
    static Optional<TextEmbedder> installed() {
        return InstalledEmbedder.MODEL;
    }
}
