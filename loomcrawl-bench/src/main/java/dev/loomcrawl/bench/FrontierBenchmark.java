package dev.loomcrawl.bench;

import dev.loomcrawl.internal.frontier.InMemoryFrontier;
import dev.loomcrawl.frontier.Lease;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.url.WebUrl;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.annotations.Threads;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@link InMemoryFrontier}: queueing a new URL ({@code offer}: the seen-set add, then the locked queue), the
 * whole round trip of a visit ({@code offer}, {@code take}, {@code done}), and offering a URL already seen
 * (the common case: most links found were seen before), each on one thread and on four sharing one frontier.
 *
 * <p>New URLs must be new, so those two benchmarks run in batches: each measured call handles a batch of
 * {@value #BATCH} pre-parsed URLs per thread against a frontier made fresh for the iteration, and JMH
 * reports the time per URL (ops/s per thread = 10^6 / (us/op); four threads do four times as many). The
 * seen case runs in throughput mode.
 */
@State(Scope.Benchmark)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class FrontierBenchmark {
    static final int BATCH = 100_000;
    static final int POOLS = 4;

    private WebUrl[][] pools;
    private WebUrl[] seenUrls;
    InMemoryFrontier frontier;
    AtomicInteger nextPool;
    private InMemoryFrontier seenFrontier;

    /** Each benchmark thread's own batch of URLs no thread has offered before in this iteration. */
    @State(Scope.Thread)
    public static class Batch {
        WebUrl[] urls;
        int nextSeen;

        @Setup(Level.Iteration)
        public void pick(FrontierBenchmark bench) {
            urls = bench.pools[bench.nextPool.getAndIncrement() % POOLS];
        }
    }

    @Setup(Level.Trial)
    public void urls() {
        pools = new WebUrl[POOLS][BATCH];
        for (int p = 0; p < POOLS; p++) {
            for (int i = 0; i < BATCH; i++) {
                pools[p][i] = WebUrl.parse("http://host" + p + ".example/dir" + (i % 97) + "/page" + i + ".html");
            }
        }
        seenUrls = new WebUrl[4096];
        seenFrontier = new InMemoryFrontier();
        for (int i = 0; i < seenUrls.length; i++) {
            seenUrls[i] = WebUrl.parse("http://seen.example/page" + i + ".html");
            seenFrontier.offer(new Visit(seenUrls[i], 10, 1, null));
        }
    }

    @Setup(Level.Iteration)
    public void freshFrontier() {
        frontier = new InMemoryFrontier();
        nextPool = new AtomicInteger();
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OperationsPerInvocation(BATCH)
    public int offerNew(Batch batch) {
        return offerAll(batch);
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OperationsPerInvocation(BATCH)
    @Threads(4)
    public int offerNew4(Batch batch) {
        return offerAll(batch);
    }

    private int offerAll(Batch batch) {
        int queued = 0;
        for (WebUrl url : batch.urls) {
            if (frontier.offer(new Visit(url, 10, 1, null))) queued++;
        }
        return queued;
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OperationsPerInvocation(BATCH)
    public int offerTakeDone(Batch batch) throws InterruptedException {
        return roundTrips(batch);
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OperationsPerInvocation(BATCH)
    @Threads(4)
    public int offerTakeDone4(Batch batch) throws InterruptedException {
        return roundTrips(batch);
    }

    private int roundTrips(Batch batch) throws InterruptedException {
        int taken = 0;
        for (WebUrl url : batch.urls) {
            frontier.offer(new Visit(url, 10, 1, null));
            Lease lease = frontier.take(); // with four threads, maybe another thread's visit
            if (lease != null) {
                lease.done(null);
                taken++;
            }
        }
        return taken;
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    public boolean offerSeen(Batch batch) {
        return offerSeenOnce(batch);
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @Threads(4)
    public boolean offerSeen4(Batch batch) {
        return offerSeenOnce(batch);
    }

    private boolean offerSeenOnce(Batch batch) {
        int i = batch.nextSeen;
        batch.nextSeen = (i + 1) & (seenUrls.length - 1);
        return seenFrontier.offer(new Visit(seenUrls[i], 10, 1, null));
    }
}
