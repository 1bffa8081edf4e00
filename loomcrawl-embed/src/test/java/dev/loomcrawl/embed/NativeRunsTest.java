package dev.loomcrawl.embed;

import dev.loomcrawl.content.EmbedderStopped;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The calls into the runtime at the JVM's exit (what the shutdown hook does, on runs of this test's own): a call in
 * flight holds the exit until it ends, a new one is refused without running, and the exit waits no longer than its
 * deadline.
 */
@Timeout(60)
class NativeRunsTest {

    @Test
    void theExitWaitsForTheCallInFlightAndRefusesNewOnes() throws Exception {
        NativeRuns runs = new NativeRuns();
        CountDownLatch release = new CountDownLatch(1);
        Thread call = inFlight(runs, release);
        AtomicBoolean drained = new AtomicBoolean();
        Thread exit = Thread.ofPlatform().start(() -> drained.set(runs.stop(Duration.ofSeconds(30))));
        Thread.sleep(200);
        assertTrue(exit.isAlive(), "the exit waits for the call in native code");
        AtomicBoolean ran = new AtomicBoolean();
        assertThrows(EmbedderStopped.class, () -> runs.run(() -> ran.getAndSet(true)));
        assertFalse(ran.get(), "a call refused at exit does not run");
        release.countDown();
        exit.join(10_000);
        assertFalse(exit.isAlive());
        assertTrue(drained.get());
        call.join();
        assertEquals(0, runs.inFlight());
    }

    @Test
    void theExitWaitsNoLongerThanItsDeadline() throws Exception {
        NativeRuns runs = new NativeRuns();
        CountDownLatch release = new CountDownLatch(1);
        Thread call = inFlight(runs, release);
        long start = System.nanoTime();
        assertFalse(runs.stop(Duration.ofMillis(300)));
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(ms >= 300 && ms < 5_000, ms + " ms");
        release.countDown();
        call.join();
    }

    @Test
    void aCallThatFailsIsCountedOut() {
        NativeRuns runs = new NativeRuns();
        assertThrows(IllegalArgumentException.class, () -> runs.run(() -> {
            throw new IllegalArgumentException("bad text");
        }));
        assertEquals(0, runs.inFlight());
        assertTrue(runs.stop(Duration.ofMillis(1)));
    }

    /** A call in native code (as far as {@code runs} knows) until {@code release}; returned once it is in. */
    private static Thread inFlight(NativeRuns runs, CountDownLatch release) throws InterruptedException {
        CountDownLatch inside = new CountDownLatch(1);
        Thread call = Thread.ofVirtual().start(() -> runs.run(() -> {
            inside.countDown();
            await(release);
            return 1;
        }));
        inside.await();
        return call;
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
