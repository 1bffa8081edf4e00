package dev.loomcrawl.content;

import java.util.Arrays;
import java.util.HashMap;

/**
 * The URLs of one conversion's links and images made absolute, exactly as jsoup's {@code absUrl} makes them, but
 * without its cost on every link (it strips control characters with a regular expression and parses the base URI
 * again each time, and a page has hundreds of links).
 *
 * <p>A plain relative reference (most links) is resolved as the directory its leading {@code ./} and {@code ../}
 * segments name ({@code ../../}, once per page) followed by the rest of it as written
 * ({@code java/lang/Object.html#equals(java.lang.Object)}), which is what {@code java.net.URL} does with a path
 * without dot segments, query or scheme: appends it. A fragment-only reference is the page's URL followed by it. The
 * page's URL and its directories are cut from the base URI when it is plainly shaped, else resolved by jsoup. Any
 * other reference (a scheme, a query, an absolute path, dot segments inside, whitespace or a backslash) goes to
 * jsoup's own resolution, and is remembered.
 */
final class LinkUrls {
    /** The most {@code ../} segments resolved by directory; a reference with more goes to jsoup's resolution. */
    private static final int MAX_UPS = 64;
    /**
     * A URL that references are appended to, the page's or a directory's (empty when only absUrl can tell), and
     * whether a bare link destination writes it as it is: checked once, not for every link.
     */
    private record Prefix(char[] url, boolean bare) {
        static final Prefix NONE = new Prefix(new char[0], true);

        static Prefix of(String url) {
            char[] chars = url.toCharArray();
            return new Prefix(chars, MarkdownSyntax.bareRun(chars, 0, chars.length) == chars.length);
        }
    }

    private static final int UNKNOWN = -2;
    /**
     * What each ASCII character is in a plain reference's path: a path character, one that a bare link destination
     * must look at (see {@link MarkdownSyntax#bareRun}), refused, or '/' and '#'.
     */
    private static final byte[] PATH = new byte[128];
    private static final byte PATH_CHAR = 0;
    private static final byte NOT_BARE = 1;
    private static final byte REFUSED = 2;
    private static final byte DELIMITER = 3;

    static {
        for (char c = 0; c <= ' '; c++) PATH[c] = REFUSED; // whitespace and controls
        PATH[0x7f] = REFUSED;
        for (char c : "\\?:".toCharArray()) PATH[c] = REFUSED; // which URL or a browser reads otherwise
        for (char c : "()<&".toCharArray()) PATH[c] = NOT_BARE;
        PATH['/'] = DELIMITER;
        PATH['#'] = DELIMITER;
    }

    /** Whether a fragment's ASCII character is neither a control nor one a bare destination must look at. */
    private static final boolean[] FRAGMENT_PLAIN = new boolean[128];

    static {
        for (char c = 0; c < 128; c++) FRAGMENT_PLAIN[c] = c > ' ' && c != 0x7f && "()<&\\".indexOf(c) < 0;
    }

    private final String baseUri;
    /** What {@link #plainPathEnd()} says, once asked. */
    private int pathEnd = UNKNOWN;
    /** The page's URL without fragment; null until a fragment-only link asks. */
    private Prefix page;
    /**
     * The base's directory ({@code ./}) and its ancestors ({@code ../}, {@code ../../}...) as absolute URLs, by how
     * many {@code ../}; null until asked.
     */
    private Prefix[] directories = new Prefix[4];
    /** Whether the value the last append was given may have an '&' ({@link #lastMayHaveReference}). */
    private boolean ampersand;
    /** The references that are not plain, as written but stripped, and their URLs (null: javascript:). */
    private final HashMap<String, String> others = new HashMap<>();

    /** Resolves against baseUri, as jsoup's {@code absUrl} does against an element's base URI. */
    LinkUrls(String baseUri) {
        this.baseUri = baseUri;
    }

    /**
     * Appends to out the URL the attribute value value[from, to) (as written, character references decoded) refers
     * to: absolute, or as written when it cannot be made absolute. Returns how many of the characters appended are
     * known to need nothing in a bare link destination (see {@link MarkdownSyntax#bareRun}); or -1, appending
     * nothing, when it refers to none: it is empty or a {@code javascript:} URL, which is no link to follow.
     */
    int append(TextBuffer out, char[] value, int from, int to) {
        ampersand = true;
        int start = from;
        int end = to;
        while (start < end && isWhitespace(value[start])) start++; // String.strip()
        while (end > start && isWhitespace(value[end - 1])) end--;
        if (start == end) return -1;
        int bare = plain(out, value, start, end);
        if (bare >= 0) return bare;
        if (start == from && end == to && isPlainAbsolute(value, start, end)) {
            out.append(value, start, end); // what absUrl gives it (LinkUrlsTest), without its cost
            ampersand = false;
            return end - start;
        }
        String url = other(new String(value, from, to - from), new String(value, start, end - start));
        if (url == null) return -1;
        out.append(url);
        return 0;
    }

    /**
     * Whether the value the last {@link #append} was given may have an '&amp;' (a character reference, if its
     * characters are the value as the page writes it): false only when it was seen to have none.
     */
    boolean lastMayHaveReference() {
        return ampersand;
    }

    /**
     * Appends the URL of the plain reference c[from, to) and returns the length of its prefix that a bare destination
     * writes as it is; -1 (nothing appended) when it is not plain. Each character is looked at once.
     */
    private int plain(TextBuffer out, char[] c, int from, int to) {
        int at = from; // after the leading "./" and "../" segments
        int ups = 0;
        if (at + 1 < to && c[at] == '.' && c[at + 1] == '/') at += 2;
        while (at + 2 < to && c[at] == '.' && c[at + 1] == '.' && c[at + 2] == '/') {
            at += 3;
            ups++;
        }
        if (ups > MAX_UPS || at < to && c[at] == '/') return -1; // an absolute path, or "//" after the dots
        int segment = at;
        int hash = at;
        int notBare = -1; // the first character from at that a bare destination must look at
        boolean amp = false;
        byte[] kinds = PATH;
        for (; hash < to; hash++) { // the path: no dot segments, query, scheme or spaces
            char ch = c[hash];
            int kind = ch < 128 ? kinds[ch] : ch <= 0x9f ? REFUSED : PATH_CHAR;
            if (kind == PATH_CHAR) continue;
            if (kind == NOT_BARE) {
                if (notBare < 0) notBare = hash;
                amp |= ch == '&';
                continue;
            }
            if (kind == REFUSED) return -1;
            if (ch == '#') break;
            if (isDots(c, segment, hash)) return -1;
            segment = hash + 1;
        }
        if (isDots(c, segment, hash)) return -1;
        for (int i = hash; i < to; i++) { // the fragment: anything but controls, which absUrl would strip
            char ch = c[i];
            if (ch < 128 ? !FRAGMENT_PLAIN[ch] : ch <= 0x9f) {
                if (isControl(ch)) return -1;
                if (notBare < 0) notBare = i; // a space, ( ) < & or backslash
                amp |= ch == '&';
            }
        }
        Prefix prefix = hash == from ? page() : directory(ups);
        if (prefix.url().length == 0) return -1;
        out.append(prefix.url()).append(c, at, to);
        ampersand = amp;
        if (!prefix.bare()) return 0;
        return prefix.url().length + (notBare < 0 ? to : notBare) - at;
    }

    /** Character.isWhitespace, which strip() cuts, without its table lookups for the printable ASCII characters. */
    private static boolean isWhitespace(char c) {
        return (c <= ' ' || c >= 0x7f) && Character.isWhitespace(c);
    }

    /** Whether c[from, to) is a dot segment, "." or "..". */
    private static boolean isDots(char[] c, int from, int to) {
        return to - from == 1 && c[from] == '.' || to - from == 2 && c[from] == '.' && c[from + 1] == '.';
    }

    /** Characters absUrl strips before resolving. */
    private static boolean isControl(char c) {
        return c < ' ' || c >= 0x7f && c <= 0x9f;
    }

    /** The page's own URL, without fragment, for a fragment-only link; empty when only absUrl can tell. */
    private Prefix page() {
        if (page == null) {
            int path = plainPathEnd();
            int hash = baseUri.indexOf('#');
            String url = path >= 0 ? baseUri.substring(0, hash < 0 ? baseUri.length() : hash) + "#" : slow("#");
            page = url != null && url.endsWith("#") ? Prefix.of(url.substring(0, url.length() - 1)) : Prefix.NONE;
        }
        return page;
    }

    /**
     * Where the base URI's path ends (at its query, its fragment or its end) when the base is plainly shaped, so that
     * jsoup resolves {@code #} and {@code ./} against it as the base cut after its path or after its path's last
     * {@code /}: http or https, a host of lower-case letters, digits, dots and hyphens with perhaps a port, a path of
     * plain segments (no empty or dot segment, no character that URL or jsoup would treat apart), no whitespace or
     * control character anywhere; -1 when it is not.
     */
    private int plainPathEnd() {
        if (pathEnd == UNKNOWN) pathEnd = plainPathEnd(baseUri);
        return pathEnd;
    }

    private static int plainPathEnd(String base) {
        int at = base.startsWith("https://") ? 8 : base.startsWith("http://") ? 7 : -1;
        if (at < 0) return -1;
        int n = base.length();
        int host = at;
        while (at < n && isHostChar(base.charAt(at))) at++;
        if (at == host) return -1;
        if (at < n && base.charAt(at) == ':') {
            int port = ++at;
            while (at < n && base.charAt(at) >= '0' && base.charAt(at) <= '9') at++;
            if (at == port || at - port > 5) return -1;
        }
        if (at == n || base.charAt(at) != '/') return -1;
        int segment = at + 1;
        int end = segment;
        for (; end < n && base.charAt(end) != '?' && base.charAt(end) != '#'; end++) {
            char c = base.charAt(end);
            if (c == '/') {
                if (end == segment || isDots(base, segment, end)) return -1;
                segment = end + 1;
            } else if (!isPathChar(c)) {
                return -1;
            }
        }
        if (isDots(base, segment, end)) return -1;
        for (int i = end; i < n; i++) {
            if (base.charAt(i) <= ' ' || isControl(base.charAt(i))) return -1;
        }
        return end;
    }

    private static boolean isDots(String s, int from, int to) {
        return to - from == 1 && s.charAt(from) == '.' || to - from == 2 && s.startsWith("..", from);
    }

    private static boolean isHostChar(char c) {
        return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '-';
    }

    /** The characters of a URL path (RFC 3986's pchar and '/', '%' for escapes). */
    private static boolean isPathChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
            || "-._~!$&'()*+,;=:@%/".indexOf(c) >= 0;
    }

    /**
     * The absolute URL of the directory {@code ./} followed by ups {@code ../}; empty when only absUrl can tell. The
     * directory itself is resolved by jsoup; its ancestors are its path with segments cut, as URL resolves them, when
     * its segments are plain (none empty or a dot segment) and there are enough of them, else resolved too.
     */
    private Prefix directory(int ups) {
        if (ups >= directories.length) {
            directories = Arrays.copyOf(directories, Math.max(ups + 1, directories.length * 2));
        }
        Prefix dir = directories[ups];
        if (dir == null) {
            int path = plainPathEnd();
            String url = ups > 0 ? parent(directory(0).url(), ups)
                : path >= 0 ? baseUri.substring(0, baseUri.lastIndexOf('/', path - 1) + 1) : usable(slow("./"));
            if (url == null) url = usable(slow("../".repeat(ups)));
            dir = url == null ? Prefix.NONE : Prefix.of(url);
            directories[ups] = dir;
        }
        return dir;
    }

    /** A directory's URL when it is absolute http(s), ends with '/' and has no query or fragment; else null. */
    private static String usable(String url) {
        boolean usable = url != null && (url.startsWith("https://") || url.startsWith("http://"))
            && url.endsWith("/") && url.indexOf('?') < 0 && url.indexOf('#') < 0;
        return usable ? url : null;
    }

    /**
     * The directory ups levels above the usable directory URL dir, made by cutting segments from its path; null when
     * dir is not usable, not all its path's segments are plain, or there are fewer than ups.
     */
    private static String parent(char[] dir, int ups) {
        if (dir.length == 0) return null;
        int path = 0;
        while (dir[path] != ':') path++;
        path += 3; // "://"
        while (dir[path] != '/') path++;
        int cut = dir.length - 1; // the '/' that ends the segment to keep
        for (int k = 0; k < ups; k++) {
            if (cut == path) return null;
            int start = cut - 1;
            while (dir[start] != '/') start--;
            int length = cut - start - 1;
            if (length == 0 || length == 1 && dir[cut - 1] == '.'
                || length == 2 && dir[cut - 1] == '.' && dir[cut - 2] == '.') {
                return null;
            }
            cut = start;
        }
        for (int i = path; i < cut; i++) { // the segments above must be plain too
            if (dir[i] == '/' && (dir[i + 1] == '/' || dir[i + 1] == '.')) return null;
        }
        return new String(dir, 0, cut + 1);
    }

    /**
     * Whether c[from, to) is an absolute http or https URL that {@code absUrl} gives back as it is, whatever the base:
     * a lower-case scheme and host, no user, port or dot segment, and only characters that neither
     * {@code java.net.URL} nor a bare link destination changes or looks at. A javadoc page's links to other sites
     * (its footer's, about five a page) are such; each went through jsoup's resolution, about 0.4% of a
     * {@code --content} crawl's CPU on the JDK docs.
     */
    static boolean isPlainAbsolute(char[] c, int from, int to) {
        int at;
        if (startsWith(c, from, to, "https://")) at = from + 8;
        else if (startsWith(c, from, to, "http://")) at = from + 7;
        else return false;
        int host = at;
        while (at < to && (c[at] >= 'a' && c[at] <= 'z' || c[at] >= '0' && c[at] <= '9' || c[at] == '.'
                || c[at] == '-')) {
            at++;
        }
        if (at == host || at < to && c[at] != '/') return false;
        for (; at < to; at++) {
            char ch = c[at];
            if (ch >= 128 || !ABSOLUTE_PLAIN[ch] || ch == '.' && c[at - 1] == '/') return false;
        }
        return true;
    }

    /** The characters after the host that {@link #isPlainAbsolute} lets through. */
    private static final boolean[] ABSOLUTE_PLAIN = new boolean[128];

    static {
        for (char c : "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/?#=+,;:!*$'%".toCharArray()) {
            ABSOLUTE_PLAIN[c] = true;
        }
    }

    private static boolean startsWith(char[] c, int from, int to, String prefix) {
        if (to - from < prefix.length()) return false;
        for (int i = 0; i < prefix.length(); i++) {
            if (c[from + i] != prefix.charAt(i)) return false;
        }
        return true;
    }

    /** The URL of a reference that is not plain: raw is the value stripped; null for javascript:. */
    private String other(String value, String raw) {
        String known = others.get(raw);
        if (known != null) return known;
        String url = null;
        if (!isJavascript(raw)) {
            url = Resolve.against(baseUri, value); // absUrl itself
            if (url.isEmpty()) url = raw;
        }
        others.put(raw, url);
        return url;
    }

    /** What {@code absUrl} gives for raw against the base URI, or null when it gives no URL. */
    private String slow(String raw) {
        String url = Resolve.against(baseUri, raw);
        return url.isEmpty() ? null : url;
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
