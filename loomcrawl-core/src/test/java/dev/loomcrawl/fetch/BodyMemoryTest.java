package dev.loomcrawl.fetch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The body memory bound's rules: grants in order, waits, gives back, and never waits for ever. */
@Timeout(30)
class BodyMemoryTest {

    /**
     * Grants are made in order, under the bound's lock, so {@link BodyMemory#used()} shows them at once; the
     * callbacks then run on threads of their own, in any order (the test once asserted their order and failed in
     * CI when c's thread ran first).
     */
    @Test
    void grantsWithinTheBoundAndMakesTheRestWaitInOrder() throws Exception {
        BodyMemory memory = new BodyMemory(100);
        BodyMemory.Claim a = memory.claim();
        BodyMemory.Claim d = memory.claim();
        BodyMemory.Claim b = memory.claim();
        BodyMemory.Claim c = memory.claim();
        assertTrue(a.grow(60, fail(), fail()));
        assertTrue(d.grow(30, fail(), fail()));
        List<String> granted = new CopyOnWriteArrayList<>();
        CountDownLatch both = new CountDownLatch(2);
        assertFalse(b.grow(50, () -> { granted.add("b"); both.countDown(); }, fail()));
        assertFalse(c.grow(10, () -> { granted.add("c"); both.countDown(); }, fail())); // fits, but b came first
        assertEquals(90, memory.used());
        d.release(); // 60 in use: c would fit, b still does not, and c waits behind b
        assertEquals(60, memory.used());
        assertEquals(0, b.held() + c.held());
        a.release(); // both fit now: b, then c
        assertEquals(60, memory.used());
        assertEquals(50, b.held());
        assertEquals(10, c.held());
        assertTrue(both.await(5, TimeUnit.SECONDS));
        assertEquals(java.util.Set.of("b", "c"), java.util.Set.copyOf(granted));
        b.release();
        c.release();
        assertEquals(0, memory.used());
    }

    @Test
    void aBodyHeldElsewhereKeepsItsBytesUntilTheLastRelease() {
        BodyMemory memory = new BodyMemory(100);
        BodyMemory.Claim a = memory.claim();
        assertTrue(a.grow(40, fail(), fail()));
        a.retain(); // an output holds the body too
        a.release();
        assertEquals(40, memory.used());
        a.release();
        assertEquals(0, memory.used());
        a.release(); // once more: nothing left to give back
        assertEquals(0, memory.used());
    }

    @Test
    void whenEveryByteIsHeldByWaitingClaimsTheNewestIsRefused() throws Exception {
        BodyMemory memory = new BodyMemory(100);
        BodyMemory.Claim a = memory.claim();
        BodyMemory.Claim b = memory.claim();
        assertTrue(a.grow(50, fail(), fail()));
        assertTrue(b.grow(50, fail(), fail()));
        CountDownLatch aGranted = new CountDownLatch(1);
        CountDownLatch bRefused = new CountDownLatch(1);
        assertFalse(a.grow(30, aGranted::countDown, fail())); // b still receives: a waits
        assertEquals(100, memory.used());
        assertFalse(b.grow(30, fail(), bRefused::countDown)); // both wait now: none would ever give back
        assertTrue(bRefused.await(5, TimeUnit.SECONDS));
        assertTrue(aGranted.await(5, TimeUnit.SECONDS));
        assertEquals(80, memory.used());
        assertEquals(0, b.held());
    }

    @Test
    void aClaimHoldingEverythingInUseMayGoPastTheBoundAlone() {
        BodyMemory memory = new BodyMemory(100);
        BodyMemory.Claim a = memory.claim();
        assertTrue(a.grow(80, fail(), fail()));
        assertTrue(a.grow(80, fail(), fail()));
        assertEquals(160, memory.used());
        a.close();
        assertEquals(0, memory.used());
    }

    @Test
    void aBlockingWaitEndsAtItsDeadlineOrWhenRoomIsMade() throws Exception {
        BodyMemory memory = new BodyMemory(100);
        BodyMemory.Claim holder = memory.claim();
        BodyMemory.Claim waiter = memory.claim();
        assertTrue(holder.grow(100, fail(), fail()));
        assertThrows(BodyMemory.Refused.class, () -> waiter.await(10, TimeUnit.MILLISECONDS.toNanos(50)));
        assertEquals(100, memory.used());
        Thread releaser = Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                return;
            }
            holder.release();
        });
        waiter.await(10, TimeUnit.SECONDS.toNanos(10));
        releaser.join();
        assertEquals(10, memory.used());
    }

    @Test
    void aClosedClaimWaitingIsForgottenAndItsBytesGoBack() throws Exception {
        BodyMemory memory = new BodyMemory(100);
        BodyMemory.Claim holder = memory.claim();
        BodyMemory.Claim waiter = memory.claim();
        assertTrue(holder.grow(90, fail(), fail()));
        assertTrue(waiter.grow(10, fail(), fail()));
        CountDownLatch later = new CountDownLatch(1);
        assertFalse(waiter.grow(50, fail(), fail()));
        waiter.close();
        assertEquals(90, memory.used());
        BodyMemory.Claim third = memory.claim();
        assertFalse(third.grow(20, later::countDown, fail()));
        holder.release();
        assertTrue(later.await(5, TimeUnit.SECONDS));
        assertEquals(20, memory.used());
    }

    private static Runnable fail() {
        return () -> {
            throw new AssertionError("not expected to run");
        };
    }
}
