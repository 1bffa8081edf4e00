package dev.loomcrawl;

import dev.loomcrawl.fetch.AddressGuard;
import dev.loomcrawl.fetch.HttpSettings;
import dev.loomcrawl.fetch.Version;
import dev.loomcrawl.limits.LimitSettings;
import dev.loomcrawl.politeness.PolitenessSettings;
import dev.loomcrawl.session.SessionSettings;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.scope.ScopeKind;
import dev.loomcrawl.url.WebUrl;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Everything that decides how a crawl behaves, immutable and validated. Build one with {@link #builder()};
 * a bad value fails fast with an {@link IllegalArgumentException} naming it by its builder method
 * ({@code "maxTasks must be between 1 and 100000, got 0"}; the command line names its option instead).
 */
public record CrawlConfig(
        List<WebUrl> roots,
        int maxTasks,
        int maxRedirects,
        int maxTries,
        ScopeKind scope,
        boolean lenient,
        List<Pattern> includes,
        List<Pattern> excludes,
        String userAgent,
        Duration connectTimeout,
        Duration idleTimeout,
        Duration fetchTimeout,
        long maxBodyBytes,
        Duration retryBackoff,
        Duration retryBackoffMax,
        boolean http2,
        Map<String, InetAddress> resolve,
        boolean insecure,
        PolitenessSettings politeness,
        LimitSettings limits,
        boolean sitemaps,
        boolean allowPrivate,
        List<Map.Entry<String, String>> headers,
        LinkCheckSettings linkCheck,
        SessionSettings session,
        long maxBodyMemory) {

    public static final String DEFAULT_USER_AGENT = Version.SOFTWARE;
    /** The wait before the first retry of a URL; each later one doubles, with jitter. */
    public static final Duration RETRY_BACKOFF = Duration.ofMillis(500);
    /** The longest wait between two tries of a URL. */
    public static final Duration RETRY_BACKOFF_MAX = Duration.ofSeconds(10);

    /** Whether links leaving the scope are checked ({@link LinkCheckSettings#external()}). */
    public boolean checkLinks() {
        return linkCheck.external();
    }

    public CrawlConfig {
        roots = List.copyOf(roots);
        includes = List.copyOf(includes);
        excludes = List.copyOf(excludes);
        resolve = Map.copyOf(resolve);
        headers = List.copyOf(headers);
        require(!roots.isEmpty(), "at least one root URL is required");
        require(maxTasks >= 1 && maxTasks <= 100_000, "maxTasks must be between 1 and 100000, got " + maxTasks);
        require(maxRedirects >= 0, "maxRedirects must be 0 or more, got " + maxRedirects);
        require(maxTries >= 1, "maxTries must be 1 or more, got " + maxTries);
        require(userAgent != null && !userAgent.isBlank(), "userAgent must not be empty");
        positive(connectTimeout, "connectTimeout");
        positive(idleTimeout, "idleTimeout");
        positive(fetchTimeout, "fetchTimeout");
        require(maxBodyBytes >= 1, "maxBodyBytes must be at least 1 byte, got " + maxBodyBytes);
        require(maxBodyMemory == 0 || maxBodyMemory >= 1 << 20,
                "maxBodyMemory must be 0 (a quarter of the heap) or at least 1 MiB, got " + maxBodyMemory);
        require(!retryBackoff.isNegative() && !retryBackoffMax.isNegative(), "retry backoff must not be negative");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** This configuration with another {@code maxTasks} (a resumed crawl may change it). */
    public CrawlConfig withMaxTasks(int n) {
        return new CrawlConfig(roots, n, maxRedirects, maxTries, scope, lenient, includes, excludes, userAgent,
                connectTimeout, idleTimeout, fetchTimeout, maxBodyBytes, retryBackoff, retryBackoffMax, http2, resolve,
                insecure, politeness, limits, sitemaps, allowPrivate, headers, linkCheck, session, maxBodyMemory);
    }

    /** This configuration with other limits (a resumed crawl may change them). */
    public CrawlConfig withLimits(LimitSettings l) {
        return new CrawlConfig(roots, maxTasks, maxRedirects, maxTries, scope, lenient, includes, excludes, userAgent,
                connectTimeout, idleTimeout, fetchTimeout, maxBodyBytes, retryBackoff, retryBackoffMax, http2, resolve,
                insecure, politeness, l, sitemaps, allowPrivate, headers, linkCheck, session, maxBodyMemory);
    }

    /**
     * The HTTP client's part of this configuration (resolves intranet roots' names for the address guard; reads
     * the netrc and proxy files). Cookies are not part of it: the crawler gives its fetcher a jar of its own.
     */
    public HttpSettings httpSettings() {
        AddressGuard guard = allowPrivate ? AddressGuard.OFF : AddressGuard.forRoots(roots);
        Set<Origin> rootOrigins = new HashSet<>();
        roots.forEach(r -> rootOrigins.add(r.origin()));
        return HttpSettings.builder(userAgent).connectTimeout(connectTimeout).idleTimeout(idleTimeout)
                .fetchTimeout(fetchTimeout).maxBodyBytes(maxBodyBytes).maxBodyMemory(maxBodyMemory).maxConnections(Math.max(maxTasks, 1))
                .http2(http2).pins(resolve).insecure(insecure).guard(guard).headers(headers, rootOrigins)
                .credentials(session.credentials()).proxies(session.proxySpecs())
                .recordCredentials(session.recordCredentials()).build();
    }

    private static void require(boolean ok, String message) {
        if (!ok) throw new IllegalArgumentException(message);
    }

    private static void positive(Duration d, String name) {
        require(d != null && d.isPositive(), name + " must be a positive duration, got " + d);
    }

    /** Collects a configuration; every setter returns this. Defaults are the seed's where it has one. */
    public static final class Builder {
        private final List<WebUrl> roots = new ArrayList<>();
        private int maxTasks = 100;
        private int maxRedirects = 10;
        private int maxTries = 4;
        private ScopeKind scope = ScopeKind.HOST;
        private boolean lenient;
        private final List<Pattern> includes = new ArrayList<>();
        private final List<Pattern> excludes = new ArrayList<>();
        private String userAgent = DEFAULT_USER_AGENT;
        private Duration connectTimeout = HttpSettings.CONNECT_TIMEOUT;
        private Duration idleTimeout = HttpSettings.IDLE_TIMEOUT;
        private Duration fetchTimeout = HttpSettings.FETCH_TIMEOUT;
        private long maxBodyBytes = HttpSettings.MAX_BODY_BYTES;
        private Duration retryBackoff = RETRY_BACKOFF;
        private Duration retryBackoffMax = RETRY_BACKOFF_MAX;
        private boolean http2 = true;
        private final Map<String, InetAddress> resolve = new LinkedHashMap<>();
        private boolean insecure;
        private final PolitenessSettings.Builder politeness = PolitenessSettings.builder();
        private LimitSettings limits = LimitSettings.defaults();
        private boolean sitemaps;
        private boolean allowPrivate;
        private final List<Map.Entry<String, String>> headers = new ArrayList<>();
        private boolean checkLinks;
        private boolean checkFragments;
        private final List<LinkCheckSettings.Remap> remaps = new ArrayList<>();
        private Set<String> recentlyFine = Set.of();
        private long maxBodyMemory;
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
            roots.add(RootUrl.parse(root));
            return this;
        }

        public Builder roots(List<String> roots) {
            roots.forEach(this::root);
            return this;
        }

        public Builder maxTasks(int n) { maxTasks = n; return this; }
        public Builder maxRedirects(int n) { maxRedirects = n; return this; }
        public Builder maxTries(int n) { maxTries = n; return this; }
        public Builder scope(ScopeKind kind) { scope = kind; return this; }
        public Builder lenient(boolean on) { lenient = on; return this; }
        public Builder userAgent(String ua) { userAgent = ua; return this; }
        public Builder connectTimeout(Duration d) { connectTimeout = d; return this; }
        public Builder idleTimeout(Duration d) { idleTimeout = d; return this; }
        public Builder fetchTimeout(Duration d) { fetchTimeout = d; return this; }
        public Builder maxBodyBytes(long n) { maxBodyBytes = n; return this; }
        public Builder http2(boolean on) { http2 = on; return this; }

        /** Accepts any TLS certificate, as curl's -k does. */
        public Builder insecure(boolean on) { insecure = on; return this; }

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
        public Builder sitemaps(boolean on) { sitemaps = on; return this; }

        /** Lifts the guard against loopback, private, link-local and other non-public addresses. */
        public Builder allowPrivate(boolean on) { allowPrivate = on; return this; }

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
        public Builder maxBodyMemory(long bytes) { maxBodyMemory = bytes; return this; }

        /** Adds a request header ("Name: value"), sent to the roots' origins only. Repeatable. */
        public Builder header(String header) {
            int colon = header.indexOf(':');
            require(colon > 0 && header.substring(0, colon).strip().matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+"),
                    "header must be 'Name: value', got " + header);
            headers.add(Map.entry(header.substring(0, colon).strip(), header.substring(colon + 1).strip()));
            return this;
        }

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
        public Builder retryBackoff(Duration base, Duration max) {
            retryBackoff = base;
            retryBackoffMax = max;
            return this;
        }

        /** URLs in which this regular expression is found anywhere are dropped. Repeatable. */
        public Builder exclude(String regex) { excludes.add(compile(regex, "exclude")); return this; }

        /** When given, a URL must contain a match of one of these. Repeatable. */
        public Builder include(String regex) { includes.add(compile(regex, "include")); return this; }

        /** Pins {@code HOST:PORT:ADDRESS} (curl's --resolve): connect there instead of resolving HOST. */
        public Builder resolve(String spec) {
            int first = spec.indexOf(':');
            int second = first < 0 ? -1 : spec.indexOf(':', first + 1);
            require(second > first + 1, "resolve must be HOST:PORT:ADDRESS, got " + spec);
            String host = spec.substring(0, first).toLowerCase(Locale.ROOT);
            String port = spec.substring(first + 1, second);
            String address = spec.substring(second + 1).replaceAll("^\\[|]$", "");
            require(port.matches("\\d{1,5}") && Integer.parseInt(port) <= 65535, "resolve has a bad port: " + spec);
            require(address.matches("[0-9.]+|[0-9a-fA-F:.]*:[0-9a-fA-F:.]*"),
                    "resolve needs an IP address, not a name: " + spec);
            try {
                resolve.put(host + ":" + Integer.parseInt(port), InetAddress.getByName(address));
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException("resolve has a bad address: " + spec);
            }
            return this;
        }

        public CrawlConfig build() {
            return new CrawlConfig(roots, maxTasks, maxRedirects, maxTries, scope, lenient, includes, excludes,
                    userAgent, connectTimeout, idleTimeout, fetchTimeout, maxBodyBytes, retryBackoff,
                    retryBackoffMax, http2, resolve, insecure,
                    politeness.build(), limits,
                    sitemaps, allowPrivate, headers,
                    new LinkCheckSettings(checkLinks, checkFragments, remaps, recentlyFine), session(), maxBodyMemory);
        }

        private SessionSettings session() {
            require(login != null || form.isEmpty(), "form fields need login (the page of the form they fill in)");
            require(login != null || loggedInWhen == null, "loggedInWhen needs login");
            require(login != null || logout == null, "logout needs login");
            SessionSettings.Login l = null;
            if (login != null) {
                WebUrl url = WebUrl.tryParse(login.strip(), null);
                require(url != null && (url.scheme().equals("http") || url.scheme().equals("https")),
                        "login must be an http(s) URL, got " + login);
                if (loggedInWhen != null) {
                    try {
                        org.jsoup.select.QueryParser.parse(loggedInWhen);
                    } catch (RuntimeException e) {
                        throw new IllegalArgumentException("loggedInWhen is not a CSS selector: " + loggedInWhen);
                    }
                }
                l = new SessionSettings.Login(url, form, loggedInWhen,
                        compile(logout == null ? SessionSettings.DEFAULT_LOGOUT : logout, "logout"));
            }
            return new SessionSettings(cookiesFile, netrc, proxies, proxyFile, l, recordCredentials);
        }

        private static Pattern compile(String regex, String option) {
            try {
                return Pattern.compile(regex);
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException(option + " is not a valid regular expression: " + regex);
            }
        }
    }
}
