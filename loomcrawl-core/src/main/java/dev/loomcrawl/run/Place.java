package dev.loomcrawl.run;

import dev.loomcrawl.Crawler;
import dev.loomcrawl.CrawlerBuilder;
import dev.loomcrawl.state.CrawlStore;

import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;

/**
 * Where a crawl's frontier, seen set and records live: this process's memory, a state store (a file the crawl is
 * resumed from), or a frontier shared with other processes (Redis).
 */
public sealed interface Place permits Place.Memory, Place.State, Place.Shared {
    /** In memory; what outgrows it spills into {@code spillDir} (null: the temporary directory). */
    record Memory(Path spillDir) implements Place {}

    /**
     * In {@code store}: a new crawl or the next run of one. The crawl's cookie jar starts as the store's last commit
     * left it, and is kept with each commit.
     */
    record State(CrawlStore store) implements Place {
        public State {
            Objects.requireNonNull(store, "store");
        }
    }

    /**
     * A frontier shared with other processes, which {@code join} puts under the crawler it builds from the parts it
     * is given (Redis's {@code RedisCrawl.crawler(parts, leaseTime)}).
     */
    record Shared(Function<CrawlerBuilder, Crawler> join) implements Place {
        public Shared {
            Objects.requireNonNull(join, "join");
        }
    }

    /** In memory, spilling to the temporary directory. */
    static Place memory() {
        return new Memory(null);
    }
}
