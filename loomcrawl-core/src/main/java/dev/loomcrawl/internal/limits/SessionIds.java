package dev.loomcrawl.internal.limits;

import dev.loomcrawl.url.WebUrl;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The well-known session ids that servers put in URLs, so that every visit makes new URLs for the same pages.
 * Names are matched ignoring case. Stripped, in the query: {@code jsessionid}, {@code phpsessid},
 * {@code sessionid}, {@code aspsessionid} followed by letters (classic ASP), {@code sid} when its value looks
 * like an id (16 or more letters, digits, '-' or '_', with both a letter and a digit: {@code sid=2} may be a
 * story), and {@code cfid} with {@code cftoken} when both are there (ColdFusion). In the path: the path
 * parameters {@code ;jsessionid=}, {@code ;phpsessid=}, {@code ;sessionid=}, {@code ;sid=}, and ASP.NET's
 * cookieless session segment {@code /(S(...))/}.
 */
final class SessionIds {
    private static final Set<String> NAMES = Set.of("jsessionid", "phpsessid", "sessionid");
    private static final Pattern ASP = Pattern.compile("aspsessionid[a-z]*");
    private static final Pattern ID_VALUE = Pattern.compile("(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9_-]{16,}");
    private static final Pattern ASP_NET_SEGMENT = Pattern.compile("\\((?:[A-Za-z]\\([A-Za-z0-9_-]*\\))+\\)");

    private SessionIds() {}

    /** The URL without its session ids; the same instance when it has none. */
    static WebUrl strip(WebUrl url) {
        String path = stripPath(url.path());
        String query = url.query() == null ? null : stripQuery(url.query());
        if (path.equals(url.path()) && (query == null ? url.query() == null : query.equals(url.query()))) {
            return url;
        }
        String s = url.toString();
        int tail = url.path().length() + (url.query() == null ? 0 : url.query().length() + 1);
        String prefix = s.substring(0, s.length() - tail);
        return WebUrl.parse(prefix + path + (query == null || query.isEmpty() ? "" : "?" + query));
    }

    private static String stripPath(String path) {
        if (!hasParameterOrParenthesis(path)) return path;
        StringBuilder out = new StringBuilder();
        for (String segment : path.substring(1).split("/", -1)) {
            if (ASP_NET_SEGMENT.matcher(segment).matches()) continue;
            out.append('/').append(stripPathParameters(segment));
        }
        return out.isEmpty() ? "/" : out.toString();
    }

    /** Whether the path holds a parameter or a parenthesis (it is every link's, and almost never holds either). */
    private static boolean hasParameterOrParenthesis(String path) {
        return path.indexOf(';') >= 0 || path.indexOf('(') >= 0; // String.indexOf reads the bytes themselves
    }

    /** {@code page;jsessionid=ABC;x=1} becomes {@code page;x=1}. */
    private static String stripPathParameters(String segment) {
        String[] parts = segment.split(";", -1);
        if (parts.length == 1) return segment;
        StringBuilder out = new StringBuilder(parts[0]);
        for (int i = 1; i < parts.length; i++) {
            String name = nameOf(parts[i]);
            if (!NAMES.contains(name) && !name.equals("sid")) out.append(';').append(parts[i]);
        }
        return out.toString();
    }

    private static String stripQuery(String query) {
        String[] params = query.split("&", -1);
        boolean coldFusion = false, cfid = false;
        for (String p : params) {
            String name = nameOf(p);
            cfid |= name.equals("cfid");
            coldFusion |= name.equals("cftoken");
        }
        coldFusion &= cfid;
        List<String> kept = new ArrayList<>(params.length);
        for (String p : params) {
            if (!isSessionId(p, coldFusion)) kept.add(p);
        }
        return kept.size() == params.length ? query : String.join("&", kept);
    }

    private static boolean isSessionId(String param, boolean coldFusion) {
        String name = nameOf(param);
        if (NAMES.contains(name) || ASP.matcher(name).matches()) return true;
        if (coldFusion && (name.equals("cfid") || name.equals("cftoken"))) return true;
        return name.equals("sid") && ID_VALUE.matcher(param.substring(param.indexOf('=') + 1)).matches();
    }

    private static String nameOf(String param) {
        int eq = param.indexOf('=');
        return (eq < 0 ? param : param.substring(0, eq)).toLowerCase(Locale.ROOT);
    }
}
