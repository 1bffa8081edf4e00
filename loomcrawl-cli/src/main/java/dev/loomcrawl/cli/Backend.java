package dev.loomcrawl.cli;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.run.Place;
import dev.loomcrawl.spill.SpillDirectory;
import dev.loomcrawl.redis.RedisCrawl;
import dev.loomcrawl.report.ChangeReport;
import dev.loomcrawl.state.CrawlStore;
import dev.loomcrawl.state.Setting;
import dev.loomcrawl.store.sqlite.SqliteCrawlStore;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Where a crawl's frontier, seen set and records live: in this process's memory ({@code crawl}), in a state file
 * ({@code crawl --state}, {@code resume}), or in Redis, shared with other processes ({@code crawl --frontier}).
 * Each says what follows from that for {@link CrawlRun}, the command line's one crawl path: where the runner keeps
 * it, where the report's records come from, and whether the roots are judged. Closing it lets go
 * of the state file or the Redis connection.
 */
sealed interface Backend extends AutoCloseable permits Backend.Memory, Backend.StateFile, Backend.Shared {
    /** Where the crawl lives, for the runner ({@link dev.loomcrawl.run.CrawlRunner#in}). */
    Place place();

    /**
     * The store the report is read back from (every run's records, in URL order), or null: the report lists the
     * records this process collected as they finished.
     */
    default CrawlStore store() {
        return null;
    }

    /** Where what outgrows memory goes: the queue of a crawl in memory, the records of its report. */
    default Path spillDir() {
        return SpillDirectory.defaultBase();
    }

    /** Whether a crawl in which no root produced a successful response exits 3, with one line per root. */
    default boolean judgesRoots() {
        return true;
    }

    /** Whether outputs were written by an earlier run: one that cannot be opened was changed since, not misnamed. */
    default boolean resumed() {
        return false;
    }

    /**
     * The line that ends the report of a re-crawl's pass (pass 2 on): what it found so far, as {@code report
     * --changes} counts it ({@code Pass 2: 1 new, 3 changed, ...}); null for a crawl's first pass.
     */
    default String passLine() {
        return null;
    }

    /** After an output could not be opened, before anything was crawled: lets go of what was made for the crawl. */
    default void discard() {}

    @Override
    default void close() {}

    /**
     * The crawl lives in this process: the records it collects are the report's. Its queue and its report's records
     * go to {@code spillDir} once they outgrow memory.
     */
    record Memory(Path spillDir) implements Backend {
        @Override
        public Place place() {
            return new Place.Memory(spillDir);
        }
    }

    /**
     * The crawl's state is in a file: its journal commits the outputs with the state, and the report lists every
     * run's records, read back from it.
     */
    record StateFile(Path file, SqliteCrawlStore store, boolean resumed) implements Backend {
        /** A new crawl's state file, with what each run opens, scrapes and renders ({@code kept}) saved in it. */
        static StateFile create(Path file, CrawlConfig config, boolean keepLinks, List<Setting> kept) {
            return new StateFile(file, SqliteCrawlStore.create(file, config, keepLinks, kept), false);
        }

        /** The next run of the crawl in {@code store}, opened from {@code file}. */
        static StateFile resume(Path file, SqliteCrawlStore store) {
            return new StateFile(file, store, true);
        }

        /** In the state file: the runner keeps the cookie jar with each commit. */
        @Override
        public Place place() {
            return new Place.State(store);
        }

        /** Reads the link graph of the crawl into memory, as {@code report --changes} does: 8 bytes per link. */
        @Override
        public String passLine() {
            int pass = store.pass();
            return pass < 2 ? null : ChangeReport.countsLine(pass, each -> store.forEachChange(pass, each));
        }

        /** A new file holds only the configuration then: it is removed again (whether it can be or not). */
        @Override
        public void discard() {
            store.close();
            if (!resumed) SqliteCrawlStore.delete(file);
        }

        @Override
        public void close() {
            store.close();
        }
    }

    /**
     * The crawl is shared through Redis, joined with {@code config}: this process reports the records it
     * collected, and does not judge the roots, which other processes may have fetched.
     */
    record Shared(RedisCrawl crawl, CrawlConfig config, Duration leaseTime, Path spillDir) implements Backend {
        @Override
        public Place place() {
            return crawl.place(leaseTime);
        }

        @Override
        public boolean judgesRoots() {
            return false;
        }

        @Override
        public void close() {
            crawl.close();
        }
    }
}
