package dev.loomcrawl.report;

import dev.loomcrawl.reason.SkipReason;
import dev.loomcrawl.result.Change;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(60)
class RecordSpillTest {
    @TempDir
    Path spillDir;

    /** Records with every field set, a few of each kind, in a shuffled order. */
    private static List<CrawlRecord> records(int n) {
        List<CrawlRecord> records = new ArrayList<>();
        Random random = new Random(n);
        for (int i = 0; i < n; i++) {
            WebUrl url = WebUrl.parse("http://h" + i % 3 + ".test/p" + random.nextInt(1_000_000) + "-" + i + "?é=" + i);
            records.add(switch (i % 3) {
                case 0 -> CrawlRecord.builder(url).nextUrl(i % 2 == 0 ? null : "http://h.test/next")
                        .status(200 + i % 300).size(i * 37L).contentType("text/html").encoding("utf-8")
                        .numUrls(i % 50).numNewUrls(i % 7).depth(i % 9)
                        .referrer(WebUrl.parse("http://h.test/from" + i % 4))
                        .startedAt(Instant.ofEpochSecond(1_700_000_000L + i, i * 1000))
                        .duration(Duration.ofNanos(i * 12_345L)).truncated(i % 5 == 0).attempts(1 + i % 3)
                        .robots(i % 4 == 0 ? "noindex" : null).change(i % 6 == 0 ? Change.CHANGED : null)
                        .rendered(i % 8 == 0)
                        .facts(i % 2 == 0 ? null : new dev.loomcrawl.extract.PageFacts("Title " + i,
                                i % 4 == 1 ? null : "About", "en", "http://h.test/c" + i, "H" + i, "2026-01-02", null,
                                i % 5 == 0 ? "Ada" : null))
                        .renderReason(i % 8 == 0 ? "app root with little text"
                                : i % 3 == 0 ? "the HTML has its content" : null)
                        .build();
                case 1 -> CrawlRecord.builder(url).errorKind(ErrorKind.values()[i % ErrorKind.values().length])
                        .error("error " + "x".repeat(i % 300)).depth(i % 4).startedAt(Instant.ofEpochMilli(i))
                        .robotsCause(i % 2 == 0 ? "ConnectException: refused " + i : null).attempts(4).build();
                default -> CrawlRecord.skipped(url, 2, url, SkipReason.ROBOTS, "robots.txt disallows it");
            });
        }
        Collections.shuffle(records, random);
        return records;
    }

    private static List<CrawlRecord> sorted(List<CrawlRecord> records) {
        List<CrawlRecord> sorted = new ArrayList<>(records);
        sorted.sort(Comparator.comparing(r -> r.url().toString()));
        return sorted;
    }

    private static List<CrawlRecord> read(RecordSpill spill) {
        List<CrawlRecord> out = new ArrayList<>();
        spill.forEachSorted(out::add);
        return out;
    }

    @Test
    void recordsComeBackWholeInUrlOrderFromRunsOnDiskAndMemory() throws Exception {
        List<CrawlRecord> records = records(1000);
        try (RecordSpill spill = new RecordSpill(spillDir, 64)) {
            try (ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor()) { // added as workers do
                for (CrawlRecord r : records) workers.execute(() -> spill.add(r));
            }
            assertEquals(1000, spill.size());
            assertEquals(1, spillDirectories().size(), "past one run, records wait on disk");
            assertEquals(sorted(records), read(spill));
        }
        assertEquals(List.of(), spillDirectories(), "closing deletes the runs");
    }

    @Test
    void moreRunsThanAreMergedAtOnceAreMergedInRounds() throws Exception {
        List<CrawlRecord> records = records(700);
        try (RecordSpill spill = new RecordSpill(spillDir, 3)) { // 233 runs: four rounds of merging
            records.forEach(spill::add);
            assertEquals(sorted(records), read(spill));
        }
    }

    @Test
    void aReportThatFitsInMemoryNeverTouchesTheDisk() throws Exception {
        List<CrawlRecord> records = records(100);
        try (RecordSpill spill = new RecordSpill(spillDir, 100)) {
            records.subList(0, 99).forEach(spill::add);
            assertEquals(sorted(records.subList(0, 99)), read(spill));
        }
        assertEquals(List.of(), spillDirectories());
    }

    @Test
    void aRunThatCannotBeWrittenStopsTheNextAdd() throws Exception {
        Path notADirectory = Files.writeString(spillDir.resolve("file"), "x");
        List<CrawlRecord> records = records(2000);
        try (RecordSpill spill = new RecordSpill(notADirectory, 1)) {
            OutputException e = assertThrows(OutputException.class, () -> records.forEach(spill::add));
            assertTrue(e.getMessage().startsWith("cannot write the report's records in " + notADirectory + ": "),
                    e.getMessage());
            assertThrows(OutputException.class, () -> spill.forEachSorted(r -> {}));
        }
    }

    private List<Path> spillDirectories() throws IOException {
        try (Stream<Path> dirs = Files.list(spillDir)) {
            return dirs.filter(p -> p.getFileName().toString().startsWith("loomcrawl-spill-")).toList();
        }
    }
}
