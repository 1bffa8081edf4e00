package dev.loomcrawl;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;

/** The crawl's threads: the dispatch loop's, and the workers (virtual threads, or platform threads). */
final class CrawlThreads {
    private CrawlThreads() {
    }

    /**
     * Runs the dispatch loop on a virtual thread, the caller waiting for it to end. The loop parks whenever
     * {@code maxTasks} visits are in flight or none is ready, and is woken by the workers, thousands of times a
     * second: on a platform thread each of those is a futex wake-up and a context switch (its parking and the
     * workers' waking it: 3.1% of the JDK docs crawl's CPU samples), on a virtual thread a task queued on a
     * carrier (with the default options, 3.5-4.6% less CPU for the crawl: benchmarks.md). What it throws is
     * thrown here. With the benchmark switch for platform threads, the caller's thread runs it.
     */
    static void onDispatchThread(Runnable dispatch) {
        if (platformThreads()) {
            dispatch.run();
            return;
        }
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread thread = Thread.ofVirtual().name("loomcrawl-dispatch").start(() -> {
            try {
                dispatch.run();
            } catch (Throwable t) {
                thrown.set(t);
            }
        });
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) { // as before: only stop() and cancel() end a crawl early
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
        Throwable t = thrown.get();
        if (t instanceof RuntimeException e) throw e;
        if (t instanceof Error e) throw e;
    }

    /**
     * A virtual thread per worker, which goes on from visit to visit while one is due. The system property
     * {@code loomcrawl.bench.platformThreads=true} makes them platform threads instead: a benchmark-only switch, to
     * measure what virtual threads save (benchmarks.md).
     */
    static ExecutorService workers() {
        return platformThreads()
                ? Executors.newThreadPerTaskExecutor(Thread.ofPlatform().name("loomcrawl-worker-", 0).factory())
                : Executors.newVirtualThreadPerTaskExecutor();
    }

    private static boolean platformThreads() {
        return Boolean.getBoolean("loomcrawl.bench.platformThreads");
    }
}
