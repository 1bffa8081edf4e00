package dev.loomcrawl.fetch;

import dev.loomcrawl.url.WebUrl;
import org.eclipse.jetty.client.BasicAuthentication;
import org.eclipse.jetty.client.HttpProxy;
import org.eclipse.jetty.client.Origin;
import org.eclipse.jetty.client.ProxyConfiguration;
import org.eclipse.jetty.client.Socks5;
import org.eclipse.jetty.client.Socks5Proxy;
import org.eclipse.jetty.http.HttpHeader;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * How the fetcher's requests reach the proxies of its setup: one Jetty proxy per entry, each taking only the
 * requests tagged for it (Jetty keeps a destination, so a connection pool, per origin and tag), the tag chosen by
 * {@link ProxyRotation} for the request's origin. The address guard judges a proxied request's target before it is
 * sent, since the proxy would connect to it without asking. Without proxies, every request goes direct.
 */
final class ProxyRoutes {
    /** A proxied request refused before it was sent. */
    record Refusal(ErrorKind kind, String message) {}

    /** The tag that sends a request through the proxy of that index. */
    private record Tag(int index) {}

    private final ClientSetup setup;
    private final ProxyRotation rotation;

    ProxyRoutes(ClientSetup setup) {
        this.setup = setup;
        this.rotation = setup.proxies().isEmpty() ? null : new ProxyRotation(setup.proxies());
    }

    /** Adds a Jetty proxy per entry; a proxy's user and password go with every request to it, or its handshake. */
    void install(ProxyConfiguration configuration, Credentials credentials) {
        for (int i = 0; i < setup.proxies().size(); i++) {
            configuration.addProxy(proxy(setup.proxies().get(i), new Tag(i), credentials));
        }
    }

    /** The proxies' {@code host:port}s, which the address guard lets through: the user named them. */
    Set<String> addresses() {
        Set<String> out = new HashSet<>();
        setup.proxies().forEach(p -> out.add(p.address().toLowerCase(Locale.ROOT)));
        return out;
    }

    /** The index of the proxy {@code url}'s request goes through, or -1 to go direct. */
    int route(WebUrl url) {
        return rotation == null ? -1 : rotation.proxyFor(url.origin());
    }

    /** The tag for a request through proxy {@code index}. */
    Object tag(int index) {
        return new Tag(index);
    }

    /** A request through proxy {@code index} got an answer: the proxy works. */
    void answered(int index) {
        rotation.worked(index);
    }

    /**
     * Notes a failure of a request through proxy {@code index}, and says whether it was the proxy's: its address
     * could not be resolved or connected to (it is then set aside). The target's own failures come back through
     * the proxy as its answers: a status, a SOCKS reply, a refused CONNECT.
     */
    boolean failed(int index, ErrorKind kind) {
        boolean proxys = kind == ErrorKind.REFUSED || kind == ErrorKind.UNREACHABLE || kind == ErrorKind.DNS;
        if (proxys) rotation.failed(index);
        return proxys;
    }

    /**
     * Why {@code url} may not be sent through a proxy, or null: the guard refuses every address its name resolves
     * to here (or its --resolve pin), or the name does not resolve here. Nothing is refused with the guard off.
     */
    Refusal judge(WebUrl url) {
        if (setup.guard() == AddressGuard.OFF) return null;
        String host = url.host().startsWith("[") ? url.host().substring(1, url.host().length() - 1) : url.host();
        InetAddress pinned = setup.http().pins().get(url.host() + ":" + url.port());
        InetAddress[] addresses;
        try {
            addresses = pinned != null ? new InetAddress[] {pinned} : InetAddress.getAllByName(host);
        } catch (UnknownHostException e) {
            return new Refusal(ErrorKind.DNS, url.host() + " does not resolve here, so its address cannot be "
                    + "checked before going through the proxy (--allow-private lets the proxy resolve it)");
        }
        String refusal = null;
        for (InetAddress a : addresses) {
            refusal = setup.guard().refusal(url.host(), url.port(), a);
            if (refusal == null) return null;
        }
        return new Refusal(ErrorKind.BLOCKED, FailureText.blocked(url.host(), refusal));
    }

    private static ProxyConfiguration.Proxy proxy(ProxySpec spec, Tag tag, Credentials credentials) {
        Origin.Address address = new Origin.Address(spec.host(), spec.port());
        if (spec.scheme().equals("socks5")) {
            Socks5Proxy socks = new Socks5Proxy(address, false) {
                @Override
                public boolean matches(Origin origin) {
                    return tag.equals(origin.getTag());
                }
            };
            if (spec.user() != null) {
                socks.putAuthenticationFactory(new Socks5.UsernamePasswordAuthenticationFactory(spec.user(),
                        spec.password()));
            }
            return socks;
        }
        HttpProxy http = new HttpProxy(address, spec.scheme().equals("https")) {
            @Override
            public boolean matches(Origin origin) {
                return tag.equals(origin.getTag());
            }
        };
        if (spec.user() != null) { // sent with every request to the proxy, without waiting for its 407
            credentials.addAuthenticationResult(new BasicAuthentication.BasicResult(http.getURI(),
                    HttpHeader.PROXY_AUTHORIZATION, spec.user(), spec.password()));
        }
        return http;
    }
}
