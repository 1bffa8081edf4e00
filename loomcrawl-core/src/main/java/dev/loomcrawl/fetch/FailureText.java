package dev.loomcrawl.fetch;

import dev.loomcrawl.url.WebUrl;

import java.util.regex.Pattern;

/**
 * A failed fetch in words: what failed (the host, its address, the connection) and why, never a Java class name.
 * Every failure the fetcher gives says it so, and so every message built on one (a record's error, a root's
 * explanation, a scrape's answer) does.
 */
final class FailureText {
    /** A Java class name as an exception's text starts with it: {@code java.net.Foo: } or {@code FooException: }. */
    private static final Pattern CLASS_NAME = Pattern.compile(
            "\\b(?:[a-z_$][\\w$]*\\.)*[A-Z][\\w$]*(?:Exception|Error|Failure)\\b:?\\s*");

    private FailureText() {
    }

    /** What failed in fetching {@code url}, whose failure is {@code t} of kind {@code kind}. */
    static String of(WebUrl url, ErrorKind kind, Throwable t) {
        String detail = detail(t);
        String host = url.host();
        String origin = host + ":" + url.port();
        return switch (kind) {
            case DNS -> "the host name " + host + " does not resolve";
            case BLOCKED -> blocked(host, detail);
            case REFUSED -> origin + " refused the connection (nothing listens there?)";
            case UNREACHABLE -> "no route to " + host + (detail.isEmpty() ? "" : " (" + detail + ")");
            case TIMEOUT -> host + " did not answer in time" + (detail.isEmpty() ? "" : " (" + detail + ")");
            case RESET -> "the connection to " + origin + " closed before a complete answer"
                    + (detail.isEmpty() ? "" : " (" + detail + ")");
            case TLS -> "TLS with " + origin + " failed" + (detail.isEmpty() ? "" : ": " + detail);
            case PROTOCOL -> origin + " broke HTTP" + (detail.isEmpty() ? "" : ": " + detail);
            default -> detail.isEmpty() ? kind.label() + " failure" : detail;
        };
    }

    /**
     * The guard's refusal ("HOST: ADDR is a loopback address; pass --allow-private to crawl it") as a sentence
     * naming the host: its address is not one this crawl may connect to.
     */
    static String blocked(String host, String refusal) {
        String why = refusal.startsWith(host + ": ") ? refusal.substring(host.length() + 2) : refusal;
        return "the address of " + host + " is not allowed: " + why;
    }

    /** "no response within 30s" (or 500ms): the deadline as a person writes it, not Java's PT30S. */
    static String noResponseWithin(java.time.Duration deadline) {
        long ms = deadline.toMillis();
        return "no response within " + (ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms");
    }

    /** The innermost cause's own words, without any class name; empty when it has none. */
    static String detail(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        return words(root.getMessage());
    }

    /** A message without the Java class names an exception's text may carry. */
    static String words(String message) {
        return message == null ? "" : CLASS_NAME.matcher(message).replaceAll("").strip();
    }
}
