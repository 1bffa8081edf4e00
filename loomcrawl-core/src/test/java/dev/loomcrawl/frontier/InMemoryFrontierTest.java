package dev.loomcrawl.frontier;

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
}
