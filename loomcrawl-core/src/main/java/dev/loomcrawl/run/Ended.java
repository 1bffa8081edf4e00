package dev.loomcrawl.run;

import dev.loomcrawl.result.CrawlSummary;

/**
 * How a run ended: it completed (or was stopped or interrupted, as its summary says), or a failure stopped it (an
 * output, the state, the frontier's store) after what its summary counts was done.
 */
public sealed interface Ended permits Ended.Completed, Ended.Failed {
    /** The crawl's summary of this run. */
    CrawlSummary summary();

    /** The run ended by itself, by {@code stop} or by {@code cancel}: the summary says which. */
    record Completed(CrawlSummary summary) implements Ended {}

    /**
     * A failure stopped the run, or came as it ended (writing the cookies, finishing an output); {@code summary}
     * counts what was done until then (null: the crawl never began).
     */
    record Failed(CrawlSummary summary, RuntimeException failure) implements Ended {}
}
