package dev.loomcrawl.content;

import java.net.MalformedURLException;
import java.net.URL;
import java.util.HashMap;
import org.jsoup.internal.StringUtil;
import org.jsoup.nodes.Element;

/**
 * The URLs of one conversion's links and images made absolute, exactly as jsoup's {@code absUrl} makes them,
 * but without its cost on every link (it strips control characters with a regular expression and parses the base
 * URI again each time): the base is parsed once, a URL met again is remembered, and a relative reference is
 * resolved as its directory (resolved once per page and directory: "../lang/") followed by its last segment and
 * fragment ("Object.html#equals"), which {@code java.net.URL} appends as written. Where that does not hold
 * exactly (a scheme, a query, dot segments at the end) the reference goes to jsoup's own resolution.
 */
final class LinkUrls {
    private final String baseUri;
    private URL base;
    private boolean baseParsed;
    /** The page's URL without fragment; "" when only absUrl can tell; null until a fragment-only link asks. */
    private String fragmentPrefix;
    private final HashMap<String, String> resolved = new HashMap<>();
    /** Directory references ("../lang/") and their absolute URLs ("" when only absUrl can tell). */
    private final HashMap<String, String> directories = new HashMap<>();

    LinkUrls(Element root) {
        this.baseUri = root.baseUri();
    }

    /**
     * el's attribute as an absolute URL; as written when it cannot be made absolute; "" when absent or empty; null
     * for a {@code javascript:} URL, which is no link to follow.
     */
    String of(Element el, String attribute) {
        String raw = el.attr(attribute).strip();
        if (raw.isEmpty()) return "";
        String known = resolved.get(raw);
        if (known != null) return known;
        String url = isJavascript(raw) ? null : absolute(el, attribute, raw);
        resolved.put(raw, url);
        return url;
    }

    private String absolute(Element el, String attribute, String raw) {
        if (plain(raw)) {
            int hash = raw.indexOf('#');
            String document = hash < 0 ? raw : raw.substring(0, hash);
            String fragment = hash < 0 ? "" : raw.substring(hash);
            String url = document.isEmpty() ? pageUrl(el, attribute) : inDirectory(el, attribute, document);
            if (url != null) return url + fragment;
        }
        String url = slow(el, attribute, raw);
        if (url == null) url = el.absUrl(attribute);
        return url.isEmpty() ? raw : url;
    }

    /** The page's own URL (without fragment), for a fragment-only link; null when only absUrl can tell. */
    private String pageUrl(Element el, String attribute) {
        if (fragmentPrefix == null) {
            String page = slow(el, attribute, "#");
            fragmentPrefix = page != null && page.endsWith("#") ? page.substring(0, page.length() - 1) : "";
        }
        return fragmentPrefix.isEmpty() ? null : fragmentPrefix;
    }

    /**
     * A reference without fragment resolved as its directory part (resolved once per directory) followed by its
     * last segment, which {@code java.net.URL} only appends: null when that does not hold (a scheme, a network
     * path, a query, a backslash, a last segment of dots) or only absUrl can tell.
     */
    private String inDirectory(Element el, String attribute, String document) {
        if (document.indexOf('?') >= 0 || document.indexOf('\\') >= 0 || document.startsWith("//")
            || hasScheme(document)) {
            return null;
        }
        int slash = document.lastIndexOf('/');
        String last = document.substring(slash + 1);
        if (last.equals(".") || last.equals("..")) return null;
        String directory = slash < 0 ? "./" : document.substring(0, slash + 1);
        String url = directories.get(directory);
        if (url == null) {
            url = slow(el, attribute, directory);
            if (url == null || !isAbsoluteHttp(url) || !url.endsWith("/") || url.indexOf('?') >= 0
                || url.indexOf('#') >= 0) {
                url = "";
            }
            directories.put(directory, url);
        }
        return url.isEmpty() ? null : url + last;
    }

    /** Whether a reference begins with a scheme (a ':' before any '/', '?' or '#'). */
    private static boolean hasScheme(String reference) {
        for (int i = 0; i < reference.length(); i++) {
            char c = reference.charAt(i);
            if (c == ':') return true;
            if (c == '/' || c == '?' || c == '#') return false;
        }
        return false;
    }

    private static boolean isAbsoluteHttp(String url) {
        return url.startsWith("https://") || url.startsWith("http://");
    }

    /** What {@code absUrl} gives for raw against the base parsed once, or null when only absUrl itself can tell. */
    private String slow(Element el, String attribute, String raw) {
        if (!baseParsed) {
            baseParsed = true;
            try {
                base = plain(baseUri) ? new URL(baseUri) : null;
            } catch (MalformedURLException e) {
                base = null;
            }
        }
        if (base == null || !plain(raw)) return null;
        try {
            return StringUtil.resolve(base, raw).toExternalForm();
        } catch (MalformedURLException | IllegalArgumentException e) {
            return null;
        }
    }

    /** Whether s has no control character (which absUrl would strip first). */
    private static boolean plain(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < ' ' || c >= 0x7f && c <= 0x9f) return false;
        }
        return true;
    }

    /** Whether a URL is javascript:, as a browser reads it (tabs and line breaks inside the scheme ignored). */
    static boolean isJavascript(String url) {
        String scheme = "javascript:";
        int matched = 0;
        for (int i = 0; i < url.length() && matched < scheme.length(); i++) {
            char c = url.charAt(i);
            if (c == '\t' || c == '\n' || c == '\r') continue;
            if (Character.toLowerCase(c) != scheme.charAt(matched)) return false;
            matched++;
        }
        return matched == scheme.length();
    }
}
