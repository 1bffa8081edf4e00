package dev.loomcrawl.internal.frontier;

import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.frontier.Lease;
import dev.loomcrawl.internal.frontier.InMemoryFrontier;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InMemoryFrontierTest {
    private static Visit visit(String url) {
        return new Visit(WebUrl.parse(url), 10, 0, null);
    }

    @Test
    void aUrlIsQueuedOnceEvenWhenManyThreadsOfferItAtOnce() throws Exception {
        InMemoryFrontier frontier = new InMemoryFrontier();
        AtomicInteger accepted = new AtomicInteger();
        try (ExecutorService threads = Executors.newFixedThreadPool(16)) {
            for (int t = 0; t < 16; t++) {
                threads.execute(() -> {
                    for (int i = 0; i < 5000; i++) {
                        if (frontier.offer(visit("http://x.test/" + i))) accepted.incrementAndGet();
                    }
                });
            }
        }
        assertEquals(5000, accepted.get());
        assertEquals(5000, frontier.queued());
    }

    @Test
    void takeWaitsWhileWorkIsInFlightAndEndsWhenNothingIsLeft() throws Exception {
        InMemoryFrontier frontier = new InMemoryFrontier();
        frontier.offer(visit("http://x.test/"));
        Lease root = frontier.take();
        assertEquals(1, frontier.inFlight());
        var next = new java.util.concurrent.CompletableFuture<Lease>();
        Thread.ofVirtual().start(() -> {
            try {
                next.complete(frontier.take());
            } catch (InterruptedException e) {
                next.completeExceptionally(e);
            }
        });
        Thread.sleep(50);
        assertFalse(next.isDone()); // nothing queued, but the root is in flight and may add work
        frontier.offer(visit("http://x.test/child"));
        assertEquals("http://x.test/child", next.get().visit().url().toString());
        root.done(null);
        next.get().done(null);
        assertNull(frontier.take()); // nothing queued, nothing in flight: the crawl is over
        assertTrue(frontier.seen(WebUrl.parse("http://x.test/child")));
    }

    @Test
    void stopEndsTakesButKeepsTheQueue() throws Exception {
        InMemoryFrontier frontier = new InMemoryFrontier();
        frontier.offer(visit("http://x.test/a"));
        frontier.offer(visit("http://x.test/b"));
        frontier.stop();
        assertNull(frontier.take());
        assertEquals(2, frontier.queued());
    }

    /** A broad crawl meets each origin for a while: once done with, an origin is not kept. */
    @Test
    void anOriginWithNothingQueuedOrInFlightIsForgotten() throws Exception {
        InMemoryFrontier frontier = new InMemoryFrontier(2, java.time.Duration.ZERO);
        for (int i = 0; i < 1000; i++) frontier.offer(visit("http://o" + i + ".test/"));
        frontier.offer(visit("http://o0.test/second"));
        assertEquals(1000, frontier.originsKnown());
        for (int i = 0; i < 1001; i++) frontier.take().done(null);
        assertEquals(0, frontier.originsKnown());
        assertNull(frontier.take(), "and the crawl is over");
    }

    /**
     * An idle origin is kept until its gap since the last fetch start has passed, so that a visit queued meanwhile
     * still waits for it.
     */
    @Test
    void anIdleOriginIsKeptWhileItsGapRuns() throws Exception {
        java.time.Duration gap = java.time.Duration.ofSeconds(1);
        InMemoryFrontier frontier = new InMemoryFrontier(1, gap);
        frontier.offer(visit("http://a.test/1"));
        Lease first = frontier.take();
        long started = System.nanoTime(); // before the lease's own start time, which the gap is counted from
        first.started();
        first.done(null);
        assertEquals(1, frontier.originsKnown(), "kept while its gap runs");
        frontier.offer(visit("http://a.test/2"));
        Lease second = frontier.take();
        assertTrue(System.nanoTime() - started >= gap.toNanos(), "the gap is kept");
        second.done(null);
    }

    /** An origin whose gap is wider than every origin's (a Crawl-delay, a backoff) is kept while idle. */
    @Test
    void anIdleOriginWithAGapOfItsOwnIsKept() throws Exception {
        InMemoryFrontier frontier = new InMemoryFrontier(1, java.time.Duration.ZERO);
        frontier.offer(visit("http://a.test/"));
        Lease a = frontier.take();
        frontier.setDelay(a.visit().url().origin(), java.time.Duration.ofMillis(400));
        a.done(null);
        frontier.offer(visit("http://b.test/"));
        frontier.take().done(null);
        assertEquals(1, frontier.originsKnown(), "a.test is kept, b.test is not");
        frontier.setDelay(dev.loomcrawl.url.WebUrl.parse("http://c.test/").origin(), java.time.Duration.ZERO);
        assertEquals(1, frontier.originsKnown(), "an origin told the common gap is not made up");
    }

    /** A visit retried after its lease gave the slot back goes to the origin's one queue, even if it was forgotten. */
    @Test
    void aVisitRetriedAfterItsOriginWasForgottenJoinsTheOriginsQueue() throws Exception {
        InMemoryFrontier frontier = new InMemoryFrontier(1, java.time.Duration.ZERO);
        frontier.offer(visit("http://a.test/1"));
        frontier.offer(visit("http://other.test/")); // keeps the crawl open while a.test is idle
        Lease lease = frontier.take();
        assertEquals("http://a.test/1", lease.visit().url().toString());
        lease.release(java.time.Duration.ZERO);
        assertEquals(1, frontier.originsKnown(), "a.test, idle, is forgotten");
        frontier.offer(visit("http://a.test/2"));
        lease.retryLater(lease.visit(), java.time.Duration.ZERO);
        assertEquals(2, frontier.queued(dev.loomcrawl.url.WebUrl.parse("http://a.test/").origin()),
                "both wait in a.test's one queue");
        lease.done(null);
        java.util.Set<String> taken = new java.util.HashSet<>();
        for (int i = 0; i < 3; i++) {
            Lease l = frontier.take();
            taken.add(l.visit().url().toString());
            l.done(null);
        }
        assertEquals(java.util.Set.of("http://a.test/1", "http://a.test/2", "http://other.test/"), taken);
        assertNull(frontier.take());
    }
}
