package dev.loomcrawl.testkit;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A single-page app, served by a {@link TestSite}: every page is the same shell (no links but its script), and
 * the script builds the links a crawler should find, in the ways real apps do:
 * <ul>
 *   <li>a pushState router: at {@code /} it moves to {@code /router/home} with {@code history.pushState} and
 *       shows that route, whose links are relative to it ({@code a}, {@code b}); each route of
 *       {@link #ROUTER_PAGES} links to others;</li>
 *   <li>links from fetched JSON ({@code /api/links.json}): {@link #JSON_PAGES};</li>
 *   <li>a link added by a timer, 200 ms after the script ran: {@link #TIMER_PAGES};</li>
 *   <li>infinite scroll: each time the page is scrolled to its bottom it fetches the next of three batches
 *       ({@code /api/feed?page=N}), two links each: {@link #FEED_PAGES};</li>
 *   <li>and, on every page, a {@code fetch()} of each of the URLs it is given (requests the crawl should
 *       refuse, say).</li>
 * </ul>
 * Requests for other paths under {@code /api/} are 404s; every other path is the shell.
 */
public final class SinglePageApp {
    public static final List<String> ROUTER_PAGES = List.of("/", "/router/a", "/router/b", "/router/deep");
    public static final List<String> JSON_PAGES = List.of("/from-json/1", "/from-json/2");
    public static final List<String> TIMER_PAGES = List.of("/from-timer");
    public static final List<String> FEED_PAGES = List.of("/feed/1-1", "/feed/1-2", "/feed/2-1", "/feed/2-2",
            "/feed/3-1", "/feed/3-2");

    private SinglePageApp() {}

    /** Every page of the app a rendering crawl of {@code /} with three scrolls finds, shell included. */
    public static List<String> allPages() {
        return java.util.stream.Stream.of(ROUTER_PAGES, JSON_PAGES, TIMER_PAGES, FEED_PAGES)
                .flatMap(List::stream).toList();
    }

    static final String SHELL = """
            <!doctype html><html><head><title>app</title><script src="/app.js" defer></script></head>
            <body><nav id="view"></nav><ul id="json"></ul><p id="timer"></p>
            <div id="feed" style="min-height: 2000px"></div></body></html>""";

    static String script(List<String> fetches) {
        return """
                const view = document.getElementById('view');
                function anchor(href, text) {
                  const a = document.createElement('a'); a.href = href; a.textContent = text; return a;
                }
                const routes = {
                  '/router/home': '<a href="a" data-route>A</a> <a href="b" data-route>B</a>',
                  '/router/a': '<a href="/router/deep" data-route>Deep</a>',
                  '/router/b': '<a href="/router/a" data-route>A</a>',
                  '/router/deep': '<a href="/" data-route>Home</a>',
                };
                function show() { view.innerHTML = routes[location.pathname] || ''; }
                document.addEventListener('click', e => {
                  const a = e.target.closest('a[data-route]');
                  if (a) { e.preventDefault(); history.pushState({}, '', a.href); show(); }
                });
                window.addEventListener('popstate', show);
                if (location.pathname === '/') history.pushState({}, '', '/router/home');
                show();
                fetch('/api/links.json').then(r => r.json()).then(links => {
                  for (const l of links) document.getElementById('json').appendChild(anchor(l.href, l.title));
                });
                setTimeout(() => document.getElementById('timer').appendChild(anchor('/from-timer', 'late')), 200);
                let batches = 0, loading = false;
                function more() {
                  if (loading || batches >= 3) return;
                  loading = true;
                  fetch('/api/feed?page=' + (batches + 1)).then(r => r.json()).then(items => {
                    batches++;
                    const block = document.createElement('div');
                    block.style.height = '3000px';
                    for (const i of items) block.appendChild(anchor(i.href, i.title));
                    document.getElementById('feed').appendChild(block);
                    loading = false;
                  });
                }
                window.addEventListener('scroll', () => {
                  if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 50) more();
                });
                """
                + fetches.stream().map(u -> "fetch('" + u + "').catch(() => {});\n").collect(Collectors.joining());
    }

    /** Starts the app on a test site of its own. */
    public static TestSite start(List<String> fetches) {
        StringBuilder links = new StringBuilder("[");
        for (int i = 0; i < JSON_PAGES.size(); i++) {
            links.append(i == 0 ? "" : ",").append("{\"href\":\"").append(JSON_PAGES.get(i))
                    .append("\",\"title\":\"json ").append(i + 1).append("\"}");
        }
        TestSite.Builder site = TestSite.builder()
                .resource("/app.js", "text/javascript", script(fetches).getBytes(StandardCharsets.UTF_8))
                .resource("/api/links.json", "application/json", (links + "]").getBytes(StandardCharsets.UTF_8));
        for (int page = 1; page <= 3; page++) {
            String items = "[{\"href\":\"/feed/" + page + "-1\",\"title\":\"one\"},{\"href\":\"/feed/" + page
                    + "-2\",\"title\":\"two\"}]";
            site.resource("/api/feed?page=" + page, "application/json", items.getBytes(StandardCharsets.UTF_8));
        }
        return site.generated(target -> target.startsWith("/api/") || target.contains(".") ? null
                : Route.Respond.html(SHELL)).start();
    }

    /** The app with no requests of its own to refuse. */
    public static TestSite start() {
        return start(List.of());
    }
}
