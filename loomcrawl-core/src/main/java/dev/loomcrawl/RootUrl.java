package dev.loomcrawl;

import dev.loomcrawl.url.WebUrl;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A crawl root as a person writes it, read as an http(s) URL. One without a scheme gets {@code http://}, as in
 * the seed ({@code example.com/docs}, {@code localhost:8080/}). Everything else is refused with an
 * {@link IllegalArgumentException} whose one-line message says what to give instead: a local path (it begins
 * with {@code /}, {@code ./}, {@code ../} or {@code ~}, is a {@code file:} URL, or names an existing file or
 * directory) and any scheme but http and https ({@code mailto:}, {@code javascript:}, {@code ftp:}...).
 */
public final class RootUrl {
    /** A scheme and what follows its colon. */
    private static final Pattern SCHEME = Pattern.compile("([a-zA-Z][a-zA-Z0-9+.-]*):(.*)", Pattern.DOTALL);
    /** What follows "host:" when the colon starts a port, not a scheme's data: "8080", "8080/docs", "". */
    private static final Pattern PORT_AND_PATH = Pattern.compile("(\\d+([/?#].*)?)?", Pattern.DOTALL);
    private static final String GIVE_A_URL = "give an http(s) URL such as https://example.com/";

    private RootUrl() {}

    /** The root as an absolute http(s) URL; throws IllegalArgumentException saying what to give instead. */
    public static WebUrl parse(String written) {
        String r = written.strip();
        if (r.isEmpty()) throw new IllegalArgumentException("a root URL must not be empty");
        String scheme = scheme(r);
        if (scheme == null) {
            if (isLocalPath(r)) throw new IllegalArgumentException(localPath(r, localFile(r)));
            r = "http://" + r;
        } else if (scheme.equals("file")) {
            throw new IllegalArgumentException(localPath(r, fileUrlPath(r)));
        } else if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException(scheme + ": URLs cannot be crawled: a root must be an http(s) URL, got '"
                    + written + "'");
        }
        WebUrl url = WebUrl.tryParse(r, null);
        if (url == null) throw new IllegalArgumentException("not a valid http(s) root URL: " + written);
        return url;
    }

    /**
     * Whether {@code written} reads as a local path rather than a URL: it begins with {@code /}, {@code ./},
     * {@code ../}, {@code ~} or {@code file:}, or it has no scheme and names a file or directory that exists
     * (relative to the working directory).
     */
    public static boolean isLocalPath(String written) {
        String r = written.strip();
        if (r.startsWith("/") || r.startsWith("./") || r.startsWith("../") || r.equals(".") || r.equals("..")
                || r.startsWith("~") || r.regionMatches(true, 0, "file:", 0, 5)) {
            return true;
        }
        if (scheme(r) != null) return false;
        Path file = localFile(r);
        return file != null && Files.exists(file);
    }

    /** The scheme, lower-cased, or null when there is none ("host:port..." is a host and a port, not a scheme). */
    private static String scheme(String r) {
        Matcher m = SCHEME.matcher(r);
        if (!m.matches() || PORT_AND_PATH.matcher(m.group(2)).matches()) return null;
        return m.group(1).toLowerCase(Locale.ROOT);
    }

    /** The file a path names, {@code ~} expanded; null when it cannot name one. */
    private static Path localFile(String r) {
        String expanded = r.equals("~") || r.startsWith("~/") ? System.getProperty("user.home") + r.substring(1) : r;
        try {
            return Path.of(expanded);
        } catch (InvalidPathException e) {
            return null;
        }
    }

    private static Path fileUrlPath(String r) {
        try {
            return Path.of(URI.create(r));
        } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return null;
        }
    }

    /** What to do instead of crawling a local path: check a directory, give a URL for anything else. */
    private static String localPath(String written, Path file) {
        if (file != null && Files.isDirectory(file)) {
            String dir = written.regionMatches(true, 0, "file:", 0, 5) ? file.toString() : written;
            return written + " is a local directory: to check its links use 'loomcrawl check " + dir + "'";
        }
        if (file != null && Files.exists(file)) {
            return written + " is a local file, not a URL: " + GIVE_A_URL
                    + " (to check the links of a site built in a directory, use 'loomcrawl check DIR')";
        }
        return written + " looks like a local path, not a URL, and there is no such file or directory: " + GIVE_A_URL;
    }
}
