package dev.loomcrawl.fetch;

import org.eclipse.jetty.util.Pool;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** FreeListPool keeps Jetty's Pool contract (as ConcurrentPool has it), with the most recently freed taken first. */
class FreeListPoolTest {

    private static FreeListPool<String> pool(int max) {
        return new FreeListPool<>(max, s -> 1);
    }

    private static Pool.Entry<String> idle(Pool<String> pool, String name) {
        Pool.Entry<String> e = pool.reserve();
        assertNotNull(e, "room for " + name);
        assertTrue(e.enable(name, false));
        return e;
    }

    @Test
    void reservesUpToItsMaximumAndCountsReservedEntries() {
        FreeListPool<String> pool = pool(2);
        Pool.Entry<String> a = pool.reserve();
        Pool.Entry<String> b = pool.reserve();
        assertNull(pool.reserve(), "full");
        assertTrue(a.isReserved() && b.isReserved());
        assertEquals(2, pool.size());
        assertNull(pool.acquire(), "a reserved entry is not handed out");
        assertTrue(a.remove());
        assertNotNull(pool.reserve(), "a removed entry frees its place");
    }

    @Test
    void anIdleEntryIsAcquiredOnceAtATimeAndComesBackWhenReleased() {
        FreeListPool<String> pool = pool(4);
        Pool.Entry<String> a = idle(pool, "a");
        assertTrue(a.isIdle());
        assertSame(a, pool.acquire());
        assertTrue(a.isInUse());
        assertNull(pool.acquire(), "its one use is taken");
        assertTrue(a.release());
        assertFalse(a.release(), "released twice");
        assertSame(a, pool.acquire());
    }

    @Test
    void theMostRecentlyFreedEntryIsTakenFirst() {
        FreeListPool<String> pool = pool(4);
        idle(pool, "a");
        idle(pool, "b");
        Pool.Entry<String> first = pool.acquire();
        Pool.Entry<String> second = pool.acquire();
        assertEquals("b", first.getPooled());
        assertEquals("a", second.getPooled());
        second.release();
        first.release();
        assertEquals("b", pool.acquire().getPooled(), "b was freed last");
    }

    @Test
    void anEntryEnabledAsAcquiredIsInUseAtOnce() {
        FreeListPool<String> pool = pool(1);
        Pool.Entry<String> a = pool.reserve();
        assertTrue(a.enable("a", true));
        assertTrue(a.isInUse());
        assertNull(pool.acquire());
        assertThrows(IllegalStateException.class, () -> a.enable("again", false));
    }

    @Test
    void removingIsOnceAndARemovedEntryIsNeverHandedOut() {
        FreeListPool<String> pool = pool(4);
        Pool.Entry<String> idle = idle(pool, "idle");
        Pool.Entry<String> busy = idle(pool, "busy");
        assertSame(busy, pool.acquire());
        assertTrue(idle.remove());
        assertFalse(idle.remove(), "removed already");
        assertTrue(idle.isTerminated());
        assertTrue(busy.remove(), "an entry in use is removed too (its one use ends)");
        assertFalse(busy.release(), "a removed entry cannot be released");
        assertNull(pool.acquire());
        assertEquals(0, pool.size());
        Pool.Entry<String> late = pool.reserve();
        assertTrue(late.remove());
        assertFalse(late.enable("late", false), "its connection came after it was removed");
    }

    @Test
    void anEntryMayTakeAsManyUsesAsItsObjectAllows() {
        FreeListPool<String> pool = new FreeListPool<>(2, s -> s.length()); // "ab" takes 2 at once
        Pool.Entry<String> ab = idle(pool, "ab");
        assertSame(ab, pool.acquire());
        assertSame(ab, pool.acquire());
        assertNull(pool.acquire());
        assertFalse(ab.remove(), "still used once more");
        assertTrue(ab.isTerminated());
        assertNull(pool.acquire(), "removed: not handed out");
        assertFalse(ab.release(), "the last use ends with a remove");
        assertTrue(ab.remove());
        assertEquals(0, pool.size());
    }

    @Test
    void terminatingHandsBackEveryEntryAndTakesNoMore() {
        FreeListPool<String> pool = pool(4);
        Pool.Entry<String> idle = idle(pool, "idle");
        Pool.Entry<String> busy = idle(pool, "busy");
        assertSame(busy, pool.acquire());
        Pool.Entry<String> reserved = pool.reserve();
        Set<Pool.Entry<String>> all = new HashSet<>(pool.terminate());
        assertEquals(Set.of(idle, busy, reserved), all);
        assertTrue(pool.isTerminated());
        assertNull(pool.reserve());
        assertNull(pool.acquire());
        assertFalse(busy.release());
        assertTrue(busy.remove());
        assertFalse(reserved.enable("too late", false));
        assertEquals(0, pool.size());
    }

    /** Threads taking and giving back entries never share one, and every entry is idle at the end. */
    @Test
    void concurrentAcquiresNeverHandOutAnEntryTwice() throws Exception {
        FreeListPool<String> pool = pool(8);
        for (int i = 0; i < 8; i++) idle(pool, "c" + i);
        Set<String> inUse = ConcurrentHashMap.newKeySet();
        AtomicInteger clashes = new AtomicInteger();
        AtomicInteger taken = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        try (var executor = Executors.newFixedThreadPool(4)) {
            List<Future<?>> workers = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                workers.add(executor.submit(() -> {
                    start.await();
                    for (int i = 0; i < 20_000; i++) {
                        Pool.Entry<String> e = pool.acquire();
                        if (e == null) continue;
                        taken.incrementAndGet();
                        if (!inUse.add(e.getPooled())) clashes.incrementAndGet();
                        inUse.remove(e.getPooled());
                        assertTrue(e.release());
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> w : workers) w.get();
        }
        assertEquals(0, clashes.get());
        assertTrue(taken.get() > 0);
        assertEquals(8, pool.getIdleCount());
    }
}
