package dev.loomcrawl.fetch;

import dev.loomcrawl.setting.BadSetting;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A proxy to fetch through: {@code http://} (plain requests, and {@code CONNECT} tunnels for https URLs),
 * {@code https://} (the same, over TLS to the proxy) or {@code socks5://}, with an optional user name and
 * password.
 *
 * @param user     null for a proxy without authentication
 * @param password null when there is no user
 */
public record ProxySpec(String scheme, String host, int port, String user, String password) {

    /**
     * Parses {@code SCHEME://[USER[:PASSWORD]@]HOST:PORT}. When the URL has a user and no password,
     * {@code defaultPassword} is used (from an environment variable, say); a user with no password at all is
     * refused. A bad URL throws {@link IllegalArgumentException} naming it without its password.
     */
    public static ProxySpec parse(String url, String defaultPassword) {
        URI uri;
        try {
            uri = new URI(url.strip());
        } catch (URISyntaxException e) {
            throw new BadSetting("proxy", "is not a URL: " + redact(url));
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") && !scheme.equals("socks5")) {
            throw new BadSetting("proxy", "must be an http://, https:// or socks5:// URL, got "
                    + redact(url));
        }
        if (uri.getHost() == null || uri.getPort() < 0) {
            throw new BadSetting("proxy", "needs a host and a port (" + scheme + "://HOST:PORT), got "
                    + redact(url));
        }
        String user = null;
        String password = null;
        if (uri.getRawUserInfo() != null) {
            String info = uri.getRawUserInfo();
            int colon = info.indexOf(':');
            user = decode(colon < 0 ? info : info.substring(0, colon));
            password = colon < 0 ? defaultPassword : decode(info.substring(colon + 1));
            if (password == null) {
                throw new BadSetting("proxy", redact(url) + " names a user but no password: set "
                        + "LOOMCRAWL_PROXY_PASSWORD, or give the proxy in a --proxy-file");
            }
        }
        String host = uri.getHost().startsWith("[") ? uri.getHost().substring(1, uri.getHost().length() - 1)
                : uri.getHost();
        return new ProxySpec(scheme, host, uri.getPort(), user, password);
    }

    /** Whether the URL carries a password of its own (refused on the command line, where others can read it). */
    public static boolean hasPassword(String url) {
        try {
            String info = new URI(url.strip()).getRawUserInfo();
            return info != null && info.contains(":");
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /** The URL with any password replaced by {@code ***}, for messages and logs. */
    public static String redact(String url) {
        return url.replaceAll("(?<=://)([^:/@]*):[^@/]*@", "$1:***@");
    }

    /** {@code host:port}, as the proxy's address is resolved and connected to. */
    public String address() {
        return host + ":" + port;
    }

    @Override
    public String toString() { // never the password
        return scheme + "://" + (user == null ? "" : user + "@") + (host.contains(":") ? "[" + host + "]" : host)
                + ":" + port;
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }
}
