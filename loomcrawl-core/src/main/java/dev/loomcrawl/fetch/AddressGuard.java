package dev.loomcrawl.fetch;

import crawlercommons.domains.EffectiveTldFinder;
import dev.loomcrawl.url.WebUrl;

import java.net.InetAddress;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which network addresses a crawl may connect to. Public addresses always. Loopback, private (RFC 1918),
 * link-local (cloud metadata at 169.254.169.254 included), CGNAT, IPv6 unique-local and other special ranges (an
 * IPv6 form carrying an IPv4 address counts as that IPv4 address: {@link AddressRanges}) only on a root's own
 * host and port, when that root names a local or intranet server itself, or when the guard is off
 * ({@code --allow-private}). So crawling {@code http://127.0.0.1:8080/} reaches nothing else on this machine, nor
 * another port of it. The fetcher checks the address it is about to connect to, after resolution, so neither a
 * DNS answer nor a redirect can lead around it.
 */
public final class AddressGuard {

    /** Kinds of address, by range. */
    public enum AddressClass { PUBLIC, LOOPBACK, PRIVATE, LINK_LOCAL, CGNAT, UNIQUE_LOCAL, SPECIAL }

    public static final AddressGuard OFF = new AddressGuard(Set.of(), Set.of(), true);

    /** The "host:port"s of the roots that name a local server: an IP literal, localhost. */
    private final Set<String> local;
    /** The "host:port"s of the other roots, local only when their name has no public suffix (below). */
    private final Set<String> named;
    private final boolean off;
    private volatile Set<String> intranet;

    private AddressGuard(Set<String> local, Set<String> named, boolean off) {
        this.local = Set.copyOf(local);
        this.named = Set.copyOf(named);
        this.off = off;
    }

    /**
     * The guard for a crawl from these roots. A root's own host and port may be any address when its host is an IP
     * literal, {@code localhost} (or under {@code .localhost}), or a name with no public suffix (an intranet name
     * such as {@code wiki.corp}); a public name pinned or resolved to a private address gets nothing. A root on
     * its scheme's default port also covers the other scheme's default port of the same host ({@code
     * http://wiki.corp/} redirecting to {@code https://wiki.corp/}).
     *
     * <p>Which names have a public suffix is asked of the public suffix list (crawler-commons), whose loading
     * costs 80-100 ms of CPU; and it matters only for an address that is not public. So root names are judged
     * when the crawl first connects to such an address, if ever, not here.
     */
    public static AddressGuard forRoots(List<WebUrl> roots) {
        Set<String> local = new HashSet<>();
        Set<String> named = new HashSet<>();
        for (WebUrl root : roots) {
            String host = bare(root.host());
            boolean isLocal = root.hasIpHost() || host.equals("localhost") || host.endsWith(".localhost");
            Set<String> into = isLocal ? local : named;
            into.add(host + ":" + root.port());
            if (root.port() == 80 && root.scheme().equals("http")) into.add(host + ":443");
            if (root.port() == 443 && root.scheme().equals("https")) into.add(host + ":80");
        }
        return new AddressGuard(local, named, false);
    }

    /** Why connecting to {@code address} for {@code host:port} is refused, or null when it is allowed. */
    public String refusal(String host, int port, InetAddress address) {
        if (off) return null;
        AddressClass c = classify(address);
        if (c == AddressClass.PUBLIC) return null;
        String origin = bare(host) + ":" + port;
        if (local.contains(origin) || named.contains(origin) && intranet().contains(origin)) return null;
        return address.getHostAddress() + " is a " + c.name().toLowerCase(Locale.ROOT).replace('_', '-')
                + " address; pass --allow-private to crawl it";
    }

    /** The root "host:port"s whose names have no public suffix, found once. */
    private Set<String> intranet() {
        Set<String> found = intranet;
        if (found == null) {
            found = new HashSet<>();
            for (String origin : named) {
                String host = origin.substring(0, origin.lastIndexOf(':'));
                if (EffectiveTldFinder.getAssignedDomain(host, true, false) == null) found.add(origin);
            }
            intranet = found; // two threads may both find it: the same set
        }
        return found;
    }

    public static AddressClass classify(InetAddress a) {
        return AddressRanges.classify(a);
    }

    private static String bare(String host) {
        String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        return h.toLowerCase(Locale.ROOT);
    }
}
