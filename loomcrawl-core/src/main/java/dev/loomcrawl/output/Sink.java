package dev.loomcrawl.output;

import java.io.IOException;

/**
 * Where a {@link CommittedWriter} puts items: only the journal's writer thread calls these methods, so
 * implementations need no locks.
 */
public interface Sink<T> {

    /** Writes one whole item (a line, a WARC capture). */
    void write(T item) throws IOException;

    /** Pushes what is buffered to the operating system; called once a commit's items are written. */
    void flush() throws IOException;

    /**
     * Forces what was flushed to the storage device (fsync), for outputs written in step with a crawl's state.
     * Nothing by default.
     */
    default void sync() throws IOException {}

    /** Flushes and releases the file. Called once, last. */
    void close() throws IOException;
}
