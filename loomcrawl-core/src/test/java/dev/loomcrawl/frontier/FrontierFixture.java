package dev.loomcrawl.frontier;

import dev.loomcrawl.reason.SkipReason;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.AfterEach;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * What {@link FrontierContract} needs of an implementation: how to open one ({@link #open}), and the hooks where
 * implementations legitimately differ, each with its default (the in-memory frontier's answer). Also the
 * contract's life cycle (every frontier opened is stopped and closed after the test) and its vocabulary:
 * finishing a visit as the crawler does, taking in the background, "not before" and "still waiting".
 */
public abstract class FrontierFixture {
    /** How long a take() that must block is watched before it is taken to be blocked. */
    static final Duration WATCH = Duration.ofMillis(250);
    /** Pauses and gaps asserted: long enough that a thread stalled on a busy machine does not reorder takes. */
    static final Duration GAP = Duration.ofMillis(400);
    /** What a "not before" may fall short by: Redis keeps time in whole milliseconds, on its own clock. */
    static final Duration SLACK = Duration.ofMillis(25);

    private final List<Frontier> opened = new ArrayList<>();

    /**
     * A frontier on new, empty state: at most {@code perOrigin} visits of one origin in flight at once, and
     * fetch starts on one origin at least {@code delay} apart.
     */
    protected abstract Frontier open(int perOrigin, Duration delay);

    /** Called once the contract has closed a frontier: release what {@link #open} made for it. Default: nothing. */
    protected void afterClose(Frontier frontier) {}

    /**
     * Whether other processes share the frontier. Then {@code shared()} says so, {@code markSeen} is only a local
     * look (the atomic claim is {@code enqueue}'s), {@code inFlight()} counts this process's visits, and
     * {@link #openPeer} gives another process's view. Default: false.
     */
    protected boolean sharedByProcesses() {
        return false;
    }

    /** Another process's view of the same shared frontier (only if {@link #sharedByProcesses()}). */
    protected Frontier openPeer(Frontier frontier) {
        throw new UnsupportedOperationException("not shared");
    }

    /** Whether what is queued, seen and finished outlives the frontier ({@link #openAgain}). Default: false. */
    protected boolean durable() {
        return false;
    }

    /**
     * A frontier on the state {@code closed} left behind: it was closed without {@code finish}, as by a killed
     * process (only if {@link #durable()}).
     */
    protected Frontier openAgain(Frontier closed, int perOrigin, Duration delay) {
        throw new UnsupportedOperationException("not durable");
    }

    /**
     * Whether {@code queued()} is exact at every moment. If not, it is an estimate recounted now and then, and
     * the contract waits (up to 10 s) for it to show the expected count. Default: true.
     */
    protected boolean queuedCountIsLive() {
        return true;
    }

    /**
     * Whether {@code release} frees the origin's slot at once. If not, the slot is freed with {@code done} (one
     * round trip instead of two). Default: true.
     */
    protected boolean releaseFreesTheSlotAtOnce() {
        return true;
    }

    /**
     * Whether {@code done} on a visit whose record the frontier never got (a fetch aborted by cancel) puts the
     * visit back in the queue for whoever comes next, rather than ending it. Default: false.
     */
    protected boolean doneWithoutARecordPutsTheVisitBack() {
        return false;
    }

    /**
     * Whether {@link Frontier#takeIfDue()} hands out a visit due now; a frontier that hands visits out only through
     * {@code take()} answers null every time (the interface's default). Default: true.
     */
    protected boolean handsOutWithoutWaiting() {
        return true;
    }

    /** Whether, once take() has said the crawl is over, it stays over even if more is offered. Default: false. */
    protected boolean theEndIsFinal() {
        return false;
    }

    // ---- life cycle ----

    /** Opens a frontier that is closed after the test. */
    protected final Frontier frontier(int perOrigin, Duration delay) {
        return opened(open(perOrigin, delay));
    }

    /** Another process's view of {@code frontier}, closed after the test. */
    final Frontier peer(Frontier frontier) {
        return opened(openPeer(frontier));
    }

    /** Closes {@code frontier} as a killed process would leave it and opens another on its state. */
    final Frontier reopen(Frontier frontier, int perOrigin, Duration delay) {
        opened.remove(frontier);
        frontier.close();
        afterClose(frontier);
        return opened(openAgain(frontier, perOrigin, delay));
    }

    private Frontier opened(Frontier frontier) {
        opened.add(frontier);
        return frontier;
    }

    @AfterEach
    void closeFrontiers() {
        for (Frontier f : opened) {
            f.stop(); // wakes any taker a failed test left blocked
            f.close();
            afterClose(f);
        }
        opened.clear();
    }

    // ---- the crawler's part ----

    static Visit visit(String url) {
        return new Visit(WebUrl.parse(url), 10, 0, null);
    }

    /** {@code n} visits over four origins. */
    static List<Visit> visits(int n) {
        List<Visit> visits = new ArrayList<>();
        for (int i = 0; i < n; i++) visits.add(visit("http://o" + (i % 4) + ".test/p" + i));
        return visits;
    }

    static Set<String> urls(List<Visit> visits) {
        Set<String> urls = new HashSet<>();
        visits.forEach(v -> urls.add(v.url().toString()));
        return urls;
    }

    /** Ends a visit taken from {@code f} as the crawler does after a fetch, with what it came to ({@link #finished}). */
    final void finish(Frontier f, Lease lease) {
        Visit v = lease.visit();
        finished(f, lease, FinishedUrl.of(CrawlRecord.skipped(v.url(), v.depth(), v.referrer(), SkipReason.ROBOTS)));
    }

    /**
     * What the crawler does with a finished visit of {@code f}'s: journals it (a frontier whose visits the crawl's
     * journal finishes overrides this to do so first), then {@code lease.done(finished)}.
     */
    protected void finished(Frontier f, Lease lease, FinishedUrl finished) {
        lease.done(finished);
    }

    /** Takes and finishes visits until the crawl is over; the visits taken, in order. */
    final List<Visit> drainInOrder(Frontier f) throws InterruptedException {
        List<Visit> taken = new ArrayList<>();
        for (Lease lease; (lease = f.take()) != null; ) {
            taken.add(lease.visit());
            finish(f, lease);
        }
        return taken;
    }

    /** Takes and finishes visits until the crawl is over; the URLs taken, each once. */
    final Set<String> drain(Frontier f) throws InterruptedException {
        Set<String> taken = new HashSet<>();
        for (Visit v : drainInOrder(f)) assertTrue(taken.add(v.url().toString()), v.url() + " handed out twice");
        return taken;
    }

    interface Claim {
        void claim(int thread, Visit visit) throws Exception;
    }

    /** {@code threads} virtual threads, let go at once, each claiming every visit in an order of its own. */
    static void race(int threads, List<Visit> visits, Claim claim) throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        List<CompletableFuture<Void>> runs = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int t = 0; t < threads; t++) {
                int thread = t;
                List<Visit> order = new ArrayList<>(visits);
                Collections.shuffle(order, new Random(thread));
                runs.add(CompletableFuture.runAsync(() -> {
                    try {
                        go.await();
                        for (Visit v : order) claim.claim(thread, v);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }, pool));
            }
            go.countDown();
            for (CompletableFuture<Void> run : runs) run.get();
        }
    }

    static CompletableFuture<Lease> takeInBackground(Frontier f) {
        CompletableFuture<Lease> taken = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try {
                taken.complete(f.take());
            } catch (Throwable e) {
                taken.completeExceptionally(e);
            }
        });
        return taken;
    }

    // ---- assertions ----

    /** Watches a take() for a while: it must still be blocked (it can only miss a bug, never flag a good one). */
    static void assertStillWaiting(CompletableFuture<Lease> take, String why) throws InterruptedException {
        Thread.sleep(WATCH.toMillis());
        assertFalse(take.isDone(), () -> why + ", but take() returned " + take.getNow(null));
    }

    /** Now is at least {@code gap} (less {@link #SLACK}) after {@code fromNanos}. */
    static void assertNotBefore(long fromNanos, Duration gap, String what) {
        long elapsed = System.nanoTime() - fromNanos;
        assertTrue(elapsed >= gap.minus(SLACK).toNanos(),
                what + " came " + elapsed / 1_000_000 + " ms after, not " + gap.toMillis() + " ms");
    }

    final void assertCounts(Frontier f, int queued, int inFlight) throws InterruptedException {
        assertEquals(inFlight, f.inFlight(), "in flight");
        assertQueued(f, queued);
    }

    /** queued() is {@code expected}: at once if the count is live, else once it has been recounted. */
    final void assertQueued(Frontier f, int expected) throws InterruptedException {
        if (queuedCountIsLive()) {
            assertEquals(expected, f.queued(), "queued");
            return;
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        int seen;
        while ((seen = f.queued()) != expected) {
            if (System.nanoTime() > deadline) fail("queued() still says " + seen + ", not " + expected);
            Thread.sleep(20);
        }
    }
}
