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
 * @param keepAlive         how long an HTTP/1.1 connection is kept open, unused, for the origin's next request; an
 *                          origin met no more (a broad crawl meets many once) is forgotten about as long after that
 * @param fetchTimeout      total deadline for one attempt, headers and body, so a trickling server cannot hold it
 * @param maxBodyBytes      body cap, applied on the wire and again after decompression
 * @param maxBodyMemory     bytes of bodies held at once by all fetches together ({@link BodyMemory}); 0 for the
 *                          default, a quarter of the heap
 * @param maxConnections    connections per origin the pool may open
 * @param pins              "host:port" to the address to connect to instead of resolving it (curl's --resolve)
 * @param insecure          accept any TLS certificate (curl's -k), for staging sites and self-signed test servers
 * @param guard             which addresses may be connected to
 * @param headers           extra request headers, sent only to the roots' origins
 * @param cookies           where cookies are kept and matched; null for none
 * @param credentials       user names and passwords for HTTP authentication, each for its host only
 * @param proxies           proxies to fetch through, an origin keeping one; empty to connect directly
 * @param recordCredentials keep the Authorization, Proxy-Authorization and Cookie headers sent in a response's
 *                          request headers (so in WARC request records) rather than {@code [redacted]}
 */
public record HttpSettings(String userAgent, Duration connectTimeout, Duration idleTimeout, Duration keepAlive,
                           Duration fetchTimeout, long maxBodyBytes, long maxBodyMemory, int maxConnections,
                           boolean http2,
                           Map<String, InetAddress> pins, boolean insecure, AddressGuard guard,
                           List<Map.Entry<String, String>> headers,
                           Set<Origin> headerOrigins, CookieJar cookies, List<Credentials.Credential> credentials,
                           List<ProxySpec> proxies, boolean recordCredentials) {
    /** The defaults (also {@code CrawlConfig}'s): 10 s to connect, 30 s of silence, 60 s a fetch, 10 MiB a body. */
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration IDLE_TIMEOUT = Duration.ofSeconds(30);
    /** Apache httpd's own keep-alive: a polite crawl's next request to an origin mostly comes sooner (decision 23). */
    public static final Duration KEEP_ALIVE = Duration.ofSeconds(5);
    public static final Duration FETCH_TIMEOUT = Duration.ofSeconds(60);
    public static final long MAX_BODY_BYTES = 10L << 20;

    public HttpSettings {
        pins = Map.copyOf(pins);
        headers = List.copyOf(headers);
        headerOrigins = Set.copyOf(headerOrigins);
        credentials = List.copyOf(credentials);
        proxies = List.copyOf(proxies);
    }

    /** These settings with cookies kept in {@code jar}. */
    public HttpSettings withCookies(CookieJar jar) {
        return new HttpSettings(userAgent, connectTimeout, idleTimeout, keepAlive, fetchTimeout, maxBodyBytes,
                maxBodyMemory,
                maxConnections, http2, pins, insecure, guard, headers, headerOrigins, jar, credentials, proxies,
                recordCredentials);
    }

    /**
     * A builder with the defaults above, HTTP/2 on, 2 connections per origin, public addresses only, no pins, no
     * extra headers, no cookies, credentials or proxies. A crawl's settings come from {@code CrawlConfig.httpSettings()}; this is for a fetcher of
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
        private Duration keepAlive = KEEP_ALIVE;
        private Duration fetchTimeout = FETCH_TIMEOUT;
        private long maxBodyBytes = MAX_BODY_BYTES;
        private long maxBodyMemory;
        private int maxConnections = 2;
        private boolean http2 = true;
        private Map<String, InetAddress> pins = Map.of();
        private boolean insecure;
        private AddressGuard guard = AddressGuard.forRoots(List.of());
        private List<Map.Entry<String, String>> headers = List.of();
        private Set<Origin> headerOrigins = Set.of();
        private CookieJar cookies;
        private List<Credentials.Credential> credentials = List.of();
        private List<ProxySpec> proxies = List.of();
        private boolean recordCredentials;

        private Builder(String userAgent) {
            this.userAgent = userAgent;
        }

        public Builder connectTimeout(Duration d) { connectTimeout = d; return this; }
        public Builder idleTimeout(Duration d) { idleTimeout = d; return this; }
        public Builder keepAlive(Duration d) { keepAlive = d; return this; }
        public Builder fetchTimeout(Duration d) { fetchTimeout = d; return this; }
        public Builder maxBodyBytes(long n) { maxBodyBytes = n; return this; }
        public Builder maxBodyMemory(long n) { maxBodyMemory = n; return this; }
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

        /** Keeps cookies in {@code jar} (default: none kept). */
        public Builder cookies(CookieJar jar) { cookies = jar; return this; }

        /** Answers HTTP authentication challenges with these, each for its own host. */
        public Builder credentials(List<Credentials.Credential> c) { credentials = c; return this; }

        /** Fetches through these proxies, an origin keeping one (default: connect directly). */
        public Builder proxies(List<ProxySpec> p) { proxies = p; return this; }

        /** Keeps credentials and cookies sent in the request headers a response carries (default: redacted). */
        public Builder recordCredentials(boolean on) { recordCredentials = on; return this; }

        public HttpSettings build() {
            return new HttpSettings(userAgent, connectTimeout, idleTimeout, keepAlive, fetchTimeout, maxBodyBytes,
                maxBodyMemory,
                    maxConnections, http2, pins, insecure, guard, headers, headerOrigins, cookies, credentials, proxies,
                    recordCredentials);
        }
    }
}
