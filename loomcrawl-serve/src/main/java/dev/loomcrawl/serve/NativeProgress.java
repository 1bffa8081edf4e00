package dev.loomcrawl.serve;

import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.CrawlSummary;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * How a native crawl job stands: its finished URLs counted by {@link Outcome} as they are committed, when its run
 * started, and the ledger of its last run once it ended (discovered = recorded + dropped + queued). Read without a
 * lock by the status and the event stream while the crawl's workers add to it.
 */
final class NativeProgress {
    /** What became of a finished URL, as the status counts it. */
    enum Outcome {
        /** A response below 300. */
        OK,
        /** A redirect, followed as a URL of its own. */
        REDIRECT,
        /** A response of 400 or more. */
        HTTP_ERROR,
        /** No usable response: a network error, a timeout, a redirect loop. */
        FAILED,
        /** Not fetched: robots.txt, say. */
        SKIPPED;

        String label() {
            return name().toLowerCase(Locale.ROOT).replace("_e", "E");
        }

        static Outcome of(CrawlRecord r) {
            if (r.skipped()) return SKIPPED;
            if (r.failed()) return FAILED;
            if (r.isRedirect()) return REDIRECT;
            if (r.statusAtLeast(400)) return HTTP_ERROR;
            return OK;
        }
    }

    private final Map<Outcome, LongAdder> counts = new EnumMap<>(Outcome.class);
    private volatile Instant startedAt;
    private volatile CrawlSummary summary;
    private volatile boolean known;
    private volatile long recordedAtStart;

    NativeProgress() {
        for (Outcome o : Outcome.values()) counts.put(o, new LongAdder());
    }

    void add(CrawlRecord r) {
        counts.get(Outcome.of(r)).increment();
    }

    /**
     * Counts every record of the crawl's state once ({@code records} walks them): at the start of a run, so that a
     * resumed job's counts hold its earlier runs, or when a finished job kept from before a restart is asked for.
     */
    void seed(Consumer<Consumer<CrawlRecord>> records) {
        if (known) return;
        counts.values().forEach(LongAdder::reset);
        records.accept(this::add);
        known = true;
    }

    boolean known() {
        return known;
    }

    /** This run starts now (its URLs per second are counted from here); {@link #seed} first. */
    void started(Instant at) {
        recordedAtStart = recorded();
        startedAt = at;
        summary = null;
    }

    void ended(CrawlSummary s) {
        summary = s;
    }

    Instant startedAt() {
        return startedAt;
    }

    CrawlSummary summary() {
        return summary;
    }

    long count(Outcome o) {
        return counts.get(o).sum();
    }

    long recorded() {
        long all = 0;
        for (LongAdder a : counts.values()) all += a.sum();
        return all;
    }

    /** URLs recorded per second of this run, from its start to {@code until} (0 before it started). */
    double pagesPerSecond(Instant until) {
        Instant from = startedAt;
        if (from == null) return 0;
        double seconds = Math.max(0.001, Duration.between(from, until).toNanos() / 1e9);
        return Math.round((recorded() - recordedAtStart) / seconds * 10) / 10.0;
    }
}
