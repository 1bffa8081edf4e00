package dev.loomcrawl.fetch;

import crawlercommons.domains.EffectiveTldFinder;
import org.eclipse.jetty.http.HttpCookie;
import org.eclipse.jetty.http.HttpCookieStore;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * A crawl's cookies: what servers set, sent back where RFC 6265 lets them go (domain, path, {@code Secure},
 * expiry: Jetty's {@link HttpCookieStore.Default} does the matching), with three rules of a crawler's on top:
 * <ul>
 *   <li>a cookie is taken from, and sent to, only hosts the crawl's scope covers ({@code hostAllowed}), so a
 *       session never crosses to another site, nor from one registrable domain of the roots to another unless
 *       the scope includes it;</li>
 *   <li>a cookie whose {@code Domain} is a public suffix ({@code co.uk}, {@code github.io}) is refused, by the
 *       public suffix list (crawler-commons), where Jetty refuses only single-label domains;</li>
 *   <li>at most {@link #MAX_COOKIES} are kept: a site setting a new cookie on every page cannot grow it.</li>
 * </ul>
 * It reads and writes the Netscape {@code cookies.txt} format that curl, wget and browser extensions use.
 */
public final class CookieJar implements HttpCookieStore {
    /** The most cookies kept, RFC 6265's suggested minimum for a user agent. */
    public static final int MAX_COOKIES = 3000;
    /** An attribute kept on host-only cookies, naming their host (Jetty's store keeps it, but privately). */
    private static final String HOST = "loomcrawl-host";

    private final Predicate<String> hostAllowed;
    private final HttpCookieStore.Default store = new HttpCookieStore.Default() {
        @Override
        protected boolean allowDomain(String domain) {
            return super.allowDomain(domain) && !isPublicSuffix(domain);
        }
    };
    private final AtomicInteger size = new AtomicInteger();
    private final AtomicLong changes = new AtomicLong();

    /** A jar for hosts that {@code hostAllowed} accepts (lower-case host names or IP literals). */
    public CookieJar(Predicate<String> hostAllowed) {
        this.hostAllowed = hostAllowed;
    }

    /** A jar that takes and sends cookies on any host. */
    public static CookieJar unscoped() {
        return new CookieJar(host -> true);
    }

    @Override
    public boolean add(URI uri, HttpCookie cookie) {
        String host = host(uri);
        if (host == null || !hostAllowed.test(host)) return false;
        if (!cookie.isExpired() && size.get() >= MAX_COOKIES) return false;
        HttpCookie kept = cookie.getDomain() == null
                ? HttpCookie.build(cookie).attribute(HOST, host).build() : cookie;
        boolean existed = store.remove(uri, kept);
        boolean added = store.add(uri, kept);
        if (existed != added) size.addAndGet(added ? 1 : -1);
        if (existed || added) changes.incrementAndGet();
        return added;
    }

    @Override
    public List<HttpCookie> match(URI uri) {
        String host = host(uri);
        return host == null || !hostAllowed.test(host) ? List.of() : store.match(uri);
    }

    @Override
    public List<HttpCookie> all() {
        return store.all();
    }

    @Override
    public boolean remove(URI uri, HttpCookie cookie) {
        boolean removed = store.remove(uri, cookie);
        if (removed) {
            size.decrementAndGet();
            changes.incrementAndGet();
        }
        return removed;
    }

    @Override
    public boolean clear() {
        size.set(0);
        changes.incrementAndGet();
        return store.clear();
    }

    /** A number that changes whenever a cookie is added, replaced or removed: to tell whether to save the jar. */
    public long version() {
        return changes.get();
    }

    /**
     * The jar in the Netscape format: a header, then a line per unexpired cookie, tab-separated: domain (with a
     * leading dot when it covers subdomains; {@code #HttpOnly_} before it for an HttpOnly cookie), whether
     * subdomains match, path, secure, expiry in epoch seconds (0 for a session cookie), name, value.
     */
    public String toNetscape() {
        StringBuilder out = new StringBuilder("# Netscape HTTP Cookie File\n# written by loomcrawl\n\n");
        List<String> lines = new ArrayList<>();
        for (HttpCookie c : store.all()) {
            StringBuilder line = new StringBuilder();
            String hostOnly = c.getAttributes().get(HOST);
            String domain = hostOnly != null ? hostOnly : "." + stripDot(c.getDomain());
            Instant expires = c.getExpires();
            line.append(c.isHttpOnly() ? "#HttpOnly_" : "").append(domain).append('\t')
                    .append(hostOnly == null ? "TRUE" : "FALSE").append('\t')
                    .append(c.getPath() == null ? "/" : c.getPath()).append('\t')
                    .append(c.isSecure() ? "TRUE" : "FALSE").append('\t')
                    .append(expires == null ? 0 : expires.getEpochSecond()).append('\t')
                    .append(c.getName()).append('\t').append(c.getValue()).append('\n');
            lines.add(line.toString());
        }
        lines.sort(null); // a stable file: the same jar, the same text
        lines.forEach(out::append);
        return out.toString();
    }

    /**
     * Adds the cookies of a Netscape {@code cookies.txt} text (curl's {@code -c}, wget's
     * {@code --save-cookies}); expired ones are left out. Returns how many were added. A line that is not
     * seven tab-separated fields throws {@link IllegalArgumentException} naming its number.
     */
    public int addNetscape(String text) {
        int added = 0;
        int number = 0;
        for (String line : text.split("\r?\n")) {
            number++;
            boolean httpOnly = line.startsWith("#HttpOnly_");
            if (httpOnly) line = line.substring("#HttpOnly_".length());
            if (line.isBlank() || line.startsWith("#")) continue;
            String[] f = line.split("\t", -1);
            if (f.length != 7) {
                throw new IllegalArgumentException("line " + number + " is not a cookies.txt line (7 fields "
                        + "separated by tabs: domain, subdomains, path, secure, expiry, name, value)");
            }
            long expiry;
            try {
                expiry = Long.parseLong(f[4].strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("line " + number + " has an expiry that is not a number: " + f[4]);
            }
            String domain = stripDot(f[0].strip().toLowerCase(Locale.ROOT));
            boolean subdomains = f[1].strip().equalsIgnoreCase("TRUE");
            boolean secure = f[3].strip().equalsIgnoreCase("TRUE");
            String path = f[2].isBlank() ? "/" : f[2].strip();
            HttpCookie.Builder b = HttpCookie.build(f[5], f[6]).path(path).secure(secure).httpOnly(httpOnly);
            if (subdomains) b.domain(domain);
            if (expiry > 0) b.expires(Instant.ofEpochSecond(expiry));
            HttpCookie cookie = b.build();
            if (cookie.isExpired()) continue;
            URI uri = URI.create((secure ? "https://" : "http://") + (domain.contains(":") ? "[" + domain + "]" : domain)
                    + (path.startsWith("/") ? path : "/"));
            if (store.add(uri, subdomains ? cookie : HttpCookie.build(cookie).attribute(HOST, domain).build())) {
                size.incrementAndGet();
                added++;
            }
        }
        if (added > 0) changes.incrementAndGet();
        return added;
    }

    private static String host(URI uri) {
        String host = uri.getHost();
        if (host == null) return null;
        host = host.toLowerCase(Locale.ROOT);
        return host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    }

    private static String stripDot(String domain) {
        return domain.startsWith(".") ? domain.substring(1) : domain;
    }

    private static boolean isPublicSuffix(String domain) {
        String d = stripDot(domain.toLowerCase(Locale.ROOT));
        if (d.endsWith(".")) d = d.substring(0, d.length() - 1);
        if (d.equals("localhost") || d.matches("[0-9.]+") || d.startsWith("[")) return false;
        return EffectiveTldFinder.getAssignedDomain(d, true, false) == null
                && EffectiveTldFinder.getEffectiveTLD(d, false) != null; // a suffix, and nothing registered under it
    }
}
