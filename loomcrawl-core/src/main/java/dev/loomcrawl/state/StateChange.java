package dev.loomcrawl.state;

import dev.loomcrawl.reason.DropReason;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.result.FoundLink;
import dev.loomcrawl.result.LastCapture;
import dev.loomcrawl.frontier.Visit;

import java.util.List;

/**
 * One change to a crawl's durable state. The journal's writer thread (the state's journal) hands them to the {@link CrawlStore} in
 * the order they happened, so that whatever prefix of them is on disk after a crash is a state the crawl
 * could have been in. Ids number the URLs in discovery order, which is also the order they are fetched in.
 */
public sealed interface StateChange {

    /** A URL seen for the first time and queued. */
    record Queued(long id, Visit visit, long fingerprint) implements StateChange {}

    /** A URL seen for the first time and not queued, because a limit or trap guard dropped it. */
    record Dropped(long id, Visit visit, long fingerprint, DropReason reason) implements StateChange {}

    /**
     * A queued URL is finished: its record, and the links the store keeps (every link of its page when the store
     * keeps the link graph, else none). From here on the URL is not fetched again in this pass of the crawl.
     *
     * @param capture  what the next pass compares with and sends in its conditional GET: the response's status,
     *                 payload digest and validators; null to keep the last one (no response came, or a 304)
     * @param outlinks the fingerprints of the URLs the page led to (the links the crawl followed, a redirect's
     *                 target), for a later pass to know which URLs nothing links to any more; null to keep the last
     *                 ones (a 304 has no body to read them from)
     */
    record Finished(long id, CrawlRecord record, List<FoundLink> links, LastCapture capture, long[] outlinks)
            implements StateChange {
        public Finished(long id, CrawlRecord record, List<FoundLink> links) {
            this(id, record, links, null, null);
        }
    }

    /** This run of the crawl ended cleanly (finished, stopped, or at a limit) and this is how. */
    record RunEnded(CrawlSummary summary) implements StateChange {}

    /**
     * Settings kept beside the configuration ({@link CrawlStore#settings()}), set in the same commit as the
     * changes around them: each replaces every setting of its name. The state's journal saves where its
     * outputs end this way, so that a file's length and the records it holds are committed together.
     */
    record SettingsChanged(List<Setting> settings) implements StateChange {
        public SettingsChanged {
            settings = List.copyOf(settings);
        }
    }
}
