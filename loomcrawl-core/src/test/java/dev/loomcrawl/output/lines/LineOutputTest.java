package dev.loomcrawl.output.lines;

import dev.loomcrawl.internal.journal.JournalWriter;
import dev.loomcrawl.reason.SkipReason;
import dev.loomcrawl.journal.Journal;
import dev.loomcrawl.output.CommitStage;
import dev.loomcrawl.output.CommittedOutput;
import dev.loomcrawl.output.CommittedWriter;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.result.JsonText;
import dev.loomcrawl.result.PageText;
import dev.loomcrawl.testkit.SmallDisk;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** A line output on a real file system that fills up (a tmpfs this test mounts; skipped where it cannot). */
class LineOutputTest {
    private static final int LINE = 100;
    private static final String DISK = "40k"; // ten pages: 40960 bytes, not a whole number of lines

    private static byte[] line(int i) {
        String text = String.format("%09d", i) + "x".repeat(LINE - 10) + "\n";
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /** The finished URL whose line is {@code line(i)}: its record's depth is {@code i}. */
    private static FinishedUrl finished(int i) {
        WebUrl url = WebUrl.parse("http://example.test/" + i);
        return FinishedUrl.of(CrawlRecord.skipped(url, i, null, SkipReason.ROBOTS));
    }

    /** The file holds lines 0, 1, 2... each whole, and fewer than the disk's size. */
    private static int assertWholeLines(Path file) throws IOException {
        byte[] written = Files.readAllBytes(file);
        assertEquals(0, written.length % LINE, "a whole number of lines: " + written.length + " bytes");
        for (int i = 0; i < written.length / LINE; i++) {
            assertEquals(new String(line(i), StandardCharsets.US_ASCII),
                    new String(written, i * LINE, LINE, StandardCharsets.US_ASCII), "line " + i);
        }
        assertTrue(written.length < 40 * 1024, "the disk filled: " + written.length);
        return written.length / LINE;
    }

    @Test
    void aFullDiskLeavesTheFileEndingWithAWholeLineAndStopsTheJournal() throws IOException {
        try (SmallDisk disk = SmallDisk.tryMount(DISK)) {
            assumeTrue(disk != null, "cannot mount a tmpfs here (not root?)");
            Path file = disk.dir().resolve("lines.jsonl");
            Journal journal = JournalWriter.inMemory();
            boolean[] stopped = new boolean[1];
            journal.onFailure(() -> stopped[0] = true);
            CommittedWriter<byte[]> writer = LineOutput.file(file, journal, null);
            writer.commitWith(journal, f -> line(f.record().depth()));
            // one line per commit: the line that crosses the disk's end is written part way, then refused
            int journaled = 0;
            while (journaled < 10_000 && journal.finished(journaled, finished(journaled))) journaled++;
            assertTrue(journaled < 10_000, "the disk never filled");
            assertTrue(stopped[0], "the journal's failure stops the crawl");
            assertFalse(journal.finished(journaled + 1, finished(journaled + 1)), "a failed journal takes no more");
            OutputException failure = assertThrows(OutputException.class, journal::close);
            assertEquals("cannot write " + file + ": No space left on device", failure.getMessage());
            writer.close(); // after the journal, as a crawl's outputs are closed
            assertEquals(journaled, assertWholeLines(file), "every line journaled, and only those, is written");
        }
    }

    @Test
    void aFullDiskLeavesTheFileEndingWithAWholeLineAndStopsTakingLines() throws IOException {
        try (SmallDisk disk = SmallDisk.tryMount(DISK)) {
            assumeTrue(disk != null, "cannot mount a tmpfs here (not root?)");
            Path file = disk.dir().resolve("lines.jsonl");
            OneOutput stage = new OneOutput();
            CommittedWriter<byte[]> writer = numbered(file, stage);
            // batches of 128 lines, 12,800 bytes each: the fourth crosses the disk's end and is written part way
            OutputException failure = null;
            int committed = 0;
            for (int i = 0; i < 10_000 && failure == null; i += 128) {
                try {
                    String end = stage.commit(i, 128);
                    committed = i + 128;
                    assertEquals(Long.toString((long) committed * LINE), end, "where the file ends");
                } catch (OutputException e) {
                    failure = e;
                }
            }
            assertNotNull(failure, "the disk never filled");
            assertEquals("cannot write " + file + ": No space left on device", failure.getMessage());
            OutputException again = assertThrows(OutputException.class, () -> stage.commit(20_000, 1));
            assertEquals(failure.getMessage(), again.getMessage(), "a failed output takes no more lines");
            writer.close();
            assertEquals(committed, assertWholeLines(file), "the batches committed, and not the one that failed");
            assertTrue(committed > 0, "some batches fitted");
        }
    }

    /**
     * Lines longer than the sink gathers, written in pieces from where their page texts lie (a content line's
     * Markdown and text): the one that crosses the disk's end is written part way by its gathering write, then cut
     * off, and the file ends with the whole lines before it.
     */
    @Test
    void aFullDiskLeavesAWholeLineAfterLinesWrittenInPieces() throws IOException {
        try (SmallDisk disk = SmallDisk.tryMount("1m")) {
            assumeTrue(disk != null, "cannot mount a tmpfs here (not root?)");
            Path file = disk.dir().resolve("content.jsonl");
            OneOutput stage = new OneOutput();
            List<Column<Integer>> columns = List.of(new Column<>("n", i -> i), new Column<>("text", LineOutputTest::text),
                    new Column<>("markdown", LineOutputTest::text), new Column<>("last", i -> null));
            CommittedWriter<FinishedUrl> writer = inPieces(file, stage, columns);
            OutputException failure = null;
            int committed = 0;
            for (int i = 0; i < 100 && failure == null; i++) {
                try {
                    stage.commit(i, 1);
                    committed = i + 1;
                } catch (OutputException e) {
                    failure = e;
                }
            }
            assertNotNull(failure, "the disk never filled");
            assertEquals("cannot write " + file + ": No space left on device", failure.getMessage());
            writer.close();
            byte[] written = Files.readAllBytes(file);
            int at = 0;
            for (int i = 0; i < committed; i++) {
                byte[] line = JsonLines.line(columns, i);
                assertEquals(new String(line, StandardCharsets.UTF_8),
                        new String(written, at, Math.min(line.length, written.length - at), StandardCharsets.UTF_8));
                at += line.length;
            }
            assertEquals(at, written.length, "the line that failed is cut off");
            assertTrue(committed > 0, "some lines fitted");
        }
    }

    /**
     * A new crawl's file that holds a former crawl's lines ends with this crawl's lines alone: its old bytes, more than
     * the new ones, are emptied while the crawl starts ({@link Emptying}), before the first line is written.
     */
    @Test
    void aNewCrawlReplacesWhatItsFileHeld(@TempDir Path dir) throws IOException {
        Path file = leftFull(dir.resolve("lines.jsonl"));
        OneOutput stage = new OneOutput();
        CommittedWriter<byte[]> writer = numbered(file, stage);
        assertEquals(Long.toString(3L * LINE), stage.commit(0, 3), "where the file ends");
        writer.close();
        assertEquals(3, assertWholeLines(file));
        assertEquals(3L * LINE, Files.size(file));
    }

    /** The same with lines written in pieces by a gathering write (longer than the sink gathers). */
    @Test
    void aNewCrawlReplacesWhatItsFileHeldWithLinesWrittenInPieces(@TempDir Path dir) throws IOException {
        Path file = leftFull(dir.resolve("content.jsonl"));
        OneOutput stage = new OneOutput();
        List<Column<Integer>> columns = List.of(new Column<>("n", i -> i), new Column<>("text", LineOutputTest::text));
        CommittedWriter<FinishedUrl> writer = inPieces(file, stage, columns);
        stage.commit(0, 1);
        writer.close();
        assertEquals(new String(JsonLines.line(columns, 0), StandardCharsets.UTF_8), Files.readString(file));
    }

    /** A new crawl that writes no line leaves its file empty, as opening it truncated did. */
    @Test
    void aNewCrawlThatWritesNothingLeavesItsFileEmpty(@TempDir Path dir) throws IOException {
        Path file = leftFull(dir.resolve("lines.jsonl"));
        numbered(file, new OneOutput()).close();
        assertEquals(0, Files.size(file));
    }

    /** file, as a former crawl left it: 100,000 lines, more bytes than any test here writes. */
    private static Path leftFull(Path file) throws IOException {
        Files.write(file, "an old line\n".repeat(100_000).getBytes(StandardCharsets.US_ASCII));
        return file;
    }

    /** An output on file whose line for the URL of depth i is {@link #line}(i). */
    private static CommittedWriter<byte[]> numbered(Path file, OneOutput stage) {
        CommittedWriter<byte[]> writer = LineOutput.file(file, stage, null);
        writer.commitWith(stage, f -> line(f.record().depth()));
        return writer;
    }

    /** An output on file whose line i is {@code columns} of i, written in pieces ({@link JsonLines#linePieces}). */
    private static CommittedWriter<FinishedUrl> inPieces(Path file, OneOutput stage, List<Column<Integer>> columns) {
        CommittedWriter<FinishedUrl> writer = LineOutput.file(file, stage, null, lines -> new LineSink.Over<>() {
            @Override
            public LineSink lines() {
                return lines;
            }

            @Override
            public void write(FinishedUrl f) throws IOException {
                lines.write(JsonLines.linePieces(columns, f.record().depth()));
            }
        });
        writer.commitWith(stage, f -> f);
        return writer;
    }

    /** Line i's long page text: 90,000 characters or so, more than the sink gathers. */
    private static PageText text(int i) {
        String s = (i + " \u00e9\"x").repeat(9_000 + i);
        return PageText.of(s).json() != null ? PageText.of(s) : encoded(s);
    }

    private static PageText encoded(String s) {
        byte[] bytes = new byte[s.length() * JsonText.MAX_BYTES];
        int n = 0;
        for (int k = 0; k < s.length(); k++) n = JsonText.write(bytes, n, s.charAt(k));
        return PageText.ofJson(bytes, n);
    }

    /** A stage with one output, whose batches the test commits itself, as the journal's writer thread would. */
    private static final class OneOutput implements CommitStage {
        private CommittedOutput<?> output;

        @Override
        public String resumeAt(String key) {
            return null; // a new crawl
        }

        @Override
        public void add(String key, CommittedOutput<?> output) {
            assertNull(this.output, "one output");
            this.output = output;
        }

        /** Writes the lines from {@code first} on as one batch, as a commit does; returns where the file ends. */
        String commit(int first, int lines) {
            return commit(output, first, lines);
        }

        private static <T> String commit(CommittedOutput<T> output, int first, int lines) {
            List<T> batch = new ArrayList<>();
            for (int i = first; i < first + lines; i++) batch.add(output.prepare(finished(i)));
            return output.write(batch, false);
        }
    }
}
