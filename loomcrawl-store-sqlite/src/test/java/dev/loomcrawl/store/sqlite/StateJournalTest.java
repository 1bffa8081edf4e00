package dev.loomcrawl.store.sqlite;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.frontier.Lease;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.journal.Journal;
import dev.loomcrawl.internal.journal.JournalWriter;
import dev.loomcrawl.limits.LimitSettings;
import dev.loomcrawl.output.CommittedOutput;
import dev.loomcrawl.output.CrawlOutput;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.output.lines.LineFormat;
import dev.loomcrawl.output.lines.RecordFile;
import dev.loomcrawl.output.warc.WarcOutput;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.internal.state.DurableFrontier;
import dev.loomcrawl.state.Setting;
import dev.loomcrawl.state.StateChange;
import dev.loomcrawl.state.StateException;
import dev.loomcrawl.internal.state.StateJournal;
import dev.loomcrawl.testkit.TestSite;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The journal of a crawl with a real SQLite state ({@link StateJournal}), with outputs registered on it, from the
 * library: outputs written in step with the commits, and what each commit saves of them.
 */
class StateJournalTest {
    @TempDir
    Path dir;

    private static Map<String, String> settings(SqliteCrawlStore store) {
        return store.settings().stream().collect(Collectors.toMap(Setting::name, Setting::value));
    }

    private static String written(Path output) {
        return "written." + output.toAbsolutePath();
    }

    /**
     * One run on the state file: a new crawl when {@code config} is given, else a resumed one. The outputs are
     * opened on the crawler's journal (the state's) before the crawl and closed after the crawler; {@code more}
     * registers what else the test wants on it.
     */
    private void run(Path file, CrawlConfig config, Path records, Path warc, Consumer<Journal> more) {
        try (SqliteCrawlStore sqlite = config == null ? SqliteCrawlStore.open(file)
                : SqliteCrawlStore.create(file, config, false, List.of(new Setting("app.note", "kept")))) {
            List<CrawlOutput> outputs = new ArrayList<>();
            try {
                try (Crawler crawler = Crawler.builder(sqlite.config()).store(sqlite).build()) {
                    Journal journal = crawler.journal();
                    outputs.add(RecordFile.open(records, LineFormat.JSONL, journal));
                    if (warc != null) outputs.add(WarcOutput.open(warc, 4096, Map.of(), journal));
                    more.accept(journal);
                    crawler.crawl(); // the outputs are written by the journal's commits, not as listeners
                }
            } finally {
                for (CrawlOutput o : outputs) o.close();
            }
        }
    }

    @Test
    void eachCommitSavesWhereEveryOutputEndsAndAResumeAppendsFromThere() throws Exception {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(50, 3)).start()) {
            Path file = dir.resolve("crawl.db");
            Path records = dir.resolve("records.jsonl");
            Path warc = dir.resolve("crawl");
            CrawlConfig config = CrawlConfig.builder().root(site.url("/p0"))
                    .limits(LimitSettings.builder().maxPages(20).build()).build();
            run(file, config, records, warc, journal -> {});
            try (SqliteCrawlStore store = SqliteCrawlStore.open(file)) {
                Map<String, String> saved = settings(store);
                assertEquals("kept", saved.get("app.note"));
                assertEquals(String.valueOf(Files.size(records)), saved.get(written(records)));
                String warcEnd = saved.get(written(warc));
                String last = warcEnd.substring(0, warcEnd.indexOf(' '));
                assertTrue(last.matches("crawl-000\\d\\d\\.warc\\.gz") && !last.equals("crawl-00000.warc.gz"), warcEnd);
                assertEquals(String.valueOf(Files.size(dir.resolve(last))), warcEnd.substring(warcEnd.indexOf(' ') + 1));
                assertNull(saved.get("max-pages"), "the configuration is not among the settings");
                store.saveConfig(store.config().withLimits(LimitSettings.defaults()));
            }
            try (SqliteCrawlStore store = SqliteCrawlStore.openForReading(file)) {
                assertEquals("kept", settings(store).get("app.note"), "a new configuration leaves the settings");
            }
            long before = Files.size(records);
            run(file, null, records, warc, journal -> {});
            assertTrue(Files.size(records) > before);
            assertEquals(50, Files.readAllLines(records).size());
            try (SqliteCrawlStore store = SqliteCrawlStore.openForReading(file)) {
                assertEquals(String.valueOf(Files.size(records)), settings(store).get(written(records)));
            }
        }
    }

    private static final CrawlConfig CONFIG = CrawlConfig.builder().root("http://example.test/").build();

    private static Visit visit(int i) {
        return new Visit(WebUrl.parse("http://example.test/p" + i), 10, 1, WebUrl.parse("http://example.test/"));
    }

    /** A page's record; p3 was rendered, p4 not, by {@code --render auto}. */
    private static CrawlRecord record(Visit v) {
        CrawlRecord r = CrawlRecord.builder(v.url()).status(200).size(10).contentType("text/html").encoding("utf-8")
                .depth(v.depth()).referrer(v.referrer()).startedAt(Instant.now()).duration(Duration.ofMillis(3))
                .attempts(1).build();
        if (v.url().path().equals("/p3")) return r.withRendering(true, "app root with little text");
        if (v.url().path().equals("/p4")) return r.withRendering(false, "the HTML has its content");
        return r;
    }

    /** An output that keeps what each commit had it write, and whether the commit forced it to disk. */
    private static final class Batches implements CommittedOutput<String> {
        final List<List<String>> batches = new CopyOnWriteArrayList<>();
        final List<Boolean> forced = new CopyOnWriteArrayList<>();

        @Override
        public String prepare(FinishedUrl finished) {
            return finished.record().url().toString();
        }

        @Override
        public String write(List<String> prepared, boolean force) {
            batches.add(List.copyOf(prepared));
            forced.add(force);
            return String.valueOf(batches.stream().mapToInt(List::size).sum());
        }
    }

    @Test
    @Timeout(60)
    void onceFinishedReturnsTheUrlIsInEveryOutputAndTheStateWithWhereEachOutputEnds() throws Exception {
        Path file = dir.resolve("crawl.db");
        Path records = dir.resolve("records.jsonl");
        Batches batches = new Batches();
        try (SqliteCrawlStore sqlite = SqliteCrawlStore.create(file, CONFIG, false)) {
            JournalWriter<StateChange> journal = StateJournal.open(sqlite);
            assertNull(journal.resumeAt(records.toAbsolutePath().toString()), "a new crawl starts afresh");
            try (RecordFile r = RecordFile.open(records, LineFormat.JSONL, journal)) {
                journal.add("batches", batches);
                DurableFrontier f = DurableFrontier.open(sqlite, journal, 4, Duration.ZERO, 100, false);
                for (int i = 0; i < 10; i++) assertTrue(f.offer(visit(i)));
                for (int i = 1; i <= 10; i++) {
                    Lease lease = f.take();
                    FinishedUrl finished = FinishedUrl.of(record(lease.visit()));
                    assertTrue(journal.finished(lease.ticket(), finished), "journaled");
                    lease.done(finished);
                    // committed: the file holds its line, the state the URL, and the commit saved where each ends
                    assertEquals(i, Files.readAllLines(records).size());
                    assertTrue(Files.readString(records).contains(lease.visit().url().toString()));
                    assertEquals(i, sqlite.summary().done());
                    Map<String, String> saved = settings(sqlite);
                    assertEquals(String.valueOf(Files.size(records)), saved.get(written(records)));
                    assertEquals(String.valueOf(i), saved.get("written.batches"));
                }
                assertNull(f.take());
                f.finish(new CrawlSummary(10, 0, Duration.ofSeconds(1), 10, false, Instant.now(), null, Map.of()));
            }
        }
        // every commit has the outputs write (the queued URLs' and the run's end too, with nothing of theirs)
        List<List<String>> urls = batches.batches.stream().filter(batch -> !batch.isEmpty()).toList();
        assertEquals(10, urls.size(), "one commit each, in the order they finished: " + batches.batches);
        for (int i = 0; i < 10; i++) assertEquals(List.of(visit(i).url().toString()), urls.get(i));
        assertFalse(batches.forced.contains(false), "a state's commits force the outputs to disk");
        try (SqliteCrawlStore store = SqliteCrawlStore.openForReading(file)) {
            assertEquals(10, store.summary().done());
            assertFalse(store.summary().interrupted(), "the run's end was committed");
            assertEquals(String.valueOf(Files.size(records)), settings(store).get(written(records)));
            Map<String, String> rendering = new java.util.TreeMap<>();
            store.forEachRecord(r -> rendering.put(r.url().path(), r.rendered() + " " + r.renderReason()));
            assertEquals("true app root with little text", rendering.get("/p3"));
            assertEquals("false the HTML has its content", rendering.get("/p4"));
            assertEquals("false null", rendering.get("/p5"));
        }
    }

    @Test
    @Timeout(60)
    void anOutputThatCannotPrepareAUrlStopsTheCrawlAndTheUrlIsNotCommitted() throws Exception {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(30, 3)).start();
             SqliteCrawlStore sqlite = SqliteCrawlStore.create(dir.resolve("crawl.db"),
                     CrawlConfig.builder().root(site.url("/p0")).maxTasks(4).build(), false)) {
            Path records = dir.resolve("records.jsonl");
            AtomicInteger prepared = new AtomicInteger();
            RecordFile r = null;
            try {
                try (Crawler crawler = Crawler.builder(sqlite.config()).store(sqlite).build()) {
                    r = RecordFile.open(records, LineFormat.JSONL, crawler.journal());
                    crawler.journal().add("broken", new CommittedOutput<String>() {
                        @Override
                        public String prepare(FinishedUrl finished) {
                            if (prepared.incrementAndGet() == 5) throw new IllegalStateException("no room");
                            return finished.record().url().toString();
                        }

                        @Override
                        public String write(List<String> batch, boolean force) {
                            return "";
                        }
                    });
                    StateException e = assertThrows(StateException.class, crawler::crawl);
                    assertTrue(e.getMessage().contains("could not be written: no room"), e.getMessage());
                }
            } finally {
                if (r != null) r.close();
            }
            long committed = sqlite.summary().done();
            assertTrue(committed < 30, "the crawl stopped: " + committed);
            assertEquals(committed, Files.readAllLines(records).size(), "the file holds the committed URLs only");
        }
    }

    @Test
    @Timeout(60)
    void anOutputThatCannotWriteFailsTheCommitAndTheCrawlStopsSayingHowToResume() throws Exception {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(30, 3)).start()) {
            Path file = dir.resolve("crawl.db");
            Path records = dir.resolve("records.jsonl");
            CrawlConfig config = CrawlConfig.builder().root(site.url("/p0")).maxTasks(4).build();
            AtomicInteger written = new AtomicInteger(); // URLs the output wrote, committed or not
            StateException e = assertThrows(StateException.class, () -> run(file, config, records, null,
                    journal -> journal.add("full-disk", new CommittedOutput<String>() {
                        @Override
                        public String prepare(FinishedUrl finished) {
                            return finished.record().url().toString();
                        }

                        @Override
                        public String write(List<String> batch, boolean force) {
                            if (!batch.isEmpty() && written.get() >= 5) { // a batch of finished URLs, past 5
                                throw new OutputException("full-disk", new IOException("No space left on device"));
                            }
                            return String.valueOf(written.addAndGet(batch.size()));
                        }
                    })));
            assertTrue(e.getMessage().startsWith("crawl stopped: "), e.getMessage());
            assertTrue(e.getMessage().contains("No space left on device"), e.getMessage());
            assertTrue(e.getMessage().endsWith("resume the crawl from " + file), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), "one line");
            long committed;
            try (SqliteCrawlStore store = SqliteCrawlStore.openForReading(file)) {
                committed = store.summary().done();
                Map<String, String> saved = settings(store);
                assertTrue(committed >= 5 && committed < 30, "the crawl stopped at the failed commit: " + committed);
                assertEquals(String.valueOf(committed), saved.get("written.full-disk"),
                        "the output's end saved is the last commit's: the failed commit saved nothing");
                // the records file was written by the failed commit too, past the end the last commit saved
                long end = Long.parseLong(saved.get(written(records)));
                assertTrue(end < Files.size(records), end + " of " + Files.size(records));
                byte[] committedPart = Arrays.copyOf(Files.readAllBytes(records), (int) end);
                assertEquals(committed, new String(committedPart, StandardCharsets.UTF_8).lines().count(),
                        "the part up to the saved end holds exactly the committed URLs");
            }
            run(file, null, records, null, journal -> {}); // resumed once the disk has room
            List<String> lines = Files.readAllLines(records);
            assertEquals(30, lines.size(), "every page once: the failed commit's lines were cut off");
            assertEquals(30, new HashSet<>(lines.stream().map(l -> l.substring(0, l.indexOf(",\""))).toList()).size());
        }
    }
}
