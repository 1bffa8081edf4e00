package dev.loomcrawl.output.warc;

import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.output.CommitStage;
import dev.loomcrawl.output.CommittedOutput;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The smallest crawl state that outputs opened on a {@link CommitStage} can live with: as a listener, it commits each
 * finished URL on its own (prepare, then write, one URL at a time) and keeps where each output then ends, which a
 * later run (a resumed crawl) is given. What the SQLite state does with batches, without a database.
 */
final class CommitEachUrl implements CommitStage, CrawlListener {
    private final boolean resumed;
    private final Map<String, String> ends = new HashMap<>();
    private final Map<String, CommittedOutput<?>> outputs = new HashMap<>();
    private final ReentrantLock lock = new ReentrantLock();

    /** A new crawl's state. */
    CommitEachUrl() {
        this.resumed = false;
    }

    /** The state of {@code earlier}'s crawl, resumed: its outputs go on from where they ended. */
    CommitEachUrl(CommitEachUrl earlier) {
        this.resumed = true;
        this.ends.putAll(earlier.ends);
    }

    @Override
    public String resumeAt(String key) {
        return resumed ? ends.getOrDefault(key, "") : null;
    }

    @Override
    public void add(String key, CommittedOutput<?> output) {
        outputs.put(key, output);
    }

    @Override
    public void onFinished(FinishedUrl finished) {
        lock.lock();
        try {
            outputs.forEach((key, output) -> ends.put(key, commit(output, finished)));
        } finally {
            lock.unlock();
        }
    }

    private static <T> String commit(CommittedOutput<T> output, FinishedUrl finished) {
        T item = output.prepare(finished);
        List<T> batch = new ArrayList<>();
        if (item != null) batch.add(item);
        return output.write(batch, true);
    }
}
