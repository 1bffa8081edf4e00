package dev.loomcrawl.store.sqlite;

import dev.loomcrawl.state.StateException;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

import java.nio.file.Path;
import java.sql.SQLException;

/**
 * Turns SQLite's errors into one-line {@link StateException}s that say what happened to which file and what to do.
 * Advice to resume ends the message as "resume the crawl from FILE" ({@link StateException#resumeFrom()}), which
 * a command line may say as its command.
 */
final class SqliteFailure {
    private SqliteFailure() {}

    static StateException of(Path file, String doing, SQLException e) {
        String name = file.toString();
        String code = code(e);
        String what = switch (code) {
            case "FULL" -> "the disk is full. The state is as of the last commit: free some space, then ";
            case "READONLY" -> "the file or its directory is read-only. loomcrawl writes the state file and "
                    + name + "-wal beside it";
            case "BUSY", "LOCKED" -> "it is in use by another loomcrawl process (a crawl is running on it)";
            case "CORRUPT", "NOTADB" -> "it is corrupt, or not an SQLite database at all; loomcrawl will not "
                    + "touch it";
            case "CANTOPEN" -> "it cannot be opened (does its directory exist, and may we write there?)";
            case "IOERR" -> "an I/O error: is the disk full or failing? (" + e.getMessage() + ")";
            default -> e.getMessage();
        };
        String message = "state file " + name + ": " + doing + ": " + what;
        return code.equals("FULL") ? StateException.resumable(message, e, name) : new StateException(message, e);
    }

    /** SQLite's primary result code ("FULL", "BUSY", ...), or "" when the exception has none. */
    static String code(SQLException e) {
        if (!(e instanceof SQLiteException s) || s.getResultCode() == null) return "";
        SQLiteErrorCode code = s.getResultCode();
        String n = code.name().substring("SQLITE_".length());
        int underscore = n.indexOf('_');
        return underscore < 0 ? n : n.substring(0, underscore);
    }
}
