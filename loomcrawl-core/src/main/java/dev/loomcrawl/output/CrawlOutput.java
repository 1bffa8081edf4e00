package dev.loomcrawl.output;

/**
 * An output of a crawl that must be closed to finish it (its file flushed and closed), after the crawl's journal:
 * {@link #close} is idempotent, safe from any thread, and throws nothing but {@link OutputException}.
 */
public interface CrawlOutput extends AutoCloseable {
    @Override
    void close();
}
