package dev.loomcrawl.internal.focus;

import org.junit.jupiter.api.Test;

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
        assertEquals("need", Question.stem("need"));
        assertEquals("red", Question.stem("red"));
        assertEquals("sing", Question.stem("sing"));
        assertEquals("archiv", Question.stem("archive"));
        assertEquals("archiv", Question.stem("archiving"));
        assertEquals("iterat", Question.stem("iteration"));
    }
}
