package dev.loomcrawl.serve;

import dev.loomcrawl.fetch.AddressGuard;
import dev.loomcrawl.url.WebUrl;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * A request's URLs, checked before any job is made of them: http(s), and (unless the server was started with
 * {@code --allow-private}) not naming a loopback, private, link-local or other special address itself, in any of
 * its spellings (IPv6, IPv4-mapped, NAT64, {@code localhost}). A public name that resolves to such an address is
 * refused later, by the fetcher's guard, which checks each address it connects to: for roots, links and redirects.
 */
final class Roots {
    private Roots() {}

    /** The URL {@code input} names, or a 400 (bad URL) or 403 (a non-public address) saying why not. */
    static WebUrl check(String input, String field, ServeOptions server) {
        WebUrl url = parse(input, field);
        if (!server.allowPrivate()) {
            String why = refusal(url, GuardedConnections.guard(server.allowOrigins()));
            if (why != null) throw new ApiError(403, "field '" + field + "': " + why);
        }
        return url;
    }

    /** The URL, or a 400: loomcrawl crawls http and https URLs. */
    static WebUrl parse(String input, String field) {
        String s = input.strip();
        if (!s.regionMatches(true, 0, "http://", 0, 7) && !s.regionMatches(true, 0, "https://", 0, 8)) {
            throw ApiError.badRequest("field '" + field + "' must be an http or https URL, got '" + clip(s) + "'");
        }
        WebUrl url = WebUrl.tryParse(s, null);
        if (url == null) throw ApiError.badRequest("field '" + field + "' is not a valid URL: '" + clip(s) + "'");
        return url;
    }

    /** Why the URL's own host is refused (an address that is not public), or null. */
    static String refusal(WebUrl url, AddressGuard guard) {
        String host = url.host().toLowerCase(Locale.ROOT);
        String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        while (bare.endsWith(".")) bare = bare.substring(0, bare.length() - 1); // "localhost." is localhost
        boolean local = bare.equals("localhost") || bare.endsWith(".localhost");
        if (!url.hasIpHost() && !local) return null; // a name: its addresses are checked as it is fetched
        try {
            // an IP literal is not looked up; localhost is answered by the machine itself
            for (InetAddress a : local ? InetAddress.getAllByName("localhost") : new InetAddress[] {
                    InetAddress.getByName(bare)}) {
                String why = guard.refusal(bare, url.port(), a);
                if (why != null) return spoken(why);
            }
            return null;
        } catch (UnknownHostException e) {
            return "its address cannot be read: " + e.getMessage();
        }
    }

    /** The guard's refusal as the server says it: the operator, not the caller, can lift it. */
    static String spoken(String why) {
        return why.replace("pass --allow-private to crawl it", "this server was not started with --allow-private");
    }

    private static String clip(String s) {
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }
}
