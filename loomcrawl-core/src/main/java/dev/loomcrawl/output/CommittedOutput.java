package dev.loomcrawl.output;

import dev.loomcrawl.result.FinishedUrl;

import java.util.List;

/**
 * An output file written by the crawl's journal (see {@link CommitStage}): what it makes of each finished URL is
 * prepared on the worker's thread, and written by the commit that journals the URL, in commit order.
 *
 * @param <T> what the output makes of one finished URL (a line, a WARC capture...)
 */
public interface CommittedOutput<T> {

    /** What the output makes of one finished URL, on the worker's thread; null when nothing. */
    T prepare(FinishedUrl finished);

    /**
     * Writes what was prepared for a batch's finished URLs, in commit order, and flushes it; with {@code force},
     * forces it to the storage device too. Returns where the output now ends (a text the output reads back when the
     * crawl is resumed). Throws when it cannot write.
     */
    String write(List<T> prepared, boolean force);
}
