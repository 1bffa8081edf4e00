package dev.loomcrawl.output.lines;

import dev.loomcrawl.extract.PageFacts;
import dev.loomcrawl.result.PageContent;
import dev.loomcrawl.result.PageText;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The first page with each main text: named for later pages, forgotten oldest first past its bounds in memory. */
class MainTextsTest {

    @Test
    void aLaterPageWithTheSameTextNamesTheFirstAndTheFirstItself() {
        MainTexts texts = MainTexts.inMemory(10, 1000);
        assertNull(texts.originalOf(7, "http://a/"));
        assertEquals("http://a/", texts.originalOf(7, "http://a/index.html"));
        assertNull(texts.originalOf(7, "http://a/"), "the first page, written again (a re-crawl), is no duplicate");
        assertNull(texts.originalOf(0, "http://a/empty"));
        assertNull(texts.originalOf(0, "http://a/empty2"), "a page without text is no page's duplicate");
    }

    @Test
    void memoryIsBoundedByPagesAndUrlCharactersOldestForgottenFirst() {
        MainTexts texts = MainTexts.inMemory(3, 1000);
        for (long d = 1; d <= 5; d++) texts.originalOf(d, "http://a/" + d);
        assertEquals(3, texts.size());
        assertNull(texts.originalOf(1, "http://a/1-again"), "the oldest was forgotten: chunked again");
        assertEquals("http://a/5", texts.originalOf(5, "http://a/5-again"));

        MainTexts chars = MainTexts.inMemory(1000, 40); // each URL below is 20 characters
        for (long d = 1; d <= 5; d++) chars.originalOf(d, "http://example.com/" + d);
        assertEquals(2, chars.size());
        assertEquals("http://example.com/5", chars.originalOf(5, "http://example.com/x"));
        for (int i = 0; i < 100_000; i++) chars.originalOf(1000 + i, "http://example.com/" + i);
        assertTrue(chars.size() <= 2, "bounded: " + chars.size());
    }

    @Test
    void aTextHeldAsWrittenOrAsAStringHasOneDigest() {
        String text = "Caf\u00e9 \"cr\u00e8me\"\n\ttab \ud83d\ude00 end";
        byte[] json = "Caf\u00e9 \\\"cr\u00e8me\\\"\\n\\ttab \\uD83D\\uDE00 end".getBytes(StandardCharsets.UTF_8);
        PageContent asString = new PageContent(PageFacts.NONE, text, "", true);
        PageText written = PageText.ofJson(json, json.length);
        assertEquals(text, written.toString(), "the JSON form is the text's");
        PageContent asWritten = new PageContent(PageFacts.NONE, written, PageText.of(""), true,
                dev.loomcrawl.result.PageKind.ARTICLE);
        assertEquals(MainTexts.digest(asString), MainTexts.digest(asWritten));
        assertEquals(0, MainTexts.digest(new PageContent(PageFacts.NONE, "", "", false)));
    }
}
