package dev.loomcrawl;

import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.frontier.Frontier;
import dev.loomcrawl.internal.frontier.InMemoryFrontier;
import dev.loomcrawl.frontier.Lease;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.testkit.TestSite;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The dispatch loop runs on a virtual thread of its own while {@code crawl()} waits for it: what it throws is
 * thrown by {@code crawl()}, on the caller's thread, and the crawl does not hang.
 */
class DispatchTest {
    /** The in-memory frontier, but its {@code take()} notes its thread and throws at the {@code failAt}-th call. */
    private static final class BreakingFrontier implements Frontier {
        final InMemoryFrontier delegate = new InMemoryFrontier(2, Duration.ZERO);
        final List<Thread> takers = new CopyOnWriteArrayList<>();
        final AtomicInteger takes = new AtomicInteger();
        final RuntimeException failure = new IllegalStateException("the frontier broke");
        final int failAt;

        BreakingFrontier(int failAt) {
            this.failAt = failAt;
        }

        @Override
        public Lease take() throws InterruptedException {
            takers.add(Thread.currentThread());
            if (takes.incrementAndGet() == failAt) throw failure;
            return delegate.take();
        }

        @Override
        public boolean markSeen(WebUrl url) {
            return delegate.markSeen(url);
        }

        @Override
        public boolean enqueue(Visit visit) {
            return delegate.enqueue(visit);
        }

        @Override
        public boolean seen(WebUrl url) {
            return delegate.seen(url);
        }

        @Override
        public void setDelay(Origin origin, Duration delay) {
            delegate.setDelay(origin, delay);
        }

        @Override
        public void stop() {
            delegate.stop();
        }

        @Override
        public int queued() {
            return delegate.queued();
        }

        @Override
        public int inFlight() {
            return delegate.inFlight();
        }
    }

    private static CrawlConfig config(TestSite site) {
        return CrawlConfig.builder().root(site.url("/")).ignoreRobots(true).build();
    }

    @Test
    @Timeout(60) // a hang guard, not a performance target
    void whatTheDispatchLoopThrowsIsThrownByCrawlOnTheCallersThread() {
        try (TestSite site = TestSite.builder().page("/", "<a href=/a>a</a> <a href=/b>b</a> <a href=/c>c</a>")
                .page("/a", "a").page("/b", "b").page("/c", "c").start()) {
            BreakingFrontier frontier = new BreakingFrontier(3);
            try (Crawler crawler = Crawler.builder(config(site)).frontier(frontier).build()) {
                RuntimeException thrown = assertThrows(RuntimeException.class, crawler::crawl);
                assertSame(frontier.failure, thrown);
            }
            assertEquals(3, frontier.takes.get());
        }
    }

    @Test
    @Timeout(60)
    void theLoopTakesOnAVirtualThreadAndTheCrawlEndsAsBefore() {
        try (TestSite site = TestSite.builder().page("/", "<a href=/a>a</a> <a href=/b>b</a>")
                .page("/a", "a").page("/b", "b").start()) {
            BreakingFrontier frontier = new BreakingFrontier(-1);
            try (Crawler crawler = Crawler.builder(config(site)).frontier(frontier).build()) {
                CrawlSummary summary = crawler.crawl();
                assertEquals(3, summary.done());
                assertEquals(0, summary.todo());
            }
            assertTrue(frontier.takers.stream().allMatch(Thread::isVirtual), frontier.takers.toString());
            assertTrue(frontier.takers.stream().noneMatch(t -> t == Thread.currentThread()));
        }
    }

    /**
     * A worker whose visit is over goes on with the next visit due, as the seed's workers do (decision 46): a root
     * and its twenty links, two workers at a time, are visited by a few threads, where a thread a visit made 21.
     */
    @Test
    @Timeout(60)
    void aWorkerGoesOnWithTheNextVisitDue() {
        TestSite.Builder pages = TestSite.builder();
        StringBuilder root = new StringBuilder();
        for (int i = 0; i < 20; i++) {
            root.append("<a href=/p").append(i).append(">p</a> ");
            pages.page("/p" + i, "page " + i);
        }
        try (TestSite site = pages.page("/", root.toString()).start()) {
            Set<Thread> workers = ConcurrentHashMap.newKeySet();
            CrawlConfig config = CrawlConfig.builder().root(site.url("/")).ignoreRobots(true).maxTasks(2).build();
            try (Crawler crawler = Crawler.builder(config).build()) {
                crawler.addListener(CrawlListener.ofRecords(record -> workers.add(Thread.currentThread())));
                assertEquals(21, crawler.crawl().done());
            }
            assertTrue(workers.stream().allMatch(Thread::isVirtual), workers.toString());
            assertTrue(workers.size() <= 10, workers.size() + " threads for 21 visits");
        }
    }

    /**
     * A worker sends its next visit's request once a fetch is over, before the page is read (decision 47): with one
     * worker, /b's request arrives while /a's record is being handed on. Without it, /b waits for that record, and
     * the listener's wait for the request (up to 10 s) would end without it.
     */
    @Test
    @Timeout(60)
    void theNextRequestIsSentBeforeThePageIsRead() throws Exception {
        try (TestSite site = TestSite.builder().page("/", "<a href=/a>a</a> <a href=/b>b</a>")
                .page("/a", "a").page("/b", "b").start()) {
            AtomicBoolean arrivedWhileRead = new AtomicBoolean();
            CrawlConfig config = CrawlConfig.builder().root(site.url("/")).ignoreRobots(true).maxTasks(1).build();
            try (Crawler crawler = Crawler.builder(config).build()) {
                crawler.addListener(CrawlListener.ofRecords(record -> {
                    if (!record.url().path().equals("/a")) return;
                    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
                    while (System.nanoTime() < deadline && !requested(site, "/b")) sleep(10);
                    arrivedWhileRead.set(requested(site, "/b"));
                }));
                assertEquals(3, crawler.crawl().done());
            }
            assertTrue(arrivedWhileRead.get(), "/b was requested only after /a's record was handed on");
        }
    }

    private static boolean requested(TestSite site, String target) {
        return site.requests().stream().anyMatch(r -> r.target().equals(target));
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
