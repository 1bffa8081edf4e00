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
 * URL, the columns BM25 ranks on), under the same id; {@code progress} says how far the chunks file was read. A chunk's vector
 * is in {@code chunk_vector} under its id, made by the model {@code embedding} names.
 */
final class ChunkIndexFile {
    private ChunkIndexFile() {}

    /** {@code PRAGMA application_id}: "LCIX", loomcrawl chunk index (a state file has another). */
    static final int APPLICATION_ID = 0x4c434958;
    /** 2: the chunks' vectors ({@code chunk_vector}, {@code embedding}); an index of version 1 gains them. */
    static final int VERSION = 2;

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

    /** Version 2's tables: the model that made the vectors (one row), and a vector per chunk that has one. */
    private static final String[] VECTORS = {
        // how many vectors there are, and a generation that every change to them moves on (a search's vectors in
        // memory are read again when it moved); model and dimensions are null until the first vector is written
        "CREATE TABLE IF NOT EXISTS embedding (id INTEGER PRIMARY KEY CHECK (id = 1), model TEXT, dimensions INTEGER, "
                + "vectors INTEGER NOT NULL, generation INTEGER NOT NULL)",
        "INSERT OR IGNORE INTO embedding VALUES (1, NULL, NULL, 0, 0)",
        "CREATE TABLE IF NOT EXISTS chunk_vector (id INTEGER PRIMARY KEY, vector BLOB NOT NULL)",
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
            } else if (pragma(c, "user_version") < VERSION) {
                upgrade(c);
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
                for (String sql : VECTORS) s.execute(sql);
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

    /** An index of version 1 gains the tables of the vectors (none yet: they are made as the index catches up). */
    private static void upgrade(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("BEGIN IMMEDIATE");
            try {
                for (String sql : VECTORS) s.execute(sql);
                s.execute("PRAGMA user_version = " + VERSION);
                s.execute("COMMIT");
            } catch (SQLException e) {
                s.execute("ROLLBACK");
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
