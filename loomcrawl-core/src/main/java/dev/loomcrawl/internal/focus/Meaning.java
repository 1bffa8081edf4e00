package dev.loomcrawl.internal.focus;

import dev.loomcrawl.content.TextEmbedder;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A focused crawl's sense of meaning: how close a text is to the question, by the cosine of their vectors from a
 * sentence-embedding model ({@link TextEmbedder}), read on a scale of 0 to 1 (a cosine of {@link #UNRELATED} or
 * less is 0, of {@link #SAME} or more is 1: bge-small puts unrelated texts near the first and a passage that
 * answers a question near the second). Link texts repeat from page to page (navigation), so each distinct text is
 * embedded once a crawl. Safe for many threads.
 */
final class Meaning {
    static final float UNRELATED = 0.50f;
    static final float SAME = 0.85f;
    /** Distinct link texts whose closeness is kept; past it new ones are still embedded, not kept. */
    static final int MAX_KEPT = 100_000;
    /**
     * Longest text embedded: a link's text, a page's title and the start of its text (the model's time grows with
     * a text's length; a page's title and first 300 characters say what it is about).
     */
    static final int MAX_CHARS = 300;

    private final TextEmbedder model;
    private final float[] question;
    private final Map<String, Float> texts = new ConcurrentHashMap<>();

    private Meaning(TextEmbedder model, String question) {
        this.model = model;
        this.question = model.query(question);
    }

    /** Meaning by the model on the class path, loaded once a process; empty when none is installed. */
    static Optional<Meaning> of(String question) {
        return TextEmbedder.installed().map(m -> new Meaning(m, question));
    }

    /** How close one text is to the question, 0 to 1 (not kept). */
    float closeness(String text) {
        if (text == null || text.isBlank()) return 0;
        return scale(model.passages(List.of(cut(text))).getFirst());
    }

    /**
     * How close each text is to the question, 0 to 1: those seen before as they were judged, the first {@code most}
     * distinct ones not seen before embedded in one batch, the rest 0 (left out of the answer).
     */
    Map<String, Float> closeness(List<String> textsOfLinks, int most) {
        LinkedHashSet<String> fresh = new LinkedHashSet<>();
        for (String t : textsOfLinks) {
            if (fresh.size() == most) break;
            if (t != null && !t.isBlank() && !texts.containsKey(t)) fresh.add(t);
        }
        Map<String, Float> made = new HashMap<>();
        if (!fresh.isEmpty()) {
            List<String> batch = new ArrayList<>(fresh.size());
            for (String t : fresh) batch.add(cut(t));
            List<float[]> vectors = model.passages(batch);
            int i = 0;
            for (String t : fresh) made.put(t, scale(vectors.get(i++)));
            if (texts.size() < MAX_KEPT) texts.putAll(made);
        }
        Map<String, Float> out = new HashMap<>();
        for (String t : textsOfLinks) {
            if (t == null || t.isBlank()) continue;
            Float c = made.get(t);
            if (c == null) c = texts.get(t);
            if (c != null) out.put(t, c);
        }
        return out;
    }

    private float scale(float[] v) {
        float cos = 0;
        for (int i = 0; i < v.length; i++) cos += v[i] * question[i];
        return Math.clamp((cos - UNRELATED) / (SAME - UNRELATED), 0f, 1f);
    }

    private static String cut(String text) {
        String t = text.strip();
        return t.length() > MAX_CHARS ? t.substring(0, MAX_CHARS) : t;
    }

}
