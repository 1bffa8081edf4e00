package dev.loomcrawl.store.sqlite;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.frontier.Frontier;
import dev.loomcrawl.frontier.FrontierContract;
import dev.loomcrawl.state.DurableFrontier;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

/** The frontier contract on the durable frontier over a real SQLite state file (a window of 2 visits in memory). */
class DurableFrontierContractTest extends FrontierContract {
    @TempDir
    Path dir;
    private int files;

    @Override
    protected Frontier open(int perOrigin) {
        SqliteCrawlStore store = closeAfter(SqliteCrawlStore.create(dir.resolve("s" + files++ + ".db"),
                CrawlConfig.builder().root("http://root.test/").build(), false));
        // a window of 2: the contract's visits go through the disk too
        return DurableFrontier.open(store, perOrigin, Duration.ZERO, 2, false);
    }

    @Override
    protected boolean shared() {
        return false;
    }
}
