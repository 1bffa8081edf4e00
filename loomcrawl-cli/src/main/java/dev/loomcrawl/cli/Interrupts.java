package dev.loomcrawl.cli;

import dev.loomcrawl.Crawler;
import sun.misc.Signal;
import sun.misc.SignalHandler;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Ctrl-C (SIGINT) and SIGTERM during a crawl or a check. The first signal stops taking new URLs and lets the
 * fetches in flight finish; the second, of either kind, aborts them. Either way the crawl returns, and its report
 * is printed and its outputs closed by the command. After SIGTERM (what systemd, Kubernetes, {@code docker stop}
 * and CI runners send, and follow with SIGKILL after 10 to 30 s) the fetches in flight are aborted by themselves
 * after {@link #TERM_GRACE}, so that the whole stop fits in the time a supervisor gives; after Ctrl-C a person at
 * the terminal decides. The exit code says which signal came first: 130 or 143. The previous handlers are put
 * back on close.
 */
final class Interrupts implements AutoCloseable {
    /** How long fetches in flight may run on after SIGTERM before they are aborted. */
    static final Duration TERM_GRACE = Duration.ofSeconds(5);

    private static final Signal INT = new Signal("INT");
    private static final Signal TERM = new Signal("TERM");

    private final SignalHandler previousInt;
    private final SignalHandler previousTerm;
    private final AtomicReference<Signal> first = new AtomicReference<>();
    private final AtomicReference<Thread> grace = new AtomicReference<>();

    private Interrupts(Crawler crawler, PrintWriter err) {
        AtomicInteger signals = new AtomicInteger();
        SignalHandler handler = signal -> {
            if (signals.incrementAndGet() == 1) {
                first.set(signal);
                stopping(crawler, err, signal);
            } else {
                err.println("Aborting fetches in flight");
                err.flush();
                crawler.cancel();
            }
        };
        previousInt = Signal.handle(INT, handler);
        previousTerm = Signal.handle(TERM, handler);
    }

    /** Handles SIGINT and SIGTERM for {@code crawler} until closed; what is said goes to {@code err}. */
    static Interrupts install(Crawler crawler, PrintWriter err) {
        return new Interrupts(crawler, err);
    }

    private void stopping(Crawler crawler, PrintWriter err, Signal signal) {
        int inFlight = crawler.inFlight();
        if (signal.equals(TERM)) {
            err.printf("%nStopping (SIGTERM): %s%n", inFlight == 0 ? "no fetch in flight"
                    : "finishing " + fetches(inFlight) + " in flight for up to " + TERM_GRACE.toSeconds()
                    + " s (a second signal aborts " + (inFlight == 1 ? "it)" : "them)"));
            grace.set(Thread.ofVirtual().name("loomcrawl-stop-grace").start(() -> {
                try {
                    Thread.sleep(TERM_GRACE);
                } catch (InterruptedException e) {
                    return; // the crawl ended within the grace
                }
                err.println("Aborting fetches in flight: " + TERM_GRACE.toSeconds() + " s have passed");
                err.flush();
                crawler.cancel();
            }));
        } else {
            err.printf("%nStopping: %s%n", inFlight == 0 ? "no fetch in flight"
                    : "finishing " + fetches(inFlight) + " in flight (Ctrl-C again to abort)");
        }
        err.flush();
        crawler.stop();
    }

    /** "1 fetch", "3 fetches". */
    private static String fetches(int n) {
        return n + (n == 1 ? " fetch" : " fetches");
    }

    /** The exit code of a crawl stopped by a signal: 143 when SIGTERM came first, else 130 (Ctrl-C). */
    int exitCode() {
        return TERM.equals(first.get()) ? Main.TERMINATED : Main.INTERRUPTED;
    }

    @Override
    public void close() {
        Signal.handle(INT, previousInt);
        Signal.handle(TERM, previousTerm);
        Thread t = grace.get();
        if (t != null) t.interrupt();
    }
}
