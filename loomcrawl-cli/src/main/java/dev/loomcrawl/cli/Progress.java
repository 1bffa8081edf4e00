package dev.loomcrawl.cli;

import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.Crawler;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;

/**
 * Crawl progress on standard error: URLs done, queued, in flight, pages per second (over the last 5 seconds),
 * errors (failed fetches and 4xx/5xx answers), bytes and time elapsed. On a terminal it is one line redrawn
 * four times a second and cleared at the end; otherwise (a log file, CI) one line every 5 seconds. Counts come
 * from records as they finish; queued and in-flight from the crawler. The live line is a {@link StatusLine},
 * so log lines printed meanwhile do not land in the middle of it.
 */
final class Progress implements CrawlListener, AutoCloseable {
    private static final long WINDOW_NANOS = Duration.ofSeconds(5).toNanos();

    private final IntSupplier queued;
    private final IntSupplier inFlight;
    private final PrintWriter err;
    private final StatusLine status;
    private final long start = System.nanoTime();
    private final AtomicLong done = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private final ArrayDeque<long[]> samples = new ArrayDeque<>(); // {nanos, done}, ticker thread only
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r ->
            Thread.ofPlatform().name("loomcrawl-progress").daemon(true).unstarted(r));
    private final AtomicBoolean closed = new AtomicBoolean();

    /** Log lines to {@code err} when {@code status} is null, else the live {@code status} line. */
    Progress(IntSupplier queued, IntSupplier inFlight, PrintWriter err, StatusLine status, Duration every) {
        this.queued = queued;
        this.inFlight = inFlight;
        this.err = err;
        this.status = status;
        samples.add(new long[] {start, 0});
        ticker.scheduleAtFixedRate(this::tick, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Four redraws a second when standard error is a terminal, else a line every 5 seconds. */
    static Progress start(Crawler crawler, PrintWriter err) {
        return Terminal.stderrIsTerminal()
                ? new Progress(crawler::queued, crawler::inFlight, err, StatusLine.install(), Duration.ofMillis(250))
                : new Progress(crawler::queued, crawler::inFlight, err, null, Duration.ofSeconds(5));
    }

    @Override
    public void onFinished(FinishedUrl finished) {
        CrawlRecord record = finished.record();
        done.incrementAndGet();
        bytes.addAndGet(record.size());
        if (record.failed() || record.statusAtLeast(400)) errors.incrementAndGet();
    }

    private void tick() {
        long now = System.nanoTime();
        long d = done.get();
        samples.addLast(new long[] {now, d});
        while (samples.size() > 2 && now - samples.peekFirst()[0] > WINDOW_NANOS) samples.removeFirst();
        long[] oldest = samples.peekFirst();
        double rate = now > oldest[0] ? (d - oldest[1]) * 1e9 / (now - oldest[0]) : 0;
        String line = line(d, queued.getAsInt(), inFlight.getAsInt(), rate, errors.get(), bytes.get(),
                Duration.ofNanos(now - start));
        if (status != null) {
            status.show(line);
        } else {
            err.println("progress: " + line);
            err.flush();
        }
    }

    static String line(long done, int queued, int inFlight, double rate, long errors, long bytes, Duration elapsed) {
        long s = elapsed.toSeconds();
        String time = s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
        return String.format(Locale.ROOT, "%,d done, %,d queued, %,d in flight, %,.1f pages/s, %,d errors, %s, %s",
                done, queued, inFlight, rate, errors, size(bytes), time);
    }

    static String size(long n) {
        if (n < 1024) return n + " B";
        int unit = (63 - Long.numberOfLeadingZeros(n)) / 10;
        return String.format(Locale.ROOT, "%.1f %siB", n / (double) (1L << unit * 10), "KMGTPE".charAt(unit - 1));
    }

    /** Stops the updates; on a terminal, clears the line. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) return;
        ticker.shutdown();
        try {
            ticker.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (status != null) status.uninstall();
    }
}
