package dev.loomcrawl.output;

import dev.loomcrawl.CrawlRecord;
import dev.loomcrawl.FinishedUrl;
import dev.loomcrawl.state.StoreWithOutputs;

import java.io.IOException;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * An output's writer when the crawl has a state ({@link StoreWithOutputs}): the state's writer thread, about to
 * commit a batch, gives each finished URL of it to the output in commit order (which formats it and hands the
 * result here: written to the file at once, on that thread), then calls {@link #sync}, which flushes and syncs the
 * file and says where it now ends. Nothing waits here between a worker and a commit.
 */
final class CommittedWriter<T> implements Appender<T> {
    private final String key;
    private final String target;
    private final Sink<T> sink;
    private final Supplier<String> end;
    private boolean unsynced = true; // the state's writer thread's only, like the sink
    private boolean failed;

    /**
     * @param key    the output's name in the state (where it ended is saved under it)
     * @param target what is written (a path), for messages
     * @param end    where the sink's file ends, after a flush
     */
    CommittedWriter(String key, String target, Sink<T> sink, Supplier<String> end) {
        this.key = key;
        this.target = target;
        this.sink = sink;
        this.end = end;
    }

    /**
     * Has the state write this output before each commit from now on: each finished URL of the batch goes to
     * {@code write} (which hands its items to this writer), then the file is synced and its end saved.
     */
    void commitWith(StoreWithOutputs state, Consumer<FinishedUrl> write) {
        state.add(key, batch -> {
            batch.forEach(write);
            return sync();
        });
    }

    /** Writes one item now: called on the state's writer thread, by the output it was given to. */
    @Override
    public void write(CrawlRecord record, T item) {
        try {
            sink.write(item);
            unsynced = true;
        } catch (IOException | RuntimeException e) {
            throw failure(e);
        }
    }

    /** Forces what was written to the storage device; returns where the file now ends. */
    private String sync() {
        try {
            if (unsynced) {
                sink.flush();
                sink.sync();
                unsynced = false;
            }
            return end.get();
        } catch (IOException | RuntimeException e) {
            throw failure(e);
        }
    }

    private OutputException failure(Exception e) {
        failed = true;
        return e instanceof IOException io ? new OutputException(target, io)
                : e instanceof OutputException o ? o : new OutputException(target, e.toString());
    }

    /**
     * Closes the file. Call it once the state's writer thread has ended: the file's committed part is written
     * already, and what a commit that failed left behind is cut by the next run.
     */
    @Override
    public void close() {
        try {
            sink.close();
        } catch (IOException e) {
            if (!failed) throw new OutputException(target, e);
        }
    }
}
