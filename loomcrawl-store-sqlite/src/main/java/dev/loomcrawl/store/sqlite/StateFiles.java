package dev.loomcrawl.store.sqlite;

import dev.loomcrawl.state.StateException;
import org.sqlite.SQLiteConfig;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Checks on a state file before anything is written to it, and its connections. The checks are made in the
 * order that gives the most useful message: missing, empty, read-only, not SQLite, not loomcrawl's, newer,
 * without tables, corrupt, in use; all of them before the first write (the switch to WAL mode), so a refused
 * file is left as it was.
 */
final class StateFiles {
    private StateFiles() {}

    /** Refuses to create a crawl's state where a file with anything in it already is. */
    static void refuseExisting(Path file) {
        if (!Files.exists(file) && !Files.exists(wal(file))) return;
        if (Files.isRegularFile(file) && size(file) == 0 && !Files.exists(wal(file))) return; // empty: ours to fill
        String held;
        try (SqliteCrawlStore existing = SqliteCrawlStore.describe(file)) {
            held = "it already holds a crawl of " + existing.config().scope().roots().getFirst() + " (crawl "
                    + existing.crawlId() + "): choose another file, or ";
        } catch (StateException e) {
            held = null;
        }
        if (held != null) throw StateException.resumable("state file " + file + ": " + held, null, file);
        throw new StateException("state file " + file + ": it exists and is not a loomcrawl state file; loomcrawl "
                + "will not overwrite it");
    }

    /** Creates an empty state file, readable by its owner only (it may hold -H headers), and connects to it. */
    static Connection createFile(Path file) {
        Path dir = file.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir)) throw new StateException("state file " + file + ": its directory does not exist");
        try {
            if (!Files.exists(file)) {
                if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
                    Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                } else {
                    Files.createFile(file);
                }
            }
        } catch (IOException e) {
            throw new StateException("state file " + file + ": cannot create it: " + e.getMessage(), e);
        }
        refuseReadOnly(file);
        return connect(file, false);
    }

    /** Opens an existing state file after checking what it is; {@code check} also runs SQLite's quick_check. */
    static Connection openChecked(Path file, boolean forWriting, boolean check) {
        if (!Files.exists(file)) throw new StateException("state file " + file + ": no such file");
        if (!Files.isRegularFile(file)) throw new StateException("state file " + file + ": not a regular file");
        if (size(file) == 0 && !Files.exists(wal(file))) {
            throw new StateException("state file " + file + ": it is empty, not a loomcrawl state file (a crawl "
                    + "stopped as it started leaves it so): start the crawl again with 'loomcrawl crawl --state "
                    + file + " URL...', which takes an empty file");
        }
        boolean writable = writable(file);
        if (forWriting) refuseReadOnly(file);
        Connection c = connect(file, !writable);
        try {
            int version = identify(file, c);
            refuseEmptySchema(file, c);
            if (check) quickCheck(file, c);
            if (forWriting) configure(c, true); // the first write (WAL mode): after every check that can refuse
            c.setAutoCommit(false);
            if (forWriting) Schema.upgrade(c, version);
            return c;
        } catch (SQLException e) {
            closeQuietly(c);
            throw SqliteFailure.of(file, "cannot open it", e);
        } catch (RuntimeException e) {
            closeQuietly(c);
            throw e;
        }
    }

    /** WAL journal; an exclusive lock kept from the first write (one writing process at a time); fsync per commit. */
    static void configure(Connection c, boolean exclusive) throws SQLException {
        try (Statement s = c.createStatement()) {
            if (exclusive) s.execute("PRAGMA locking_mode = EXCLUSIVE");
            s.execute("PRAGMA journal_mode = WAL");
            s.execute("PRAGMA synchronous = FULL");
        }
    }

    /** Checks that the file is a loomcrawl state file this version can read; returns its schema version. */
    private static int identify(Path file, Connection c) throws SQLException {
        int application = pragma(c, "application_id");
        int version = pragma(c, "user_version");
        if (application != Schema.APPLICATION_ID || version < 1) {
            throw new StateException("state file " + file + ": it is an SQLite database but not a loomcrawl state "
                    + "file; loomcrawl will not touch it");
        }
        if (version > Schema.VERSION) {
            throw new StateException("state file " + file + ": it was written by a newer loomcrawl (state schema "
                    + "version " + version + "; this one reads up to " + Schema.VERSION + "): upgrade loomcrawl to use it");
        }
        return version;
    }

    /**
     * Refuses a file marked as loomcrawl's that holds no crawl (one whose creation was killed before its tables
     * were committed, or another program's imitation), before anything is written to it.
     */
    private static void refuseEmptySchema(Path file, Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('crawl', 'config')")) {
            if (rs.next() && rs.getInt(1) == 2) return;
        }
        throw new StateException("state file " + file + ": it is marked as a loomcrawl state file but holds no "
                + "crawl (was the crawl killed while the file was being created?); loomcrawl will not touch it: "
                + "delete it and start again");
    }

    private static void quickCheck(Path file, Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("PRAGMA quick_check(1)")) {
            String verdict = rs.next() ? rs.getString(1) : "no answer";
            if (!verdict.equals("ok")) {
                throw new StateException("state file " + file + ": it is corrupt (SQLite's quick_check says: "
                        + verdict + "); loomcrawl will not touch it");
            }
        }
    }

    private static int pragma(Connection c, String name) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("PRAGMA " + name)) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }

    private static void refuseReadOnly(Path file) {
        if (!writable(file)) {
            throw new StateException("state file " + file + ": it is read-only (loomcrawl writes it, and "
                    + file.getFileName() + "-wal beside it): make it and its directory writable, then try again");
        }
    }

    private static boolean writable(Path file) {
        Path dir = file.toAbsolutePath().getParent();
        return Files.isWritable(file) && Files.isWritable(dir);
    }

    private static Connection connect(Path file, boolean readOnly) {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(readOnly);
        config.setBusyTimeout(2000);
        try {
            return DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath(), config.toProperties());
        } catch (SQLException e) {
            throw SqliteFailure.of(file, "cannot open it", e);
        }
    }

    static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // nothing more can be saved; what was committed is on disk
        }
    }

    private static Path wal(Path file) {
        return file.resolveSibling(file.getFileName() + "-wal");
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new StateException("state file " + file + ": cannot read it: " + e.getMessage(), e);
        }
    }
}
