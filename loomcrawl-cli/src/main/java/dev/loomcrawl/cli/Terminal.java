package dev.loomcrawl.cli;

import java.io.Console;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Whether standard output or standard error is a terminal, where a live progress line can redraw itself and a
 * report of thousands of lines would flood the screen. {@code System.console()} alone cannot tell: it describes
 * stdin and stdout, and since JDK 22 it is not null even when they are redirected. On Linux, /proc names the file
 * behind a descriptor (a terminal is /dev/pts/N or /dev/ttyN); elsewhere the console is used, through
 * {@code Console.isTerminal()} when the JDK has it.
 */
final class Terminal {
    private Terminal() {}

    /**
     * A writer on the process's standard output or error that is a terminal: what {@link Main#main} hands the
     * commands, so that a command can tell the screen from a pipe, a file, or a test's in-process writer (which is
     * never a terminal, whatever the process's own descriptors are). A report held back to be printed there is
     * one too.
     */
    static final class Screen extends PrintWriter {
        Screen(OutputStream out) {
            super(out, true);
        }

        Screen(Writer heldBack) {
            super(heldBack);
        }
    }

    /** A writer on {@code out}, the process's descriptor {@code fd} (1 or 2): a {@link Screen} on a terminal. */
    static PrintWriter writer(OutputStream out, int fd) {
        return isTerminal(fd) ? new Screen(out) : new PrintWriter(out, true);
    }

    /** Whether {@code out} writes to a terminal: one of the process's own streams, made by {@link #writer}. */
    static boolean isScreen(Writer out) {
        return out instanceof Screen;
    }

    static boolean stderrIsTerminal() {
        return isTerminal(2);
    }

    static boolean isTerminal(int fd) {
        if ("dumb".equals(System.getenv("TERM"))) return false;
        Path link = Path.of("/proc/self/fd/" + fd);
        if (Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
            try {
                String target = Files.readSymbolicLink(link).toString();
                return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
            } catch (IOException | UnsupportedOperationException e) {
                return false;
            }
        }
        Console console = System.console();
        if (console == null) return false;
        try {
            return (Boolean) Console.class.getMethod("isTerminal").invoke(console); // JDK 22 and later
        } catch (ReflectiveOperationException e) {
            return true; // JDK 21: a console exists only when stdin and stdout are terminals
        }
    }
}
