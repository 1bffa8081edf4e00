package dev.loomcrawl.store.sqlite;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.limits.LimitSettings;
import dev.loomcrawl.output.lines.LineFormat;
import dev.loomcrawl.output.lines.RecordFile;
import dev.loomcrawl.output.warc.WarcOutput;
import dev.loomcrawl.state.Setting;
import dev.loomcrawl.state.StoreWithOutputs;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Outputs written in step with a real SQLite state, from the library: what each commit saves of them. */
class StoreWithOutputsTest {
    @TempDir
    Path dir;

    private static Map<String, String> settings(SqliteCrawlStore store) {
        return store.settings().stream().collect(Collectors.toMap(Setting::name, Setting::value));
    }

    /** One run on the state file: a new crawl when {@code config} is given, else a resumed one. */
    private void run(Path file, CrawlConfig config, Path records, Path warc) {
        try (SqliteCrawlStore sqlite = config == null ? SqliteCrawlStore.open(file)
                : SqliteCrawlStore.create(file, config, false, List.of(new Setting("app.note", "kept"))) ) {
            StoreWithOutputs store = new StoreWithOutputs(sqlite);
            try (RecordFile r = RecordFile.openInStep(records, LineFormat.JSONL, store);
                 WarcOutput w = WarcOutput.openInStep(warc, 4096, Map.of(), store)) {
                try (Crawler crawler = Crawler.create(sqlite.config(), store)) {
                    crawler.crawl(); // the outputs are written by the commits, not as listeners
                }
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
            run(file, config, records, warc);
            try (SqliteCrawlStore store = SqliteCrawlStore.open(file)) {
                Map<String, String> saved = settings(store);
                assertEquals("kept", saved.get("app.note"));
                assertEquals(String.valueOf(Files.size(records)), saved.get("written." + records.toAbsolutePath()));
                String warcEnd = saved.get("written." + warc.toAbsolutePath());
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
            run(file, null, records, warc);
            assertTrue(Files.size(records) > before);
            assertEquals(50, Files.readAllLines(records).size());
            try (SqliteCrawlStore store = SqliteCrawlStore.openForReading(file)) {
                assertEquals(String.valueOf(Files.size(records)), settings(store).get("written." + records.toAbsolutePath()));
            }
        }
    }

    @Test
    @org.junit.jupiter.api.Timeout(60)
    void anOutputThatCannotPrepareAUrlStopsTheCrawlAndTheUrlIsNotCommitted() throws Exception {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(30, 3)).start();
             SqliteCrawlStore sqlite = SqliteCrawlStore.create(dir.resolve("crawl.db"),
                     CrawlConfig.builder().root(site.url("/p0")).maxTasks(4).build(), false)) {
            StoreWithOutputs store = new StoreWithOutputs(sqlite);
            Path records = dir.resolve("records.jsonl");
            java.util.concurrent.atomic.AtomicInteger prepared = new java.util.concurrent.atomic.AtomicInteger();
            try (RecordFile r = RecordFile.openInStep(records, LineFormat.JSONL, store)) {
                store.add("broken", new dev.loomcrawl.output.CommittedOutput<String>() {
                    @Override
                    public String prepare(dev.loomcrawl.result.FinishedUrl finished) {
                        if (prepared.incrementAndGet() == 5) throw new IllegalStateException("no room");
                        return finished.record().url().toString();
                    }

                    @Override
                    public String write(List<String> batch) {
                        return "";
                    }
                });
                try (Crawler crawler = Crawler.create(sqlite.config(), store)) {
                    dev.loomcrawl.state.StateException e = org.junit.jupiter.api.Assertions.assertThrows(
                            dev.loomcrawl.state.StateException.class, crawler::crawl);
                    assertTrue(e.getMessage().contains("could not be written: no room"), e.getMessage());
                }
            }
            long committed = sqlite.summary().done();
            assertTrue(committed < 30, "the crawl stopped: " + committed);
            assertEquals(committed, Files.readAllLines(records).size(), "the file holds the committed URLs only");
        }
    }
}
