package dev.loomcrawl.internal.state;

import dev.loomcrawl.state.StateException;
import dev.loomcrawl.state.StateChange;
import dev.loomcrawl.state.Setting;
import dev.loomcrawl.state.CrawlStore;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.fetch.Validators;
import dev.loomcrawl.internal.journal.JournalWriter;
import dev.loomcrawl.output.warc.HttpBlocks;
import dev.loomcrawl.result.Change;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.result.LastCapture;
import dev.loomcrawl.result.LazyContent;
import dev.loomcrawl.result.PageContent;
import dev.loomcrawl.url.UrlFingerprint;
import dev.loomcrawl.url.WebUrl;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The journal of a crawl with a state: its writer thread commits to a {@link CrawlStore}, so that the outputs hold
 * each finished URL exactly once over all the crawl's runs, kills included.
 *
 * <p>A finished URL becomes a {@link StateChange.Finished} under its ticket (the id its URL was queued with), made
 * on the worker's thread with what the next pass compares with. Before each commit, every output writes the parts of
 * the batch's finished URLs, in commit order, and forces them to disk; where each output then ends is saved in the
 * same commit ({@link StateChange.SettingsChanged}, as the setting {@code written.KEY}), with the values kept
 * beside them (the cookie jar). So the part of a file up to its saved end holds exactly the committed URLs. A run
 * killed at any moment leaves at most the batch being written past that end; the next run cuts it off before
 * appending, and fetches those URLs again, since they were never committed.
 */
public final class StateJournal implements JournalWriter.Backing<StateChange> {
    private final CrawlStore store;

    private StateJournal(CrawlStore store) {
        this.store = store;
    }

    /** The journal of the crawl in {@code store}; its writer thread is the one that applies changes to the store. */
    public static JournalWriter<StateChange> open(CrawlStore store) {
        return new JournalWriter<>(new StateJournal(store));
    }

    @Override
    public Map<String, String> saved() {
        Map<String, String> saved = new HashMap<>();
        for (Setting s : store.settings()) saved.put(s.name(), s.value());
        return saved;
    }

    @Override
    public boolean fresh() {
        return store.settings().stream().noneMatch(s -> s.name().startsWith("written."))
                && store.summary().done() == 0;
    }

    @Override
    public boolean durable() {
        return true;
    }

    @Override
    public StateChange finished(long ticket, FinishedUrl finished) {
        return new StateChange.Finished(ticket, finished.record(),
                store.keepsLinks() ? finished.links() : List.of(), capture(finished), outlinks(finished));
    }

    @Override
    public void apply(List<StateChange> changes, Map<String, String> saved) {
        List<StateChange> all = changes;
        if (!saved.isEmpty()) {
            List<Setting> settings = new ArrayList<>(saved.size());
            saved.forEach((name, value) -> settings.add(new Setting(name, value)));
            all = new ArrayList<>(changes.size() + 1);
            all.addAll(changes);
            all.add(new StateChange.SettingsChanged(settings));
        }
        if (all.isEmpty()) return;
        try {
            store.apply(all);
        } catch (StateException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new StateException(store.location() + ": " + e.getMessage(), e);
        }
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
    public RuntimeException unprepared(FinishedUrl finished, RuntimeException e) {
        String context = "crawl stopped: " + finished.record().url() + " could not be written: ";
        return e instanceof StateException s ? StateException.within(context, s)
                : new StateException(context + e.getMessage(), e);
    }

    @Override
    public RuntimeException unwritten(RuntimeException e) {
        return StateException.resumable("crawl stopped: " + e.getMessage() + ". The state and the outputs are as of "
                + "the last commit: once the file can be written, ", e, store.location());
    }

    /**
     * What the next pass of the crawl will compare the URL with, hashing the body here, on the worker's thread; null
     * when the store should keep what it has (no response came, or the server said it was not modified).
     */
    private static LastCapture capture(FinishedUrl finished) {
        FetchResult.Response r = finished.response();
        if (r == null || finished.record().change() == Change.NOT_MODIFIED) return null;
        Change change = finished.record().change();
        Instant archived = change == Change.UNCHANGED ? null : finished.record().startedAt(); // a revisit's: kept
        Validators validators = Validators.of(r);
        byte[] head = archived != null && validators.any() ? HttpBlocks.responseHead(r) : null;
        return new LastCapture(r.status(), Change.digest(r), validators, archived, head, textDigest(finished));
    }

    /**
     * The digest of the page's main text, for the next pass to tell a template change by: when its content was made
     * already (the crawl made it as it read the page for a content output, or an output or the change check asked), or
     * in a re-crawl's pass, which makes it for every page it revisits (unless its bytes are unchanged and the store has
     * their text's digest); null otherwise (the store keeps the one it has). A first crawl without a content output
     * makes none, so the first re-crawl after it cannot tell a template change: the passes after it can.
     */
    private static String textDigest(FinishedUrl finished) {
        LazyContent lazy = finished.lazyContent();
        if (lazy == null || !lazy.made() && finished.previous() == null) return null;
        if (!lazy.made() && finished.record().change() == Change.UNCHANGED && finished.previous().textDigest() != null) {
            return null; // the same bytes: the same text, whose digest the store has
        }
        PageContent content = lazy.get();
        return content == null ? null : Change.textDigest(content.text());
    }

    /**
     * The fingerprints of the URLs a finished URL led to: the links the crawl followed (a page's, a stylesheet's, a
     * sitemap's entries) or a redirect's target; null when it is not known now (no response, or a 304).
     */
    private static long[] outlinks(FinishedUrl finished) {
        CrawlRecord r = finished.record();
        if (!r.answered() || r.change() == Change.NOT_MODIFIED) return null;
        if (r.isRedirect()) {
            WebUrl target = WebUrl.tryParse(r.nextUrl(), null);
            return target == null ? new long[0] : new long[] {UrlFingerprint.of(target)};
        }
        return finished.links().stream().filter(f -> f.notFollowed() == null && f.link().target() != null)
                .mapToLong(f -> UrlFingerprint.of(f.link().target())).distinct().toArray();
    }
}
