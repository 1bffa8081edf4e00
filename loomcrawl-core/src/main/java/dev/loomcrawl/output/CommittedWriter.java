package dev.loomcrawl.output;

import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FinishedUrl;

import java.io.IOException;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * An output's writer when the crawl has a state ({@link CommitStage}): what the output makes of a finished
 * URL is prepared on the worker's thread and rides with the URL's change to the commit; the state's writer
 * thread, about to commit a batch, writes the batch's items here in commit order, then flushes and syncs the
 * file and saves where it now ends. Nothing is held here between a worker and a commit.
 */
public final class CommittedWriter<T> implements Appender<T> {
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
    public CommittedWriter(String key, String target, Sink<T> sink, Supplier<String> end) {
        this.key = key;
        this.target = target;
        this.sink = sink;
        this.end = end;
    }

    /**
     * Has the state write this output before each commit from now on: {@code prepare} makes the item of each
     * finished URL (null for none) on the worker's thread; the commit writes the batch's items, then syncs the
     * file and saves its end.
     */
    public void commitWith(CommitStage state, Function<FinishedUrl, T> prepare) {
        state.add(key, new CommittedOutput<T>() {
            @Override
            public T prepare(FinishedUrl finished) {
                return prepare.apply(finished);
            }

            @Override
            public String write(List<T> prepared) {
                for (T item : prepared) CommittedWriter.this.write(item);
                return sync();
            }
        });
    }

    /** Not for this writer: its output's items reach it through the state's commits ({@link #commitWith}). */
    @Override
    public void write(CrawlRecord record, T item) {
        throw new IllegalStateException(target + " is written by the crawl's state, not by a listener");
    }

    private void write(T item) {
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
