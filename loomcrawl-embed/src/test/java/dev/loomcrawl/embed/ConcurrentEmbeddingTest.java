package dev.loomcrawl.embed;

import dev.loomcrawl.store.sqlite.Embedder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The process's one model used by many virtual threads at once, as a focused crawl's workers and a server's searches
 * use it (ONNX Runtime documents a session's run as safe from several threads): {@value #THREADS} threads, each
 * embedding its texts and a question {@value #ROUNDS} times, all at once; every vector is the one the same text gets
 * alone, and nothing crashes.
 */
@Timeout(600)
class ConcurrentEmbeddingTest {
    static final int THREADS = 32;
    static final int ROUNDS = 4;

    @Test
    void manyVirtualThreadsEmbeddingAtOnceGetTheVectorsEachTextGetsAlone() throws Exception {
        Embedder model = Embedder.find().orElseThrow();
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < THREADS; i++) {
            texts.add("Passage " + i + ": the harbour lantern number " + i + " is trimmed at dusk and its oil "
                    + "checked " + (i % 5 + 1) + " times a night" + " during storms".repeat(i % 4));
        }
        List<float[]> alone = model.passages(texts);
        float[] question = model.query("who trims the lanterns");
        ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int mine = t;
            threads.add(Thread.ofVirtual().start(() -> {
                try {
                    start.await();
                    for (int round = 0; round < ROUNDS; round++) {
                        // its own text alone, then a batch of three beginning with it, then the question
                        List<String> batch = List.of(texts.get(mine), texts.get((mine + 1) % THREADS),
                                texts.get((mine + 2) % THREADS));
                        if (!close(model.passages(List.of(texts.get(mine))).getFirst(), alone.get(mine))) {
                            wrong.add("text " + mine + " alone, round " + round);
                        }
                        List<float[]> got = model.passages(batch);
                        for (int k = 0; k < 3; k++) {
                            if (!close(got.get(k), alone.get((mine + k) % THREADS))) {
                                wrong.add("text " + (mine + k) % THREADS + " in a batch, round " + round);
                            }
                        }
                        if (!close(model.query("who trims the lanterns"), question)) wrong.add("the question");
                    }
                } catch (InterruptedException e) {
                    wrong.add("interrupted");
                } catch (RuntimeException e) {
                    wrong.add(e.toString());
                }
            }));
        }
        start.countDown();
        for (Thread t : threads) t.join();
        assertTrue(wrong.isEmpty(), wrong.size() + " wrong: " + wrong);
        assertEquals(0, NativeRuns.process().inFlight());
    }

    private static boolean close(float[] a, float[] b) {
        if (a.length != b.length) return false;
        for (int i = 0; i < a.length; i++) if (Math.abs(a[i] - b[i]) > 1e-4f) return false;
        return true;
    }
}
