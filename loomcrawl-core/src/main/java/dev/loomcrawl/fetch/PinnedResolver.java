package dev.loomcrawl.fetch;

import org.eclipse.jetty.util.Promise;
import org.eclipse.jetty.util.SocketAddressResolver;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Resolves host names for the HTTP client: pinned "host:port" names from a fixed map (curl's --resolve),
 * others through the usual resolver; then drops the addresses the {@link AddressGuard} refuses, failing with
 * {@link AddressBlockedException} when none is left. Every connection the client opens goes through here. The
 * proxies the crawl was given are exempt: the user named them (a proxy's target is judged before the request is
 * sent, by the fetcher).
 */
final class PinnedResolver implements SocketAddressResolver {
    private final Map<String, InetAddress> pins;
    private final SocketAddressResolver fallback;
    private final AddressGuard guard;
    private final Set<String> proxies;

    PinnedResolver(Map<String, InetAddress> pins, SocketAddressResolver fallback, AddressGuard guard,
                   Set<String> proxies) {
        this.pins = pins;
        this.fallback = fallback;
        this.guard = guard;
        this.proxies = Set.copyOf(proxies);
    }

    @Override
    public void resolve(String host, int port, Map<String, Object> context, Promise<List<InetSocketAddress>> promise) {
        InetAddress pinned = pins.get(host.toLowerCase(Locale.ROOT) + ":" + port);
        boolean proxy = proxies.contains(host.toLowerCase(Locale.ROOT) + ":" + port);
        Promise<List<InetSocketAddress>> guarded = new Promise<>() {
            @Override
            public void succeeded(List<InetSocketAddress> addresses) {
                String refusal = null;
                List<InetSocketAddress> allowed = new java.util.ArrayList<>(addresses.size());
                for (InetSocketAddress a : addresses) {
                    String why = proxy ? null : guard.refusal(host, port, a.getAddress());
                    if (why == null) allowed.add(a);
                    else refusal = why;
                }
                if (allowed.isEmpty()) promise.failed(new AddressBlockedException(host + ": " + refusal));
                else promise.succeeded(allowed);
            }

            @Override
            public void failed(Throwable failure) {
                promise.failed(failure);
            }
        };
        if (pinned != null) guarded.succeeded(List.of(new InetSocketAddress(pinned, port)));
        else fallback.resolve(host, port, context, guarded);
    }
}
