package dev.loomcrawl.store.sqlite;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.frontier.Frontier;
import dev.loomcrawl.frontier.FrontierContract;
import dev.loomcrawl.frontier.Lease;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.state.DurableFrontier;
import dev.loomcrawl.state.StateJournal;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * The durable frontier, on a real SQLite file, holds to the frontier contract. Its window is small, so the
 * contract's larger tests also go through the spill to disk and back.
 *
 * <p>The contract hands a finished visit back as {@code lease.done(finished)}; a durable frontier's visit is
 * finished by the crawl's journal, so each lease here journals what it is done with first, under its ticket, as
 * the crawler does ({@code journal.finished(lease.ticket(), finished)}, then {@code lease.done(finished)}).
 */
class DurableFrontierContractTest extends FrontierContract {
    private static final CrawlConfig CONFIG = CrawlConfig.builder().root("http://a.test/").build();
    private static final int WINDOW = 8;

    @TempDir
    Path dir;
    private final Map<Frontier, Path> files = new HashMap<>();
    private final Map<Frontier, SqliteCrawlStore> stores = new HashMap<>();

    @Override
    protected Frontier open(int perOrigin, Duration delay) {
        Path file = dir.resolve("state-" + files.size() + ".db");
        return opened(file, SqliteCrawlStore.create(file, CONFIG, false), perOrigin, delay);
    }

    @Override
    protected void afterClose(Frontier frontier) {
        stores.remove(frontier).close();
    }

    @Override
    protected boolean durable() {
        return true;
    }

    @Override
    protected Frontier openAgain(Frontier closed, int perOrigin, Duration delay) {
        Path file = files.get(closed);
        return opened(file, SqliteCrawlStore.open(file), perOrigin, delay);
    }

    private Frontier opened(Path file, SqliteCrawlStore store, int perOrigin, Duration delay) {
        Frontier frontier = new Journaling(DurableFrontier.open(store, StateJournal.open(store), perOrigin, delay,
                WINDOW, false));
        files.put(frontier, file);
        stores.put(frontier, store);
        return frontier;
    }

    /** The durable frontier, whose leases journal their finished visit before they are done, as the crawler does. */
    private record Journaling(DurableFrontier frontier) implements Frontier {
        @Override
        public boolean offer(Visit visit) {
            return frontier.offer(visit);
        }

        @Override
        public boolean markSeen(WebUrl url) {
            return frontier.markSeen(url);
        }

        @Override
        public boolean enqueue(Visit visit) {
            return frontier.enqueue(visit);
        }

        @Override
        public boolean[] enqueueAll(java.util.List<Visit> visits) {
            return frontier.enqueueAll(visits);
        }

        @Override
        public boolean seen(WebUrl url) {
            return frontier.seen(url);
        }

        @Override
        public Lease take() throws InterruptedException {
            Lease lease = frontier.take();
            return lease == null ? null : new JournaledLease(frontier, lease);
        }

        @Override
        public void setDelay(Origin origin, Duration delay) {
            frontier.setDelay(origin, delay);
        }

        @Override
        public void stop() {
            frontier.stop();
        }

        @Override
        public void drop(Visit visit, String reason) {
            frontier.drop(visit, reason);
        }

        @Override
        public void finish(CrawlSummary summary) {
            frontier.finish(summary);
        }

        @Override
        public void close() {
            frontier.close();
        }

        @Override
        public boolean shared() {
            return frontier.shared();
        }

        @Override
        public int queued() {
            return frontier.queued();
        }

        @Override
        public int inFlight() {
            return frontier.inFlight();
        }
    }

    /** A lease whose first done journals what the visit came to (if anything), then ends the taking. */
    private static final class JournaledLease implements Lease {
        private final DurableFrontier frontier;
        private final Lease lease;
        private boolean done;

        JournaledLease(DurableFrontier frontier, Lease lease) {
            this.frontier = frontier;
            this.lease = lease;
        }

        @Override
        public Visit visit() {
            return lease.visit();
        }

        @Override
        public long ticket() {
            return lease.ticket();
        }

        @Override
        public void started() {
            lease.started();
        }

        @Override
        public void release(Duration pause) {
            lease.release(pause);
        }

        @Override
        public void retryLater(Visit again, Duration pause) {
            lease.retryLater(again, pause);
        }

        @Override
        public void done(FinishedUrl finished) {
            try {
                if (finished != null && !done) frontier.journal().finished(lease.ticket(), finished);
                done = true;
            } finally {
                lease.done(finished);
            }
        }
    }
}
