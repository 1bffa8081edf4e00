package dev.loomcrawl.testkit;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A site behind a login form, as intranet wikis and docs portals are: a public home page; a login form at
 * {@code /login} with a CSRF token (a hidden field, good for one submission) that sets a session cookie
 * ({@code sid}, HttpOnly) for user {@code alice} with password {@code s3cret} and redirects to
 * {@code /private/}; {@code pages} private pages under {@code /private/}, linked in a chain and each showing a
 * logout link ({@code a#logout}, to {@code /logout}, which ends the session); a private page asked for without a
 * live session redirects to {@code /login?next=...}. A session ends after {@code sessionRequests} private pages,
 * as sessions that expire do.
 */
public final class LoginSite implements AutoCloseable {
    public static final String USER = "alice";
    public static final String PASSWORD = "s3cret";

    private final int pages;
    private final int sessionRequests;
    private final Set<String> tokens = ConcurrentHashMap.newKeySet();
    private final Map<String, AtomicInteger> sessions = new ConcurrentHashMap<>(); // sid -> private pages served
    private final AtomicInteger logins = new AtomicInteger();
    private final AtomicInteger refusedLogins = new AtomicInteger();
    private final TestSite site;

    public LoginSite(int pages, int sessionRequests) {
        this.pages = pages;
        this.sessionRequests = sessionRequests;
        this.site = TestSite.builder().generated(this::route).start();
    }

    public TestSite site() {
        return site;
    }

    public String url(String path) {
        return site.url(path);
    }

    /** Logins that worked (a session started). */
    public int logins() {
        return logins.get();
    }

    /** Submissions refused (wrong password, a missing or used CSRF token). */
    public int refusedLogins() {
        return refusedLogins.get();
    }

    /** How many private pages there are: {@code /private/} and {@code /private/1.html} to {@code N-1}. */
    public int pages() {
        return pages;
    }

    private Route route(String target) {
        String path = target.contains("?") ? target.substring(0, target.indexOf('?')) : target;
        return switch (path) {
            case "/" -> html("<h1>Welcome</h1><a href=\"/about.html\">About</a> <a href=\"/private/\">Members</a>"
                    + " <a href=\"/login\">Log in</a>");
            case "/about.html" -> html("<h1>About</h1><a href=\"/\">Home</a>");
            case "/login" -> new Route.Dynamic(this::login);
            case "/logout" -> new Route.Dynamic(this::logout);
            default -> path.startsWith("/private/") ? new Route.Dynamic(this::privatePage) : null;
        };
    }

    private Route login(Route.Request request) {
        if (request.method().equals("POST")) {
            Map<String, String> form = form(request.body());
            boolean tokenOk = form.get("csrf") != null && tokens.remove(form.get("csrf"));
            if (tokenOk && USER.equals(form.get("user")) && PASSWORD.equals(form.get("password"))) {
                String sid = UUID.randomUUID().toString();
                sessions.put(sid, new AtomicInteger());
                logins.incrementAndGet();
                return new Route.Respond(302, Map.of("Location", "/private/",
                        "Set-Cookie", "sid=" + sid + "; Path=/; HttpOnly"), new byte[0]);
            }
            refusedLogins.incrementAndGet();
        }
        String token = UUID.randomUUID().toString();
        tokens.add(token);
        return html("<h1>Log in</h1><form method=\"post\" action=\"/login\">"
                + "<input type=\"hidden\" name=\"csrf\" value=\"" + token + "\">"
                + "<input name=\"user\"><input type=\"password\" name=\"password\">"
                + "<button type=\"submit\">Log in</button></form>");
    }

    private Route logout(Route.Request request) {
        String sid = sid(request);
        if (sid != null) sessions.remove(sid);
        return new Route.Respond(302, Map.of("Location", "/"), new byte[0]);
    }

    private Route privatePage(Route.Request request) {
        String sid = sid(request);
        AtomicInteger served = sid == null ? null : sessions.get(sid);
        if (served == null || served.incrementAndGet() > sessionRequests) {
            if (sid != null) sessions.remove(sid);
            return new Route.Respond(302, Map.of("Location", "/login?next="
                    + java.net.URLEncoder.encode(request.target(), StandardCharsets.UTF_8)), new byte[0]);
        }
        String path = request.target();
        int n = path.equals("/private/") ? 0 : Integer.parseInt(path.replaceAll("\\D", "").isEmpty() ? "-1"
                : path.replaceAll("\\D", ""));
        if (n < 0 || n >= pages) return new Route.Respond(404, Map.of("Content-Type", "text/html"), new byte[0]);
        StringBuilder body = new StringBuilder("<p>Signed in as alice <a id=\"logout\" href=\"/logout\">Log out</a>"
                + "</p><h1>Private page " + n + "</h1>");
        if (n + 1 < pages) body.append("<a href=\"/private/").append(n + 1).append(".html\">next</a>");
        body.append(" <a href=\"/private/\">index</a>");
        return html(body.toString());
    }

    private static String sid(Route.Request request) {
        List<String> cookies = request.headers().getOrDefault("cookie", List.of());
        for (String header : cookies) {
            for (String c : header.split(";")) {
                String kv = c.strip();
                if (kv.startsWith("sid=")) return kv.substring(4);
            }
        }
        return null;
    }

    private static Map<String, String> form(String body) {
        Map<String, String> out = new HashMap<>();
        for (String pair : body.split("&")) {
            int eq = pair.indexOf('=');
            if (eq <= 0) continue;
            out.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return out;
    }

    private static Route.Respond html(String body) {
        return Route.Respond.html("<!doctype html><html><body>" + body + "</body></html>");
    }

    @Override
    public void close() {
        site.close();
    }
}
