package dev.loomcrawl.fetch;

import java.net.InetAddress;
import java.time.Duration;
import java.util.Map;

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
                           boolean insecure, AddressGuard guard, java.util.List<Map.Entry<String, String>> headers,
                           java.util.Set<dev.loomcrawl.url.Origin> headerOrigins) {
    public HttpSettings {
        pins = Map.copyOf(pins);
        headers = java.util.List.copyOf(headers);
        headerOrigins = java.util.Set.copyOf(headerOrigins);
    }
}
