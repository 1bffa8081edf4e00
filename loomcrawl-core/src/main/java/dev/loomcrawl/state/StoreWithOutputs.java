package dev.loomcrawl.state;

import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.output.CommitStage;
import dev.loomcrawl.output.CommittedOutput;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * A store whose outputs (records, link graph, items, WARC files) are written in step with its commits, so that
 * they hold each finished URL exactly once over all the crawl's runs, kills included.
 *
 * <p>As a URL finishes, each output prepares its part of it on the worker's thread ({@link #prepare}: a line, a
 * WARC capture), which rides with the URL's {@link StateChange.Finished}. Before each commit, every output
 * writes the parts of the batch's finished URLs, in commit order, and forces them to disk; where each output then ends is saved in the same commit ({@link StateChange.SettingsChanged}, as the
 * setting {@code written.KEY}). So the part of a file up to its saved end holds exactly the committed URLs. A run
 * killed at any moment leaves at most the batch being written past that end; the next run cuts it off
 * ({@link #resumeAt}) before appending, and fetches those URLs again, since they were never committed.
 *
 * <p>Add the outputs before the crawl starts. Their writes run on the store's writer thread, with no lock held;
 * a failed write fails the commit (as a full disk under the state would) and stops the crawl.
 */
public final class StoreWithOutputs implements CrawlStore, CommitStage {
    /** The prefix of the settings that hold where each output ended at the last commit. */
    public static final String WRITTEN = "written.";

    private record Added(String key, CommittedOutput<?> output) {}

    private final CrawlStore store;
    private final Map<String, String> saved = new HashMap<>();
    private Boolean fresh; // asked of the store once, when the first output opens
    private final List<Added> outputs = new CopyOnWriteArrayList<>();

    public StoreWithOutputs(CrawlStore store) {
        this.store = store;
        for (Setting s : store.settings()) {
            if (s.name().startsWith(WRITTEN)) saved.put(s.name().substring(WRITTEN.length()), s.value());
        }
    }

    @Override
    public String resumeAt(String key) {
        if (fresh == null) fresh = saved.isEmpty() && store.summary().done() == 0;
        return fresh ? null : saved.getOrDefault(key, "");
    }

    /** Writes {@code output} before each commit from now on; its end is saved as {@code written.KEY}. */
    @Override
    public void add(String key, CommittedOutput<?> output) {
        if (outputs.stream().anyMatch(a -> a.key().equals(key))) {
            throw new IllegalArgumentException("two outputs write " + key);
        }
        outputs.add(new Added(key, output));
    }

    /** Writes the outputs' part of the batch, then applies the batch and the outputs' new ends as one commit. */
    @Override
    public void apply(List<StateChange> changes) {
        if (outputs.isEmpty()) {
            store.apply(changes);
            return;
        }
        List<Setting> ends = new ArrayList<>(outputs.size());
        for (int i = 0; i < outputs.size(); i++) {
            Added a = outputs.get(i);
            List<Object> prepared = new ArrayList<>();
            for (StateChange c : changes) {
                if (c instanceof StateChange.Finished f && f.prepared() instanceof List<?> parts && parts.size() > i
                        && parts.get(i) != null) {
                    prepared.add(parts.get(i));
                }
            }
            try {
                ends.add(new Setting(WRITTEN + a.key(), write(a.output(), prepared)));
            } catch (RuntimeException e) {
                throw new StateException("crawl stopped: " + e.getMessage() + ". The state and the outputs are as of "
                        + "the last commit: once the file can be written, resume the crawl from " + location(), e);
            }
        }
        List<StateChange> all = new ArrayList<>(changes.size() + 1);
        all.addAll(changes);
        all.add(new StateChange.SettingsChanged(ends));
        store.apply(all);
    }

    /** What each output makes of the finished URL, in the outputs' order, prepared on the worker's thread. */
    @Override
    public Object prepare(FinishedUrl finished) {
        if (outputs.isEmpty()) return null;
        List<Object> parts = new ArrayList<>(outputs.size());
        for (Added a : outputs) parts.add(a.output().prepare(finished));
        return parts;
    }

    @SuppressWarnings("unchecked") // what prepare() returned for this output, given back to it
    private static <T> String write(CommittedOutput<T> output, List<Object> prepared) {
        return output.write((List<T>) prepared);
    }

    @Override
    public String location() {
        return store.location();
    }

    @Override
    public String crawlId() {
        return store.crawlId();
    }

    @Override
    public List<Setting> settings() {
        return store.settings();
    }

    @Override
    public boolean keepsLinks() {
        return store.keepsLinks();
    }

    @Override
    public boolean keepsPayloads() {
        return store.keepsPayloads();
    }

    @Override
    public String originalPayload(String digest, String original) {
        return store.originalPayload(digest, original);
    }

    @Override
    public int startPass(RevisitPolicy policy) {
        return store.startPass(policy);
    }

    @Override
    public Resumption resume(LongConsumer seen, boolean perHost) {
        return store.resume(seen, perHost);
    }

    @Override
    public List<StoredVisit> queued(long fromId, int max) {
        return store.queued(fromId, max);
    }

    @Override
    public CrawlSummary summary() {
        return store.summary();
    }

    @Override
    public void forEachRecord(Consumer<CrawlRecord> action) {
        store.forEachRecord(action);
    }

    /** Closes the store (the outputs are their owners' to close). */
    @Override
    public void close() {
        store.close();
    }
}
