package dev.loomcrawl.serve;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.fetch.AddressGuard;
import dev.loomcrawl.fetch.ProxySpec;
import dev.loomcrawl.url.WebUrl;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The addresses a native crawl names beyond its roots, held to the server's guard as its roots are
 * ({@link Roots}): each refused in one line naming its setting, a 403 as a root's is. The fetcher trusts what a
 * command line names: a proxy (its address is exempt from the guard: the user named it), a {@code resolve} pin
 * (an allowed name pinned anywhere); a request to a service is not trusted so. So:
 * <ul>
 *   <li>a proxy's host is resolved here, and refused when any of its addresses is one the guard refuses or when it
 *   does not resolve; as the job runs its name is resolved and judged again and pinned to that address
 *   ({@link #proxyPins}), so no later DNS answer leads the proxy's connections around the guard. A proxy with a
 *   user is refused: its password would be the server's {@code LOOMCRAWL_PROXY_PASSWORD};</li>
 *   <li>a pin's address is judged as if the request had named it as a root;</li>
 *   <li>a login and the link check's {@code remap} are refused whole ({@link NativeRequest}).</li>
 * </ul>
 */
final class NativeAddresses {
    private NativeAddresses() {}

    /** Refuses (403, or 400 for a proxy's user) what {@code config} names that the server's guard does not allow. */
    static void check(CrawlConfig config, ServeOptions server) {
        for (String proxy : config.session().proxies()) {
            if (spec(proxy).user() != null) {
                throw ApiError.badRequest("setting 'proxy': a proxy's user is not taken by the native API: its "
                        + "password would be the server's " + dev.loomcrawl.session.SessionSettings.PROXY_PASSWORD_ENV);
            }
        }
        if (server.allowPrivate()) return;
        AddressGuard guard = GuardedConnections.guard(server.allowOrigins());
        for (String proxy : config.session().proxies()) {
            String why = judged(spec(proxy), guard).refusal();
            if (why != null) throw new ApiError(403, "setting 'proxy': " + why);
        }
        for (Map.Entry<String, InetAddress> pin : config.http().pins().entrySet()) {
            String key = pin.getKey();
            int port = Integer.parseInt(key.substring(key.lastIndexOf(':') + 1));
            InetAddress a = pin.getValue();
            String why = guard.refusal(a.getHostAddress(), port, a);
            if (why != null) throw new ApiError(403, "setting 'resolve': " + Roots.spoken(why));
        }
    }

    /**
     * Each proxy named (not an IP literal), "host:port", pinned to the address it resolves to now, judged again
     * (the server may have been restarted with other origins since the job was made). A proxy refused now is an
     * IllegalStateException of one line: the job fails with it.
     */
    static Map<String, InetAddress> proxyPins(CrawlConfig config, ServeOptions server) {
        Map<String, InetAddress> pins = new LinkedHashMap<>();
        if (server.allowPrivate()) return pins;
        AddressGuard guard = GuardedConnections.guard(server.allowOrigins());
        for (String proxy : config.session().proxies()) {
            ProxySpec p = spec(proxy);
            Judged j = judged(p, guard);
            if (j.refusal() != null) throw new IllegalStateException("setting 'proxy': " + j.refusal());
            String host = p.host().contains(":") ? "[" + p.host() + "]" : p.host();
            WebUrl named = WebUrl.tryParse("http://" + host + ":" + p.port() + "/", null);
            if (named != null && !named.hasIpHost()) pins.put(p.address().toLowerCase(Locale.ROOT), j.address());
        }
        return pins;
    }

    /** A proxy's first address, or why it is refused. */
    private record Judged(InetAddress address, String refusal) {}

    private static Judged judged(ProxySpec p, AddressGuard guard) {
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(p.host());
        } catch (UnknownHostException e) {
            return new Judged(null, p.host() + " does not resolve here, so its address cannot be checked");
        }
        for (InetAddress a : addresses) {
            String why = guard.refusal(p.host(), p.port(), a);
            if (why != null) return new Judged(null, Roots.spoken(why));
        }
        return new Judged(addresses[0], null);
    }

    private static ProxySpec spec(String proxy) {
        try {
            return ProxySpec.parse(proxy, "");
        } catch (IllegalArgumentException e) {
            throw ApiError.badRequest(e.getMessage());
        }
    }
}
