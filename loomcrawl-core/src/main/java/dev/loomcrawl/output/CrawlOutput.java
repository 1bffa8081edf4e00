package dev.loomcrawl.output;

import dev.loomcrawl.result.CrawlListener;

/**
 * An output: a listener that writes a file and must be closed to finish it (pending items written, the file
 * flushed and closed). {@link #close} is idempotent, safe from any thread, and throws nothing but
 * {@link OutputException}.
 */
public interface CrawlOutput extends CrawlListener, AutoCloseable {
    @Override
    void close();
}
