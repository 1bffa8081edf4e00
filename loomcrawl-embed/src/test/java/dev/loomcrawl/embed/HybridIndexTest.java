package dev.loomcrawl.embed;

import dev.loomcrawl.store.sqlite.ChunkIndex;
import dev.loomcrawl.store.sqlite.Embedder;
import dev.loomcrawl.store.sqlite.SearchMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The chunk index with the real model: an index made without it searches by BM25 and says so; embedded, a question
 * in other words than the page's is found by meaning, fused, when BM25 alone ranks it lower; a page written again
 * replaces its chunks and their vectors.
 */
class HybridIndexTest {
    @TempDir
    Path dir;

    private static String line(String url, String title, int chunk, String markdown) {
        return "{\"url\":\"" + url + "\",\"title\":\"" + title + "\",\"kind\":\"documentation\",\"chunk\":" + chunk
                + ",\"headings\":[\"" + title + "\"],\"start\":0,\"end\":" + markdown.length() + ",\"markdown\":\""
                + markdown + "\",\"warc_file\":null,\"warc_offset\":null,\"warc_record_id\":null,\"captured\":null}\n";
    }

    private static final String SORTING = line("https://d.example/sorting", "Sorting HOW TO", 0,
            "The built-in sorted() function builds a new sorted list from an iterable. Both list.sort() and sorted() "
                    + "take a key parameter, a function called on each element before comparisons.");
    /** Pages on other subjects, so that no word is in half the chunks. */
    private static final String OTHERS = line("https://d.example/zip", "ZIP archives", 0,
            "The zipfile module reads and writes ZIP files and extracts their members.")
            + line("https://d.example/json", "JSON", 0, "json.dumps encodes objects as JSON text; loads decodes it.")
            + line("https://d.example/threads", "Threads", 0, "A thread runs code concurrently; a lock guards data.")
            + line("https://d.example/email", "Email", 0, "smtplib sends mail messages through an SMTP server.")
            + line("https://d.example/csv", "CSV files", 0, "The csv module reads rows of comma separated values.")
            + line("https://d.example/time", "Time", 0, "time.sleep pauses the program for a number of seconds.");
    private static final String SOCKETS = line("https://d.example/sockets", "Socket programming", 0,
            "A socket is one endpoint of a connection. settimeout() bounds how long a blocking call may wait.");

    @Test
    void withoutVectorsTheIndexSearchesByBm25AndSaysSo() throws Exception {
        Path chunks = dir.resolve("chunks.jsonl");
        Files.writeString(chunks, SORTING + SOCKETS + OTHERS);
        try (ChunkIndex index = ChunkIndex.open(dir.resolve("plain.db"))) {
            index.catchUp(chunks);
            ChunkIndex.Page page = index.search("socket timeout", 5, null, SearchMode.FUSED);
            assertEquals(SearchMode.LEXICAL, page.mode());
            assertTrue(page.note().contains("no embedding model"), page.note());
            assertEquals("https://d.example/sockets", page.hits().getFirst().url());
        }
        Embedder model = Embedder.find().orElseThrow();
        try (ChunkIndex index = ChunkIndex.open(dir.resolve("plain.db"), model)) {
            ChunkIndex.Page page = index.search("socket timeout", 5, null);
            assertEquals(SearchMode.LEXICAL, page.mode());
            assertTrue(page.note().contains("no chunk of this index has a vector"), page.note());
            assertEquals(8, index.unembedded());
        }
    }

    @Test
    void embeddedAQuestionInOtherWordsIsFoundByMeaningAndAPageWrittenAgainReplacesItsVectors() throws Exception {
        Path chunks = dir.resolve("chunks.jsonl");
        Files.writeString(chunks, SORTING + SOCKETS + OTHERS);
        try (ChunkIndex index = ChunkIndex.open(dir.resolve("index.db"), Embedder.find().orElseThrow())) {
            index.catchUp(chunks);
            assertEquals(8, index.embed(Long.MAX_VALUE, done -> {}));
            String question = "arrange entries ascending, per chosen attribute";
            ChunkIndex.Page lexical = index.search(question, 3, null, SearchMode.LEXICAL);
            assertTrue(lexical.hits().stream().noneMatch(h -> h.url().endsWith("/sorting")),
                    "no word of the question is the sorting page's: " + lexical.hits());
            ChunkIndex.Page fused = index.search(question, 3, null);
            assertEquals(SearchMode.FUSED, fused.mode());
            assertNull(fused.note());
            ChunkIndex.Hit best = fused.hits().getFirst();
            assertEquals("https://d.example/sorting", best.url(), "the meaning is the sorting page's: " + fused.hits());
            assertEquals(1, best.scores().cosineRank());
            assertEquals(best.score(), best.scores().fused());
            ChunkIndex.Page dense = index.search(question, 3, null, SearchMode.DENSE);
            assertEquals(SearchMode.DENSE, dense.mode());
            assertNull(dense.hits().getFirst().scores().bm25());

            // the sorting page written again (a re-crawl, a resumed crawl): its chunk replaced, with a new vector
            Files.writeString(chunks, SORTING, java.nio.file.StandardOpenOption.APPEND);
            index.catchUp(chunks);
            assertEquals(1, index.unembedded());
            assertEquals(1, index.embed(Long.MAX_VALUE, done -> {}));
            assertEquals(0, index.unembedded());
            ChunkIndex.Page again = index.search(question, 3, null);
            assertEquals(8, again.indexedChunks());
            assertEquals(8, again.embeddedChunks());
            assertEquals("https://d.example/sorting", again.hits().getFirst().url());
        }
    }
}
