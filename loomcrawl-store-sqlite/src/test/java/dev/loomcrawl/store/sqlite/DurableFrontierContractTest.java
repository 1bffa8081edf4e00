package dev.loomcrawl.store.sqlite;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.frontier.Frontier;
import dev.loomcrawl.frontier.FrontierContract;
import dev.loomcrawl.frontier.Lease;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.internal.state.DurableFrontier;
import dev.loomcrawl.internal.state.StateJournal;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The durable frontier, on a real SQLite file, holds to the frontier contract. Its window is small, so the
 * contract's larger tests also go through the spill to disk and back.
 * A finished visit is journaled first, under its lease's ticket, as the crawler does.
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
        DurableFrontier frontier = DurableFrontier.open(store, StateJournal.open(store), perOrigin, delay, WINDOW,
                false);
        files.put(frontier, file);
        stores.put(frontier, store);
        return frontier;
    }

    /** As the crawler does: the visit is finished by the journal, under its lease's ticket, then done. */
    @Override
    protected void finished(Frontier f, Lease lease, FinishedUrl finished) {
        assertTrue(((DurableFrontier) f).journal().finished(lease.ticket(), finished), "journaled");
        lease.done(finished);
    }
}
