package dev.loomcrawl.store.sqlite;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

import static dev.loomcrawl.store.sqlite.TestChunks.append;
import static dev.loomcrawl.store.sqlite.TestChunks.line;
import static dev.loomcrawl.store.sqlite.TestChunks.urls;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Indexing a chunks file as a crawl writes it: appended lines, a line half written, a reopened index, bad lines. */
class ChunkIndexCatchUpTest {
    @TempDir
    Path dir;

    private Path chunks() {
        return dir.resolve("chunks.jsonl");
    }

    private static String page(int n, String word) {
        return line("https://docs.example/p" + n + ".html", "Page " + n, 0, List.of("Page " + n),
                "# Page " + n + "\n\nThis page is about " + word + ".");
    }

    @Test
    void catchUpIndexesOnlyTheLinesAppendedSinceTheLastCall() {
        try (ChunkIndex index = ChunkIndex.open(dir.resolve("index.db"))) {
            assertEquals(0, index.catchUp(chunks()), "no chunks file yet: nothing to index");
            append(chunks(), page(1, "apples") + page(2, "pears") + "not a chunk\n" + page(3, "plums"));
            assertEquals(3, index.catchUp(chunks()));
            assertEquals(3, index.catchUp(chunks()), "nothing new");
            append(chunks(), page(4, "apples") + page(5, "cherries"));
            assertEquals(5, index.catchUp(chunks()));
            ChunkIndex.Page apples = index.search("apples", 10, null);
            assertEquals(List.of("https://docs.example/p1.html", "https://docs.example/p4.html"),
                    urls(apples).stream().sorted().toList(), "each line indexed once");
            assertEquals(5, apples.indexedChunks());
            assertEquals(1, index.skippedLines(), "the bad line read once");
        }
    }

    @Test
    void aHalfWrittenLastLineIsIndexedOnceItIsComplete() {
        String third = page(3, "quinces");
        try (ChunkIndex index = ChunkIndex.open(dir.resolve("index.db"))) {
            append(chunks(), page(1, "apples") + page(2, "pears") + third.substring(0, 40));
            assertEquals(2, index.catchUp(chunks()));
            assertEquals(0, index.skippedLines(), "a line being written is not a bad line");
            assertEquals(List.of(), urls(index.search("quinces", 10, null)));
            append(chunks(), third.substring(40, third.length() - 1)); // all but its line end
            assertEquals(2, index.catchUp(chunks()));
            append(chunks(), "\n");
            assertEquals(3, index.catchUp(chunks()));
            assertEquals(3, index.catchUp(chunks()));
            assertEquals(List.of("https://docs.example/p3.html"), urls(index.search("quinces", 10, null)));
        }
    }

    @Test
    void aLineCutInTheMiddleOfACharacterIsReadWholeLater() {
        String line = page(1, "crème brûlée");
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        int cut = line.indexOf("è") + 1; // the byte after è's first byte: è is two bytes in UTF-8
        try (ChunkIndex index = ChunkIndex.open(dir.resolve("index.db"))) {
            write(java.util.Arrays.copyOfRange(bytes, 0, cut));
            assertEquals(0, index.catchUp(chunks()));
            write(java.util.Arrays.copyOfRange(bytes, cut, bytes.length));
            assertEquals(1, index.catchUp(chunks()));
            assertEquals("# Page 1\n\nThis page is about crème brûlée.",
                    index.search("creme", 1, null).hits().getFirst().markdown(), "diacritics left out to match");
        }
    }

    private void write(byte[] bytes) {
        try {
            Files.write(chunks(), bytes, java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aReopenedIndexGoesOnWhereItStopped() {
        Path file = dir.resolve("index.db");
        append(chunks(), page(1, "apples") + page(2, "pears"));
        try (ChunkIndex index = ChunkIndex.open(file)) {
            assertEquals(2, index.catchUp(chunks()));
        }
        append(chunks(), page(3, "apples") + "not json\n");
        try (ChunkIndex index = ChunkIndex.open(file)) {
            assertEquals(2, index.search("", 10, null).indexedChunks(), "what was indexed before is there");
            assertEquals(3, index.catchUp(chunks()));
            assertEquals(2, index.search("apples", 10, null).hits().size(), "the first page once, and the third");
            assertEquals(1, index.skippedLines());
        }
        try (ChunkIndex index = ChunkIndex.open(file)) {
            assertEquals(3, index.catchUp(chunks()));
            assertEquals(1, index.skippedLines(), "the count is kept in the index");
        }
    }

    @Test
    void catchUpReadsAtMostTheLinesItIsAskedFor() {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 2_500; i++) lines.append(page(i, "word" + i));
        append(chunks(), lines.toString());
        try (ChunkIndex index = ChunkIndex.open(dir.resolve("index.db"))) {
            assertEquals(1_200, index.catchUp(chunks(), 1_200));
            assertEquals(2_400, index.catchUp(chunks(), 1_200));
            assertEquals(2_500, index.catchUp(chunks()));
            assertEquals(List.of("https://docs.example/p2499.html"), urls(index.search("word2499", 10, null)));
        }
    }

    @Test
    void badLinesAreSkippedAndCountedAndIndexingGoesOn() {
        String good = page(1, "apples");
        String tooLong = good.replace("apples", "x".repeat(ChunkLines.MAX_LINE_BYTES));
        append(chunks(), "not json at all\n"
                + "{}\n"
                + "[1, 2]\n"
                + "{\"url\": 7, \"markdown\": \"a number for a URL\"}\n"
                + "{\"url\": \"https://docs.example/x\", \"markdown\": \"headings not strings\", \"headings\": [1]}\n"
                + "{\"url\": \"https://docs.example/y\", \"markdown\": \"two objects\"} {}\n"
                + "{\"url\": \"https://docs.example/z\", \"markdown\": \"cut short\"\n"
                + "\"\\ud800\"\n"
                + tooLong
                + "\n"
                + good
                + "{\"url\": \"https://docs.example/min\", \"markdown\": \"the least a line needs: apples\"}\r\n");
        try (ChunkIndex index = ChunkIndex.open(dir.resolve("index.db"))) {
            assertEquals(2, index.catchUp(chunks()));
            assertEquals(9, index.skippedLines(), "a blank line is not counted");
            ChunkIndex.Page page = index.search("apples", 10, null);
            assertEquals(List.of("https://docs.example/min", "https://docs.example/p1.html"),
                    urls(page).stream().sorted().toList());
        }
    }

    @Test
    void aPageWrittenAgainReplacesTheChunksItHadBefore() {
        String url = "https://docs.example/changing.html";
        append(chunks(), line(url, "Old", 0, List.of("Old"), "old text one")
                + line(url, "Old", 1, List.of("Old"), "old text two")
                + line(url, "Old", 2, List.of("Old"), "old text three")
                + page(9, "other"));
        try (ChunkIndex index = ChunkIndex.open(dir.resolve("index.db"))) {
            assertEquals(4, index.catchUp(chunks()));
            append(chunks(), line(url, "New", 0, List.of("New"), "new text one")
                    + line(url, "New", 1, List.of("New"), "new text two"));
            assertEquals(3, index.catchUp(chunks()), "the page's two chunks now, and the other page");
            assertEquals(List.of(), urls(index.search("old", 10, null)));
            assertEquals(2, index.search("text", 10, null).hits().size());
        }
    }

    @Test
    void aChunksFileReplacedByAShorterOneIsAClearError() throws Exception {
        append(chunks(), page(1, "apples") + page(2, "pears"));
        try (ChunkIndex index = ChunkIndex.open(dir.resolve("index.db"))) {
            index.catchUp(chunks());
            Files.writeString(chunks(), page(3, "plums"));
            ChunkIndexException e = assertThrows(ChunkIndexException.class, () -> index.catchUp(chunks()));
            assertTrue(e.getMessage().startsWith("chunks file " + chunks() + ": cannot read it: it is shorter"),
                    e.getMessage());
            assertEquals(2, index.search("apples pears", 10, null).hits().size(), "the index is as it was");
        }
    }

    @Test
    void aFileThatIsNotAnIndexIsRefusedAndLeftAsItWas() throws Exception {
        Path text = dir.resolve("notes.txt");
        Files.writeString(text, "not a database, but someone's notes\n".repeat(200));
        ChunkIndexException e = assertThrows(ChunkIndexException.class, () -> ChunkIndex.open(text));
        assertEquals("chunk index " + text + ": cannot open it: it is corrupt, or not an SQLite database at all; "
                + "loomcrawl will not touch it", e.getMessage());
        assertEquals("not a database, but someone's notes\n".repeat(200), Files.readString(text));
        Path state = dir.resolve("state.db");
        try (var s = java.sql.DriverManager.getConnection("jdbc:sqlite:" + state);
             var st = s.createStatement()) {
            st.execute("CREATE TABLE other (x)");
        }
        e = assertThrows(ChunkIndexException.class, () -> ChunkIndex.open(state));
        assertTrue(e.getMessage().endsWith("it is an SQLite database but not a chunk index; loomcrawl will not "
                + "touch it"), e.getMessage());
    }

    @Test
    void searchesGoOnWhileCatchUpWrites() throws Exception {
        try (ChunkIndex index = ChunkIndex.open(dir.resolve("index.db"))) {
            AtomicBoolean writing = new AtomicBoolean(true);
            CompletableFuture<Long> writer = CompletableFuture.supplyAsync(() -> {
                try {
                    long n = 0;
                    for (int batch = 0; batch < 20; batch++) {
                        StringBuilder lines = new StringBuilder();
                        for (int i = 0; i < 100; i++) lines.append(page(batch * 100 + i, "apples"));
                        append(chunks(), lines.toString());
                        n = index.catchUp(chunks());
                    }
                    return n;
                } finally {
                    writing.set(false);
                }
            });
            long searches = 0;
            long seen = 0;
            while (writing.get() || searches == 0) {
                ChunkIndex.Page page = index.search("apples", 20, null);
                assertTrue(page.indexedChunks() >= seen, "the count only grows");
                seen = page.indexedChunks();
                assertEquals(Math.min(20, seen), page.hits().size());
                searches++;
            }
            assertEquals(2_000, writer.get());
            assertEquals(2_000, index.search("apples", 20, null).indexedChunks());
        }
    }
}
