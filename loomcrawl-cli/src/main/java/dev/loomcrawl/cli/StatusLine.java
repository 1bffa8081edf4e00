package dev.loomcrawl.cli;

import java.io.OutputStream;
import java.io.PrintStream;

/**
 * A status line at the bottom of a terminal, and standard error routed around it: anything else written to
 * {@code System.err} (log lines) first clears the line, and the next {@link #show} draws it again below. Writes
 * are serialised here, as {@link PrintStream} serialises them anyway; the terminal is the only I/O done under
 * this lock.
 */
final class StatusLine extends OutputStream {
    private final PrintStream terminal;
    private PrintStream installed;
    private boolean shown;

    StatusLine(PrintStream terminal) {
        this.terminal = terminal;
    }

    /** Puts this in front of {@code System.err} until {@link #uninstall}. */
    static StatusLine install() {
        StatusLine line = new StatusLine(System.err);
        line.installed = new PrintStream(line, true);
        System.setErr(line.installed);
        return line;
    }

    /** Draws (or redraws) the line in place. */
    synchronized void show(String text) {
        terminal.print("\r" + text + "\033[K");
        terminal.flush();
        shown = true;
    }

    /** Removes the line, leaving the cursor at the start of the empty line. */
    synchronized void clear() {
        if (!shown) return;
        terminal.print("\r\033[K");
        terminal.flush();
        shown = false;
    }

    /** Clears the line and gives {@code System.err} back. */
    synchronized void uninstall() {
        clear();
        if (installed != null && System.err == installed) System.setErr(terminal);
    }

    @Override
    public synchronized void write(int b) {
        clear();
        terminal.write(b);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        clear();
        terminal.write(b, off, len);
    }

    @Override
    public synchronized void flush() {
        terminal.flush();
    }
}
