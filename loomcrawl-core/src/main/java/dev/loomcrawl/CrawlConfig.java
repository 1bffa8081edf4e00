package dev.loomcrawl;

import dev.loomcrawl.fetch.AddressGuard;
import dev.loomcrawl.fetch.ClientSetup;
import dev.loomcrawl.fetch.HttpSettings;
import dev.loomcrawl.limits.LimitSettings;
import dev.loomcrawl.politeness.PolitenessSettings;
import dev.loomcrawl.scope.ScopeKind;
import dev.loomcrawl.scope.ScopeSettings;
import dev.loomcrawl.scope.UrlPattern;
import dev.loomcrawl.session.SessionSettings;
import dev.loomcrawl.setting.BadSetting;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.url.WebUrl;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Everything that decides how a crawl behaves, immutable and validated: a record of groups, each owning its defaults
 * and checks. Build one with {@link #builder()}, whose setters are the settings' (each sets its group's); a bad value
 * fails fast with a {@link BadSetting} naming it by its builder method ({@code "maxTasks must be between 1 and
 * 100000, got 0"}) and carrying the setting's name as a field (the command line names its option instead).
 *
 * @param scope      where the crawl starts and which URLs it may reach: roots, scope kind, patterns, sitemaps
 * @param maxTasks   fetches (and visits) in flight at once, over the whole crawl: the engine's one number that no
 *                   group owns (the fetcher's pool is sized by it; a resumed crawl may change it)
 * @param http       how each URL is fetched: user agent, timeouts, body caps, redirects, tries and their backoff,
 *                   HTTP/2, TLS, name pins, private addresses, extra headers
 * @param politeness how gently each origin is treated: fetches at once, delays, robots.txt and its directives
 * @param limits     budgets (depth, pages, bytes, time) and the guards against crawler traps
 * @param session    cookies, credentials, proxies and a login
 * @param linkCheck  what a link checker checks beside the crawl
 */
public record CrawlConfig(ScopeSettings scope, int maxTasks, HttpSettings http, PolitenessSettings politeness,
                          LimitSettings limits, SessionSettings session, LinkCheckSettings linkCheck) {

    public CrawlConfig {
        require(maxTasks >= 1 && maxTasks <= 100_000, "maxTasks", "must be between 1 and 100000, got " + maxTasks);
        require(scope != null && http != null && politeness != null && limits != null && session != null
                && linkCheck != null, "a crawl configuration's groups are not null");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** This configuration with another {@code maxTasks} (a resumed crawl may change it). */
    public CrawlConfig withMaxTasks(int n) {
        return new CrawlConfig(scope, n, http, politeness, limits, session, linkCheck);
    }

    /** This configuration with other limits (a resumed crawl may change them). */
    public CrawlConfig withLimits(LimitSettings l) {
        return new CrawlConfig(scope, maxTasks, http, politeness, l, session, linkCheck);
    }

    /**
     * What the crawl's HTTP client is built with: the http group, and what the crawl adds to it (an address guard
     * that lets intranet roots through, resolving their names; the roots' origins, which get the extra headers; a
     * connection per task; the netrc's credentials and the proxies, read from their files). Cookies are not part of
     * it: the crawler gives its fetcher a jar of its own ({@link ClientSetup#withCookies}).
     */
    public ClientSetup clientSetup() {
        AddressGuard guard = http.allowPrivate() ? AddressGuard.OFF : AddressGuard.forRoots(scope.roots());
        Set<Origin> rootOrigins = new HashSet<>();
        scope.roots().forEach(r -> rootOrigins.add(r.origin()));
        return ClientSetup.builder(http).maxConnections(Math.max(maxTasks, 1)).guard(guard)
                .headerOrigins(rootOrigins).credentials(session.credentials()).proxies(session.proxySpecs())
                .recordCredentials(session.recordCredentials()).build();
    }

    private static void require(boolean ok, String message) {
        if (!ok) throw new IllegalArgumentException(message);
    }

    private static void require(boolean ok, String method, String problem) {
        if (!ok) throw new BadSetting(method, problem);
    }

    /**
     * Collects a configuration; every setter returns this. The defaults are the groups' own ({@link
     * ScopeSettings#builder()}, {@link HttpSettings#builder()}...), the seed's where it has one.
     */
    public static final class Builder {
        private final ScopeSettings.Builder scope = ScopeSettings.builder();
        private int maxTasks = 100;
        private final HttpSettings.Builder http = HttpSettings.builder();
        private final PolitenessSettings.Builder politeness = PolitenessSettings.builder();
        private LimitSettings limits = LimitSettings.defaults();
        private boolean checkLinks;
        private boolean checkFragments;
        private final List<LinkCheckSettings.Remap> remaps = new ArrayList<>();
        private Set<String> recentlyFine = Set.of();
        private Path cookiesFile;
        private Path netrc;
        private final List<String> proxies = new ArrayList<>();
        private Path proxyFile;
        private String login;
        private final List<SessionSettings.FormField> form = new ArrayList<>();
        private String loggedInWhen;
        private String logout;
        private boolean recordCredentials;

        /**
         * Adds a root URL; one without a scheme gets {@code http://}, as in the seed. A local path or a scheme
         * other than http(s) is refused, saying what to give instead ({@link RootUrl}).
         */
        public Builder root(String root) {
            scope.root(RootUrl.parse(root));
            return this;
        }

        public Builder roots(List<String> roots) {
            roots.forEach(this::root);
            return this;
        }

        public Builder maxTasks(int n) { maxTasks = n; return this; }
        public Builder maxRedirects(int n) { http.maxRedirects(n); return this; }
        public Builder maxTries(int n) { http.maxTries(n); return this; }
        public Builder scope(ScopeKind kind) { scope.kind(kind); return this; }
        public Builder lenient(boolean on) { scope.lenient(on); return this; }
        public Builder userAgent(String ua) { http.userAgent(ua); return this; }
        public Builder connectTimeout(Duration d) { http.connectTimeout(d); return this; }
        public Builder idleTimeout(Duration d) { http.idleTimeout(d); return this; }
        public Builder fetchTimeout(Duration d) { http.fetchTimeout(d); return this; }
        public Builder maxBodyBytes(long n) { http.maxBodyBytes(n); return this; }
        public Builder http2(boolean on) { http.http2(on); return this; }

        /** Accepts any TLS certificate, as curl's -k does. */
        public Builder insecure(boolean on) { http.insecure(on); return this; }

        /** Fetches in flight at once on one origin (default 2). */
        public Builder perHost(int n) { politeness.perHost(n); return this; }

        /** Minimum gap between fetch starts on one origin (default 0; robots.txt Crawl-delay can raise it). */
        public Builder delay(Duration d) { politeness.delay(d); return this; }

        /** Crawl-delay values above this are lowered to it (default 30 s). */
        public Builder maxCrawlDelay(Duration d) { politeness.maxCrawlDelay(d); return this; }

        /**
         * The longest Retry-After waited for (default 10 min): a 429 or 503 asking for longer gives its URL up
         * ({@code retry-after-limit}) and pauses its origin this long.
         */
        public Builder maxRetryAfter(Duration d) { politeness.maxRetryAfter(d); return this; }

        /** Neither fetch nor obey robots.txt. */
        public Builder ignoreRobots(boolean on) { politeness.ignoreRobots(on); return this; }

        /** Follow every link, whatever {@code <meta name="robots">}, {@code X-Robots-Tag} and {@code rel} say. */
        public Builder ignoreRobotsDirectives(boolean on) { politeness.ignoreDirectives(on); return this; }

        /** Seeds the crawl from the roots' sitemaps (robots.txt Sitemap: lines and /sitemap.xml). */
        public Builder sitemaps(boolean on) { scope.sitemaps(on); return this; }

        /** Focuses the crawl on a question: each origin's URLs are taken best first (null: breadth-first). */
        public Builder focus(String question) { scope.focus(question); return this; }

        /** Pages in a row adding no better passage after which a focused crawl stops (-1: never). */
        public Builder focusPatience(int n) { scope.focusPatience(n); return this; }

        /** Whether a focused crawl judges by meaning too, with the embedding model when installed (default on). */
        public Builder focusModel(boolean on) { scope.focusModel(on); return this; }

        /** Lifts the guard against loopback, private, link-local and other non-public addresses. */
        public Builder allowPrivate(boolean on) { http.allowPrivate(on); return this; }

        public Builder limits(LimitSettings l) { limits = l; return this; }

        /**
         * Link checking: links that leave the scope are checked (HEAD, falling back to GET; redirects followed)
         * but not crawled; robots.txt is not consulted for them. Links an exclude or include pattern rejects are
         * neither crawled nor checked. A failure to resolve a host name, or to connect to an origin that never
         * answered, is not tried again, and the host's other URLs fail at once.
         */
        public Builder checkLinks(boolean on) { checkLinks = on; return this; }

        /** Link checking: each HTML page's anchors are read, so that {@code page.html#part} links can be checked. */
        public Builder checkFragments(boolean on) { checkFragments = on; return this; }

        /**
         * Link checking: replaces the URL prefix {@code from} by {@code to} in every link target (a local build
         * checked against its published URLs). Repeatable; the first whose prefix matches applies.
         */
        public Builder remap(String from, String to) {
            remaps.add(new LinkCheckSettings.Remap(from, to));
            return this;
        }

        /** Link checking: URLs known to have answered fine recently (a cache's), which are not checked again. */
        public Builder recentlyFine(Set<String> urls) { recentlyFine = Set.copyOf(urls); return this; }

        /**
         * Bytes of response bodies held in memory at once, by every fetch and visit in flight together; fetches
         * wait for room past it (default 0: a quarter of the heap). See {@code BodyMemory}.
         */
        public Builder maxBodyMemory(long bytes) { http.maxBodyMemory(bytes); return this; }

        /** Adds a request header ("Name: value"), sent to the roots' origins only. Repeatable. */
        public Builder header(String header) { http.header(header); return this; }

        /** Starts a new crawl's cookie jar from a Netscape cookies.txt file (curl's {@code -c}, wget's). */
        public Builder cookies(Path file) { cookiesFile = file == null ? null : file.toAbsolutePath(); return this; }

        /** Answers HTTP Basic and Digest challenges with the credentials of a .netrc file, each for its host. */
        public Builder netrc(Path file) { netrc = file == null ? null : file.toAbsolutePath(); return this; }

        /** Fetches through a proxy (http://, https://, socks5://HOST:PORT; no password here). Repeatable. */
        public Builder proxy(String url) { proxies.add(url); return this; }

        /** Fetches through the proxies listed in a file, one URL a line, an origin keeping one. */
        public Builder proxyFile(Path file) { proxyFile = file == null ? null : file.toAbsolutePath(); return this; }

        /** Logs in with the form on this page before crawling, and again when the session ends. */
        public Builder login(String url) { login = url; return this; }

        /** A login form field: {@code NAME=VALUE}, or with its value read from an environment variable or file. */
        public Builder form(String nameEqualsValue, SessionSettings.Source source) {
            form.add(SessionSettings.FormField.parse(nameEqualsValue, source));
            return this;
        }

        /** A CSS selector that matches something on every page seen logged in (a logout link, a user menu). */
        public Builder loggedInWhen(String selector) { loggedInWhen = selector; return this; }

        /** Links whose URL this is found in are not followed once logged in (default: log out, sign off...). */
        public Builder logout(String regex) { logout = regex; return this; }

        /** Keeps Authorization, Proxy-Authorization and Cookie headers in WARC request records. */
        public Builder recordCredentials(boolean on) { recordCredentials = on; return this; }

        /** The wait before the first retry; each later one doubles, up to {@code max}, with jitter. */
        public Builder retryBackoff(Duration base, Duration max) { http.retryBackoff(base, max); return this; }

        /** URLs in which this regular expression is found anywhere are dropped. Repeatable. */
        public Builder exclude(String regex) { scope.exclude(regex); return this; }

        /** When given, a URL must contain a match of one of these. Repeatable. */
        public Builder include(String regex) { scope.include(regex); return this; }

        /** Pins {@code HOST:PORT:ADDRESS} (curl's --resolve): connect there instead of resolving HOST. */
        public Builder resolve(String spec) { http.resolve(spec); return this; }

        /** The configuration; its groups are built and checked in the order of its components. */
        public CrawlConfig build() {
            return new CrawlConfig(scope.build(), maxTasks, http.build(), politeness.build(), limits, session(),
                    new LinkCheckSettings(checkLinks, checkFragments, remaps, recentlyFine));
        }

        private SessionSettings session() {
            require(login != null || form.isEmpty(), "form fields need login (the page of the form they fill in)");
            require(login != null || loggedInWhen == null, "loggedInWhen", "needs login");
            require(login != null || logout == null, "logout", "needs login");
            SessionSettings.Login l = null;
            if (login != null) {
                WebUrl url = WebUrl.tryParse(login.strip(), null);
                require(url != null && (url.scheme().equals("http") || url.scheme().equals("https")),
                        "login", "must be an http(s) URL, got " + login);
                if (loggedInWhen != null) {
                    try {
                        org.jsoup.select.QueryParser.parse(loggedInWhen);
                    } catch (RuntimeException e) {
                        throw new BadSetting("loggedInWhen", "is not a CSS selector: " + loggedInWhen);
                    }
                }
                l = new SessionSettings.Login(url, form, loggedInWhen,
                        compile(logout == null ? SessionSettings.DEFAULT_LOGOUT : logout, "logout"));
            }
            return new SessionSettings(cookiesFile, netrc, proxies, proxyFile, l, recordCredentials);
        }

        private static UrlPattern compile(String regex, String option) {
            try {
                return UrlPattern.compile(regex);
            } catch (IllegalArgumentException e) {
                throw new BadSetting(option, e.getMessage());
            }
        }
    }
}
