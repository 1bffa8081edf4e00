package dev.loomcrawl.url;

/**
 * The fast path of URL resolution, for the references pages are mostly made of: printable ASCII with nothing
 * to percent-encode, trim or decode, such as {@code ../../java.base/java/util/Map.html#method-summary},
 * {@code os.path.html}, {@code /index.html}, {@code ?page=2} or {@code https://docs.example.org/x}. For those,
 * {@link #resolve} gives exactly what {@link UrlParser#parseFully} gives, in one pass and without the list of
 * segments; for anything else it returns null and the full parser decides. The full parser stays the oracle:
 * {@code PlainReferenceTest} compares both on every link of two documentation sites and on generated references
 * (decision 11).
 *
 * <p>Not plain (left to the full parser): any character outside {@code !}..{@code ~}, and {@code " ' < > \ ^ `
 * { } %} (encoded, read as a slash, or possibly an encoded dot segment); a scheme other than lower-case
 * {@code http://} or {@code https://} followed by a host, including {@code http:foo}; userinfo; a host that is
 * not lower-case {@code [a-z0-9.-]} or whose last label does not start with a letter (it could be an IPv4
 * number), or that the DNS cannot hold ({@link HostParser#fitsDns}); a port that is empty or over 65535; three or
 * more slashes before the host.
 */
final class PlainReference {
    private PlainReference() {}

    /** Printable ASCII that needs no encoding in a path or a query and cannot hide a dot segment. */
    private static final boolean[] PLAIN = new boolean[128];

    static {
        for (int c = '!'; c <= '~'; c++) PLAIN[c] = true;
        for (char c : "\"'<>\\^`{}%".toCharArray()) PLAIN[c] = false;
    }

    /** {@code in} resolved against {@code base} (may be null), or null when {@code in} is not plain. */
    static WebUrl resolve(String in, WebUrl base) {
        int end = 0; // up to the fragment, which is dropped whatever it holds
        int query = -1;
        boolean delimited = false; // a '/' or '?' seen: a ':' after it cannot end a scheme
        boolean scheme = false;
        for (int length = in.length(); end < length; end++) {
            char c = in.charAt(end);
            if (c == '#') break;
            if (c >= 128 || !PLAIN[c]) return null;
            if (c == '/') {
                delimited = true;
            } else if (c == '?') {
                delimited = true;
                if (query < 0) query = end;
            } else if (c == ':' && !delimited) {
                scheme = true;
            }
        }
        if (scheme) return absolute(in, end);
        if (base == null) return null;
        if (end == 0) return base; // "" or "#fragment": the base itself
        if (end >= 2 && in.charAt(0) == '/' && in.charAt(1) == '/') return authority(base.scheme(), in, 2, end);
        if (query < 0) query = end;
        if (query == 0) return WebUrl.ofPath(base.scheme(), base.userinfo(), base.host(), base.explicitPort(),
                base.path(), in.substring(1, end));
        StringBuilder path = new StringBuilder(base.path().length() + query);
        int from = 0;
        if (in.charAt(0) == '/') {
            from = 1; // an absolute path replaces the base's
        } else {
            path.append(base.path(), 0, base.path().lastIndexOf('/')); // the base's directory
        }
        appendSegments(path, in, from, query);
        return WebUrl.ofPath(base.scheme(), base.userinfo(), base.host(), base.explicitPort(), path.toString(),
                query < end ? in.substring(query + 1, end) : null);
    }

    /** {@code http://...} or {@code https://...}: anything else with a scheme is not plain. */
    private static WebUrl absolute(String in, int end) {
        if (in.startsWith("http://")) return authority("http", in, 7, end);
        if (in.startsWith("https://")) return authority("https", in, 8, end);
        return null;
    }

    /** Host, port, path and query from {@code start} (just past the slashes) to {@code end}. */
    private static WebUrl authority(String scheme, String in, int start, int end) {
        int i = start;
        int lastLabel = start;
        while (i < end) {
            char c = in.charAt(i);
            if (c == '/' || c == '?' || c == ':') break;
            if (c == '.') lastLabel = i + 1;
            else if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-')) return null;
            i++;
        }
        boolean domain = lastLabel < i && in.charAt(lastLabel) >= 'a' && in.charAt(lastLabel) <= 'z';
        if (domain ? !HostParser.fitsDns(in, start, i) : !isDottedQuad(in, start, i)) return null;
        String host = in.substring(start, i);
        int port = -1;
        if (i < end && in.charAt(i) == ':') {
            int digits = ++i;
            port = 0;
            while (i < end && in.charAt(i) >= '0' && in.charAt(i) <= '9') {
                port = port * 10 + in.charAt(i++) - '0';
                if (port > 65535) return null;
            }
            if (i == digits || i < end && in.charAt(i) != '/' && in.charAt(i) != '?') return null;
            if (port == WebUrl.defaultPort(scheme)) port = -1;
        }
        int query = in.indexOf('?', i);
        if (query < 0 || query > end) query = end;
        StringBuilder path = new StringBuilder(query - i + 1);
        appendSegments(path, in, i < query ? i + 1 : i, query);
        return WebUrl.ofPath(scheme, "", host, port, path.toString(),
                query < end ? in.substring(query + 1, end) : null);
    }

    /** Four decimal numbers up to 255 without leading zeros: an IPv4 address already in its serialised form. */
    private static boolean isDottedQuad(String in, int start, int end) {
        int labels = 0;
        int from = start;
        for (int i = start; i <= end; i++) {
            if (i < end && in.charAt(i) != '.') continue;
            int length = i - from;
            if (length < 1 || length > 3 || length > 1 && in.charAt(from) == '0') return false;
            int value = 0;
            for (int j = from; j < i; j++) {
                char c = in.charAt(j);
                if (c < '0' || c > '9') return false;
                value = value * 10 + c - '0';
            }
            if (value > 255 || ++labels > 4) return false;
            from = i + 1;
        }
        return labels == 4;
    }

    /**
     * Appends the segments of {@code in[from, to)} to {@code path} ("/a/b" holds the segments a and b) as the
     * path state does: "." is dropped, ".." drops the segment before it, and either at the end leaves an
     * empty last segment (a trailing slash).
     */
    private static void appendSegments(StringBuilder path, String in, int from, int to) {
        int start = from;
        for (int i = from; i <= to; i++) {
            if (i < to && in.charAt(i) != '/') continue;
            int length = i - start;
            boolean last = i == to;
            if (length == 2 && in.charAt(start) == '.' && in.charAt(start + 1) == '.') {
                if (!path.isEmpty()) path.setLength(path.lastIndexOf("/"));
                if (last) path.append('/');
            } else if (length == 1 && in.charAt(start) == '.') {
                if (last) path.append('/');
            } else {
                path.append('/').append(in, start, i);
            }
            start = i + 1;
        }
        if (path.isEmpty()) path.append('/');
    }
}
