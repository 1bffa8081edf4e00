package dev.loomcrawl.store.sqlite;

/**
 * A chunk index could not be opened, read or written, or its chunks file could not be read: a file that is not a
 * chunk index or is corrupt, a full disk, a chunks file replaced under the index. The message is one line and names
 * the file.
 */
public final class ChunkIndexException extends RuntimeException {
    public ChunkIndexException(String message, Throwable cause) {
        super(message, cause);
    }
}
