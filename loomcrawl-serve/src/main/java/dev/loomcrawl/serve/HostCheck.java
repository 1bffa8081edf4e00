package dev.loomcrawl.serve;

import java.net.URI;
import java.util.Locale;

/**
 * The names a request may give the server, against DNS rebinding: without API keys the server listens on loopback
 * only, and a request must also name it by a loopback name ({@code Host}), else a page of another site whose name
 * was made to resolve to 127.0.0.1 could read the jobs and start crawls from the operator's browser. A browser's
 * request from a page says the page's origin ({@code Origin}): one front end (the MCP endpoint) takes only the
 * server's own, or a loopback one when the server has no keys. Each refusal is a 403 of one line.
 *
 * @param listenHost the address listened on, lower case
 * @param keys       whether the server asks for API keys (then any Host is taken: the key is the guard)
 */
public record HostCheck(String listenHost, boolean keys) {

    public static HostCheck of(ServeOptions options) {
        return new HostCheck(options.host().toLowerCase(Locale.ROOT), !options.apiKeys().isEmpty());
    }

    /** A 403 unless the server has API keys or {@code Host} (null for HTTP/1.0) names it by a loopback name. */
    public void host(String host) {
        if (keys || host == null) return; // HTTP/1.0: no browser sends that
        String name = name(host);
        if (loopbackName(name)) return;
        throw new ApiError(403, "this server has no API keys, so it answers only requests that name it by a "
                + "loopback address (Host: 127.0.0.1 or localhost), not '" + cut(name) + "'");
    }

    /**
     * A 403 when a request comes from a page ({@code Origin}, null when none) of another origin than the server's
     * own ({@code host}, the request's {@code Host}); a loopback origin is the server's own when it has no keys.
     */
    public void origin(String origin, String host) {
        if (origin == null) return;
        String authority = authority(origin);
        if (authority != null && host != null && authority.equalsIgnoreCase(host.strip())) return;
        if (authority != null && !keys && loopbackName(name(authority))) return;
        throw new ApiError(403, "a page of another site (Origin: " + cut(origin.strip()) + ") may not use this "
                + "server: only its own origin" + (keys ? "" : " or a loopback one") + " may");
    }

    /** An http(s) origin's host and port, or null when it is none ("null", a file's, unreadable). */
    private static String authority(String origin) {
        try {
            URI uri = new URI(origin.strip());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            return scheme.equals("http") || scheme.equals("https") ? uri.getRawAuthority() : null;
        } catch (java.net.URISyntaxException e) {
            return null;
        }
    }

    /** The host name of a Host header's value (or an origin's authority): no port, brackets or final dot. */
    private static String name(String host) {
        String name = host.strip().toLowerCase(Locale.ROOT);
        if (name.startsWith("[")) name = name.substring(1, Math.max(1, name.indexOf(']')));
        else if (name.indexOf(':') >= 0) name = name.substring(0, name.indexOf(':'));
        if (name.endsWith(".")) name = name.substring(0, name.length() - 1);
        return name;
    }

    private boolean loopbackName(String name) {
        if (name.equals("localhost") || name.endsWith(".localhost") || name.equals(listenHost)) return true;
        boolean literal = name.matches("\\d{1,3}(\\.\\d{1,3}){3}")
                || name.indexOf(':') >= 0 && name.matches("[0-9a-f:.]+");
        return literal && ServeOptions.loopback(name); // a literal is not looked up
    }

    private static String cut(String s) {
        return s.length() > 80 ? s.substring(0, 80) : s;
    }
}
