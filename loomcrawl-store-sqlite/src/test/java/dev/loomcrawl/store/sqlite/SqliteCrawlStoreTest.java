package dev.loomcrawl.store.sqlite;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.state.StateException;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A real crawl into a real state file, and the files a state store must refuse. */
class SqliteCrawlStoreTest {
    @TempDir
    Path tmp;

    private static CrawlConfig config(TestSite site) {
        return CrawlConfig.builder().root(site.url("/p0")).maxTasks(20).build();
    }

    /** Crawls the site into a new state file and returns the records the listeners saw. */
    private static List<CrawlRecord> crawl(Path file, TestSite site, boolean links) {
        ConcurrentLinkedQueue<CrawlRecord> seen = new ConcurrentLinkedQueue<>();
        try (SqliteCrawlStore store = SqliteCrawlStore.create(file, config(site), links);
             Crawler crawler = Crawler.builder(config(site)).store(store).build()) {
            crawler.addListener(CrawlListener.ofRecords(seen::add));
            crawler.crawl();
        }
        List<CrawlRecord> sorted = new ArrayList<>(seen);
        sorted.sort(Comparator.comparing(r -> r.url().toString()));
        return sorted;
    }

    private static StateException refused(Path file) {
        return assertThrows(StateException.class, () -> SqliteCrawlStore.open(file).close());
    }

    /**
     * A root given up because its robots.txt never answered keeps, read back from the file, the cause of that
     * failure as a field of its own, and RootOutcomes explains it as a robots.txt failure from that field.
     */
    @Test
    void aRobotsTxtFailureKeepsItsCauseInTheStateFile() {
        try (TestSite site = TestSite.builder().route("/robots.txt", new dev.loomcrawl.testkit.Route.Delay(
                        java.time.Duration.ofMinutes(10), dev.loomcrawl.testkit.Route.Respond.html("")))
                .page("/", "home").start()) {
            Path file = tmp.resolve("robots.db");
            CrawlConfig config = CrawlConfig.builder().root(site.url("/")).maxTries(1)
                    .fetchTimeout(java.time.Duration.ofMillis(300))
                    .retryBackoff(java.time.Duration.ofMillis(5), java.time.Duration.ofMillis(20)).build();
            try (SqliteCrawlStore store = SqliteCrawlStore.create(file, config, false);
                 Crawler crawler = Crawler.builder(config).store(store).build()) {
                crawler.crawl();
            }
            List<CrawlRecord> stored = new ArrayList<>();
            try (SqliteCrawlStore store = SqliteCrawlStore.openForReading(file)) {
                store.forEachRecord(stored::add);
            }
            CrawlRecord root = stored.stream().filter(r -> r.url().toString().equals(site.url("/"))).findFirst()
                    .orElseThrow();
            assertTrue(root.robotsCause() != null && !root.robotsCause().isEmpty(), root.toString());
            assertEquals("robots.txt " + site.url("/robots.txt") + " did not answer: " + root.robotsCause(),
                    root.error());
            dev.loomcrawl.report.RootOutcomes outcomes = new dev.loomcrawl.report.RootOutcomes(config);
            outcomes.add(root);
            assertEquals(List.of("root " + site.url("/") + " failed: " + root.error() + "; try later"),
                    outcomes.explanations());
            assertEquals(0, site.requestCount("/"));
        }
    }

    @Test
    void aCrawlKeepsEveryRecordOnceAndReadsThemBackInUrlOrder() {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(300, 5)).start()) {
            Path file = tmp.resolve("crawl.db");
            List<CrawlRecord> live = crawl(file, site, false);
            assertEquals(300, live.size());
            for (int i = 0; i < 300; i++) assertEquals(1, site.requestCount("/p" + i), "/p" + i);
            try (SqliteCrawlStore store = SqliteCrawlStore.openForReading(file)) {
                List<CrawlRecord> stored = new ArrayList<>();
                store.forEachRecord(stored::add);
                assertEquals(live.size(), stored.size());
                for (int i = 0; i < live.size(); i++) {
                    CrawlRecord a = live.get(i);
                    CrawlRecord b = stored.get(i);
                    assertEquals(a.url(), b.url());
                    assertEquals(a.status(), b.status());
                    assertEquals(a.numNewUrls(), b.numNewUrls());
                    assertEquals(a.referrer() == null ? null : a.referrer().toString(),
                            b.referrer() == null ? null : b.referrer().toString());
                    assertEquals(a.startedAt(), b.startedAt());
                    assertEquals(a.duration().toNanos() / 1000, b.duration().toNanos() / 1000);
                }
                CrawlSummary summary = store.summary();
                assertEquals(300, summary.done());
                assertEquals(0, summary.todo());
                assertEquals(false, summary.interrupted());
            }
            assertTrue(Files.notExists(tmp.resolve("crawl.db-wal")), "a clean close leaves one file");
        }
    }

    @Test
    void theLinkGraphIsKeptWhenAskedFor() throws Exception {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(50, 3)).start()) {
            Path file = tmp.resolve("links.db");
            crawl(file, site, true);
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                 Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT count(*), count(DISTINCT from_id) FROM links")) {
                rs.next();
                assertEquals(50 * 5, rs.getInt(1)); // home, next and 3 others on each page
                assertEquals(50, rs.getInt(2));
            }
        }
    }

    @Test
    void aNewCrawlRefusesAStateFileAndSaysHowToResumeIt() {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(5, 1)).start()) {
            Path file = tmp.resolve("crawl.db");
            crawl(file, site, false);
            StateException e = assertThrows(StateException.class,
                    () -> SqliteCrawlStore.create(file, config(site), false));
            assertTrue(e.getMessage().contains("already holds a crawl of " + site.url("/p0")), e.getMessage());
            assertTrue(e.getMessage().endsWith(": choose another file, or resume the crawl from " + file), e.getMessage());
            assertFalse(e.getMessage().contains("loomcrawl resume"), "the library names no command: " + e.getMessage());
        }
    }

    @Test
    void aNewCrawlNeverOverwritesAFileThatIsNotAStateFile() throws Exception {
        Path file = tmp.resolve("notes.txt");
        Files.writeString(file, "my notes\n");
        StateException e = assertThrows(StateException.class, () -> SqliteCrawlStore.create(file,
                CrawlConfig.builder().root("http://example.test/").build(), false));
        assertTrue(e.getMessage().contains("not a loomcrawl state file"), e.getMessage());
        assertEquals("my notes\n", Files.readString(file));
    }

    @Test
    void randomBytesAreRefusedAsCorrupt() throws Exception {
        Path file = tmp.resolve("random.db");
        byte[] junk = new byte[8192];
        new Random(1).nextBytes(junk);
        Files.write(file, junk);
        assertTrue(refused(file).getMessage().contains("corrupt, or not an SQLite database"));
        assertArrayEquals(junk, Files.readAllBytes(file));
    }

    @Test
    void anotherApplicationsDatabaseIsRefused() throws Exception {
        Path file = tmp.resolve("other.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t (x)");
        }
        assertTrue(refused(file).getMessage().contains("an SQLite database but not a loomcrawl state file"));
    }

    @Test
    void aFileMarkedAsOursWithoutTablesIsRefusedUntouched() throws Exception {
        Path file = tmp.resolve("marked.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            s.execute("PRAGMA application_id = " + Schema.APPLICATION_ID);
            s.execute("PRAGMA user_version = " + Schema.VERSION);
        }
        byte[] before = Files.readAllBytes(file);
        String message = refused(file).getMessage();
        assertThrows(StateException.class, () -> SqliteCrawlStore.openForReading(file).close());
        assertArrayEquals(before, Files.readAllBytes(file)); // not switched to WAL mode, nothing written
        assertFalse(Files.exists(tmp.resolve("marked.db-wal")));
        assertFalse(Files.exists(tmp.resolve("marked.db-shm")));
        assertTrue(message.contains("marked as a loomcrawl state file but holds no crawl"), message);
        assertTrue(message.contains("will not touch it"), message);
    }

    @Test
    void aStateFileOfANewerSchemaIsRefused() throws Exception {
        Path file = tmp.resolve("newer.db");
        SqliteCrawlStore.create(file, CrawlConfig.builder().root("http://example.test/").build(), false).close();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            s.execute("PRAGMA user_version = " + (Schema.VERSION + 1));
        }
        String message = refused(file).getMessage();
        assertTrue(message.contains("written by a newer loomcrawl (state schema version " + (Schema.VERSION + 1)
                + "; this one reads up to " + Schema.VERSION + ")"), message);
    }

    @Test
    void aVersion3StateFileGainsTheRenderedColumnWhenResumed() throws Exception {
        List<String> older = new java.util.ArrayList<>(List.of("ALTER TABLE records DROP COLUMN rendered",
                "ALTER TABLE records DROP COLUMN render_reason", // version 6's
                "DROP TABLE unfollowed", // version 7's
                "ALTER TABLE records DROP COLUMN robots_cause", // version 8's
                "ALTER TABLE links DROP COLUMN hreflang", "ALTER TABLE captures DROP COLUMN text_digest"));
        for (String column : List.of("title", "description", "lang", "canonical", "h1", "published", "modified",
                "author")) {
            older.add("ALTER TABLE records DROP COLUMN " + column); // version 5's
        }
        upgrades("v3.db", 3, older, "SELECT rendered, title, author, render_reason, robots_cause FROM records",
                "SELECT hreflang FROM links", "SELECT text_digest FROM captures");
    }

    @Test
    void aVersion5StateFileIsReadAsItIsAndGainsRenderReasonsWhenResumed() throws Exception {
        upgrades("v5.db", 5, List.of("ALTER TABLE records DROP COLUMN render_reason", "DROP TABLE unfollowed",
                        "ALTER TABLE records DROP COLUMN robots_cause"),
                "SELECT render_reason FROM records", "SELECT hreflang FROM links", // version 5's, not added twice
                "SELECT run, reason, count FROM unfollowed");
    }

    @Test
    void aVersion6StateFileIsReadAsItIsAndGainsTheUnfollowedTableWhenResumed() throws Exception {
        upgrades("v6.db", 6, List.of("DROP TABLE unfollowed", "ALTER TABLE records DROP COLUMN robots_cause"),
                "SELECT run, reason, count FROM unfollowed", "SELECT render_reason FROM records");
    }

    @Test
    void aVersion7StateFileIsReadAsItIsAndGainsRobotsCausesWhenResumed() throws Exception {
        upgrades("v7.db", 7, List.of("ALTER TABLE records DROP COLUMN robots_cause"),
                "SELECT robots_cause FROM records", "SELECT run, reason, count FROM unfollowed");
    }

    /**
     * Makes a file of {@code version} from a new one by {@code changes}, reads it as it is, resumes it (which upgrades
     * it) and checks that it is now of this version and answers {@code queries}.
     */
    private void upgrades(String name, int version, List<String> changes, String... queries) throws Exception {
        Path file = tmp.resolve(name);
        SqliteCrawlStore.create(file, CrawlConfig.builder().root("http://example.test/").build(), false).close();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            for (String change : changes) s.execute(change);
            s.execute("PRAGMA user_version = " + version);
        }
        try (SqliteCrawlStore store = SqliteCrawlStore.openForReading(file)) { // read as it is
            store.forEachRecord(r -> { });
            assertEquals(java.util.Map.of(), store.summary().unfollowed());
        }
        SqliteCrawlStore.open(file).close();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement();
             java.sql.ResultSet rs = s.executeQuery("PRAGMA user_version")) {
            rs.next();
            assertEquals(Schema.VERSION, rs.getInt(1));
            for (String query : queries) s.execute(query);
        }
    }

    @Test
    void aVersion1StateFileIsReadAsItIsAndUpgradedWhenResumed() throws Exception {
        Path file = tmp.resolve("v1.db");
        CrawlConfig config = CrawlConfig.builder().root("http://example.test/").build();
        SqliteCrawlStore.create(file, config, true).close();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            // what version 1 lacked: the tables and columns Schema.upgrade adds
            s.execute("ALTER TABLE urls DROP COLUMN kind");
            s.execute("ALTER TABLE urls DROP COLUMN first_pass");
            s.execute("DROP TABLE captures");
            s.execute("DROP TABLE records");
            s.execute("CREATE TABLE records (url_id INTEGER PRIMARY KEY REFERENCES urls (id), run INTEGER NOT NULL "
                    + "REFERENCES runs (run), status INTEGER NOT NULL, next_url TEXT, error_kind TEXT, error TEXT, "
                    + "size INTEGER NOT NULL, content_type TEXT NOT NULL, encoding TEXT NOT NULL, num_urls INTEGER NOT "
                    + "NULL, num_new_urls INTEGER NOT NULL, started_at TEXT NOT NULL, duration_ms REAL NOT NULL, "
                    + "truncated INTEGER NOT NULL, attempts INTEGER NOT NULL, skip_reason TEXT)");
            s.execute("INSERT INTO urls (id, url, fingerprint, state, depth, redirects_left) "
                    + "VALUES (0, 'http://example.test/', 1, 'done', 0, 10)");
            s.execute("INSERT INTO runs (run, started_at, max_tasks) VALUES (1, '2026-01-01T00:00:00Z', 10)");
            s.execute("INSERT INTO records VALUES (0, 1, 200, NULL, NULL, NULL, 5, 'text/html', 'utf-8', 0, 0, "
                    + "'2026-01-01T00:00:01Z', 3.5, 0, 1, NULL)");
            s.execute("ALTER TABLE runs DROP COLUMN pass");
            s.execute("DROP TABLE passes");
            s.execute("DROP TABLE payloads");
            s.execute("DROP TABLE unfollowed"); // version 7's
            for (String column : new String[] {"not_followed", "lastmod", "priority", "hreflang"}) {
                s.execute("ALTER TABLE links DROP COLUMN " + column);
            }
            s.execute("PRAGMA user_version = 1");
        }
        try (SqliteCrawlStore store = SqliteCrawlStore.openForReading(file)) {
            assertEquals(1, store.summary().done());
            List<Integer> statuses = new java.util.ArrayList<>();
            store.forEachRecord(r -> statuses.add(r.status()));
            assertEquals(List.of(200), statuses);
            assertEquals(1, store.pass());
        }
        SqliteCrawlStore.open(file).close();
        try (SqliteCrawlStore store = SqliteCrawlStore.openForReading(file)) {
            List<Integer> statuses = new java.util.ArrayList<>();
            store.forEachRecord(1, r -> statuses.add(r.status()));
            assertEquals(List.of(200), statuses, "its records became the first pass's");
            assertEquals(1, store.summary().done());
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement();
             java.sql.ResultSet rs = s.executeQuery("PRAGMA user_version")) {
            rs.next();
            assertEquals(Schema.VERSION, rs.getInt(1));
            try (java.sql.ResultSet u = c.createStatement().executeQuery(
                    "SELECT last_status, captured_ms, first_pass FROM urls JOIN captures ON url_id = id")) {
                u.next();
                assertEquals(200, u.getInt(1));
                assertEquals(java.time.Instant.parse("2026-01-01T00:00:01Z").toEpochMilli(), u.getLong(2));
                assertEquals(1, u.getInt(3));
            }
            s.execute("SELECT kind FROM urls; SELECT robots, pass, change, rendered, render_reason FROM records; SELECT * FROM passes; SELECT * FROM payloads");
        }
    }

    @Test
    void aDamagedStateFileIsRefusedAsCorrupt() throws Exception {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(300, 5)).start()) {
            Path file = tmp.resolve("damaged.db");
            crawl(file, site, false);
            long size = Files.size(file);
            try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
                byte[] junk = "this is not a b-tree page ".repeat(200).getBytes(StandardCharsets.US_ASCII);
                raf.seek(size / 2 / 4096 * 4096);
                raf.write(junk, 0, 4096);
            }
            assertTrue(refused(file).getMessage().contains("corrupt"));
        }
    }

    @Test
    void aStateFileInUseByARunningCrawlIsRefused() {
        Path file = tmp.resolve("busy.db");
        CrawlConfig config = CrawlConfig.builder().root("http://example.test/").build();
        SqliteCrawlStore.create(file, config, false).close();
        try (SqliteCrawlStore running = SqliteCrawlStore.open(file)) {
            running.resume(fp -> {}, false); // a run holds the file from its first write
            assertTrue(refused(file).getMessage().contains("in use by another loomcrawl process"));
        }
    }

    @Test
    void aMissingOrEmptyFileIsRefusedByName() throws Exception {
        assertTrue(refused(tmp.resolve("nope.db")).getMessage().endsWith("nope.db: no such file"));
        Path empty = Files.createFile(tmp.resolve("empty.db"));
        String message = refused(empty).getMessage();
        assertTrue(message.contains("empty"), message);
        assertTrue(message.contains("start the crawl again with 'loomcrawl crawl --state " + empty + " URL...'"),
                message);
        // as the message says: a new crawl takes the empty file, and it opens after
        SqliteCrawlStore.create(empty, CrawlConfig.builder().root("http://example.test/").build(), false).close();
        SqliteCrawlStore.open(empty).close();
    }
}
