package dev.loomcrawl.store.sqlite;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static dev.loomcrawl.store.sqlite.TestChunks.append;
import static dev.loomcrawl.store.sqlite.TestChunks.line;
import static dev.loomcrawl.store.sqlite.TestChunks.urls;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a query may be (anything), and pages of hits with cursors. */
class ChunkIndexQueryTest {
    private static final int PAGES = 57;

    @TempDir
    Path dir;
    private ChunkIndex index;

    @BeforeEach
    void index() {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < PAGES; i++) {
            // "token" in every chunk, more often in some: many hits with different scores, and some ties
            lines.append(line("https://docs.example/lexer/" + i + ".html", "Lexer " + i, 0, List.of("Tokens"),
                    "A token and another" + " token".repeat(i % 5) + ". And or not: os.path.join(a, b) " + i));
        }
        lines.append(line("https://docs.example/and.html", "AND", 0, List.of(), "* NEAR title: ^ \"quoted\""));
        Path chunks = dir.resolve("chunks.jsonl");
        append(chunks, lines.toString());
        index = ChunkIndex.open(dir.resolve("index.db"));
        assertEquals(PAGES + 1, index.catchUp(chunks));
    }

    @AfterEach
    void close() {
        index.close();
    }

    @Test
    void pagesOfHitsFollowedByTheirCursorsGiveEveryHitOnceBestFirst() {
        List<String> all = new ArrayList<>();
        List<Double> scores = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            ChunkIndex.Page page = index.search("token", 10, cursor);
            all.addAll(urls(page));
            page.hits().forEach(h -> scores.add(h.score()));
            cursor = page.nextCursor();
            pages++;
            assertTrue(pages <= 6, "57 hits in 6 pages of 10");
        } while (cursor != null);
        assertEquals(6, pages);
        assertEquals(PAGES, all.size());
        assertEquals(PAGES, new HashSet<>(all).size(), "no hit twice: " + all);
        for (int i = 1; i < scores.size(); i++) assertTrue(scores.get(i - 1) >= scores.get(i), scores.toString());
        assertEquals(urls(index.search("token", 100, null)), all, "the same order as one page of them all");
    }

    @Test
    void aCursorPagesThroughTheChunksIndexedWhenTheFirstPageWasAsked() {
        ChunkIndex.Page first = index.search("token", 50, null);
        append(dir.resolve("chunks.jsonl"), line("https://docs.example/late.html", "Late", 0, List.of("Tokens"),
                "token token token token token token"));
        assertEquals(PAGES + 2, index.catchUp(dir.resolve("chunks.jsonl")));
        ChunkIndex.Page second = index.search("token", 50, first.nextCursor());
        assertEquals(PAGES - 50, second.hits().size(), "the late chunk is in a new search, not in these pages");
        Set<String> seen = new HashSet<>(urls(first));
        seen.addAll(urls(second));
        assertEquals(PAGES, seen.size(), "no hit twice, though the late chunk ranks first now");
        assertNull(second.nextCursor());
        assertEquals("https://docs.example/late.html", index.search("token", 1, null).hits().getFirst().url());
    }

    @Test
    void aWordInHalfTheChunksOrMoreCountsOnlyWhenNoRarerWordIsFound() {
        assertEquals(List.of("https://docs.example/lexer/13.html"), urls(index.search("token 13", 10, null)),
                "token is in every lexer chunk, 13 in one");
        ChunkIndex.Page page = index.search("zebra token", 10, null);
        assertEquals(10, page.hits().size(), "no chunk has zebra: token counts");
        assertEquals(10, index.search("zebra token", 10, page.nextCursor()).hits().size());
        List<String> both = urls(index.search("token and.html", 10, null));
        assertEquals(List.of("https://docs.example/and.html"), both, "and.html (a phrase) is in the URL of one");
    }

    @Test
    void anyQueryFindsSomethingOrNothingAndNeverThrows() {
        List<String> hostile = new ArrayList<>(List.of("", " ", "\"", "\"\"", "'", "AND", "OR", "NOT", "*", "-", "^",
                "(", ")", "{", "}", ":", "NEAR", "NEAR(token and, 2)", "title:token", "title : token", "{title}: x",
                "\"token", "token\"", "token*", "* token", "token AND", "AND token OR", "- token", "+", "\\",
                "\u0000", "token\u0000and", "\ud800", "x\udfffy", "😀", "token 😀", "\u200b", "\u00a0token\u00a0",
                "%", "'; DROP TABLE chunk; --", "rowid", "rank", "bm25(chunk_text)", "a".repeat(5_000),
                "\"".repeat(10_000), "AND ".repeat(2_500), "token ".repeat(2_000), "(".repeat(10_000),
                "\n\t\r", "os.path.join", "OS.PATH.JOIN("));
        for (String q : hostile) {
            ChunkIndex.Page page = index.search(q, 10, null);
            assertEquals(PAGES + 1, page.indexedChunks());
            if (page.nextCursor() != null) index.search(q, 10, page.nextCursor());
        }
        assertEquals(List.of(), urls(index.search("*", 10, null)), "no word: nothing");
        assertEquals(List.of(), urls(index.search("\"", 10, null)));
        assertEquals(10, index.search("AND", 10, null).hits().size(), "a word like another");
        assertEquals("https://docs.example/and.html", index.search("NEAR", 10, null).hits().getFirst().url());
        assertEquals(PAGES, index.search("os.path.join", 100, null).hits().size(), "a phrase");
        assertEquals(List.of(), urls(index.search("join.path.os", 10, null)), "a phrase in its order");
        assertEquals(10, index.search("token ".repeat(2_000), 10, null).hits().size());
    }

    @Test
    void aBadLimitOrCursorIsAOneLineIllegalArgument() {
        assertEquals("limit: 0 is not between 1 and 100",
                assertThrows(IllegalArgumentException.class, () -> index.search("token", 0, null)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> index.search("token", 101, null));
        String next = index.search("token", 10, null).nextCursor();
        for (String bad : List.of("", "x", "not base64!", "YWJj", next + "A", next.substring(1), "Yz",
                java.util.Base64.getUrlEncoder().encodeToString("c1:5:-3:0".getBytes()),
                java.util.Base64.getUrlEncoder().encodeToString("c1:5:99999999:0".getBytes()), "A".repeat(10_000))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> index.search("token", 10, bad), bad);
            assertTrue(e.getMessage().startsWith("cursor: not a cursor from a search of this index ("), e.getMessage());
            assertTrue(e.getMessage().endsWith("start again without a cursor"), e.getMessage());
        }
        assertEquals("cursor: not a cursor from a search of this index (it was given for another query); start "
                        + "again without a cursor",
                assertThrows(IllegalArgumentException.class, () -> index.search("lexer", 10, next)).getMessage());
        assertEquals(10, index.search("  TOKEN ", 10, next).hits().size(), "the same words are the same query");
    }
}
