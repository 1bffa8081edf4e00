package dev.loomcrawl.store.sqlite;

import dev.loomcrawl.state.Setting;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.fetch.Version;
import dev.loomcrawl.config.ConfigCodec;
import dev.loomcrawl.state.CrawlStore;
import dev.loomcrawl.state.Resumption;
import dev.loomcrawl.state.RevisitPolicy;
import dev.loomcrawl.state.StateChange;
import dev.loomcrawl.state.StateException;
import dev.loomcrawl.state.StoredVisit;
import dev.loomcrawl.url.WebUrl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * A crawl's state in one SQLite file (docs/state.md has the schema). WAL journal, {@code synchronous=FULL}
 * (a commit survives a power cut), and an exclusive lock held while a crawl runs, so two processes never write
 * one file. {@link #create} starts a new crawl's file and never overwrites anything; {@link #open} refuses a
 * file that is not loomcrawl's, was written by a newer version, is corrupt, or is in use.
 *
 * <p>All writes come from the one thread that calls {@link #apply} (the frontier's committer) or, outside a
 * run, from the thread that owns the store.
 */
public final class SqliteCrawlStore implements CrawlStore {
    private final Path file;
    private final Connection c;
    private final StateQueries queries;
    private final String crawlId;
    private final boolean keepLinks;
    private CrawlConfig config;
    private volatile List<Setting> settings; // replaced whole by the writer thread after a commit
    private ChangeWriter writer;

    private SqliteCrawlStore(Path file, Connection c) throws SQLException {
        this.file = file;
        this.c = c;
        this.queries = new StateQueries(c);
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT id, keep_links FROM crawl")) {
            if (!rs.next()) throw new StateException("state file " + file + ": it holds no crawl (was the crawl "
                    + "killed while the file was being created?); delete it and start again");
            this.crawlId = rs.getString(1);
            this.keepLinks = rs.getInt(2) != 0;
        }
        List<Setting> configSettings = new ArrayList<>();
        this.settings = new ArrayList<>();
        for (Setting setting : readSettings()) {
            (isSetting(setting.name()) ? settings : configSettings).add(setting);
        }
        this.config = decode(configSettings);
    }

    /**
     * Creates the state file of a new crawl. Refuses a file that exists and is not empty, whatever it holds: a
     * state file is resumed with {@link #open}, anything else is not ours to overwrite.
     *
     * @param keepLinks also keep every link of every page (the link graph)
     */
    public static SqliteCrawlStore create(Path file, CrawlConfig config, boolean keepLinks) {
        return create(file, config, keepLinks, List.of());
    }

    /**
     * Creates the state file of a new crawl, with settings kept beside the configuration (see
     * {@link CrawlStore#settings()}: their names hold a dot).
     */
    public static SqliteCrawlStore create(Path file, CrawlConfig config, boolean keepLinks,
                                          List<Setting> settings) {
        for (Setting s : settings) {
            if (!isSetting(s.name())) throw new IllegalArgumentException("a setting's name needs a dot: " + s.name());
        }
        StateFiles.refuseExisting(file);
        Connection c = StateFiles.createFile(file);
        try {
            Schema.mark(c);
            StateFiles.configure(c, true);
            c.setAutoCommit(false);
            Schema.create(c);
            try (PreparedStatement p = c.prepareStatement(
                    "INSERT INTO crawl (id, created_at, created_by, keep_links) VALUES (?, ?, ?, ?)")) {
                p.setString(1, UUID.randomUUID().toString());
                p.setString(2, Instant.now().toString());
                p.setString(3, "loomcrawl " + Version.VERSION);
                p.setInt(4, keepLinks ? 1 : 0);
                p.executeUpdate();
            }
            writeSettings(c, ConfigCodec.encode(config));
            writeSettings(c, settings);
            c.commit();
            return new SqliteCrawlStore(file, c);
        } catch (SQLException e) {
            StateFiles.closeQuietly(c);
            throw SqliteFailure.of(file, "cannot create it", e);
        }
    }

    /**
     * Deletes a closed state file and the files SQLite keeps beside it ({@code FILE-wal}, {@code FILE-shm}), as
     * far as it can: for a crawl that never started (its outputs could not be opened, say). True if all are gone.
     */
    public static boolean delete(Path file) {
        boolean gone = true;
        for (String suffix : new String[] {"", "-wal", "-shm"}) {
            try {
                Files.deleteIfExists(Path.of(file + suffix));
            } catch (IOException e) {
                gone = false;
            }
        }
        return gone;
    }

    /**
     * Opens an existing crawl's state file to resume it: it must be loomcrawl's, of a version this one reads,
     * sound (SQLite's quick_check), writable, and not in use by another process.
     */
    public static SqliteCrawlStore open(Path file) {
        return open(file, true, true);
    }

    /** Opens an existing crawl's state file to report on it; it may be read-only. */
    public static SqliteCrawlStore openForReading(Path file) {
        return open(file, false, true);
    }

    /** Opens a state file only to say what it holds (no integrity check, nothing written). */
    static SqliteCrawlStore describe(Path file) {
        return open(file, false, false);
    }

    private static SqliteCrawlStore open(Path file, boolean forWriting, boolean check) {
        Connection c = StateFiles.openChecked(file, forWriting, check);
        try {
            return new SqliteCrawlStore(file, c);
        } catch (SQLException e) {
            StateFiles.closeQuietly(c);
            throw SqliteFailure.of(file, "cannot read it", e);
        } catch (RuntimeException e) {
            StateFiles.closeQuietly(c);
            throw e;
        }
    }

    @Override
    public String location() {
        return file.toString();
    }

    @Override
    public String crawlId() {
        return crawlId;
    }

    /** The configuration the crawl was started (or last resumed) with. */
    public CrawlConfig config() {
        return config;
    }

    /** Replaces the saved configuration (a resume that overrides limits or {@code maxTasks}). */
    public void saveConfig(CrawlConfig newConfig) {
        try {
            try (Statement s = c.createStatement()) {
                s.execute("DELETE FROM config WHERE instr(name, '.') = 0"); // the settings beside it stay
            }
            writeSettings(c, ConfigCodec.encode(newConfig));
            c.commit();
            config = newConfig;
        } catch (SQLException e) {
            rollbackQuietly();
            throw SqliteFailure.of(file, "cannot save the configuration", e);
        }
    }

    @Override
    public List<Setting> settings() {
        return List.copyOf(settings);
    }

    @Override
    public boolean keepsLinks() {
        return keepLinks;
    }

    @Override
    public Resumption resume(LongConsumer seen, boolean perHost) {
        try {
            int run = (int) queries.count("SELECT coalesce(max(run), 0) + 1 FROM runs");
            int pass = queries.pass();
            try (PreparedStatement p = c.prepareStatement(
                    "INSERT INTO runs (run, started_at, max_tasks, pass) VALUES (?, ?, ?, ?)")) {
                p.setInt(1, run);
                p.setString(2, Instant.now().toString());
                p.setInt(3, config.maxTasks());
                p.setInt(4, pass);
                p.executeUpdate();
            }
            c.commit();
            writer = new ChangeWriter(c, run, pass, this::settingsCommitted);
            return queries.resume(seen, perHost, run);
        } catch (SQLException e) {
            rollbackQuietly();
            throw SqliteFailure.of(file, "cannot start a run", e);
        }
    }

    /**
     * Starts the crawl's next pass: every finished URL that {@code policy} says is due is queued again, to be
     * revisited with a conditional GET; the others keep their last record. Call before {@link #resume}.
     *
     * @return the new pass's number
     */
    @Override
    public int startPass(RevisitPolicy policy) {
        if (writer != null) throw new IllegalStateException("a pass starts before its first run");
        try {
            int pass = queries.pass() + 1;
            long now = System.currentTimeMillis();
            int revisits;
            try (PreparedStatement p = c.prepareStatement("UPDATE urls SET state = 'queued' WHERE state = 'done' "
                    + "AND coalesce((SELECT captured_ms IS NULL OR (captured_ms <= ? AND (? = 0 OR captured_ms + "
                    + "coalesce(interval_ms, " + RevisitPolicy.INITIAL_INTERVAL.toMillis() + ") <= ?)) FROM captures "
                    + "WHERE url_id = urls.id), 1)")) {
                p.setLong(1, now - policy.minAge().toMillis());
                p.setInt(2, policy.adaptive() ? 1 : 0);
                p.setLong(3, now);
                revisits = p.executeUpdate();
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO passes (pass, started_at, min_age_ms, "
                    + "adaptive, revisits) VALUES (?, ?, ?, ?, ?)")) {
                p.setInt(1, pass);
                p.setString(2, Instant.ofEpochMilli(now).toString());
                p.setLong(3, policy.minAge().toMillis());
                p.setInt(4, policy.adaptive() ? 1 : 0);
                p.setInt(5, revisits);
                p.executeUpdate();
            }
            c.commit();
            return pass;
        } catch (SQLException e) {
            rollbackQuietly();
            throw SqliteFailure.of(file, "cannot start a new pass", e);
        }
    }

    @Override
    public boolean keepsPayloads() {
        return true;
    }

    /**
     * From the {@code payloads} table, on the writer thread between commits: a row inserted here is committed by
     * the next {@link #apply}, with the records that hold the payload, or rolled back with them.
     */
    @Override
    public String originalPayload(String digest, String original) {
        if (writer == null) throw new IllegalStateException("resume() starts a run before originalPayload()");
        try {
            return writer.originalPayload(digest, original);
        } catch (SQLException e) {
            throw SqliteFailure.of(file, "cannot write to it", e);
        }
    }

    @Override
    public void apply(List<StateChange> changes) {
        if (writer == null) throw new IllegalStateException("resume() starts a run before apply()");
        try {
            writer.apply(changes);
        } catch (SQLException e) {
            throw SqliteFailure.of(file, "cannot write to it", e);
        }
    }

    @Override
    public List<StoredVisit> queued(long fromId, int max) {
        try {
            return queries.queued(fromId, max);
        } catch (SQLException e) {
            throw SqliteFailure.of(file, "cannot read queued URLs", e);
        }
    }

    @Override
    public CrawlSummary summary() {
        try {
            return queries.summary(config.maxTasks());
        } catch (SQLException e) {
            throw SqliteFailure.of(file, "cannot read it", e);
        }
    }

    @Override
    public void forEachRecord(Consumer<CrawlRecord> action) {
        try {
            queries.forEachRecord(action);
        } catch (SQLException e) {
            throw SqliteFailure.of(file, "cannot read its records", e);
        }
    }

    /** The crawl's current pass: 1 until it is crawled again ({@link #startPass}). */
    public int pass() {
        try {
            return queries.pass();
        } catch (SQLException e) {
            throw SqliteFailure.of(file, "cannot read it", e);
        }
    }

    /** How pass {@code pass} of the crawl went (no ledger: a pass revisits URLs it did not discover). */
    public CrawlSummary summary(int pass) {
        try {
            return queries.passSummary(pass, config.maxTasks());
        } catch (SQLException e) {
            throw SqliteFailure.of(file, "cannot read it", e);
        }
    }

    /** The records of pass {@code pass}, in URL order, streamed. */
    public void forEachRecord(int pass, Consumer<CrawlRecord> action) {
        try {
            queries.forEachRecord(pass, action);
        } catch (SQLException e) {
            throw SqliteFailure.of(file, "cannot read its records", e);
        }
    }

    /**
     * What pass {@code pass} found of each URL it knew, in URL order, streamed: {@code new}, {@code changed},
     * {@code unchanged}, {@code not-modified}, {@code gone} (404 or 410 now, or nothing links to it any more),
     * {@code failed} or {@code not-revisited}. Reads the whole link graph into memory: 8 bytes per link followed.
     */
    public void forEachChange(int pass, BiConsumer<WebUrl, String> action) {
        try {
            queries.forEachChange(pass, config.scope().roots(), action);
        } catch (SQLException e) {
            throw SqliteFailure.of(file, "cannot read its records", e);
        }
    }

    /** Closes the file; after a clean run SQLite folds the WAL back in, leaving the one file. */
    @Override
    public void close() {
        try {
            if (writer != null) writer.close();
        } catch (SQLException ignored) {
            // closing statements cannot lose anything
        }
        StateFiles.closeQuietly(c);
    }

    /** Names with a dot are settings kept beside the configuration; ConfigCodec's names have none. */
    private static boolean isSetting(String name) {
        return name.indexOf('.') >= 0;
    }

    private List<Setting> readSettings() throws SQLException {
        List<Setting> all = new ArrayList<>();
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT name, value FROM config ORDER BY position")) {
            while (rs.next()) all.add(new Setting(rs.getString(1), rs.getString(2)));
        }
        return all;
    }

    private CrawlConfig decode(List<Setting> configSettings) {
        try {
            return ConfigCodec.decode(configSettings);
        } catch (IllegalArgumentException e) {
            throw new StateException("state file " + file + ": its configuration cannot be used: " + e.getMessage(), e);
        }
    }

    /** Appends settings to the config table, after every row there (positions keep their order). */
    private static void writeSettings(Connection c, List<Setting> settings) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("INSERT INTO config (name, value) VALUES (?, ?)")) {
            for (Setting s : settings) {
                p.setString(1, s.name());
                p.setString(2, s.value());
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    /** A batch that set settings was committed: they replace those of the same names here too. */
    private void settingsCommitted(List<Setting> changed) {
        List<Setting> next = new ArrayList<>(settings);
        next.removeIf(s -> changed.stream().anyMatch(n -> n.name().equals(s.name())));
        next.addAll(changed);
        settings = next;
    }

    private void rollbackQuietly() {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // the first failure is the one reported
        }
    }
}
