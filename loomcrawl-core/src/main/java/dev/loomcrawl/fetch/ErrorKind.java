package dev.loomcrawl.fetch;

import java.util.Locale;

/** Why a fetch failed, as a value: the report counts failures by kind ({@code fail_timeout}, ...). */
public enum ErrorKind {
    /** Connect, idle or total deadline passed. */
    TIMEOUT,
    /** The host name did not resolve. */
    DNS,
    /** The connection was refused. */
    REFUSED,
    /** No route to the host, or the network is down. */
    UNREACHABLE,
    /** The connection was closed or reset before a complete answer. */
    RESET,
    /** TLS handshake or certificate failure. */
    TLS,
    /** The server broke HTTP (malformed status line or headers). */
    PROTOCOL,
    /** The response head was larger than the client accepts. */
    TOO_LARGE,
    /** Any other I/O failure. */
    IO,
    /** The host resolved to an address the crawl may not connect to (loopback, private...). */
    BLOCKED,
    /**
     * The body did not fit in the crawl's bound on body memory ({@code --max-body-memory}): every byte of it was
     * held by fetches waiting for more. Tried again later, when bodies have been processed.
     */
    MEMORY,
    /** The crawl was cancelled while this fetch was in flight. */
    CANCELLED,
    /** The URL redirected into a loop: its target is earlier in its own redirect chain. */
    REDIRECT_LOOP,
    /** The URL redirected, but its chain already used up {@code --max-redirect}. */
    REDIRECT_LIMIT,
    /**
     * The server answered 429 or 503 with a {@code Retry-After} longer than the crawl waits
     * ({@code --max-retry-after}): the URL was given up, recorded with that answer, and not asked again.
     */
    RETRY_AFTER_LIMIT;

    /** Whether trying again might succeed: the network failures (not TLS, TOO_LARGE, BLOCKED, CANCELLED). */
    public boolean retryable() {
        return switch (this) {
            case TIMEOUT, DNS, REFUSED, UNREACHABLE, RESET, PROTOCOL, IO, MEMORY -> true;
            case TLS, TOO_LARGE, BLOCKED, CANCELLED, REDIRECT_LOOP, REDIRECT_LIMIT, RETRY_AFTER_LIMIT -> false;
        };
    }

    /** The lower-case name used in reports and outputs. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
