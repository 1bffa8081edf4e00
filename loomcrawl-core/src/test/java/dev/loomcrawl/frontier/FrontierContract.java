package dev.loomcrawl.frontier;

import dev.loomcrawl.CrawlRecord;
import dev.loomcrawl.FinishedUrl;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What every {@link Frontier} does, whatever keeps it (memory, a state file, Redis): one suite, run against each
 * implementation by a subclass that says how to open a fresh, empty one. The crawler relies on exactly this.
 */
@Timeout(60)
public abstract class FrontierContract {
    private final List<Frontier> opened = new ArrayList<>();

    /**
     * A fresh, empty frontier of a crawl of its own, with at most {@code perOrigin} visits in flight per origin
     * and no delay between fetches; closed after the test.
     */
    protected abstract Frontier open(int perOrigin) throws Exception;

    /** Whether the implementation is shared by many processes ({@link Frontier#shared()}). */
    protected abstract boolean shared();

    private Frontier frontier(int perOrigin) throws Exception {
        Frontier f = open(perOrigin);
        opened.add(f);
        return f;
    }

    private final List<AutoCloseable> resources = new ArrayList<>();

    /** Closes {@code resource} after the test, once the frontiers are closed (in the reverse order of these calls). */
    protected <T extends AutoCloseable> T closeAfter(T resource) {
        resources.add(resource);
        return resource;
    }

    @AfterEach
    void closeFrontiers() throws Exception {
        for (Frontier f : opened) f.close();
        for (int i = resources.size() - 1; i >= 0; i--) resources.get(i).close();
    }

    protected static Visit visit(String url) {
        return new Visit(WebUrl.parse(url), 10, 1, WebUrl.parse("http://root.test/"));
    }

    /** A take() on a thread of its own, which waits while nothing can be handed out. */
    private static CompletableFuture<Visit> takeOnAnotherThread(Frontier f) {
        CompletableFuture<Visit> taken = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try {
                taken.complete(f.take());
            } catch (Throwable e) {
                taken.completeExceptionally(e);
            }
        });
        return taken;
    }

    private static FinishedUrl finished(Visit v) {
        return FinishedUrl.of(new CrawlRecord(v.url(), null, 200, null, null, 1, "text/html", "utf-8", 0, 0,
                v.depth(), v.referrer(), java.time.Instant.now(), Duration.ZERO, false, 1, null));
    }

    @Test
    void aUrlIsQueuedOnceAndSeenFromThenOn() throws Exception {
        Frontier f = frontier(2);
        Visit a = visit("http://a.test/1");
        assertFalse(f.seen(a.url()));
        assertTrue(f.offer(a));
        assertFalse(f.offer(a), "offered twice, queued once");
        assertFalse(f.offer(visit("http://a.test/1")), "an equal visit is the same URL");
        assertTrue(f.seen(a.url()));
        assertEquals(1, f.queued());
        assertEquals(0, f.inFlight());
        assertEquals(shared(), f.shared());
    }

    @Test
    void manyThreadsOfferingOneUrlQueueItOnce() throws Exception {
        Frontier f = frontier(2);
        List<Future<Boolean>> offers = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 64; i++) offers.add(threads.submit(() -> f.offer(visit("http://a.test/race"))));
        }
        int won = 0;
        for (Future<Boolean> o : offers) won += o.get() ? 1 : 0;
        assertEquals(1, won);
        assertEquals(1, f.queued());
    }

    @Test
    void aDroppedUrlIsSeenButNotQueued() throws Exception {
        Frontier f = frontier(2);
        Visit v = visit("http://a.test/deep");
        assertTrue(f.markSeen(v.url()));
        f.drop(v, "max-depth");
        assertTrue(f.seen(v.url()) || f.shared(), "a shared frontier's drop is its claim: seen by every process");
        assertEquals(0, f.queued());
        assertFalse(f.offer(v), "a dropped URL is not queued later");
    }

    @Test
    void everyQueuedVisitIsHandedOutOnceThenTheCrawlEnds() throws Exception {
        Frontier f = frontier(2);
        Set<String> urls = Set.of("http://a.test/1", "http://a.test/2", "http://b.test/1", "http://c.test:8080/1");
        for (String u : urls) assertTrue(f.offer(visit(u)));
        assertEquals(4, f.queued());
        Set<String> taken = new HashSet<>();
        for (int i = 0; i < 4; i++) {
            Visit v = f.take();
            assertNotNull(v);
            assertTrue(taken.add(v.url().toString()), "handed out twice: " + v.url());
            f.started(v);
            f.release(v, Duration.ZERO);
            f.done(v, finished(v));
        }
        assertEquals(urls, taken);
        assertNull(f.take(), "nothing queued or in flight: the crawl is over");
        assertEquals(0, f.queued());
        assertEquals(0, f.inFlight());
    }

    @Test
    void anOriginHasAtMostPerOriginVisitsInFlight() throws Exception {
        Frontier f = frontier(1);
        f.offer(visit("http://a.test/1"));
        f.offer(visit("http://a.test/2"));
        f.offer(visit("http://b.test/1"));
        Visit first = f.take();
        f.started(first);
        Visit second = f.take();
        assertNotNull(second);
        assertTrue(!first.url().origin().equals(second.url().origin()), "the busy origin waits: got " + second.url());
        assertEquals(2, f.inFlight());
        assertEquals(1, f.queued());
        for (Visit v : List.of(first, second)) {
            f.release(v, Duration.ZERO);
            f.done(v, finished(v));
        }
        Visit third = f.take();
        assertEquals("a.test", third.url().host());
        f.release(third, Duration.ZERO);
        f.done(third, finished(third));
        assertNull(f.take());
    }

    @Test
    void aVisitPutBackWithRetryLaterIsHandedOutAgain() throws Exception {
        Frontier f = frontier(2);
        f.offer(visit("http://a.test/again"));
        Visit v = f.take();
        f.retryLater(v, Duration.ZERO);
        f.done(v); // not finished
        assertEquals(1, f.queued());
        Visit again = f.take();
        assertEquals(v.url(), again.url());
        f.release(again, Duration.ZERO);
        f.done(again, finished(again));
        assertNull(f.take());
    }

    @Test
    void stopWakesATakeThatWaitsAndLaterTakesReturnNull() throws Exception {
        Frontier f = frontier(1);
        f.offer(visit("http://a.test/1"));
        f.offer(visit("http://a.test/2"));
        Visit busy = f.take(); // its origin's only slot: the next take waits
        f.started(busy);
        CompletableFuture<Visit> waiting = takeOnAnotherThread(f);
        f.stop();
        assertNull(waiting.get(30, TimeUnit.SECONDS));
        assertNull(f.take());
        f.release(busy, Duration.ZERO);
        f.done(busy, finished(busy));
        assertTrue(f.queued() >= 1, "stopping keeps what is queued");
    }

    @Test
    void aTakeThatWaitsGetsTheVisitWhenItsOriginIsFreed() throws Exception {
        Frontier f = frontier(1);
        f.offer(visit("http://a.test/1"));
        f.offer(visit("http://a.test/2"));
        Visit busy = f.take();
        f.started(busy);
        CompletableFuture<Visit> waiting = takeOnAnotherThread(f);
        f.release(busy, Duration.ZERO);
        f.done(busy, finished(busy));
        Visit next = waiting.get(30, TimeUnit.SECONDS);
        assertNotNull(next);
        assertEquals("http://a.test/2", next.url().toString());
        f.release(next, Duration.ZERO);
        f.done(next, finished(next));
        assertNull(f.take());
    }
}
