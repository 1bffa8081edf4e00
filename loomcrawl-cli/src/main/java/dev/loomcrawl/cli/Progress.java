package dev.loomcrawl.cli;

import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.Crawler;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
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
 * so log lines printed meanwhile do not land in the middle of it, and it is fitted to the terminal's width as it
 * is now ({@link TerminalWidth}): a line that wrapped would leave a row behind at every redraw.
 */
final class Progress implements CrawlListener, AutoCloseable {
    private static final long WINDOW_NANOS = Duration.ofSeconds(5).toNanos();
    /** The fields' indexes in {@link #fields}, in the order a narrow terminal leaves them out. */
    private static final int[] DROPPED_FIRST = {2, 5, 3, 6, 4, 1};

    private final IntSupplier queued;
    private final IntSupplier inFlight;
    private final PrintWriter err;
    private final StatusLine status;
    private final TerminalWidth width; // null: a line's width is not bounded
    private final long start = System.nanoTime();
    private final AtomicLong done = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private final ArrayDeque<long[]> samples = new ArrayDeque<>(); // {nanos, done}, ticker thread only
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r ->
            Thread.ofPlatform().name("loomcrawl-progress").daemon(true).unstarted(r));
    private final AtomicBoolean closed = new AtomicBoolean();

    /**
     * Log lines to {@code err} when {@code status} is null, else the live {@code status} line, fitted to
     * {@code width} when it is not null.
     */
    Progress(IntSupplier queued, IntSupplier inFlight, PrintWriter err, StatusLine status, TerminalWidth width,
             Duration every) {
        this.queued = queued;
        this.inFlight = inFlight;
        this.err = err;
        this.status = status;
        this.width = width;
        samples.add(new long[] {start, 0});
        ticker.scheduleAtFixedRate(this::tick, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Four redraws a second when standard error is a terminal, else a line every 5 seconds. */
    static Progress start(Crawler crawler, PrintWriter err) {
        return Terminal.stderrIsTerminal()
                ? new Progress(crawler::queued, crawler::inFlight, err, StatusLine.install(), TerminalWidth.watch(),
                        Duration.ofMillis(250))
                : new Progress(crawler::queued, crawler::inFlight, err, null, null, Duration.ofSeconds(5));
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
        int q = queued.getAsInt();
        int f = inFlight.getAsInt();
        Duration elapsed = Duration.ofNanos(now - start);
        if (status != null) {
            status.show(width == null ? line(d, q, f, rate, errors.get(), bytes.get(), elapsed)
                    : line(d, q, f, rate, errors.get(), bytes.get(), elapsed, width.columns() - 1));
        } else {
            err.println("progress: " + line(d, q, f, rate, errors.get(), bytes.get(), elapsed));
            err.flush();
        }
    }

    static String line(long done, int queued, int inFlight, double rate, long errors, long bytes, Duration elapsed) {
        return String.join(", ", fields(done, queued, inFlight, String.format(Locale.ROOT, "%,.1f pages/s", rate),
                errors, bytes, elapsed));
    }

    /**
     * The line in at most {@code max} characters: whole if it fits; else with the rate said briefly ("1,010/s"),
     * then without the fields least worth the room, one at a time: in flight, bytes, rate, time, errors, queued;
     * what is left is cut. On a terminal {@code max} is its width less one, for a line as wide as the terminal
     * wraps on some of them.
     */
    static String line(long done, int queued, int inFlight, double rate, long errors, long bytes, Duration elapsed,
                       int max) {
        String whole = line(done, queued, inFlight, rate, errors, bytes, elapsed);
        if (whole.length() <= max) return whole;
        List<String> fields = new ArrayList<>(fields(done, queued, inFlight,
                String.format(Locale.ROOT, "%,.0f/s", rate), errors, bytes, elapsed));
        String line = whole;
        for (int i = 0; i <= DROPPED_FIRST.length; i++) {
            line = String.join(", ", fields.stream().filter(Objects::nonNull).toList());
            if (line.length() <= max) return line;
            if (i < DROPPED_FIRST.length) fields.set(DROPPED_FIRST[i], null);
        }
        return line.substring(0, Math.max(0, max)); // "done" alone is too long
    }

    /** done, queued, in flight, rate, errors, bytes, time: the line's fields in its order. */
    private static List<String> fields(long done, int queued, int inFlight, String rate, long errors, long bytes,
                                       Duration elapsed) {
        long s = elapsed.toSeconds();
        String time = s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
        return List.of(String.format(Locale.ROOT, "%,d done", done), String.format(Locale.ROOT, "%,d queued", queued),
                String.format(Locale.ROOT, "%,d in flight", inFlight), rate,
                String.format(Locale.ROOT, errors == 1 ? "%,d error" : "%,d errors", errors), size(bytes), time);
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
        if (width != null) width.close();
    }
}
