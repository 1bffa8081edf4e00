package dev.loomcrawl.store.sqlite;

import org.sqlite.SQLiteConfig;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A chunk index's file: its schema, its connections, and its errors as one-line messages. The chunks are in
 * {@code chunk} (what a hit returns but its text) and in the FTS5 table {@code chunk_text} (title, headings, body and
 * URL, the columns BM25 ranks on), under the same id; {@code progress} says how far the chunks file was read.
 */
final class ChunkIndexFile {
    private ChunkIndexFile() {}

    /** {@code PRAGMA application_id}: "LCIX", loomcrawl chunk index (a state file has another). */
    static final int APPLICATION_ID = 0x4c434958;
    static final int VERSION = 1;

    private static final String[] SCHEMA = {
        "CREATE TABLE progress (id INTEGER PRIMARY KEY CHECK (id = 1), bytes_read INTEGER NOT NULL, "
                + "lines_skipped INTEGER NOT NULL, chunks INTEGER NOT NULL)",
        "INSERT INTO progress VALUES (1, 0, 0, 0)",
        // AUTOINCREMENT: an id is never given twice, so a cursor's "ids up to N" never takes in a later chunk
        "CREATE TABLE chunk (id INTEGER PRIMARY KEY AUTOINCREMENT, url TEXT NOT NULL, chunk INTEGER NOT NULL, "
                + "headings TEXT NOT NULL, warc_file TEXT, warc_offset INTEGER, warc_record_id TEXT, captured TEXT)",
        "CREATE INDEX chunk_by_url ON chunk (url)",
        // porter: "lists" finds "list"; remove_diacritics: "cafe" finds "café"
        "CREATE VIRTUAL TABLE chunk_text USING fts5 (title, headings, body, url, "
                + "tokenize = 'porter unicode61 remove_diacritics 2')",
    };

    /** Opens the index in {@code file}, creating it (and its schema) when the file is new or empty. */
    static Connection openWriter(Path file) {
        Path dir = file.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new ChunkIndexException("chunk index " + file + ": its directory does not exist", null);
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new ChunkIndexException("chunk index " + file + ": not a regular file", null);
        }
        Connection c = connect(file);
        try {
            int application = pragma(c, "application_id");
            if (application == 0 && tables(c) == 0) {
                create(c);
            } else if (application != APPLICATION_ID) {
                throw new ChunkIndexException("chunk index " + file + ": it is an SQLite database but not a chunk "
                        + "index; loomcrawl will not touch it", null);
            } else if (pragma(c, "user_version") > VERSION) {
                throw new ChunkIndexException("chunk index " + file + ": it was written by a newer loomcrawl "
                        + "(index version " + pragma(c, "user_version") + "): build a new one", null);
            }
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA journal_mode = WAL"); // readers go on while a batch is written
                s.execute("PRAGMA synchronous = NORMAL"); // derived data: a power cut loses at most the last batch
            }
            return c;
        } catch (SQLException e) {
            closeQuietly(c);
            throw failure(file, "cannot open it", e);
        } catch (RuntimeException e) {
            closeQuietly(c);
            throw e;
        }
    }

    /** A connection that only reads. */
    static Connection openReader(Path file) {
        Connection c = connect(file);
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA query_only = 1");
            return c;
        } catch (SQLException e) {
            closeQuietly(c);
            throw failure(file, "cannot open it", e);
        }
    }

    private static void create(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("BEGIN IMMEDIATE");
            try {
                s.execute("PRAGMA application_id = " + APPLICATION_ID);
                s.execute("PRAGMA user_version = " + VERSION);
                for (String sql : SCHEMA) s.execute(sql);
                s.execute("COMMIT");
            } catch (SQLException e) {
                s.execute("ROLLBACK");
                if (String.valueOf(e.getMessage()).contains("no such module: fts5")) {
                    throw new SQLException("this build's SQLite has no FTS5, which the index needs", e);
                }
                throw e;
            }
        }
    }

    private static Connection connect(Path file) {
        SQLiteConfig config = new SQLiteConfig();
        config.setBusyTimeout(5000);
        try {
            return DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath(), config.toProperties());
        } catch (SQLException e) {
            throw failure(file, "cannot open it", e);
        }
    }

    private static int tables(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM sqlite_master")) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }

    private static int pragma(Connection c, String name) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("PRAGMA " + name)) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }

    /** SQLite's error as a one-line message naming the index file and what was being done. */
    static ChunkIndexException failure(Path file, String doing, SQLException e) {
        String what = switch (SqliteFailure.code(e)) {
            case "FULL" -> "the disk is full";
            case "READONLY" -> "the file or its directory is read-only (the index writes " + file.getFileName()
                    + "-wal beside it)";
            case "BUSY", "LOCKED" -> "it is in use by another process";
            case "CORRUPT", "NOTADB" -> "it is corrupt, or not an SQLite database at all; loomcrawl will not touch it";
            case "CANTOPEN" -> "it cannot be opened (does its directory exist, and may we write there?)";
            default -> e.getMessage();
        };
        return new ChunkIndexException("chunk index " + file + ": " + doing + ": " + what, e);
    }

    static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // what was committed is on disk
        }
    }
}
