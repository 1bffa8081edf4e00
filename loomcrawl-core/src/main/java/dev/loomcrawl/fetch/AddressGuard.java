package dev.loomcrawl.fetch;

import crawlercommons.domains.EffectiveTldFinder;
import dev.loomcrawl.url.WebUrl;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which network addresses a crawl may connect to. Public addresses always; loopback, private (RFC 1918),
 * link-local (cloud metadata at 169.254.169.254 included), CGNAT, IPv6 unique-local and other special ranges
 * only when a root is itself in that class (crawling localhost or an intranet) or the guard is off
 * ({@code --allow-private}). The fetcher checks the address it is about to connect to, after resolution, so
 * neither a DNS answer nor a redirect can lead around it.
 */
public final class AddressGuard {

    /** Kinds of address, by range. */
    public enum AddressClass { PUBLIC, LOOPBACK, PRIVATE, LINK_LOCAL, CGNAT, UNIQUE_LOCAL, SPECIAL }

    public static final AddressGuard OFF = new AddressGuard(EnumSet.allOf(AddressClass.class), List.of(), Map.of());

    private final Set<AddressClass> allowed;
    /** Root names that may lend their addresses' classes: judged on the first non-public address (below). */
    private final List<WebUrl> names;
    private final Map<String, InetAddress> pins;
    private volatile Set<AddressClass> lent;

    private AddressGuard(Set<AddressClass> allowed, List<WebUrl> names, Map<String, InetAddress> pins) {
        this.allowed = EnumSet.copyOf(allowed);
        this.names = List.copyOf(names);
        this.pins = Map.copyOf(pins);
    }

    /**
     * The guard for a crawl from these roots. A root lends its class when its host is an IP literal,
     * {@code localhost} (or under {@code .localhost}), or a name with no public suffix (an intranet name such
     * as {@code wiki.corp}); a public name pinned or resolved to a private address lends nothing.
     *
     * <p>Which names have a public suffix is asked of the public suffix list (crawler-commons), whose loading
     * costs 80-100 ms of CPU; and it matters only for an address that is not public. So root names are judged (and
     * intranet names resolved) when the crawl first connects to such an address, if ever, not here.
     */
    public static AddressGuard forRoots(List<WebUrl> roots, Map<String, InetAddress> pins) {
        Set<AddressClass> allowed = EnumSet.of(AddressClass.PUBLIC);
        List<WebUrl> names = new ArrayList<>();
        for (WebUrl root : roots) {
            String host = root.host();
            if (root.hasIpHost()) {
                allowed.add(classify(literal(host)));
            } else if (host.equals("localhost") || host.endsWith(".localhost")) {
                allowed.add(AddressClass.LOOPBACK);
            } else {
                names.add(root);
            }
        }
        return new AddressGuard(allowed, names, pins);
    }

    /** Why connecting to {@code address} is refused, or null when it is allowed. */
    public String refusal(InetAddress address) {
        AddressClass c = classify(address);
        if (allowed.contains(c) || lent().contains(c)) return null;
        return address.getHostAddress() + " is a " + c.name().toLowerCase(Locale.ROOT).replace('_', '-')
                + " address; pass --allow-private to crawl it";
    }

    /** The classes of the addresses of the root names with no public suffix, found once. */
    private Set<AddressClass> lent() {
        Set<AddressClass> classes = lent;
        if (classes == null) {
            Set<AddressClass> found = EnumSet.noneOf(AddressClass.class);
            for (WebUrl root : names) {
                if (EffectiveTldFinder.getAssignedDomain(root.host(), true, false) == null) {
                    for (InetAddress a : resolve(root.host(), root.port(), pins)) found.add(classify(a));
                }
            }
            lent = classes = found; // two threads may both find it: the same set
        }
        return classes;
    }

    public static AddressClass classify(InetAddress a) {
        if (a.isLoopbackAddress()) return AddressClass.LOOPBACK;
        if (a.isLinkLocalAddress()) return AddressClass.LINK_LOCAL;
        if (a.isSiteLocalAddress()) return AddressClass.PRIVATE;
        if (a.isAnyLocalAddress() || a.isMulticastAddress()) return AddressClass.SPECIAL;
        byte[] b = a.getAddress();
        if (a instanceof Inet4Address) {
            int first = b[0] & 0xFF;
            int second = b[1] & 0xFF;
            if (first == 100 && second >= 64 && second < 128) return AddressClass.CGNAT;
            if (first == 0 || first >= 240 || (first == 192 && second == 0 && (b[2] & 0xFF) == 0)
                    || (first == 198 && (second == 18 || second == 19))) return AddressClass.SPECIAL;
        } else if (a instanceof Inet6Address) {
            if ((b[0] & 0xFE) == 0xFC) return AddressClass.UNIQUE_LOCAL;
            if ((b[0] & 0xFF) == 0xFE && (b[1] & 0xC0) == 0xC0) return AddressClass.PRIVATE; // deprecated site-local
        }
        return AddressClass.PUBLIC;
    }

    private static InetAddress literal(String host) {
        try {
            return InetAddress.getByName(host.startsWith("[") ? host.substring(1, host.length() - 1) : host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("bad IP literal " + host, e); // WebUrl validated it already
        }
    }

    private static List<InetAddress> resolve(String host, int port, Map<String, InetAddress> pins) {
        InetAddress pinned = pins.get(host + ":" + port);
        if (pinned != null) return List.of(pinned);
        try {
            return List.of(InetAddress.getAllByName(host));
        } catch (UnknownHostException e) {
            return List.of(); // it will fail again, and be recorded, when fetched
        }
    }
}
