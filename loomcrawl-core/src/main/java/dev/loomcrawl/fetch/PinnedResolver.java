package dev.loomcrawl.fetch;

import org.eclipse.jetty.util.Promise;
import org.eclipse.jetty.util.SocketAddressResolver;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Answers pinned "host:port" names from a fixed map (curl's --resolve); asks the usual resolver otherwise. */
final class PinnedResolver implements SocketAddressResolver {
    private final Map<String, InetAddress> pins;
    private final SocketAddressResolver fallback;

    PinnedResolver(Map<String, InetAddress> pins, SocketAddressResolver fallback) {
        this.pins = pins;
        this.fallback = fallback;
    }

    @Override
    public void resolve(String host, int port, Map<String, Object> context, Promise<List<InetSocketAddress>> promise) {
        InetAddress pinned = pins.get(host.toLowerCase(Locale.ROOT) + ":" + port);
        if (pinned != null) {
            promise.succeeded(List.of(new InetSocketAddress(pinned, port)));
        } else {
            fallback.resolve(host, port, context, promise);
        }
    }
}
