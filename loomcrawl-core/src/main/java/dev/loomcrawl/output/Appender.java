package dev.loomcrawl.output;

import dev.loomcrawl.result.CrawlRecord;

/**
 * Where an output hands what it made of one finished URL (a line, a page's links, a WARC capture): a
 * {@link WriterThread}, which appends it at once, or a {@link CommittedWriter}, which holds it until the URL's
 * record is committed to the crawl's state.
 */
public interface Appender<T> {

    /** Hands over one item made for {@code record}'s URL; may wait while the writer catches up. */
    void write(CrawlRecord record, T item);

    /** Writes (or, uncommitted, drops) what was handed over and closes the file; throws {@link OutputException}. */
    void close();
}
