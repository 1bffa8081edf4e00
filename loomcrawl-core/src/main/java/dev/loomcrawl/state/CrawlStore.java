package dev.loomcrawl.state;

import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.CrawlSummary;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * Where a crawl's state lives: its configuration, every URL it has seen (queued, finished or dropped), one
 * record per finished URL, optionally its link graph, and its runs. The service-provider interface behind
 * the durable frontier: implement it to keep crawls somewhere else (SQLite is in loomcrawl-store-sqlite).
 *
 * <p>Writes come only through {@link #apply}, always from one thread (the journal's writer thread, the state's journal), which
 * also calls {@link #queued}; a store needs no locking of its own for them. Opening a store (and refusing a
 * foreign, newer or corrupt one) is the implementation's factory's job. Every failure is a
 * {@link StateException} with a one-line message.
 */
public interface CrawlStore extends AutoCloseable {

    /** Where the state is, for messages: a file name, a URL. */
    String location();

    /** A random id given to the crawl when its state was created. */
    String crawlId();


    /**
     * The settings kept beside the configuration, in order: those of whoever runs the crawl, such as the loomcrawl
     * command's outputs and where each output file ended at the last commit. Their names hold a dot, which no
     * configuration setting's does ({@code cli.output}, {@code written./data/records.jsonl}). They are set when
     * the store is created and by {@link StateChange.SettingsChanged}.
     */
    List<Setting> settings();

    /** Whether every link of every page is kept ({@link StateChange.Finished#links()}). */
    boolean keepsLinks();

    /**
     * Starts a run: hands every fingerprint seen so far to {@code seen}, and says where the queue stands and
     * what the budgets have used (per-host counts only if {@code perHost}). Called once, before any apply.
     */
    Resumption resume(LongConsumer seen, boolean perHost);

    /**
     * Starts the crawl's next pass (a re-crawl): queues again every finished URL {@code policy} says is due, each
     * to be revisited with what its last capture was ({@link dev.loomcrawl.frontier.Visit#last()}). Called before
     * {@link #resume}; returns the new pass's number. Default: this store keeps one pass.
     */
    default int startPass(RevisitPolicy policy) {
        throw new StateException(location() + ": this store keeps one pass of a crawl; it cannot crawl it again");
    }

    /** Whether the store keeps payload originals for WARC revisits ({@link #originalPayload}). Default: false. */
    default boolean keepsPayloads() {
        return false;
    }

    /**
     * The original remembered for a payload digest, or null after remembering {@code original} for it, in the
     * transaction the next {@link #apply} commits. Called on the writer thread only, while outputs write a batch
     * (the state's journal). Default: unsupported.
     */
    default String originalPayload(String digest, String original) {
        throw new UnsupportedOperationException("this store keeps no payloads");
    }

    /** Applies the changes, in order, as one atomic and durable unit: all of them are on disk, or none. */
    void apply(List<StateChange> changes);

    /** Up to {@code max} queued visits with ids from {@code fromId} up, in id order, seeing every change applied. */
    List<StoredVisit> queued(long fromId, int max);

    /**
     * How the crawl stands over all its runs: records, URLs to do, time spent, how the last run ended, and the links
     * not followed that each run's {@link StateChange.RunEnded} summary counted (none from a store that keeps none).
     */
    CrawlSummary summary();

    /** Every record, in URL order, streamed. */
    void forEachRecord(Consumer<CrawlRecord> action);

    /** Releases the store; what was applied stays. */
    @Override
    void close();
}
