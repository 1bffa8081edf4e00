package dev.loomcrawl.cli;

import dev.loomcrawl.Crawler;
import picocli.CommandLine;
import sun.misc.Signal;
import sun.misc.SignalHandler;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Ctrl-C (SIGINT) during a crawl: the first stops taking new URLs and lets fetches in flight finish, the
 * second aborts them. Either way the crawl returns and the report is printed. The previous handler is put
 * back on close.
 */
final class Interrupts implements AutoCloseable {
    private static final Signal INT = new Signal("INT");
    private final SignalHandler previous;

    private Interrupts(SignalHandler previous) {
        this.previous = previous;
    }

    static Interrupts install(Crawler crawler, CommandLine.Model.CommandSpec spec) {
        AtomicInteger presses = new AtomicInteger();
        SignalHandler previous = Signal.handle(INT, signal -> {
            if (presses.incrementAndGet() == 1) {
                spec.commandLine().getErr().printf("%nStopping: finishing %d fetches in flight (Ctrl-C again to abort)%n",
                        crawler.inFlight());
                crawler.stop();
            } else {
                spec.commandLine().getErr().println("Aborting fetches in flight");
                crawler.cancel();
            }
        });
        return new Interrupts(previous);
    }

    @Override
    public void close() {
        Signal.handle(INT, previous);
    }
}
