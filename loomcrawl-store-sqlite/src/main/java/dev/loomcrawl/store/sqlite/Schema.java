package dev.loomcrawl.store.sqlite;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The state file's tables, version 8, as docs/state.md describes them for people reading them with
 * {@code sqlite3}. The file is marked as loomcrawl's with SQLite's {@code application_id} (the bytes "Loom")
 * and versioned with {@code user_version}; a file with another id, or a higher version, is refused. A version 1
 * to 7 file is upgraded in place when it is opened for writing ({@link #upgrade}), and read as it is otherwise.
 */
final class Schema {
    /** {@code PRAGMA application_id}: "Loom" in ASCII. */
    static final int APPLICATION_ID = 0x4c6f6f6d;
    /** {@code PRAGMA user_version}: the version of the tables below. */
    static final int VERSION = 8;

    /** Columns added by version 2: what a visit is for, a page's robots directives, why a link is not followed. */
    private static final String[] VERSION_2 = {
        "ALTER TABLE urls ADD COLUMN kind TEXT NOT NULL DEFAULT 'page'",
        "ALTER TABLE records ADD COLUMN robots TEXT",
        "ALTER TABLE links ADD COLUMN not_followed TEXT",
        "ALTER TABLE links ADD COLUMN lastmod TEXT",
        "ALTER TABLE links ADD COLUMN priority REAL",
    };

    /**
     * Version 3: passes of a re-crawl. A URL keeps the pass that discovered it, and what its last capture was (for
     * the next pass's conditional GET, change check and link graph) in a table of its own, so that the hot
     * {@code urls} rows stay small; a record belongs to a pass (one per URL and pass); a run to a pass. The records
     * table is rebuilt for its new key, its rows becoming pass 1's.
     */
    private static final String[] VERSION_3 = {
        "ALTER TABLE urls ADD COLUMN first_pass INTEGER NOT NULL DEFAULT 1",
        Schema.CAPTURES,
        "ALTER TABLE runs ADD COLUMN pass INTEGER NOT NULL DEFAULT 1",
        "ALTER TABLE records RENAME TO records_v2",
        Schema.RECORDS,
        "INSERT INTO records (url_id, pass, run, status, next_url, error_kind, error, size, content_type, encoding, "
                + "num_urls, num_new_urls, started_at, duration_ms, truncated, attempts, skip_reason, robots) "
                + "SELECT url_id, 1, run, status, next_url, error_kind, error, size, content_type, encoding, "
                + "num_urls, num_new_urls, started_at, duration_ms, truncated, attempts, skip_reason, robots "
                + "FROM records_v2",
        "DROP TABLE records_v2",
        "INSERT INTO captures (url_id, last_status, captured_ms, archived_ms) SELECT url_id, nullif(status, 0), "
                + "CAST(round((julianday(started_at) - 2440587.5) * 86400000) AS INTEGER), "
                + "CASE WHEN status > 0 THEN CAST(round((julianday(started_at) - 2440587.5) * 86400000) AS INTEGER) END "
                + "FROM records",
        Schema.PASSES,
        Schema.PAYLOADS,
        "INSERT INTO passes (pass, started_at, min_age_ms, adaptive, revisits) "
                + "SELECT 1, coalesce(min(started_at), strftime('%Y-%m-%dT%H:%M:%SZ', 'now')), 0, 0, 0 FROM runs",
    };

    /** Version 4: whether a page was rendered in a browser (--render). Version 3's upgrade makes records with it. */
    private static final String[] VERSION_4 = {
        "ALTER TABLE records ADD COLUMN rendered INTEGER NOT NULL DEFAULT 0",
    };

    /** Version 5: a link's hreflang, for every older version (the links table is never rebuilt). */
    private static final String[] LINKS_VERSION_5 = {
        "ALTER TABLE links ADD COLUMN hreflang TEXT",
    };

    /**
     * Version 5: what an HTML page says about itself (its {@code PageFacts}) and the digest of its main text (for a
     * re-crawl's template-changed), for a file of version 3 or 4 (version 3's upgrade makes both tables with them).
     */
    private static final String[] VERSION_5 = {
        "ALTER TABLE captures ADD COLUMN text_digest TEXT",
        "ALTER TABLE records ADD COLUMN title TEXT",
        "ALTER TABLE records ADD COLUMN description TEXT",
        "ALTER TABLE records ADD COLUMN lang TEXT",
        "ALTER TABLE records ADD COLUMN canonical TEXT",
        "ALTER TABLE records ADD COLUMN h1 TEXT",
        "ALTER TABLE records ADD COLUMN published TEXT",
        "ALTER TABLE records ADD COLUMN modified TEXT",
        "ALTER TABLE records ADD COLUMN author TEXT",
    };

    /** Version 6: why a page was rendered in a browser or not, for a file of version 3 to 5. */
    private static final String[] VERSION_6 = {
        "ALTER TABLE records ADD COLUMN render_reason TEXT",
    };

    /**
     * Version 7: the links each run found and did not follow, by reason (the report's {@code unfollowed_<reason>}),
     * written when the run ends: they are counted as pages are read, not kept with the records.
     */
    private static final String UNFOLLOWED = """
        CREATE TABLE unfollowed (
          run INTEGER NOT NULL REFERENCES runs (run),
          reason TEXT NOT NULL,
          count INTEGER NOT NULL,
          PRIMARY KEY (run, reason)
        ) WITHOUT ROWID""";

    /**
     * Version 8: for a URL not fetched because its origin's robots.txt could not be, that fetch's failure as the
     * fetcher said it (so that nothing reads it back out of the error's wording), for a file of version 3 to 7.
     */
    private static final String[] VERSION_8 = {
        "ALTER TABLE records ADD COLUMN robots_cause TEXT",
    };

    private static final String RECORDS = """
        CREATE TABLE records (
          url_id INTEGER NOT NULL REFERENCES urls (id),
          pass INTEGER NOT NULL REFERENCES passes (pass),
          run INTEGER NOT NULL REFERENCES runs (run),
          status INTEGER NOT NULL,
          next_url TEXT,
          error_kind TEXT,
          error TEXT,
          size INTEGER NOT NULL,
          content_type TEXT NOT NULL,
          encoding TEXT NOT NULL,
          num_urls INTEGER NOT NULL,
          num_new_urls INTEGER NOT NULL,
          started_at TEXT NOT NULL,
          duration_ms REAL NOT NULL,
          truncated INTEGER NOT NULL,
          attempts INTEGER NOT NULL,
          skip_reason TEXT,
          robots TEXT,
          change TEXT,
          rendered INTEGER NOT NULL DEFAULT 0,
          title TEXT,
          description TEXT,
          lang TEXT,
          canonical TEXT,
          h1 TEXT,
          published TEXT,
          modified TEXT,
          author TEXT,
          render_reason TEXT,
          robots_cause TEXT,
          PRIMARY KEY (url_id, pass)
        ) WITHOUT ROWID""";

    private static final String CAPTURES = """
        CREATE TABLE captures (
          url_id INTEGER PRIMARY KEY REFERENCES urls (id),
          last_status INTEGER,
          etag TEXT,
          last_modified TEXT,
          digest TEXT,
          captured_ms INTEGER,
          interval_ms INTEGER,
          archived_ms INTEGER,
          archived_head BLOB,
          outlinks BLOB,
          text_digest TEXT
        )""";

    private static final String PAYLOADS = """
        CREATE TABLE payloads (
          digest TEXT PRIMARY KEY,
          original TEXT NOT NULL
        ) WITHOUT ROWID""";

    private static final String PASSES = """
        CREATE TABLE passes (
          pass INTEGER PRIMARY KEY,
          started_at TEXT NOT NULL,
          min_age_ms INTEGER NOT NULL,
          adaptive INTEGER NOT NULL,
          revisits INTEGER NOT NULL
        )""";

    private Schema() {}

    private static final String[] TABLES = {
        """
        CREATE TABLE crawl (
          id TEXT NOT NULL,
          created_at TEXT NOT NULL,
          created_by TEXT NOT NULL,
          keep_links INTEGER NOT NULL
        )""",
        """
        CREATE TABLE config (
          position INTEGER PRIMARY KEY,
          name TEXT NOT NULL,
          value TEXT NOT NULL
        )""",
        """
        CREATE TABLE urls (
          id INTEGER PRIMARY KEY,
          url TEXT NOT NULL,
          fingerprint INTEGER NOT NULL,
          state TEXT NOT NULL CHECK (state IN ('queued', 'done', 'dropped')),
          depth INTEGER NOT NULL,
          redirects_left INTEGER NOT NULL,
          referrer TEXT,
          drop_reason TEXT,
          kind TEXT NOT NULL DEFAULT 'page',
          first_pass INTEGER NOT NULL DEFAULT 1
        )""",
        CAPTURES,
        RECORDS,
        """
        CREATE TABLE links (
          from_id INTEGER NOT NULL REFERENCES urls (id),
          position INTEGER NOT NULL,
          to_url TEXT NOT NULL,
          in_scope INTEGER NOT NULL,
          element TEXT NOT NULL,
          attribute TEXT NOT NULL,
          text TEXT NOT NULL,
          rel TEXT NOT NULL,
          not_followed TEXT,
          lastmod TEXT,
          priority REAL,
          hreflang TEXT,
          PRIMARY KEY (from_id, position)
        ) WITHOUT ROWID""",
        """
        CREATE TABLE runs (
          run INTEGER PRIMARY KEY,
          started_at TEXT NOT NULL,
          last_commit_at TEXT,
          ended_at TEXT,
          elapsed_ms INTEGER NOT NULL DEFAULT 0,
          max_tasks INTEGER NOT NULL,
          done INTEGER,
          interrupted INTEGER,
          limit_reached TEXT,
          pass INTEGER NOT NULL DEFAULT 1
        )""",
        PASSES,
        PAYLOADS,
        UNFOLLOWED,
    };

    /** Marks a new file as a loomcrawl state file of this version (before WAL mode, so it is in the file itself). */
    static void mark(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA application_id = " + APPLICATION_ID);
            s.execute("PRAGMA user_version = " + VERSION);
        }
    }

    /** Brings a file of an older version up to this one, in one transaction. */
    static void upgrade(Connection c, int from) throws SQLException {
        if (from >= VERSION) return;
        try (Statement s = c.createStatement()) {
            if (from < 2) for (String change : VERSION_2) s.execute(change);
            if (from < 3) for (String change : VERSION_3) s.execute(change); // makes this version's records table
            else if (from < 4) for (String change : VERSION_4) s.execute(change);
            if (from >= 3 && from < 5) for (String change : VERSION_5) s.execute(change);
            if (from < 5) for (String change : LINKS_VERSION_5) s.execute(change);
            if (from >= 3 && from < 6) for (String change : VERSION_6) s.execute(change);
            if (from >= 3) for (String change : VERSION_8) s.execute(change);
            if (from < 7) s.execute(UNFOLLOWED); // every version before 7 lacks it
            s.execute("PRAGMA user_version = " + VERSION);
        }
        c.commit();
    }

    /** Creates the tables, and the crawl's first pass; the caller commits. */
    static void create(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String table : TABLES) s.execute(table);
            s.execute("INSERT INTO passes (pass, started_at, min_age_ms, adaptive, revisits) "
                    + "VALUES (1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 0, 0, 0)");
        }
    }
}
