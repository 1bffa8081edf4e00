package dev.loomcrawl.serve;

import dev.loomcrawl.Crawler;
import dev.loomcrawl.result.FocusReport;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A crawl or batch job of this process: its record, its results, and while it runs, its crawler (for the counts of
 * what is still to do, and to stop it).
 */
final class Job {
    private volatile JobRecord record;
    final JobResults documents;
    final JobResults errors;
    volatile Crawler crawler;
    /** A focused crawl's report when its run ended (while it runs, its crawler's); null: none yet, or no focus. */
    volatile FocusReport focus;
    /** A client cancelled it: it ends as cancelled, not as completed. */
    final AtomicBoolean cancelled = new AtomicBoolean();
    /** Its webhook, once read from its request; {@link #noWebhook} when it has none. */
    volatile Webhook webhook;
    volatile boolean noWebhook;
    /** The server is stopping: it ends this run still scraping, to be resumed at the next start. */
    final AtomicBoolean pausing = new AtomicBoolean();
    /**
     * Gives the permit of its run back (false when it was already): its run does as it ends, and {@link Jobs} does
     * when the run outlives its cancelling. Null while it has none.
     */
    volatile java.util.function.BooleanSupplier permit;
    /** A native crawl's counts by outcome, rate and ledger ({@link NativeRun}); unused by the other kinds. */
    final NativeProgress progress = new NativeProgress();

    Job(JobRecord record, JobResults documents, JobResults errors) {
        this.record = record;
        this.documents = documents;
        this.errors = errors;
    }

    JobRecord record() {
        return record;
    }

    void record(JobRecord r) {
        record = r;
    }

    String id() {
        return record.id();
    }

    /** Documents so far. */
    int completed() {
        return documents.count();
    }

    /** Pages done and still to do: documents, errors, and what the running crawl has queued or in flight. */
    long total() {
        Crawler c = crawler;
        long todo = c == null ? 0 : (long) c.queued() + c.inFlight();
        return documents.count() + errors.count() + todo;
    }
}
