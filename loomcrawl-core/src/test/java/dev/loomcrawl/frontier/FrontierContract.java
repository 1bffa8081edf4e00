package dev.loomcrawl.frontier;

import dev.loomcrawl.reason.DropReason;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * What every {@link Frontier} owes the crawl loop, as one suite. Each implementation's test extends it, says how
 * to open a frontier on new state, and declares through {@link FrontierFixture}'s hooks where it legitimately
 * differs: {@code sharedByProcesses}, {@code durable}, {@code queuedCountIsLive}, {@code releaseFreesTheSlotAtOnce},
 * {@code doneWithoutARecordPutsTheVisitBack}, {@code theEndIsFinal}. Each difference is a test of its own that
 * asserts the declared answer, so none is skipped without a word.
 *
 * <p>Visits are handed back as the crawler does: {@code finish} hands the visit's record to the frontier (a
 * frontier that keeps records ends a visit by it), then calls {@code done}. Pacing is asserted as "not before"
 * and as the order of takes, never as an upper bound on time. An implementation with a known bug overrides the
 * failing test with {@code @Test @Disabled("frontier bug: ...")}, so the bug shows in every test report.
 */
@Timeout(60)
public abstract class FrontierContract extends FrontierFixture {
    private static final Origin A = WebUrl.parse("http://a.test/").origin();

    // ---- the seen set ----

    @Test
    public void offerQueuesAUrlOnlyTheFirstTime() throws Exception {
        Frontier f = frontier(4, Duration.ZERO);
        Visit a1 = visit("http://a.test/1");
        assertFalse(f.seen(a1.url()));
        assertTrue(f.offer(a1));
        assertTrue(f.seen(a1.url()));
        assertFalse(f.offer(a1), "offered twice");
        assertFalse(f.offer(new Visit(a1.url(), 3, 2, WebUrl.parse("http://b.test/"))), "another visit, same URL");
        assertFalse(f.seen(WebUrl.parse("http://a.test/2")));
        Lease taken = f.take();
        assertEquals(a1, taken.visit());
        finish(f, taken);
        assertNull(f.take(), "the URL was queued once");
    }

    @Test
    public void markSeenThenEnqueueQueuesTheVisitAndClaimsTheUrl() throws Exception {
        Frontier f = frontier(4, Duration.ZERO);
        Visit a1 = visit("http://a.test/1");
        assertTrue(f.markSeen(a1.url()));
        assertTrue(f.enqueue(a1));
        assertTrue(f.seen(a1.url()));
        assertFalse(f.markSeen(a1.url()), "claimed once enqueued");
        assertFalse(f.offer(a1));
        assertEquals(a1, f.take().visit());
    }

    /** The seen set's claim: markSeen's own where the frontier is local, enqueue's where it is shared. */
    @Test
    public void markSeenAloneClaimsTheUrlUnlessTheFrontierIsShared() {
        Frontier f = frontier(4, Duration.ZERO);
        WebUrl url = WebUrl.parse("http://a.test/1");
        assertTrue(f.markSeen(url));
        if (sharedByProcesses()) {
            assertTrue(f.markSeen(url), "a shared frontier's markSeen is a local look, not a claim");
            assertFalse(f.seen(url), "nothing was claimed yet");
            assertTrue(f.enqueue(visit(url.toString())), "enqueue makes the claim");
            assertFalse(f.markSeen(url));
        } else {
            assertFalse(f.markSeen(url), "marked seen once");
        }
        assertTrue(f.seen(url));
    }

    @Test
    public void dropMarksTheUrlSeenAndQueuesNothing() throws Exception {
        Frontier f = frontier(4, Duration.ZERO);
        Visit a1 = visit("http://a.test/1");
        assertTrue(f.markSeen(a1.url()));
        f.drop(a1, DropReason.MAX_DEPTH);
        assertTrue(f.seen(a1.url()));
        assertFalse(f.markSeen(a1.url()));
        assertFalse(f.offer(a1));
        assertQueued(f, 0);
        assertEquals(0, f.inFlight());
        assertNull(f.take(), "a dropped URL is never handed out");
    }

    @Test
    public void manyVirtualThreadsOfferingTheSameUrlsQueueEachExactlyOnce() throws Exception {
        Frontier f = frontier(64, Duration.ZERO);
        List<Visit> visits = visits(64);
        Map<String, AtomicInteger> wins = new ConcurrentHashMap<>();
        race(16, visits, (thread, v) -> {
            if (f.offer(v)) wins.computeIfAbsent(v.url().toString(), u -> new AtomicInteger()).incrementAndGet();
        });
        for (Visit v : visits) {
            AtomicInteger won = wins.get(v.url().toString());
            assertEquals(1, won == null ? 0 : won.get(), v.url() + " was queued by that many offers");
            assertTrue(f.seen(v.url()));
        }
        assertQueued(f, visits.size());
        assertEquals(urls(visits), drain(f), "every URL handed out once");
    }

    @Test
    public void urlsClaimedAtOnceByOffersAndDropsAreQueuedAtMostOnce() throws Exception {
        Frontier f = frontier(64, Duration.ZERO);
        List<Visit> visits = visits(64);
        Map<String, AtomicInteger> queued = new ConcurrentHashMap<>();
        Map<String, AtomicInteger> claims = new ConcurrentHashMap<>();
        race(16, visits, (thread, v) -> {
            String url = v.url().toString();
            if (thread % 2 == 0) {
                if (f.offer(v)) {
                    queued.computeIfAbsent(url, u -> new AtomicInteger()).incrementAndGet();
                    claims.computeIfAbsent(url, u -> new AtomicInteger()).incrementAndGet();
                }
            } else if (f.markSeen(v.url())) {
                claims.computeIfAbsent(url, u -> new AtomicInteger()).incrementAndGet();
                f.drop(v, DropReason.MAX_DEPTH);
            }
        });
        Set<String> won = new HashSet<>();
        for (Visit v : visits) {
            String url = v.url().toString();
            assertTrue(f.seen(v.url()), url);
            AtomicInteger q = queued.get(url);
            assertTrue(q == null || q.get() == 1, url + " queued " + q + " times");
            if (q != null) won.add(url);
            // a local frontier's markSeen is the claim; a shared one's is a look, and its claims are the adds
            if (!sharedByProcesses()) assertEquals(1, claims.get(url).get(), url + " claimed that many times");
        }
        assertEquals(won, drain(f), "exactly the URLs an offer queued are handed out, once");
    }

    // ---- take ----

    @Test
    public void takeHandsOutEachOriginsVisitsFirstInFirstOut() throws Exception {
        Frontier f = frontier(4, Duration.ZERO);
        List<String> offered = new ArrayList<>();
        for (int i = 1; i <= 6; i++) offered.addAll(List.of("http://a.test/" + i, "http://b.test/" + i));
        offered.forEach(u -> assertTrue(f.offer(visit(u))));
        List<String> taken = drainInOrder(f).stream().map(v -> v.url().toString()).toList();
        for (String origin : List.of("http://a.test/", "http://b.test/")) {
            assertEquals(offered.stream().filter(u -> u.startsWith(origin)).toList(),
                    taken.stream().filter(u -> u.startsWith(origin)).toList(), origin + " in order, of " + taken);
        }
    }

    @Test
    public void aVisitComesBackWithEverythingItCarried() throws Exception {
        Frontier f = frontier(1, Duration.ZERO);
        WebUrl page = WebUrl.parse("http://b.test/page");
        List<Visit> offered = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            Visit.Kind kind = Visit.Kind.values()[i % Visit.Kind.values().length];
            offered.add(new Visit(WebUrl.parse("http://a.test/" + i + "?q=" + i), i - 1, i, i == 0 ? null : page,
                    0, kind));
        }
        offered.forEach(v -> assertTrue(f.offer(v)));
        assertEquals(offered, drainInOrder(f), "redirects left, depth, referrer and kind kept, in order");
    }

    @Test
    public void takeBlocksWhileAVisitIsInFlightAndHandsOutWhatItQueues() throws Exception {
        Frontier f = frontier(4, Duration.ZERO);
        f.offer(visit("http://a.test/1"));
        Lease root = f.take();
        CompletableFuture<Lease> next = takeInBackground(f);
        assertStillWaiting(next, "nothing is queued, but a visit in flight may still queue some");
        assertTrue(f.offer(visit("http://a.test/child")));
        Lease child = next.get();
        assertEquals("http://a.test/child", child.visit().url().toString());
        finish(f, root);
        finish(f, child);
        assertNull(f.take());
    }

    @Test
    public void takeReturnsNullOnceNothingIsQueuedOrInFlight() throws Exception {
        Frontier f = frontier(4, Duration.ZERO);
        f.offer(visit("http://a.test/1"));
        Lease only = f.take();
        CompletableFuture<Lease> waiting = takeInBackground(f);
        assertStillWaiting(waiting, "the visit in flight may still queue work");
        finish(f, only);
        assertNull(waiting.get(), "the last visit is done and nothing is queued: the crawl is over");
        assertNull(f.take());
        assertQueued(f, 0);
        assertEquals(0, f.inFlight());
    }

    @Test
    public void stopWakesABlockedTakeAndEndsEveryLaterTakeButKeepsTheQueue() throws Exception {
        Frontier f = frontier(1, Duration.ZERO);
        f.offer(visit("http://a.test/1"));
        f.offer(visit("http://a.test/2"));
        Lease a1 = f.take();
        CompletableFuture<Lease> waiting = takeInBackground(f);
        assertStillWaiting(waiting, "a.test's only slot is taken");
        f.stop();
        assertNull(waiting.get(), "stop() wakes a blocked take");
        assertNull(f.take(), "a take after stop() returns null, though a visit is queued");
        assertQueued(f, 1);
        finish(f, a1);
        assertNull(f.take());
        assertQueued(f, 1);
    }

    /**
     * What a worker whose visit is over goes on with: a visit due now, never a wait; none while the origin's slots are
     * taken or its gap runs, none after stop(). A frontier that hands out through take() alone answers none.
     */
    @Test
    public void takeIfDueHandsOutWhatIsDueNowAndNeverWaits() throws Exception {
        Frontier f = frontier(1, Duration.ZERO);
        assertNull(f.takeIfDue(), "nothing queued");
        f.offer(visit("http://a.test/1"));
        f.offer(visit("http://a.test/2"));
        f.offer(visit("http://b.test/1"));
        if (!handsOutWithoutWaiting()) {
            assertNull(f.takeIfDue(), "this frontier hands out through take() alone");
            return;
        }
        Lease a1 = f.takeIfDue();
        assertEquals("http://a.test/1", a1.visit().url().toString());
        Lease b1 = f.takeIfDue();
        assertEquals("http://b.test/1", b1.visit().url().toString(), "a.test's only slot is taken");
        assertNull(f.takeIfDue(), "both origins' slots are taken");
        assertEquals(2, f.inFlight());
        finish(f, a1);
        assertEquals("http://a.test/2", f.takeIfDue().visit().url().toString(), "a.test's slot is free again");
        f.offer(visit("http://b.test/2"));
        f.stop();
        assertNull(f.takeIfDue(), "stopped, though b.test/2 is queued");
    }

    @Test
    public void takeIfDueWaitsForNoOriginsGap() throws Exception {
        Frontier f = frontier(4, Duration.ofSeconds(30));
        f.offer(visit("http://a.test/1"));
        f.offer(visit("http://a.test/2"));
        Lease a1 = f.take();
        long start = System.nanoTime();
        assertNull(f.takeIfDue(), "a.test's next fetch is 30 s away");
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(20), "it did not wait for the gap");
        finish(f, a1);
    }

    /** The crawl is over when nothing was ever queued; an offer after that is handed out unless the end is final. */
    @Test
    public void anOfferAfterTheEndIsHandedOutUnlessTheEndIsFinal() throws Exception {
        Frontier f = frontier(4, Duration.ZERO);
        assertNull(f.take(), "nothing queued, nothing in flight");
        assertTrue(f.offer(visit("http://a.test/1")));
        if (theEndIsFinal()) {
            assertNull(f.take(), "the crawl was declared over");
        } else {
            assertEquals("http://a.test/1", f.take().visit().url().toString());
        }
    }

    // ---- the per-origin limit ----

    @Test
    public void perOriginLimitCapsVisitsInFlightOnOneOrigin() throws Exception {
        Frontier f = frontier(2, Duration.ZERO);
        for (int i = 1; i <= 4; i++) f.offer(visit("http://a.test/" + i));
        f.offer(visit("http://b.test/1"));
        Map<String, Lease> taken = new HashMap<>();
        for (int i = 0; i < 3; i++) {
            Lease v = f.take();
            taken.put(v.visit().url().toString(), v);
        }
        assertEquals(Set.of("http://a.test/1", "http://a.test/2", "http://b.test/1"), taken.keySet());
        CompletableFuture<Lease> third = takeInBackground(f);
        assertStillWaiting(third, "a.test has 2 visits in flight, its limit");
        finish(f, taken.get("http://a.test/1"));
        Lease a3 = third.get();
        assertEquals("http://a.test/3", a3.visit().url().toString());
        assertEquals(3, f.inFlight());
        CompletableFuture<Lease> fourth = takeInBackground(f);
        finish(f, taken.get("http://b.test/1"));
        assertStillWaiting(fourth, "b.test's free slot is no slot of a.test's");
        finish(f, taken.get("http://a.test/2"));
        assertEquals("http://a.test/4", fourth.get().visit().url().toString());
    }

    @Test
    public void releaseThenDoneFreesTheSlotOnceNotTwice() throws Exception {
        Frontier f = frontier(1, Duration.ZERO);
        for (int i = 1; i <= 3; i++) f.offer(visit("http://a.test/" + i));
        Lease a1 = f.take();
        a1.release(Duration.ZERO);
        finish(f, a1);
        Lease a2 = f.take();
        assertEquals("http://a.test/2", a2.visit().url().toString());
        CompletableFuture<Lease> next = takeInBackground(f);
        assertStillWaiting(next, "a.test/2 holds the origin's only slot");
        finish(f, a2);
        assertEquals("http://a.test/3", next.get().visit().url().toString());
    }

    @Test
    public void releaseFreesTheOriginsSlotBeforeDoneUnlessItWaitsForDone() throws Exception {
        Frontier f = frontier(1, Duration.ZERO);
        f.offer(visit("http://a.test/1"));
        f.offer(visit("http://a.test/2"));
        Lease a1 = f.take();
        a1.release(Duration.ZERO);
        CompletableFuture<Lease> next = takeInBackground(f);
        if (releaseFreesTheSlotAtOnce()) {
            assertEquals("http://a.test/2", next.get().visit().url().toString(), "the slot was freed by release");
            assertEquals(2, f.inFlight(), "a released visit is in flight until done");
        } else {
            assertStillWaiting(next, "the slot is freed with done");
        }
        finish(f, a1);
        assertEquals("http://a.test/2", next.get().visit().url().toString());
    }

    /**
     * A slot freed by release goes to whoever takes next, another process too, while the released visit is still
     * being read and committed: the politeness is the crawl's, so a slot held until done would slow every process
     * sharing the origin (issue 70: two servers fetched fewer pages a second than one).
     */
    @Test
    public void aSlotFreedByReleaseGoesToAnotherProcessBeforeDone() throws Exception {
        assumeTrue(releaseFreesTheSlotAtOnce());
        Frontier f = frontier(1, Duration.ZERO);
        Frontier other = sharedByProcesses() ? peer(f) : f;
        f.offer(visit("http://a.test/1"));
        f.offer(visit("http://a.test/2"));
        Lease a1 = f.take();
        CompletableFuture<Lease> next = takeInBackground(other);
        assertStillWaiting(next, "the origin's one slot is a.test/1's");
        a1.release(Duration.ZERO);
        Lease a2 = next.get(5, TimeUnit.SECONDS); // a TimeoutException: the slot waits for done
        assertEquals("http://a.test/2", a2.visit().url().toString(), "the slot was freed by release");
        finish(f, a1);
        finish(other, a2);
    }

    // ---- pacing: delay, setDelay, started, pauses ----

    @Test
    public void theConfiguredDelaySpacesFetchStartsOnAnOriginButNotAcrossOrigins() throws Exception {
        Frontier f = frontier(4, GAP);
        f.offer(visit("http://a.test/1"));
        f.offer(visit("http://a.test/2"));
        f.offer(visit("http://b.test/1"));
        long asked = System.nanoTime();
        Set<String> firstTwo = Set.of(f.take().visit().url().toString(), f.take().visit().url().toString());
        assertEquals(Set.of("http://a.test/1", "http://b.test/1"), firstTwo, "b.test does not wait for a.test");
        Lease a2 = f.take();
        assertEquals("http://a.test/2", a2.visit().url().toString());
        assertNotBefore(asked, GAP, "a.test's second fetch");
    }

    @Test
    public void setDelayKeepsAGapBetweenFetchStartsOnThatOriginOnly() throws Exception {
        Frontier f = frontier(4, Duration.ZERO);
        f.setDelay(A, GAP);
        for (String u : List.of("http://a.test/1", "http://a.test/2", "http://b.test/1", "http://b.test/2")) {
            f.offer(visit(u));
        }
        List<String> order = new ArrayList<>();
        long askedForA1 = 0;
        for (int i = 0; i < 4; i++) {
            long asked = System.nanoTime();
            String url = f.take().visit().url().toString();
            if (url.equals("http://a.test/1")) askedForA1 = asked;
            order.add(url);
        }
        assertEquals("http://a.test/2", order.getLast(), "b.test's visits do not wait for a.test's gap: " + order);
        assertEquals(List.of("http://a.test/1", "http://a.test/2"),
                order.stream().filter(u -> u.startsWith("http://a.test/")).toList());
        assertNotBefore(askedForA1, GAP, "a.test/2 after a.test/1");
    }

    @Test
    public void setDelayNeverShortensTheConfiguredDelay() throws Exception {
        Frontier f = frontier(4, GAP);
        f.setDelay(A, Duration.ofMillis(10));
        f.offer(visit("http://a.test/1"));
        f.offer(visit("http://a.test/2"));
        long asked = System.nanoTime();
        assertEquals("http://a.test/1", f.take().visit().url().toString());
        assertEquals("http://a.test/2", f.take().visit().url().toString());
        assertNotBefore(asked, GAP, "a.test/2");
    }

    @Test
    public void startedRetimesTheOriginsGapFromTheFetchStart() throws Exception {
        Frontier f = frontier(4, GAP);
        f.offer(visit("http://a.test/1"));
        f.offer(visit("http://a.test/2"));
        Lease a1 = f.take();
        Thread.sleep(GAP.toMillis() / 2); // a robots.txt check, a slow connect
        long started = System.nanoTime();
        a1.started();
        assertEquals("http://a.test/2", f.take().visit().url().toString());
        assertNotBefore(started, GAP, "a.test/2, a gap after a.test/1's fetch started (not after it was taken)");
    }

    /** Where the frontier is shared, the gap set by one process holds in the others, from their fetch starts. */
    @Test
    public void startedRetimesTheGapSetDelaySetEvenInAnotherProcess() throws Exception {
        Frontier f = frontier(4, Duration.ZERO);
        Frontier worker = sharedByProcesses() ? peer(f) : f;
        f.setDelay(A, GAP);
        worker.offer(visit("http://a.test/1"));
        worker.offer(visit("http://a.test/2"));
        Lease a1 = worker.take();
        Thread.sleep(GAP.toMillis() / 2);
        long started = System.nanoTime();
        a1.started();
        assertEquals("http://a.test/2", worker.take().visit().url().toString());
        assertNotBefore(started, GAP, "a.test/2, a gap (set by setDelay) after a.test/1's fetch started");
    }

    @Test
    public void releaseWithAPauseHoldsTheOriginButNotOthers() throws Exception {
        Frontier f = frontier(1, Duration.ZERO);
        f.offer(visit("http://a.test/1"));
        f.offer(visit("http://a.test/2"));
        Lease a1 = f.take();
        long released = System.nanoTime();
        a1.release(GAP);
        finish(f, a1);
        f.offer(visit("http://b.test/1"));
        assertEquals("http://b.test/1", f.take().visit().url().toString(), "b.test is not paused");
        assertEquals("http://a.test/2", f.take().visit().url().toString());
        assertNotBefore(released, GAP, "a.test/2, after a.test's pause");
    }

    // ---- retryLater ----

    @Test
    public void retryLaterPutsTheVisitBackAtTheHeadOfItsOriginCountedAsQueued() throws Exception {
        Frontier f = frontier(1, Duration.ZERO);
        for (int i = 1; i <= 3; i++) f.offer(visit("http://a.test/" + i));
        Lease a1 = f.take();
        assertQueued(f, 2);
        a1.retryLater(a1.visit(), Duration.ZERO);
        assertQueued(f, 3);
        assertEquals(1, f.inFlight(), "the taking lasts until done");
        a1.done(null); // as the crawler does after retryLater: no record, the visit is not finished
        assertEquals(0, f.inFlight());
        Lease again = f.take();
        assertEquals(a1.visit(), again.visit(), "back at the head of a.test's queue");
        finish(f, again);
        assertEquals("http://a.test/2", f.take().visit().url().toString());
    }

    @Test
    public void retryLaterWithAPauseHoldsTheOriginButNotOthers() throws Exception {
        Frontier f = frontier(1, Duration.ZERO);
        f.offer(visit("http://a.test/1"));
        f.offer(visit("http://a.test/2"));
        Lease a1 = f.take();
        long retried = System.nanoTime();
        a1.retryLater(a1.visit(), GAP);
        a1.done(null);
        f.offer(visit("http://b.test/1"));
        assertEquals("http://b.test/1", f.take().visit().url().toString(), "b.test is not paused");
        assertEquals(a1.visit(), f.take().visit());
        assertNotBefore(retried, GAP, "a.test/1 again, after a.test's pause");
    }

    /** The crawler's 429/503 path: a copy with one deferral more goes back; the original's done ends the taking. */
    @Test
    public void aDeferredCopyGoesBackInPlaceOfTheVisit() throws Exception {
        Frontier f = frontier(1, Duration.ZERO);
        f.offer(visit("http://a.test/1"));
        f.offer(visit("http://a.test/2"));
        Lease a1 = f.take();
        a1.retryLater(a1.visit().deferred(), Duration.ZERO);
        a1.done(null);
        Lease again = f.take();
        assertEquals(a1.visit().deferred(), again.visit());
        assertEquals(1, again.visit().deferrals());
        finish(f, again);
        Lease a2 = f.take();
        assertEquals("http://a.test/2", a2.visit().url().toString());
        finish(f, a2);
        assertNull(f.take());
    }

    /**
     * Between a worker's retryLater and its done, another taker may take the visit again: that second taking
     * holds the origin's slot and stays in flight until its own done.
     */
    @Test
    public void aRetriedVisitTakenAgainIsNotEndedByTheFirstTakingsDone() throws Exception {
        Frontier f = frontier(1, Duration.ZERO);
        f.offer(visit("http://a.test/1"));
        f.offer(visit("http://a.test/2"));
        Lease first = f.take();
        first.retryLater(first.visit(), Duration.ZERO);
        Lease second = f.take();
        assertEquals(first.visit(), second.visit());
        first.done(null);
        assertEquals(1, f.inFlight(), "the second taking is still in flight");
        CompletableFuture<Lease> next = takeInBackground(f);
        assertStillWaiting(next, "the second taking of a.test/1 holds a.test's only slot");
        finish(f, second);
        Lease a2 = next.get();
        assertEquals("http://a.test/2", a2.visit().url().toString());
        finish(f, a2);
        assertNull(f.take(), "a.test/1 was handed out twice, not three times");
    }

    // ---- done, and the counts ----

    @Test
    public void queuedAndInFlightCountEachVisitInOnePlace() throws Exception {
        Frontier f = frontier(4, Duration.ZERO);
        for (String u : List.of("http://a.test/1", "http://a.test/2", "http://b.test/1")) f.offer(visit(u));
        assertCounts(f, 3, 0);
        Lease x = f.take();
        assertCounts(f, 2, 1);
        Lease y = f.take();
        assertCounts(f, 1, 2);
        x.release(Duration.ZERO);
        assertCounts(f, 1, 2); // released is not done: the page is still being parsed
        finish(f, x);
        assertCounts(f, 1, 1);
        y.retryLater(y.visit(), Duration.ZERO);
        assertCounts(f, 2, 1);
        y.done(null);
        assertCounts(f, 2, 0);
        assertEquals(2, drain(f).size());
        assertCounts(f, 0, 0);
    }

    @Test
    public void aVisitDoneWithoutItsRecordEndsOrGoesBackAsDeclared() throws Exception {
        Frontier f = frontier(4, Duration.ZERO);
        Visit a1 = visit("http://a.test/1");
        f.offer(a1);
        f.take().done(null); // a fetch aborted by cancel(): no record
        assertEquals(0, f.inFlight());
        if (doneWithoutARecordPutsTheVisitBack()) {
            Lease again = f.take();
            assertEquals(a1, again.visit(), "back in the queue for whoever comes next");
            finish(f, again);
        }
        assertNull(f.take());
        assertFalse(f.offer(a1), "still seen");
    }

    // ---- shared, durable ----

    @Test
    public void sharedSaysWhetherAnotherProcessSeesTheSameFrontier() throws Exception {
        Frontier f = frontier(4, Duration.ZERO);
        assertEquals(sharedByProcesses(), f.shared());
        Visit a1 = visit("http://a.test/1");
        Frontier other = sharedByProcesses() ? peer(f) : frontier(4, Duration.ZERO);
        assertTrue(f.offer(a1));
        if (sharedByProcesses()) {
            assertTrue(other.seen(a1.url()), "the seen set is shared");
            assertFalse(other.offer(a1));
            Lease taken = other.take();
            assertEquals(a1, taken.visit(), "the queue is shared");
            assertEquals(1, other.inFlight());
            assertEquals(0, f.inFlight(), "each process counts its own visits in flight");
            finish(other, taken);
            assertNull(f.take(), "the other process did the only visit");
        } else {
            assertFalse(other.seen(a1.url()), "another frontier knows nothing of this one");
            assertTrue(other.offer(a1));
            assertEquals(a1, f.take().visit());
            assertEquals(a1, other.take().visit());
        }
    }

    @Test
    public void whatWasQueuedOrInFlightOutlivesAKilledFrontierWhereDurable() throws Exception {
        assumeTrue(durable(), "an in-memory frontier's state ends with it (durable() is false)");
        Frontier f = frontier(4, Duration.ZERO);
        List<Visit> visits = List.of(visit("http://a.test/1"), visit("http://a.test/2"), visit("http://a.test/3"));
        visits.forEach(f::offer);
        Lease a1 = f.take();
        finish(f, a1);
        Lease a2 = f.take(); // in flight when the process dies
        assertEquals("http://a.test/2", a2.visit().url().toString());
        Frontier next = reopen(f, 4, Duration.ZERO);
        for (Visit v : visits) {
            assertTrue(next.seen(v.url()), v.url() + " is still seen");
            assertFalse(next.offer(v));
        }
        assertEquals(Set.of("http://a.test/2", "http://a.test/3"), drain(next),
                "the visit in flight is done again, the finished one is not");
    }
}
