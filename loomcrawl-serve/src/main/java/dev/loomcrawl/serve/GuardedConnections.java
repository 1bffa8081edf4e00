package dev.loomcrawl.serve;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.fetch.AddressGuard;
import dev.loomcrawl.fetch.ClientSetup;
import dev.loomcrawl.fetch.CookieJar;
import dev.loomcrawl.fetch.Fetcher;
import dev.loomcrawl.fetch.HttpSettings;
import dev.loomcrawl.fetch.JettyFetcher;
import dev.loomcrawl.fetch.RetryingFetcher;
import dev.loomcrawl.url.WebUrl;

import java.net.InetAddress;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The fetcher of a job: the crawl's own (Jetty with retries, a cookie jar for the roots' hosts), with the address
 * guard the server decides instead of the command line's. The command line trusts a root that names a local or
 * intranet server itself; a job's roots are a caller's, so here no root is trusted: only the origins the operator
 * named ({@code --allow-origin}), or every address with {@code --allow-private}. The guard checks each address as
 * it is connected to, after resolution, so roots, links and redirects alike are held to it.
 */
final class GuardedFetcher {
    private GuardedFetcher() {}

    static Fetcher of(CrawlConfig config, ServeOptions server) {
        AddressGuard guard = server.allowPrivate() ? AddressGuard.OFF : guard(server.allowOrigins());
        Set<String> hosts = new HashSet<>();
        config.scope().roots().forEach(r -> hosts.add(r.host().toLowerCase(Locale.ROOT)));
        ClientSetup setup = config.clientSetup();
        // a proxy's address as judged, not as DNS says later
        Map<String, InetAddress> proxyPins = NativeAddresses.proxyPins(config, server);
        if (!proxyPins.isEmpty()) setup = setup.withHttp(setup.http().withPins(proxyPins));
        ClientSetup guarded = setup.withGuard(guard).withCookies(new CookieJar(hosts::contains));
        HttpSettings http = config.http();
        return new RetryingFetcher(new JettyFetcher(guarded), http.maxTries(), http.retryBackoff(),
                http.retryBackoffMax());
    }

    /** The guard that lets jobs reach the named "host:port"s and every public address, nothing else. */
    static AddressGuard guard(List<String> origins) {
        return AddressGuard.forRoots(origins.stream().map(o -> WebUrl.parse("http://" + o + "/")).toList());
    }
}
