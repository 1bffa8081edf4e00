package dev.loomcrawl.state;

/**
 * A crawl's state could not be read or written: a file that is not a state file, is corrupt, was written by a
 * newer version or belongs to another crawl; a full disk; a read-only file. The message is one line, meant
 * for the person running the crawl, and names the file.
 */
public final class StateException extends RuntimeException {
    public StateException(String message) {
        super(message);
    }

    public StateException(String message, Throwable cause) {
        super(message, cause);
    }
}
