package dev.loomcrawl.cli;

import sun.misc.Signal;
import sun.misc.SignalHandler;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The width in columns of the terminal the process runs on, for a status line that must not wrap: a line one
 * column too long wraps, and each redraw then leaves its first row behind. Java cannot ask the terminal itself
 * (TIOCGWINSZ is an ioctl, out of reach without native code), so {@code stty size} is asked, reading /dev/tty,
 * the process's terminal, whatever its standard streams are: once, then again after the terminal says it was
 * resized (SIGWINCH, which a resized window sends its foreground processes), or every {@link #RECHECK} where that
 * signal cannot be handled. Without an answer (no stty, no terminal): {@code $COLUMNS}, then {@link #DEFAULT}.
 */
final class TerminalWidth implements AutoCloseable {
    static final int DEFAULT = 80;
    /** How often the width is asked again when SIGWINCH cannot say it changed. */
    static final Duration RECHECK = Duration.ofSeconds(2);

    private static final Signal WINCH = signal();

    private volatile boolean resized = true;
    private final SignalHandler previous;
    private int columns = DEFAULT; // the caller's thread only, as askedAt
    private long askedAt;

    private TerminalWidth() {
        SignalHandler before = null;
        if (WINCH != null) {
            try {
                before = Signal.handle(WINCH, s -> resized = true);
            } catch (IllegalArgumentException e) {
                // the JVM keeps this signal for itself here: ask every RECHECK instead
            }
        }
        previous = before;
    }

    /** Watches the width until closed (the previous SIGWINCH handler is put back then). */
    static TerminalWidth watch() {
        return new TerminalWidth();
    }

    /** The terminal's width now, asked again only if it may have changed since the last call. */
    int columns() {
        long now = System.nanoTime();
        boolean watched = previous != null;
        if (resized || !watched && now - askedAt > RECHECK.toNanos()) {
            resized = false;
            askedAt = now;
            columns = ask();
        }
        return columns;
    }

    /** {@code stty size} on /dev/tty ("24 80"), else {@code $COLUMNS}, else {@link #DEFAULT}. */
    static int ask() {
        int stty = stty();
        if (stty > 0) return stty;
        try {
            int env = Integer.parseInt(String.valueOf(System.getenv("COLUMNS")).trim());
            if (env > 0) return env;
        } catch (NumberFormatException e) {
            // not set, or not a number
        }
        return DEFAULT;
    }

    private static int stty() {
        File tty = new File("/dev/tty");
        if (!tty.exists()) return -1;
        try {
            Process p = new ProcessBuilder("stty", "size").redirectInput(tty)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(1, TimeUnit.SECONDS) || p.exitValue() != 0) { // its few bytes fit in the pipe meanwhile
                p.destroyForcibly();
                return -1;
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            String[] rowsColumns = out.split("\\s+");
            return rowsColumns.length == 2 ? Integer.parseInt(rowsColumns[1]) : -1; // 0 on a size never set
        } catch (IOException | NumberFormatException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private static Signal signal() {
        try {
            return new Signal("WINCH");
        } catch (IllegalArgumentException e) {
            return null; // no such signal here (Windows)
        }
    }

    @Override
    public void close() {
        if (previous != null) Signal.handle(WINCH, previous);
    }
}
