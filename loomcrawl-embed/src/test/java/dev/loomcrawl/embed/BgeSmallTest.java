package dev.loomcrawl.embed;

import dev.loomcrawl.content.TextEmbedder;
import dev.loomcrawl.store.sqlite.Embedder;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BgeSmallTest {
    private static double dot(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) s += a[i] * b[i];
        return s;
    }

    @Test
    void isFoundAsTheServiceAndPutsAQuestionNearestTheSentenceThatAnswersItInOtherWords() {
        Embedder model = Embedder.find().orElseThrow();
        assertInstanceOf(BgeSmall.class, model);
        List<float[]> v = model.passages(List.of(
                "sorted(iterable, key=None) returns a new sorted list from the items in iterable; the key function "
                        + "extracts a comparison key from each element.",
                "The socket module gives access to the BSD socket interface: create a socket, bind, listen, accept.",
                "zipfile reads and writes ZIP archives."));
        assertEquals(3, v.size());
        for (float[] x : v) {
            assertEquals(384, x.length);
            assertEquals(1.0, dot(x, x), 1e-4, "unit length");
        }
        float[] q = model.query("keep a list ordered by a custom key without changing it");
        assertTrue(dot(q, v.get(0)) > dot(q, v.get(1)) && dot(q, v.get(0)) > dot(q, v.get(2)),
                "sorting is nearest: " + dot(q, v.get(0)) + " " + dot(q, v.get(1)) + " " + dot(q, v.get(2)));
    }

    /** Search's model and a focused crawl's are one, loaded once a process (its memory and load time once). */
    @Test
    void searchAndAFocusedCrawlShareTheProcesssOneModel() {
        assertSame(TextEmbedder.installed().orElseThrow(), Embedder.find().orElseThrow());
        assertSame(Embedder.find().orElseThrow(), Embedder.find().orElseThrow());
    }
}
