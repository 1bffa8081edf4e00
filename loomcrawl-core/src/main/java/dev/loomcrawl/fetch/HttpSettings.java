package dev.loomcrawl.fetch;

import dev.loomcrawl.setting.BadSetting;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How each URL is fetched: the http group of a {@code CrawlConfig}, what a person configures about requests. Made
 * with {@link #builder()} (or {@code CrawlConfig.Builder}'s setters of the same names), which holds the defaults. A
 * fetcher is built with a {@link ClientSetup}: these settings and what a crawl adds to them as it starts (the address
 * guard its roots call for, the cookie jar, the credentials and proxies its session reads).
 *
 * @param userAgent       the User-Agent header; robots.txt groups are matched against its product token
 * @param connectTimeout  TCP (and TLS) connect deadline
 * @param idleTimeout     longest silence while waiting for bytes
 * @param fetchTimeout    total deadline for one attempt, headers and body, so a trickling server cannot hold it
 * @param maxBodyBytes    body cap, applied on the wire and again after decompression
 * @param maxBodyMemory   bytes of bodies held at once by all fetches together ({@link BodyMemory}); 0 for the
 *                        default, a quarter of the heap
 * @param maxRedirects    redirects followed from one URL
 * @param maxTries        attempts per URL on network errors and retryable statuses
 * @param retryBackoff    the wait before the first retry of a URL; each later one doubles, with jitter
 * @param retryBackoffMax the longest wait between two tries of a URL
 * @param http2           speak HTTP/2 where the server offers it
 * @param pins            "host:port" to the address to connect to instead of resolving it (curl's --resolve)
 * @param insecure        accept any TLS certificate (curl's -k), for staging sites and self-signed test servers
 * @param allowPrivate    lift the guard against loopback, private, link-local and other non-public addresses
 * @param headers         extra request headers, sent only to the roots' origins
 */
public record HttpSettings(String userAgent, Duration connectTimeout, Duration idleTimeout, Duration fetchTimeout,
                           long maxBodyBytes, long maxBodyMemory, int maxRedirects, int maxTries,
                           Duration retryBackoff, Duration retryBackoffMax, boolean http2,
                           Map<String, InetAddress> pins, boolean insecure, boolean allowPrivate,
                           List<Map.Entry<String, String>> headers) {
    public static final String DEFAULT_USER_AGENT = Version.SOFTWARE;
    /** The defaults: 10 s to connect, 30 s of silence, 60 s a fetch, 10 MiB a body. */
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration IDLE_TIMEOUT = Duration.ofSeconds(30);
    public static final Duration FETCH_TIMEOUT = Duration.ofSeconds(60);
    public static final long MAX_BODY_BYTES = 10L << 20;
    /** The wait before the first retry of a URL; each later one doubles, with jitter. */
    public static final Duration RETRY_BACKOFF = Duration.ofMillis(500);
    /** The longest wait between two tries of a URL. */
    public static final Duration RETRY_BACKOFF_MAX = Duration.ofSeconds(10);

    /** These settings with {@code more} pins, over any of theirs for the same {@code host:port}. */
    public HttpSettings withPins(Map<String, InetAddress> more) {
        Map<String, InetAddress> all = new java.util.HashMap<>(pins);
        all.putAll(more);
        return new HttpSettings(userAgent, connectTimeout, idleTimeout, fetchTimeout, maxBodyBytes, maxBodyMemory,
                maxRedirects, maxTries, retryBackoff, retryBackoffMax, http2, all, insecure, allowPrivate, headers);
    }

    /** Checks every value, naming the builder method of a bad one ({@code "maxTries must be 1 or more, got 0"}). */
    public HttpSettings {
        pins = Map.copyOf(pins);
        headers = List.copyOf(headers);
        require(maxRedirects >= 0, "maxRedirects", "max-redirect", "must be 0 or more, got " + maxRedirects);
        require(maxTries >= 1, "maxTries", "must be 1 or more, got " + maxTries);
        require(userAgent != null && !userAgent.isBlank(), "userAgent", "must not be empty");
        positive(connectTimeout, "connectTimeout");
        positive(idleTimeout, "idleTimeout");
        positive(fetchTimeout, "fetchTimeout");
        require(maxBodyBytes >= 1, "maxBodyBytes", "max-body", "must be at least 1 byte, got " + maxBodyBytes);
        require(maxBodyMemory == 0 || maxBodyMemory >= 1 << 20,
                "maxBodyMemory", "must be 0 (a quarter of the heap) or at least 1 MiB, got " + maxBodyMemory);
        require(!retryBackoff.isNegative() && !retryBackoffMax.isNegative(), "retry backoff must not be negative");
    }

    private static void require(boolean ok, String message) {
        if (!ok) throw new IllegalArgumentException(message);
    }

    /** Refuses a bad value given to the builder method {@code method}, whose setting is its name in kebab case. */
    private static void require(boolean ok, String method, String problem) {
        if (!ok) throw new BadSetting(method, problem);
    }

    private static void require(boolean ok, String method, String setting, String problem) {
        if (!ok) throw new BadSetting(method, setting, problem);
    }

    private static void positive(Duration d, String method) {
        require(d != null && d.isPositive(), method, "must be a positive duration, got " + d);
    }

    /**
     * A builder with the defaults: loomcrawl's User-Agent, the timeouts and body cap above, bodies in memory up to a
     * quarter of the heap, 10 redirects, 4 tries backing off from 0.5 s to 10 s, HTTP/2 on, no pins, TLS checked,
     * public addresses only, no extra headers.
     */
    public static Builder builder() {
        return new Builder();
    }

    /** Collects HTTP settings; every setter returns this. */
    public static final class Builder {
        private String userAgent = DEFAULT_USER_AGENT;
        private Duration connectTimeout = CONNECT_TIMEOUT;
        private Duration idleTimeout = IDLE_TIMEOUT;
        private Duration fetchTimeout = FETCH_TIMEOUT;
        private long maxBodyBytes = MAX_BODY_BYTES;
        private long maxBodyMemory;
        private int maxRedirects = 10;
        private int maxTries = 4;
        private Duration retryBackoff = RETRY_BACKOFF;
        private Duration retryBackoffMax = RETRY_BACKOFF_MAX;
        private boolean http2 = true;
        private final Map<String, InetAddress> pins = new LinkedHashMap<>();
        private boolean insecure;
        private boolean allowPrivate;
        private final List<Map.Entry<String, String>> headers = new ArrayList<>();

        private Builder() {}

        public Builder userAgent(String ua) { userAgent = ua; return this; }
        public Builder connectTimeout(Duration d) { connectTimeout = d; return this; }
        public Builder idleTimeout(Duration d) { idleTimeout = d; return this; }
        public Builder fetchTimeout(Duration d) { fetchTimeout = d; return this; }
        public Builder maxBodyBytes(long n) { maxBodyBytes = n; return this; }

        /**
         * Bytes of response bodies held in memory at once, by every fetch and visit in flight together; fetches
         * wait for room past it (default 0: a quarter of the heap). See {@link BodyMemory}.
         */
        public Builder maxBodyMemory(long bytes) { maxBodyMemory = bytes; return this; }
        public Builder maxRedirects(int n) { maxRedirects = n; return this; }
        public Builder maxTries(int n) { maxTries = n; return this; }

        /** The wait before the first retry; each later one doubles, up to {@code max}, with jitter. */
        public Builder retryBackoff(Duration base, Duration max) {
            retryBackoff = base;
            retryBackoffMax = max;
            return this;
        }

        public Builder http2(boolean on) { http2 = on; return this; }

        /** Accepts any TLS certificate, as curl's -k does. */
        public Builder insecure(boolean on) { insecure = on; return this; }

        /** Lifts the guard against loopback, private, link-local and other non-public addresses. */
        public Builder allowPrivate(boolean on) { allowPrivate = on; return this; }

        /** Pins {@code HOST:PORT:ADDRESS} (curl's --resolve): connect there instead of resolving HOST. */
        public Builder resolve(String spec) {
            int first = spec.indexOf(':');
            int second = first < 0 ? -1 : spec.indexOf(':', first + 1);
            require(second > first + 1, "resolve", "must be HOST:PORT:ADDRESS, got " + spec);
            String host = spec.substring(0, first).toLowerCase(Locale.ROOT);
            String port = spec.substring(first + 1, second);
            String address = spec.substring(second + 1).replaceAll("^\\[|]$", "");
            require(port.matches("\\d{1,5}") && Integer.parseInt(port) <= 65535, "resolve", "has a bad port: " + spec);
            require(address.matches("[0-9.]+|[0-9a-fA-F:.]*:[0-9a-fA-F:.]*"),
                    "resolve", "needs an IP address, not a name: " + spec);
            try {
                pins.put(host + ":" + Integer.parseInt(port), InetAddress.getByName(address));
            } catch (UnknownHostException e) {
                throw new BadSetting("resolve", "has a bad address: " + spec);
            }
            return this;
        }

        /** Adds a request header ("Name: value"), sent to the roots' origins only. Repeatable. */
        public Builder header(String header) {
            int colon = header.indexOf(':');
            require(colon > 0 && header.substring(0, colon).strip().matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+"),
                    "header", "must be 'Name: value', got " + header);
            headers.add(Map.entry(header.substring(0, colon).strip(), header.substring(colon + 1).strip()));
            return this;
        }

        /** The settings; a bad value throws {@link BadSetting} naming the builder method. */
        public HttpSettings build() {
            return new HttpSettings(userAgent, connectTimeout, idleTimeout, fetchTimeout, maxBodyBytes, maxBodyMemory,
                    maxRedirects, maxTries, retryBackoff, retryBackoffMax, http2, pins, insecure, allowPrivate,
                    headers);
        }
    }
}
