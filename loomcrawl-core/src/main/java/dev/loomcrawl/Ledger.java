package dev.loomcrawl;

import dev.loomcrawl.frontier.Frontier;
import dev.loomcrawl.reason.DropReason;
import dev.loomcrawl.reason.Limit;
import dev.loomcrawl.reason.Reason;
import dev.loomcrawl.result.CrawlSummary;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * The crawl's ledger: every URL the crawl discovers ends in exactly one of its columns, done (a record), dropped
 * (counted by reason), or still to do (queued, or abandoned when {@code cancel()} aborted its fetch); the links not
 * followed are counted by reason too. The workers add to it at once; {@link #summary} reads it once they are over.
 */
final class Ledger {
    // by reason: a DropReason, or the Limit reached for what it left to do
    private final Map<Reason, LongAdder> dropped = new ConcurrentHashMap<>();
    private final Map<Reason, LongAdder> unfollowed = new ConcurrentHashMap<>();
    private final LongAdder discovered = new LongAdder();
    private final AtomicLong done = new AtomicLong();
    private final AtomicLong abandoned = new AtomicLong();
    private final AtomicReference<Limit> limitReached = new AtomicReference<>();

    /** A URL the crawl had not seen: queued, or dropped. */
    void discovered() {
        discovered.increment();
    }

    /** A discovered URL a limit or trap guard dropped. */
    void dropped(DropReason reason, long n) {
        count(dropped, reason, n);
    }

    /** Links not followed, by why. */
    void unfollowed(Reason reason, long n) {
        count(unfollowed, reason, n);
    }

    /** A URL came to its record. */
    void done() {
        done.incrementAndGet();
    }

    /** A fetch aborted by {@code cancel()}: its URL counts as still to do. */
    void abandoned() {
        abandoned.incrementAndGet();
    }

    /** The first budget to run out stops the crawl; false when another already did. */
    boolean limitReached(Limit limit) {
        return limitReached.compareAndSet(null, limit);
    }

    /**
     * How the crawl went, once its workers are over. What is still to do when a budget ran out counts as dropped by
     * that budget, so that the ledger balances.
     */
    CrawlSummary summary(Frontier frontier, Duration elapsed, int maxTasks, boolean interrupted) {
        long todo = frontier.queued() + abandoned.get();
        Limit limit = limitReached.get();
        if (limit != null && todo > 0) count(dropped, limit, todo);
        return new CrawlSummary(done.get(), todo, elapsed, maxTasks, interrupted, Instant.now(), limit,
                counts(dropped), frontier.shared() ? -1 : discovered.sum(), counts(unfollowed));
    }

    private static void count(Map<Reason, LongAdder> counters, Reason reason, long n) {
        counters.computeIfAbsent(reason, r -> new LongAdder()).add(n);
    }

    /** The counts by the reasons' labels, as the summary and the outputs name them. */
    private static Map<String, Long> counts(Map<Reason, LongAdder> counters) {
        Map<String, Long> counts = new TreeMap<>();
        counters.forEach((reason, n) -> counts.put(reason.label(), n.sum()));
        return counts;
    }
}
