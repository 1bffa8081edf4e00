package dev.loomcrawl.url;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An absolute http or https URL, parsed and serialised as the WHATWG URL Standard does it (as browsers do),
 * without its fragment. Two URLs that a browser would request identically serialise identically, so the
 * serialisation ({@link #toString()}) is what the seen set compares.
 *
 * <p>Only the special schemes http and https are kept: every other scheme (mailto, javascript, data, ftp...)
 * parses to {@code null}, since the crawler can fetch nothing else.
 */
public final class WebUrl implements Comparable<WebUrl> {
    private final String scheme;
    private final String userinfo;
    private final String host;
    private final int port;
    private final String path;
    private final String query;
    private final String serialized;

    private WebUrl(String scheme, String userinfo, String host, int port, String path, String query) {
        this.scheme = scheme;
        this.userinfo = userinfo;
        this.host = host;
        this.port = port;
        this.path = path;
        this.query = query;
        StringBuilder sb = new StringBuilder(scheme.length() + host.length() + path.length() + 16);
        sb.append(scheme).append("://");
        if (!userinfo.isEmpty()) sb.append(userinfo).append('@');
        sb.append(host);
        if (port >= 0) sb.append(':').append(port);
        sb.append(path);
        if (query != null) sb.append('?').append(query);
        this.serialized = sb.toString();
    }

    /** Parses an absolute URL; throws {@link IllegalArgumentException} naming the input if it is not one. */
    public static WebUrl parse(String input) {
        WebUrl url = tryParse(input, null);
        if (url == null) throw new IllegalArgumentException("not an absolute http(s) URL: " + input);
        return url;
    }

    /** Parses {@code input} against {@code base} (may be null); null when it fails or is not http(s). */
    public static WebUrl tryParse(String input, WebUrl base) {
        return UrlParser.parse(input, base);
    }

    /** Resolves a reference found in a page (an href, a Location header) against this URL; null if it fails. */
    public WebUrl resolve(String reference) {
        return UrlParser.parse(reference, this);
    }

    static WebUrl of(String scheme, String userinfo, String host, int port, List<String> segments, String query) {
        return new WebUrl(scheme, userinfo, host, port, "/" + String.join("/", segments), query);
    }

    /** From parts already parsed and serialised; {@code path} starts with '/'. */
    static WebUrl ofPath(String scheme, String userinfo, String host, int port, String path, String query) {
        return new WebUrl(scheme, userinfo, host, port, path, query);
    }

    public String scheme() {
        return scheme;
    }

    /** The host, serialised: a lower-case ASCII domain, a dotted IPv4 address or a bracketed IPv6 address. */
    public String host() {
        return host;
    }

    /** The port, explicit or the scheme's default. */
    public int port() {
        return port >= 0 ? port : defaultPort(scheme);
    }

    /** The path, starting with '/'. */
    public String path() {
        return path;
    }

    /** The query without its '?', or null when there is none. */
    public String query() {
        return query;
    }

    public Origin origin() {
        return new Origin(scheme, host, port());
    }

    /** The path segments (the path split at '/', without the leading empty one). */
    public List<String> segments() {
        return new ArrayList<>(List.of(path.substring(1).split("/", -1)));
    }

    /** Whether {@code host()} is an IP address literal rather than a domain. */
    public boolean hasIpHost() {
        return isIpHost(host);
    }

    /** Whether a host as a URL serialises it (IPv6 in brackets) is an IP address literal rather than a domain. */
    public static boolean isIpHost(String host) {
        if (host.startsWith("[")) return true;
        for (int i = 0; i < host.length(); i++) {
            char c = host.charAt(i);
            if (c != '.' && (c < '0' || c > '9')) return false;
        }
        return true;
    }

    String userinfo() {
        return userinfo;
    }

    /** The port as written in the URL, -1 when it is the scheme's default. */
    int explicitPort() {
        return port;
    }

    static int defaultPort(String scheme) {
        return scheme.equals("https") ? 443 : 80;
    }

    @Override
    public String toString() {
        return serialized;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WebUrl other && serialized.equals(other.serialized);
    }

    @Override
    public int hashCode() {
        return serialized.hashCode();
    }

    @Override
    public int compareTo(WebUrl o) {
        return serialized.compareTo(o.serialized);
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
