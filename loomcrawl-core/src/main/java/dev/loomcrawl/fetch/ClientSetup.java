package dev.loomcrawl.fetch;

import dev.loomcrawl.url.Origin;

import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * What a {@link JettyFetcher} is built with: the crawl's {@link HttpSettings}, and what is decided as the crawl
 * starts rather than configured (whom the address guard lets through, which origins get the extra headers, where
 * cookies are kept, the credentials and proxies read from the session's files). A crawl's comes from
 * {@code CrawlConfig.clientSetup()}; {@link #builder} makes one for a fetcher of one's own.
 *
 * @param http              the configured part: user agent, timeouts, body caps, HTTP/2, TLS, pins, headers
 * @param keepAlive         how long an HTTP/1.1 connection is kept open, unused, for the origin's next request; an
 *                          origin met no more (a broad crawl meets many once) is forgotten about as long after that
 * @param maxConnections    connections per origin the pool may open
 * @param guard             which addresses may be connected to
 * @param headerOrigins     the origins the http settings' extra headers are sent to
 * @param cookies           where cookies are kept and matched; null for none
 * @param credentials       user names and passwords for HTTP authentication, each for its host only
 * @param proxies           proxies to fetch through, an origin keeping one; empty to connect directly
 * @param recordCredentials keep the Authorization, Proxy-Authorization and Cookie headers sent in a response's
 *                          request headers (so in WARC request records) rather than {@code [redacted]}
 */
public record ClientSetup(HttpSettings http, Duration keepAlive, int maxConnections, AddressGuard guard,
                          Set<Origin> headerOrigins, CookieJar cookies, List<Credentials.Credential> credentials,
                          List<ProxySpec> proxies, boolean recordCredentials) {
    /** Apache httpd's own keep-alive: a polite crawl's next request to an origin mostly comes sooner (decision 23). */
    public static final Duration KEEP_ALIVE = Duration.ofSeconds(5);

    public ClientSetup {
        headerOrigins = Set.copyOf(headerOrigins);
        credentials = List.copyOf(credentials);
        proxies = List.copyOf(proxies);
    }

    /** This setup with cookies kept in {@code jar}. */
    public ClientSetup withCookies(CookieJar jar) {
        return new ClientSetup(http, keepAlive, maxConnections, guard, headerOrigins, jar, credentials, proxies,
                recordCredentials);
    }

    /** This setup with other HTTP settings. */
    public ClientSetup withHttp(HttpSettings h) {
        return new ClientSetup(h, keepAlive, maxConnections, guard, headerOrigins, cookies, credentials, proxies,
                recordCredentials);
    }

    /** This setup with another address guard. */
    public ClientSetup withGuard(AddressGuard g) {
        return new ClientSetup(http, keepAlive, maxConnections, g, headerOrigins, cookies, credentials, proxies,
                recordCredentials);
    }

    /**
     * A builder of a fetcher's setup with {@code http}'s settings, 2 connections per origin, public addresses only
     * (every address when {@code http.allowPrivate()}), headers sent nowhere, no cookies, credentials or proxies.
     */
    public static Builder builder(HttpSettings http) {
        return new Builder(http);
    }

    /** Collects a fetcher's setup; every setter returns this. */
    public static final class Builder {
        private final HttpSettings http;
        private Duration keepAlive = KEEP_ALIVE;
        private int maxConnections = 2;
        private AddressGuard guard;
        private Set<Origin> headerOrigins = Set.of();
        private CookieJar cookies;
        private List<Credentials.Credential> credentials = List.of();
        private List<ProxySpec> proxies = List.of();
        private boolean recordCredentials;

        private Builder(HttpSettings http) {
            this.http = http;
            this.guard = http.allowPrivate() ? AddressGuard.OFF : AddressGuard.forRoots(List.of());
        }

        public Builder keepAlive(Duration d) { keepAlive = d; return this; }
        public Builder maxConnections(int n) { maxConnections = n; return this; }

        /** Which addresses may be connected to (default: public ones only, unless the settings allow private). */
        public Builder guard(AddressGuard g) { guard = g; return this; }

        /** The origins the extra headers of the http settings are sent to (default: none). */
        public Builder headerOrigins(Set<Origin> origins) { headerOrigins = origins; return this; }

        /** Keeps cookies in {@code jar} (default: none kept). */
        public Builder cookies(CookieJar jar) { cookies = jar; return this; }

        /** Answers HTTP authentication challenges with these, each for its own host. */
        public Builder credentials(List<Credentials.Credential> c) { credentials = c; return this; }

        /** Fetches through these proxies, an origin keeping one (default: connect directly). */
        public Builder proxies(List<ProxySpec> p) { proxies = p; return this; }

        /** Keeps credentials and cookies sent in the request headers a response carries (default: redacted). */
        public Builder recordCredentials(boolean on) { recordCredentials = on; return this; }

        public ClientSetup build() {
            return new ClientSetup(http, keepAlive, maxConnections, guard, headerOrigins, cookies, credentials,
                    proxies, recordCredentials);
        }
    }
}
