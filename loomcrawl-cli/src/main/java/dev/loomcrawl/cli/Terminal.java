package dev.loomcrawl.cli;

import java.io.Console;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Whether standard error is a terminal, where a live progress line can redraw itself. {@code System.console()}
 * alone cannot tell: it describes stdin and stdout, and since JDK 22 it is not null even when they are
 * redirected. On Linux, /proc names the file behind descriptor 2 (a terminal is /dev/pts/N or /dev/ttyN);
 * elsewhere the console is used, through {@code Console.isTerminal()} when the JDK has it.
 */
final class Terminal {
    private Terminal() {}

    static boolean stderrIsTerminal() {
        if ("dumb".equals(System.getenv("TERM"))) return false;
        Path fd2 = Path.of("/proc/self/fd/2");
        if (Files.exists(fd2, LinkOption.NOFOLLOW_LINKS)) {
            try {
                String target = Files.readSymbolicLink(fd2).toString();
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
