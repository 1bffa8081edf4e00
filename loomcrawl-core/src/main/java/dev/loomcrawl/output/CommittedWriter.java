package dev.loomcrawl.output;

import dev.loomcrawl.CrawlRecord;
import dev.loomcrawl.state.CommittedOutput;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * An output's writer when the crawl has a state ({@link dev.loomcrawl.state.StoreWithOutputs}): workers hand
 * over each URL's items, which wait here (a map insert, no I/O) until the state's writer thread, about to commit
 * the URL's record, calls {@link #write(List)}; that writes them in commit order, flushes and syncs the file, and
 * says where it now ends. Items of URLs that are never committed (the state failed) are dropped on close. At most
 * the URLs in flight wait here: a worker does not let go of its visit before the visit's record is committed.
 */
final class CommittedWriter<T> implements Appender<T>, CommittedOutput {
    private final String target;
    private final Sink<T> sink;
    private final Supplier<String> end;
    private final Map<String, List<T>> held = new ConcurrentHashMap<>();
    private boolean unsynced = true; // the writer thread's only, like the sink
    private boolean failed;

    /**
     * @param target what is written (a path), for messages
     * @param end    where the sink's file ends, after a flush
     */
    CommittedWriter(String target, Sink<T> sink, Supplier<String> end) {
        this.target = target;
        this.sink = sink;
        this.end = end;
    }

    @Override
    public void write(CrawlRecord record, T item) {
        held.computeIfAbsent(record.url().toString(), url -> new ArrayList<>(1)).add(item);
    }

    @Override
    public String write(List<CrawlRecord> finished) {
        try {
            for (CrawlRecord r : finished) {
                List<T> items = held.remove(r.url().toString());
                if (items == null) continue;
                for (T item : items) sink.write(item);
                unsynced = true;
            }
            if (unsynced) {
                sink.flush();
                sink.sync();
                unsynced = false;
            }
            return end.get();
        } catch (IOException | RuntimeException e) {
            failed = true;
            throw e instanceof IOException io ? new OutputException(target, io)
                    : e instanceof OutputException o ? o : new OutputException(target, e.toString());
        }
    }

    /**
     * Drops what was never committed and closes the file. Call it once the state's writer thread has ended: the
     * file's committed part is written already, and what a commit that failed left behind is cut by the next run.
     */
    @Override
    public void close() {
        held.clear();
        try {
            sink.close();
        } catch (IOException e) {
            if (!failed) throw new OutputException(target, e);
        }
    }
}
