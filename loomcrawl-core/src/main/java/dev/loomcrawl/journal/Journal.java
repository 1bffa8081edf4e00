package dev.loomcrawl.journal;

import dev.loomcrawl.output.CommitStage;
import dev.loomcrawl.result.FinishedUrl;

import java.util.function.Supplier;

/**
 * Where every finished URL goes, the one way, whatever keeps the crawl (memory, a state file, Redis): the crawl
 * hands it over with {@link #finished}, each output registered with the journal ({@link CommitStage#add}) makes its
 * part of it on the worker's thread, and the journal's one writer thread writes the parts in commit order, then
 * commits them with the crawl's state, if it has one. {@code finished} returns once that is done: only then do
 * the crawl's listeners hear of the URL.
 *
 * <p>Without a state a commit writes the outputs and flushes them; with one (the engine's journal writer, backed by the state) it also
 * forces them to the storage device and saves, in the same transaction as the batch's records, where each output
 * then ends and the values kept with it ({@link #keep}: the cookie jar), so a resumed crawl cuts each file back to
 * its committed part. A write or commit that fails stops the crawl: {@link #close} throws why.
 */
public interface Journal extends CommitStage, AutoCloseable {

    /**
     * Journals the finished URL of the lease with {@code ticket} ({@code frontier.Lease#ticket()}): its outputs'
     * parts are made now, on the caller's thread, and written by the next commit. Returns once that commit is done:
     * true; false when the URL is not journaled because the journal failed (the crawl is stopping).
     */
    boolean finished(long ticket, FinishedUrl finished);

    /**
     * Saves {@code value}'s text with every commit from now on, under {@code key}, where {@link #resumeAt} reads it
     * back in the next run (the cookie jar, as it was when the batch's records were committed).
     */
    void keep(String key, Supplier<String> value);

    /** Runs {@code stop} once if the journal fails (a full disk), so the crawl stops taking work. */
    void onFailure(Runnable stop);

    /** Whether an output or listener said it reads pages' content ({@link #needsContent()}). */
    default boolean contentNeeded() {
        return false;
    }

    /** Commits what is pending and ends the writer thread; throws why the journal failed, if it did. Idempotent. */
    @Override
    void close();
}
