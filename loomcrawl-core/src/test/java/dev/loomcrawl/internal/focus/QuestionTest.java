package dev.loomcrawl.internal.focus;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A question's words: common words left out, plurals and the commonest endings of a word read as one word. */
class QuestionTest {
    @Test
    void aWordsCommonFormsCountAsTheWord() {
        Question q = new Question("archive write-ahead log for point-in-time recovery");
        assertEquals(1f, q.coverage("Continuous Archiving and Point-in-Time Recovery: archived write-ahead logs"));
        assertEquals(3f / 7, new Question("a list safe to iterate while another thread changes it")
                .coverage("iteration over a changed list"), 1e-6);
    }

    @Test
    void shortWordsKeepTheirEndings() {
        Map<String, String> stems = Map.of("need", "need", "red", "red", "sing", "sing", "archive", "archiv",
                "archiving", "archiv", "iteration", "iterat");
        stems.forEach((word, stem) -> assertEquals(stem, Question.stem(word), word));
    }
}
