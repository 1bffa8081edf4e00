package dev.loomcrawl.url;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The WHATWG "basic URL parser", restricted to the special schemes http and https (the only ones a crawler
 * fetches). It follows the standard's states: leading/trailing C0-or-space trimmed, tabs and newlines removed,
 * backslashes read as slashes, scheme-relative and path-relative references, dot segments (including their
 * percent-encoded forms), host parsing in {@link HostParser}, default ports dropped, and the path, query and
 * userinfo percent-encode sets. The fragment is parsed past and dropped.
 */
final class UrlParser {
    /**
     * Made when first used, not when a URL is first parsed: the command line reads the settings' defaults (a
     * configuration with a root) before it sets up logging, which SLF4J's simple logger reads once, at its first
     * logger.
     */
    private static final class Log {
        static final Logger LOG = LoggerFactory.getLogger(UrlParser.class);
    }

    private UrlParser() {}

    // Percent-encode sets: true means "encode this ASCII character". Non-ASCII is always encoded.
    private static final boolean[] QUERY_SET = set(" \"#<>'");
    private static final boolean[] PATH_SET = set(" \"#<>?^`{}");
    private static final boolean[] USERINFO_SET = set(" \"#<>?^`{}/:;=@[\\]|");

    private static boolean[] set(String chars) {
        boolean[] set = new boolean[128];
        for (int c = 0; c < 0x20; c++) set[c] = true;
        set[0x7F] = true;
        for (char c : chars.toCharArray()) set[c] = true;
        return set;
    }

    /**
     * The URL {@code raw} makes against {@code base}, or null. A reference is written by the site, not by us: should
     * any of it still throw here, that one reference is a URL that cannot be parsed, not the page's failure.
     */
    static WebUrl parse(String raw, WebUrl base) {
        if (raw == null) return null;
        try {
            WebUrl plain = PlainReference.resolve(raw, base);
            return plain != null ? plain : parseFully(raw, base);
        } catch (RuntimeException | StackOverflowError e) {
            Log.LOG.debug("cannot parse a URL of {} characters: {}", raw.length(), e.toString());
            return null;
        }
    }

    /** The whole parser, without {@link PlainReference}'s fast path: the oracle that path is tested against. */
    static WebUrl parseFully(String raw, WebUrl base) {
        String in = clean(raw);
        int schemeEnd = schemeEnd(in);
        if (schemeEnd > 0) {
            String scheme = WebUrl.lower(in.substring(0, schemeEnd));
            if (!scheme.equals("http") && !scheme.equals("https")) return null;
            String rest = in.substring(schemeEnd + 1);
            if (base != null && base.scheme().equals(scheme) && !startsWithTwoSlashes(rest)) {
                return relative(rest, base); // "http:foo" against an http base is path-relative
            }
            return authority(scheme, stripSlashes(rest));
        }
        if (base == null) return null;
        return relative(in, base);
    }

    /** Trims C0 controls and spaces at both ends, and removes every tab, CR and LF. */
    private static String clean(String raw) {
        int start = 0;
        int end = raw.length();
        while (start < end && raw.charAt(start) <= 0x20) start++;
        while (end > start && raw.charAt(end - 1) <= 0x20) end--;
        String s = raw.substring(start, end);
        if (s.indexOf('\t') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) return s;
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\t' && c != '\n' && c != '\r') sb.append(c);
        }
        return sb.toString();
    }

    /** Index of the ':' ending a scheme at the start of {@code s}, or -1 if there is none. */
    private static int schemeEnd(String s) {
        if (s.isEmpty() || !isAlpha(s.charAt(0))) return -1;
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ':') return i;
            if (!isAlpha(c) && !(c >= '0' && c <= '9') && c != '+' && c != '-' && c != '.') return -1;
        }
        return -1;
    }

    private static boolean isAlpha(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isSlash(char c) {
        return c == '/' || c == '\\';
    }

    private static boolean startsWithTwoSlashes(String s) {
        return s.length() >= 2 && isSlash(s.charAt(0)) && isSlash(s.charAt(1));
    }

    private static String stripSlashes(String s) {
        int i = 0;
        while (i < s.length() && isSlash(s.charAt(i))) i++;
        return s.substring(i);
    }

    /** The "relative state": {@code in} has no scheme of its own and is resolved against {@code base}. */
    private static WebUrl relative(String in, WebUrl base) {
        if (startsWithTwoSlashes(in)) return authority(base.scheme(), stripSlashes(in));
        int end = endOfPathAndQuery(in);
        String ref = in.substring(0, end);
        String userinfo = base.userinfo();
        int port = base.explicitPort();
        if (ref.isEmpty()) {
            return WebUrl.of(base.scheme(), userinfo, base.host(), port, base.segments(), base.query());
        }
        if (ref.charAt(0) == '?') {
            return WebUrl.of(base.scheme(), userinfo, base.host(), port, base.segments(), encodeQuery(ref, 1));
        }
        List<String> segments;
        if (isSlash(ref.charAt(0))) {
            segments = new ArrayList<>();
        } else {
            segments = base.segments();
            segments.removeLast();
        }
        return pathAndQuery(base.scheme(), userinfo, base.host(), port, segments, ref);
    }

    /** The authority states, after "scheme://": userinfo, host and port, then the path. */
    private static WebUrl authority(String scheme, String in) {
        int end = 0;
        while (end < in.length() && !isSlash(in.charAt(end)) && in.charAt(end) != '?' && in.charAt(end) != '#') end++;
        String auth = in.substring(0, end);
        int at = auth.lastIndexOf('@');
        String userinfo = at < 0 ? "" : userinfo(auth.substring(0, at));
        String hostPort = auth.substring(at + 1);
        int colon = hostPort.startsWith("[") ? hostPort.indexOf(':', Math.max(0, hostPort.indexOf(']')))
                : hostPort.indexOf(':');
        String hostText = colon < 0 ? hostPort : hostPort.substring(0, colon);
        if (hostText.isEmpty()) return null;
        String host = HostParser.parse(hostText);
        if (host == null) return null;
        int port = -1;
        if (colon >= 0) {
            port = parsePort(hostPort.substring(colon + 1));
            if (port == -2) return null;
            if (port == WebUrl.defaultPort(scheme)) port = -1;
        }
        int pathEnd = endOfPathAndQuery(in);
        return pathAndQuery(scheme, userinfo, host, port, new ArrayList<>(), in.substring(end, pathEnd));
    }

    /** Username and password, each percent-encoded, joined by ':' when there is a password. */
    private static String userinfo(String s) {
        int colon = s.indexOf(':');
        String user = encode(s, 0, colon < 0 ? s.length() : colon, USERINFO_SET);
        String password = colon < 0 ? "" : encode(s, colon + 1, s.length(), USERINFO_SET);
        return password.isEmpty() ? user : user + ":" + password;
    }

    /** -1 for an empty port, -2 for an invalid one. */
    private static int parsePort(String s) {
        if (s.isEmpty()) return -1;
        long port = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') return -2;
            port = port * 10 + (c - '0');
            if (port > 65535) return -2;
        }
        return (int) port;
    }

    private static int endOfPathAndQuery(String in) {
        int hash = in.indexOf('#');
        return hash < 0 ? in.length() : hash;
    }

    /** The path state then the query state, over {@code ref} (no fragment), appending to {@code segments}. */
    private static WebUrl pathAndQuery(String scheme, String userinfo, String host, int port,
                                       List<String> segments, String ref) {
        int q = ref.indexOf('?');
        int pathEnd = q < 0 ? ref.length() : q;
        int start = pathEnd > 0 && isSlash(ref.charAt(0)) ? 1 : 0;
        StringBuilder buffer = new StringBuilder();
        for (int i = start; i <= pathEnd; i++) {
            char c = i < pathEnd ? ref.charAt(i) : 0;
            boolean slash = i < pathEnd && isSlash(c);
            if (i == pathEnd || slash) {
                String segment = buffer.toString();
                if (isDoubleDot(segment)) {
                    if (!segments.isEmpty()) segments.removeLast();
                    if (!slash) segments.add("");
                } else if (isSingleDot(segment)) {
                    if (!slash) segments.add("");
                } else {
                    segments.add(segment);
                }
                buffer.setLength(0);
            } else {
                i = encodeCodePoint(buffer, ref, i, PATH_SET);
            }
        }
        String query = q < 0 ? null : encodeQuery(ref, q + 1);
        return WebUrl.of(scheme, userinfo, host, port, segments, query);
    }

    private static boolean isSingleDot(String s) {
        return s.equals(".") || s.equalsIgnoreCase("%2e");
    }

    private static boolean isDoubleDot(String s) {
        return switch (s.length()) {
            case 2 -> s.equals("..");
            case 4 -> s.equalsIgnoreCase(".%2e") || s.equalsIgnoreCase("%2e.");
            case 6 -> s.equalsIgnoreCase("%2e%2e");
            default -> false;
        };
    }

    private static String encodeQuery(String ref, int from) {
        return encode(ref, from, ref.length(), QUERY_SET);
    }

    private static String encode(String s, int from, int to, boolean[] set) {
        StringBuilder sb = null;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < 0x80 && !set[c]) {
                if (sb != null) sb.append(c);
                continue;
            }
            if (sb == null) sb = new StringBuilder(to - from + 16).append(s, from, i);
            i = encodeCodePoint(sb, s, i, set);
        }
        return sb == null ? s.substring(from, to) : sb.toString();
    }

    /** Appends the code point at {@code i}, percent-encoded if the set says so; returns the index of its last char. */
    private static int encodeCodePoint(StringBuilder sb, String s, int i, boolean[] set) {
        char c = s.charAt(i);
        if (c < 0x80) {
            if (set[c]) appendPercent(sb, c);
            else sb.append(c);
            return i;
        }
        int cp = c;
        int last = i;
        if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
            cp = Character.toCodePoint(c, s.charAt(i + 1));
            last = i + 1;
        } else if (Character.isSurrogate(c)) {
            cp = 0xFFFD;
        }
        for (byte b : new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8)) appendPercent(sb, b & 0xFF);
        return last;
    }

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private static void appendPercent(StringBuilder sb, int b) {
        sb.append('%').append(HEX[b >> 4]).append(HEX[b & 0xF]);
    }

}
