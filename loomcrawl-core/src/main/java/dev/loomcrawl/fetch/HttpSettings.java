package dev.loomcrawl.fetch;

import dev.loomcrawl.url.Origin;

import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How the HTTP client behaves.
 *
 * @param connectTimeout    TCP (and TLS) connect deadline
 * @param idleTimeout       longest silence while waiting for bytes
 * @param fetchTimeout      total deadline for one attempt, headers and body, so a trickling server cannot hold it
 * @param maxBodyBytes      body cap, applied on the wire and again after decompression
 * @param maxConnections    connections per origin the pool may open
 * @param pins              "host:port" to the address to connect to instead of resolving it (curl's --resolve)
 * @param insecure          accept any TLS certificate (curl's -k), for staging sites and self-signed test servers
 * @param guard             which addresses may be connected to
 * @param headers           extra request headers, sent only to the roots' origins
 */
public record HttpSettings(String userAgent, Duration connectTimeout, Duration idleTimeout, Duration fetchTimeout,
                           long maxBodyBytes, int maxConnections, boolean http2, Map<String, InetAddress> pins,
                           boolean insecure, AddressGuard guard, List<Map.Entry<String, String>> headers,
                           Set<Origin> headerOrigins) {
    /** The defaults (also {@code CrawlConfig}'s): 10 s to connect, 30 s of silence, 60 s a fetch, 10 MiB a body. */
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration IDLE_TIMEOUT = Duration.ofSeconds(30);
    public static final Duration FETCH_TIMEOUT = Duration.ofSeconds(60);
    public static final long MAX_BODY_BYTES = 10L << 20;

    public HttpSettings {
        pins = Map.copyOf(pins);
        headers = List.copyOf(headers);
        headerOrigins = Set.copyOf(headerOrigins);
    }

    /**
     * A builder with the defaults above, HTTP/2 on, 2 connections per origin, public addresses only, no pins and
     * no extra headers. A crawl's settings come from {@code CrawlConfig.httpSettings()}; this is for a fetcher of
     * one's own.
     */
    public static Builder builder(String userAgent) {
        return new Builder(userAgent);
    }

    /** Collects HTTP settings; every setter returns this. */
    public static final class Builder {
        private final String userAgent;
        private Duration connectTimeout = CONNECT_TIMEOUT;
        private Duration idleTimeout = IDLE_TIMEOUT;
        private Duration fetchTimeout = FETCH_TIMEOUT;
        private long maxBodyBytes = MAX_BODY_BYTES;
        private int maxConnections = 2;
        private boolean http2 = true;
        private Map<String, InetAddress> pins = Map.of();
        private boolean insecure;
        private AddressGuard guard = AddressGuard.forRoots(List.of(), Map.of());
        private List<Map.Entry<String, String>> headers = List.of();
        private Set<Origin> headerOrigins = Set.of();

        private Builder(String userAgent) {
            this.userAgent = userAgent;
        }

        public Builder connectTimeout(Duration d) { connectTimeout = d; return this; }
        public Builder idleTimeout(Duration d) { idleTimeout = d; return this; }
        public Builder fetchTimeout(Duration d) { fetchTimeout = d; return this; }
        public Builder maxBodyBytes(long n) { maxBodyBytes = n; return this; }
        public Builder maxConnections(int n) { maxConnections = n; return this; }
        public Builder http2(boolean on) { http2 = on; return this; }

        /** "host:port" to the address to connect to instead of resolving it (curl's --resolve). */
        public Builder pins(Map<String, InetAddress> p) { pins = p; return this; }

        /** Accepts any TLS certificate, as curl's -k does. */
        public Builder insecure(boolean on) { insecure = on; return this; }

        /** Which addresses may be connected to (default: public ones only). */
        public Builder guard(AddressGuard g) { guard = g; return this; }

        /** Extra request headers, sent only to {@code origins}. */
        public Builder headers(List<Map.Entry<String, String>> h, Set<Origin> origins) {
            headers = h;
            headerOrigins = origins;
            return this;
        }

        public HttpSettings build() {
            return new HttpSettings(userAgent, connectTimeout, idleTimeout, fetchTimeout, maxBodyBytes, maxConnections,
                    http2, pins, insecure, guard, headers, headerOrigins);
        }
    }
}
