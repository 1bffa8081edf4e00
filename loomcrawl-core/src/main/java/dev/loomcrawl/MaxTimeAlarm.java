package dev.loomcrawl;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * With {@code --max-time}, a thread that stops the crawl when the time runs out, whatever the dispatch loop waits
 * for: an origin paused by a Retry-After, a Crawl-delay or a backoff holds the loop in the frontier's take, where it
 * would not look at the clock. Closed before the summary is taken, so that no stop comes after the crawl is over.
 */
final class MaxTimeAlarm implements AutoCloseable {
    private final AtomicBoolean armed = new AtomicBoolean(true);
    private final Thread thread;

    private MaxTimeAlarm(Duration left, Runnable onTime) {
        thread = Thread.ofVirtual().name("loomcrawl-max-time").start(() -> {
            try {
                Thread.sleep(left);
            } catch (InterruptedException e) {
                return; // the crawl ended first
            }
            if (armed.get()) onTime.run(); // not a crawl that has just ended of itself
        });
    }

    /** An alarm that runs {@code onTime} once {@code left} has passed; null when {@code left} is (no time limit). */
    static MaxTimeAlarm start(Duration left, Runnable onTime) {
        return left == null ? null : new MaxTimeAlarm(left, onTime);
    }

    /** Disarms the alarm and waits for its thread to end. */
    @Override
    public void close() {
        armed.set(false);
        thread.interrupt();
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }
}
