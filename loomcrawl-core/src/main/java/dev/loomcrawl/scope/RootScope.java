package dev.loomcrawl.scope;

import crawlercommons.domains.EffectiveTldFinder;
import dev.loomcrawl.url.WebUrl;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The seed's {@code url_allowed}, extended: http(s) only; any {@code exclude} pattern found anywhere in the URL
 * drops it; when there are {@code include} patterns, one of them must be found; then the host (and for
 * {@link ScopeKind#PREFIX} the path) must match a root's. Host matching ignores the port, as the seed does.
 * Strict: equal after lower-casing, or equal but for a leading {@code www.}. Lenient: the last two labels are
 * equal. IP literals match only exactly.
 */
public final class RootScope implements Scope {
    private final ScopeKind kind;
    private final boolean lenient;
    private final List<UrlPattern> includes;
    private final List<UrlPattern> excludes;
    private final Set<String> rootHosts = new HashSet<>();
    private final Set<String> rootDomains = new HashSet<>();
    private final List<WebUrl> roots;

    /** The scope a crawl's scope settings describe. */
    public RootScope(ScopeSettings s) {
        this(s.roots(), s.kind(), s.lenient(), s.includes(), s.excludes());
    }

    public RootScope(List<WebUrl> roots, ScopeKind kind, boolean lenient, List<UrlPattern> includes,
                     List<UrlPattern> excludes) {
        this.roots = List.copyOf(roots);
        this.kind = kind;
        this.lenient = lenient;
        this.includes = List.copyOf(includes);
        this.excludes = List.copyOf(excludes);
        for (WebUrl root : roots) {
            String host = root.host();
            rootHosts.add(root.hasIpHost() || !lenient ? host : lastTwoLabels(host));
            // the public suffix list is loaded (80-100 ms of CPU) only for a scope that needs it
            if (kind == ScopeKind.DOMAIN && !root.hasIpHost()) rootDomains.add(registrableDomain(host));
        }
    }

    @Override
    public boolean allows(WebUrl url) {
        return decide(url).in();
    }

    @Override
    public ScopeDecision decide(WebUrl url) {
        String s = url.toString();
        for (UrlPattern p : excludes) {
            if (p.foundIn(s)) return ScopeDecision.EXCLUDED;
        }
        if (!includes.isEmpty() && includes.stream().noneMatch(p -> p.foundIn(s))) {
            return ScopeDecision.EXCLUDED;
        }
        boolean in = hostIn(url.host(), url.hasIpHost())
                && (kind != ScopeKind.PREFIX || roots.stream().anyMatch(r -> underDirectory(url, r)));
        return in ? ScopeDecision.IN : ScopeDecision.OUT_OF_SCOPE;
    }

    /**
     * Whether the scope covers this host (a lower-case name or an IP literal without brackets), whatever the path:
     * a root's host, or one matching it as the scope's host rules say. The cookie jar asks it.
     */
    public boolean coversHost(String host) {
        String h = host.indexOf(':') >= 0 ? "[" + host + "]" : host; // IPv6 as a URL writes it
        return hostIn(h, WebUrl.isIpHost(h));
    }

    /**
     * The host rules: a root's host; for an IP literal nothing else; under {@code --scope domain} a host of a
     * root's registrable domain; else, lenient, the same last two labels, or strict, the same but for a leading www.
     */
    private boolean hostIn(String host, boolean ip) {
        if (rootHosts.contains(host)) return true;
        if (ip) return false;
        if (kind == ScopeKind.DOMAIN) return rootDomains.contains(registrableDomain(host));
        if (lenient) return rootHosts.contains(lastTwoLabels(host));
        return rootHosts.contains(host.startsWith("www.") ? host.substring(4) : "www." + host);
    }

    private static boolean underDirectory(WebUrl url, WebUrl root) {
        String dir = root.path().substring(0, root.path().lastIndexOf('/') + 1);
        return url.path().startsWith(dir) && url.scheme().equals(root.scheme());
    }

    private static String lastTwoLabels(String host) {
        int last = host.lastIndexOf('.');
        int secondLast = last <= 0 ? -1 : host.lastIndexOf('.', last - 1);
        return secondLast < 0 ? host : host.substring(secondLast + 1);
    }

    private static String registrableDomain(String host) {
        String domain = EffectiveTldFinder.getAssignedDomain(host, true, false);
        return domain == null ? host : domain;
    }
}
