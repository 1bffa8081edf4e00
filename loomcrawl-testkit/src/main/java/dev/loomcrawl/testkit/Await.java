package dev.loomcrawl.testkit;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Waits in a test for something another thread or process makes true, with a deadline: a condition that never
 * comes fails the test with what it waited for, instead of hanging the build.
 */
public final class Await {
    /** How long a test waits for a condition unless it says otherwise. */
    public static final Duration DEADLINE = Duration.ofSeconds(60);

    private Await() {}

    /** Waits until {@code condition} holds, for up to {@link #DEADLINE}; throws {@code AssertionError} past it. */
    public static void until(String what, BooleanSupplier condition) {
        until(what, DEADLINE, condition);
    }

    /** Waits until {@code condition} holds, for up to {@code deadline}; throws {@code AssertionError} past it. */
    public static void until(String what, Duration deadline, BooleanSupplier condition) {
        long end = System.nanoTime() + deadline.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - end > 0) {
                throw new AssertionError("waited " + deadline.toSeconds() + " s for " + what + "; it did not come");
            }
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + what, e);
            }
        }
    }
}
