package dev.loomcrawl.serve;

import dev.loomcrawl.CrawlerBuilder;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.fetch.AddressGuard;
import dev.loomcrawl.fetch.ClientSetup;
import dev.loomcrawl.url.WebUrl;

import java.net.InetAddress;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * How a job's crawl connects: as the crawl's own fetcher does (Jetty with retries, its cookie jar, its login
 * session, built by the crawler), with the address guard the server decides instead of the command line's. The
 * command line trusts a root that names a local or intranet server itself; a job's roots are a caller's, so here
 * no root is trusted: only the origins the operator named ({@code --allow-origin}), or every address with
 * {@code --allow-private}. The guard checks each address as it is connected to, after resolution, so roots, links,
 * redirects and the login page alike are held to it.
 */
final class GuardedConnections {
    private GuardedConnections() {}

    /** The change to give {@code CrawlerBuilder.connections} for a job of {@code config} on {@code server}. */
    static UnaryOperator<ClientSetup> of(CrawlConfig config, ServeOptions server) {
        AddressGuard guard = server.allowPrivate() ? AddressGuard.OFF : guard(server.allowOrigins());
        // a proxy's address as judged, not as DNS says later
        Map<String, InetAddress> proxyPins = NativeAddresses.proxyPins(config, server);
        return setup -> {
            ClientSetup pinned = proxyPins.isEmpty() ? setup : setup.withHttp(setup.http().withPins(proxyPins));
            return pinned.withGuard(guard);
        };
    }

    /** The guard that lets jobs reach the named "host:port"s and every public address, nothing else. */
    static AddressGuard guard(List<String> origins) {
        return AddressGuard.forRoots(origins.stream().map(o -> WebUrl.parse("http://" + o + "/")).toList());
    }
}
