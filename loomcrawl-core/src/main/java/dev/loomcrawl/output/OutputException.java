package dev.loomcrawl.output;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/**
 * An output could not be written: "cannot write TARGET: REASON", one line, fit to show a user as it is. Thrown
 * from a listener it stops the crawl (a full disk should), and {@code Crawler.crawl()} then throws it, wrapped.
 */
public final class OutputException extends RuntimeException {
    private final String target;

    public OutputException(String target, String reason) {
        super("cannot write " + target + ": " + reason);
        this.target = target;
    }

    public OutputException(String target, IOException cause) {
        super("cannot write " + target + ": " + reason(cause), cause);
        this.target = target;
    }

    /** The file (or stream) that could not be written. */
    public String target() {
        return target;
    }

    /** The operating system's reason, without the path the message already names. */
    static String reason(IOException e) {
        String m = e.getMessage();
        if (e instanceof FileNotFoundException && m != null && m.endsWith(")") && m.contains(" (")) {
            return m.substring(m.lastIndexOf(" (") + 2, m.length() - 1); // "path (No such file or directory)"
        }
        if (e instanceof NoSuchFileException) return "No such file or directory";
        if (e instanceof AccessDeniedException) return "Permission denied";
        if (e instanceof FileSystemException f && f.getReason() != null) return f.getReason();
        return m == null || m.isBlank() ? "an input/output error with no reason given" : m;
    }
}
