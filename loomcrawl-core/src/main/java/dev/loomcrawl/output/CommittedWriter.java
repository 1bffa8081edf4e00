package dev.loomcrawl.output;

import dev.loomcrawl.result.FinishedUrl;

import java.io.IOException;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * An output's writer: what the output makes of a finished URL is prepared on the worker's thread and rides with the
 * URL to the journal's commit; the journal's writer thread, committing a batch, writes the batch's items here in
 * commit order, then flushes the file (and, with a state, syncs it) and saves where it now ends. Only that thread
 * writes, so items never interleave and no worker touches the file or holds a lock across I/O.
 */
public final class CommittedWriter<T> {
    private final String key;
    private final String target;
    private final Sink<T> sink;
    private final Supplier<String> end;
    private boolean unsynced = true; // the journal's writer thread's only, like the sink
    private boolean unflushed = true;
    private boolean failed;

    /**
     * @param key    the output's name in the journal (where it ended is saved under it)
     * @param target what is written (a path, "standard output"), for messages
     * @param end    where the sink's file ends, after a flush
     */
    public CommittedWriter(String key, String target, Sink<T> sink, Supplier<String> end) {
        this.key = key;
        this.target = target;
        this.sink = sink;
        this.end = end;
    }

    /**
     * Has the journal write this output with each commit from now on: {@code prepare} makes the item of each
     * finished URL (null for none) on the worker's thread; the commit writes the batch's items, flushes (or syncs)
     * the file and saves its end.
     */
    public void commitWith(CommitStage journal, Function<FinishedUrl, T> prepare) {
        journal.add(key, new CommittedOutput<T>() {
            @Override
            public T prepare(FinishedUrl finished) {
                return prepare.apply(finished);
            }

            @Override
            public String write(List<T> prepared, boolean force) {
                for (T item : prepared) CommittedWriter.this.write(item);
                return flush(force);
            }
        });
    }

    private void write(T item) {
        try {
            sink.write(item);
            unsynced = true;
            unflushed = true;
        } catch (IOException | RuntimeException e) {
            throw failure(e);
        }
    }

    /** Pushes what was written to the operating system, or with {@code force} to the device; returns the end. */
    private String flush(boolean force) {
        try {
            if (unflushed) {
                sink.flush();
                unflushed = false;
            }
            if (force && unsynced) {
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
     * Closes the file. Call it once the journal is closed: the file's committed part is written already, and what
     * a commit that failed left behind is cut by the next run (with a state).
     */
    public void close() {
        try {
            sink.close();
        } catch (IOException e) {
            if (!failed) throw new OutputException(target, e);
        }
    }
}
