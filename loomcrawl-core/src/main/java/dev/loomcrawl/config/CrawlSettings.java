package dev.loomcrawl.config;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.LinkCheckSettings;
import dev.loomcrawl.scope.ScopeKind;
import dev.loomcrawl.session.SessionSettings;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.stream.Stream;

import static dev.loomcrawl.config.SettingGroup.HTTP;
import static dev.loomcrawl.config.SettingGroup.LIMITS;
import static dev.loomcrawl.config.SettingGroup.LINK_CHECK;
import static dev.loomcrawl.config.SettingGroup.POLITENESS;
import static dev.loomcrawl.config.SettingGroup.RUN;
import static dev.loomcrawl.config.SettingGroup.SCOPE;
import static dev.loomcrawl.config.SettingGroup.SESSION;
import static dev.loomcrawl.config.SettingKind.CHOICE;
import static dev.loomcrawl.config.SettingKind.COUNT;
import static dev.loomcrawl.config.SettingKind.DURATION;
import static dev.loomcrawl.config.SettingKind.FLAG;
import static dev.loomcrawl.config.SettingKind.REGEX;
import static dev.loomcrawl.config.SettingKind.SIZE;
import static dev.loomcrawl.config.SettingKind.TEXT;

/**
 * Every setting of a crawl's {@link CrawlConfig}, one row each: the one place that names them. From this table come
 * the saved configuration of a {@code --state} or Redis crawl ({@link ConfigCodec}), the JSON form of a configuration
 * and its JSON Schema ({@link ConfigJson}), and the command line's check that each of its options has a row.
 */
public final class CrawlSettings {
    private CrawlSettings() {}

    /** The rows, in the order a configuration is saved and printed. */
    public static final List<SettingSpec> ALL = Stream.of(configRows(), JobRows.ROWS, runRows())
            .flatMap(List::stream).toList();

    /** The rows of the crawl's configuration ({@link CrawlConfig}) but its run group's. */
    private static List<SettingSpec> configRows() {
        return List.of(
            many(SCOPE, "root", TEXT, "URLs to start from; one without a scheme gets http://.",
                    c -> c.scope().roots().stream().map(Object::toString).toList(), (t, v) -> t.crawl.root(v))
                    .label("ROOT"),
            one(SCOPE, "max-tasks", COUNT, "Fetches in flight at once.", CrawlConfig::maxTasks,
                    (t, v) -> t.crawl.maxTasks(Integer.parseInt(v))),
            choice(SCOPE, "scope", "host: the roots' hosts; domain: their registrable domains (public suffix list); "
                    + "prefix: their hosts, under the roots' directories.", ScopeKind.class,
                    j -> j.config().scope().kind(), (t, v) -> t.crawl.scope(v)).label("KIND"),
            one(SCOPE, "lenient", FLAG, "Hosts need only share a root's last two labels (else they must equal a "
                    + "root's, but for a leading www.).", c -> c.scope().lenient(),
                    (t, v) -> t.crawl.lenient(bool(v))),
            many(SCOPE, "include", REGEX, "Only follow URLs in which one such REGEX is found.",
                    c -> c.scope().includes().stream().map(p -> p.pattern()).toList(), (t, v) -> t.crawl.include(v)),
            many(SCOPE, "exclude", REGEX, "Skip URLs in which REGEX is found.",
                    c -> c.scope().excludes().stream().map(p -> p.pattern()).toList(), (t, v) -> t.crawl.exclude(v)),
            one(SCOPE, "sitemaps", FLAG, "Also crawl the URLs in the roots' sitemaps (robots.txt Sitemap: lines and "
                    + "/sitemap.xml), fetched as visits of the crawl: robots.txt, pacing and limits apply.",
                    c -> c.scope().sitemaps(), (t, v) -> t.crawl.sitemaps(bool(v))),
            one(SCOPE, "focus", TEXT, "A question to crawl toward: each site's URLs are fetched best first, by "
                    + "their links' estimated relevance to it (anchor text, the text around the link, the linking "
                    + "page's relevance, the URL's words); politeness, scope and limits are unchanged.",
                    c -> c.scope().focus(), (t, v) -> t.crawl.focus(v)).label("QUESTION"),
            one(SCOPE, "focus-patience", COUNT, "A focused crawl stops once this many pages in a row added no "
                    + "passage more relevant than the best found (-1: never early).",
                    c -> c.scope().focusPatience(), (t, v) -> t.crawl.focusPatience(Integer.parseInt(v))),
            one(SCOPE, "focus-words-only", FLAG, "A focused crawl judges pages and links by the question's words "
                    + "only (else, when the embedding model of module loomcrawl-embed is installed, by their meaning "
                    + "too).", c -> !c.scope().focusModel(), (t, v) -> t.crawl.focusModel(!bool(v))),
            one(HTTP, "max-redirect", COUNT, "Redirects followed from one URL.", c -> c.http().maxRedirects(),
                    (t, v) -> t.crawl.maxRedirects(Integer.parseInt(v))),
            one(HTTP, "max-tries", COUNT, "Attempts per URL on network errors; a refused connection is tried again "
                    + "only on a site that has answered in this run.", c -> c.http().maxTries(),
                    (t, v) -> t.crawl.maxTries(Integer.parseInt(v))),
            one(HTTP, "user-agent", TEXT, "The User-Agent header.", c -> c.http().userAgent(),
                    (t, v) -> t.crawl.userAgent(v)).label("UA")
                    .defaultNote("loomcrawl/<version> (+project URL)"),
            one(HTTP, "connect-timeout", DURATION, "Deadline to connect.", c -> c.http().connectTimeout(),
                    (t, v) -> t.crawl.connectTimeout(Duration.parse(v))),
            one(HTTP, "idle-timeout", DURATION, "Longest silence from a server.", c -> c.http().idleTimeout(),
                    (t, v) -> t.crawl.idleTimeout(Duration.parse(v))),
            one(HTTP, "fetch-timeout", DURATION, "Total deadline per attempt, body included.",
                    c -> c.http().fetchTimeout(), (t, v) -> t.crawl.fetchTimeout(Duration.parse(v))),
            one(HTTP, "max-body", SIZE, "Body cap; longer bodies are cut and marked truncated.",
                    c -> c.http().maxBodyBytes(), (t, v) -> t.crawl.maxBodyBytes(Long.parseLong(v))),
            one(HTTP, "retry-backoff", DURATION, "Wait before the first retry of a URL; each later one doubles, "
                    + "with jitter.", c -> c.http().retryBackoff(), (t, v) -> t.retryBackoff = Duration.parse(v)),
            one(HTTP, "retry-backoff-max", DURATION, "Longest wait between two tries of a URL.",
                    c -> c.http().retryBackoffMax(), (t, v) -> t.retryBackoffMax = Duration.parse(v)),
            one(HTTP, "http2", FLAG, "Speak HTTP/2 where the server offers it (--no-http2: HTTP/1.1 only).",
                    c -> c.http().http2(), (t, v) -> t.crawl.http2(bool(v))),
            many(HTTP, "resolve", TEXT, "Connect to ADDR for HOST:PORT instead of resolving it, as curl does.",
                    c -> new TreeMap<>(c.http().pins()).entrySet().stream() // sorted: the map has no order of its own
                            .map(e -> e.getKey() + ":" + e.getValue().getHostAddress()).toList(),
                    (t, v) -> t.crawl.resolve(v)).label("HOST:PORT:ADDR"),
            one(HTTP, "insecure", FLAG, "Accept any TLS certificate (self-signed, expired...).",
                    c -> c.http().insecure(), (t, v) -> t.crawl.insecure(bool(v))),
            one(HTTP, "allow-private", FLAG, "Allow connecting to loopback, private, link-local and other "
                    + "non-public addresses even when the roots are public.", c -> c.http().allowPrivate(),
                    (t, v) -> t.crawl.allowPrivate(bool(v))),
            many(HTTP, "header", TEXT, "Extra request header, sent to the roots' origins only (never across a "
                    + "redirect to another origin).",
                    c -> c.http().headers().stream().map(h -> h.getKey() + ": " + h.getValue()).toList(),
                    (t, v) -> t.crawl.header(v)).label("'NAME: VALUE'"),
            one(POLITENESS, "per-host", COUNT, "Fetches in flight at once on one origin.",
                    c -> c.politeness().perHost(), (t, v) -> t.crawl.perHost(Integer.parseInt(v))),
            one(POLITENESS, "delay", DURATION, "Minimum gap between fetch starts on one origin; robots.txt "
                    + "Crawl-delay can raise it.", c -> c.politeness().delay(),
                    (t, v) -> t.crawl.delay(Duration.parse(v))),
            one(POLITENESS, "max-crawl-delay", DURATION, "Cap on a robots.txt Crawl-delay.",
                    c -> c.politeness().maxCrawlDelay(), (t, v) -> t.crawl.maxCrawlDelay(Duration.parse(v))),
            one(POLITENESS, "max-retry-after", DURATION, "Longest Retry-After waited for on a 429 or 503; a URL asked "
                    + "to wait longer is given up (error_kind retry-after-limit) and its origin paused this long.",
                    c -> c.politeness().maxRetryAfter(), (t, v) -> t.crawl.maxRetryAfter(Duration.parse(v))),
            one(POLITENESS, "ignore-robots", FLAG, "Do not fetch or obey robots.txt (a warning is logged).",
                    c -> c.politeness().ignoreRobots(), (t, v) -> t.crawl.ignoreRobots(bool(v))),
            one(POLITENESS, "ignore-robots-directives", FLAG, "Follow every link, whatever <meta name=robots>, "
                    + "X-Robots-Tag and rel=nofollow say (by default nofollow is obeyed and noindex/noarchive are "
                    + "recorded).", c -> c.politeness().ignoreDirectives(),
                    (t, v) -> t.crawl.ignoreRobotsDirectives(bool(v))),
            one(LINK_CHECK, "check-links", FLAG, "Check links that leave the scope (the check command).",
                    c -> c.linkCheck().external(), (t, v) -> t.crawl.checkLinks(bool(v))),
            one(LINK_CHECK, "check-fragments", FLAG, "Also check page.html#part links against the page's anchors.",
                    c -> c.linkCheck().fragments(), (t, v) -> t.crawl.checkFragments(bool(v))),
            many(LINK_CHECK, "remap", TEXT, "'FROM TO': check links starting with the URL FROM as if they started "
                    + "with TO.", c -> c.linkCheck().remaps().stream().map(r -> r.from() + " " + r.to()).toList(),
                    (t, v) -> {
                        LinkCheckSettings.Remap r = LinkCheckSettings.Remap.parse(v);
                        t.crawl.remap(r.from(), r.to());
                    }).label("'FROM TO'"),
            one(LIMITS, "max-depth", COUNT, "Links followed away from a root (-1: no limit).",
                    c -> c.limits().maxDepth(), (t, v) -> t.limits.maxDepth(Integer.parseInt(v))),
            one(LIMITS, "max-pages", COUNT, "URLs fetched in all, sitemaps aside (-1: no limit).",
                    c -> c.limits().maxPages(), (t, v) -> t.limits.maxPages(Long.parseLong(v))).asWide(),
            one(LIMITS, "max-pages-per-host", COUNT, "URLs fetched per host (-1: no limit).",
                    c -> c.limits().maxPagesPerHost(), (t, v) -> t.limits.maxPagesPerHost(Long.parseLong(v)))
                    .asWide(),
            one(LIMITS, "max-bytes", SIZE, "Body bytes fetched in all (-1: no limit).", c -> c.limits().maxBytes(),
                    (t, v) -> t.limits.maxBytes(Long.parseLong(v))),
            one(LIMITS, "max-time", DURATION, "How long the crawl may run (each run of it).",
                    c -> c.limits().maxTime(), (t, v) -> t.limits.maxTime(Duration.parse(v))).defaultNote("no limit"),
            one(LIMITS, "max-url-length", COUNT, "Longer URLs are dropped (-1: no limit).",
                    c -> c.limits().maxUrlLength(), (t, v) -> t.limits.maxUrlLength(Integer.parseInt(v))),
            one(LIMITS, "max-path-segments", COUNT, "URLs with more path segments are dropped as a trap (-1: no "
                    + "limit).", c -> c.limits().maxPathSegments(),
                    (t, v) -> t.limits.maxPathSegments(Integer.parseInt(v))),
            one(LIMITS, "max-segment-repeats", COUNT, "URLs in which one path segment, or one piece of path and "
                    + "query cut at / ? & ;, occurs more often are dropped as a trap (-1: no limit).",
                    c -> c.limits().maxSegmentRepeats(), (t, v) -> t.limits.maxSegmentRepeats(Integer.parseInt(v))),
            one(LIMITS, "max-query-parameters", COUNT, "URLs with more query parameters are dropped as a trap (0 "
                    + "drops every URL with a query; -1: no limit).", c -> c.limits().maxQueryParameters(),
                    (t, v) -> t.limits.maxQueryParameters(Integer.parseInt(v))),
            one(LIMITS, "max-query-length", COUNT, "URLs with a longer query (in characters) are dropped as a trap "
                    + "(0 drops every URL with a query; -1: no limit).", c -> c.limits().maxQueryLength(),
                    (t, v) -> t.limits.maxQueryLength(Integer.parseInt(v))),
            one(LIMITS, "max-parameter-repeats", COUNT, "URLs in which one parameter name occurs more often are "
                    + "dropped as a trap (-1: no limit).", c -> c.limits().maxParameterRepeats(),
                    (t, v) -> t.limits.maxParameterRepeats(Integer.parseInt(v))),
            one(LIMITS, "max-urls-per-shape", COUNT, "URLs that differ only by their numbers (?month=1, ?month=2...) "
                    + "share a shape; past N of one shape on a host, those more than 20 links deeper than its first "
                    + "are dropped as a trap (-1: no limit).", c -> c.limits().maxUrlsPerShape(),
                    (t, v) -> t.limits.maxUrlsPerShape(Integer.parseInt(v))),
            one(LIMITS, "max-links-per-page", COUNT, "Links kept per page (HTML, CSS; a sitemap keeps at most 50,000 "
                    + "entries); the rest are counted, not followed, and the page's record says so (-1: no limit).",
                    c -> c.limits().maxLinksPerPage(), (t, v) -> t.limits.maxLinksPerPage(Integer.parseInt(v))),
            one(LIMITS, "keep-session-ids", FLAG, "Fetch discovered URLs with their session ids (;jsessionid=, "
                    + "PHPSESSID, sid...) instead of stripping them.", c -> c.limits().keepSessionIds(),
                    (t, v) -> t.limits.keepSessionIds(bool(v))),
            one(SESSION, "netrc", TEXT, "HTTP Basic and Digest credentials, per host, from a .netrc file (machine "
                    + "HOST[:PORT] login USER password PASS); each is sent to its own host only.",
                    c -> c.session().netrc(), (t, v) -> t.crawl.netrc(Path.of(v))).label("FILE"),
            many(SESSION, "proxy", TEXT, "Fetch through this proxy: http://, https:// or socks5://[USER@]HOST:PORT; "
                    + "a USER's password comes from " + SessionSettings.PROXY_PASSWORD_ENV + ".",
                    c -> c.session().proxies(), (t, v) -> t.crawl.proxy(v)).label("URL"),
            one(SESSION, "proxy-file", TEXT, "Fetch through the proxies in FILE, one URL a line (passwords "
                    + "allowed): each origin keeps one, and a proxy that cannot be reached is set aside for a while.",
                    c -> c.session().proxyFile(), (t, v) -> t.crawl.proxyFile(Path.of(v))).label("FILE"),
            one(SESSION, "record-credentials", FLAG, "Keep Authorization, Proxy-Authorization and Cookie request "
                    + "headers in WARC request records (by default they are written as [redacted]).",
                    c -> c.session().recordCredentials(), (t, v) -> t.crawl.recordCredentials(bool(v))),
            one(SESSION, "login", TEXT, "Log in with the form on this page before crawling (hidden fields such as "
                    + "CSRF tokens kept), and again when a page shows the session ended. The login page and logout "
                    + "links are not crawled.",
                    c -> login(c).map(SessionSettings.Login::url).orElse(null), (t, v) -> t.crawl.login(v))
                    .label("URL"),
            form("form", SessionSettings.Source.VALUE, "A login form field. Not for passwords: see --form-env, "
                    + "--form-file.").label("NAME=VALUE"),
            form("form-env", SessionSettings.Source.ENV, "A login form field whose value is in an environment "
                    + "variable.").label("NAME=VARIABLE"),
            form("form-file", SessionSettings.Source.FILE, "A login form field whose value is the content of FILE.")
                    .label("NAME=FILE"),
            one(SESSION, "logged-in-when", TEXT, "A CSS selector matching something on every page seen logged in (a "
                    + "logout link, a user menu): the login worked, and a page without it means the session ended.",
                    c -> login(c).map(SessionSettings.Login::loggedInWhen).orElse(null),
                    (t, v) -> t.crawl.loggedInWhen(v)).label("SELECTOR"),
            one(SESSION, "logout", REGEX, "With --login, links whose URL this is found in are not followed.",
                    c -> login(c).map(l -> l.logout().pattern()).orElse(null), (t, v) -> t.crawl.logout(v))
                    .defaultNote(SessionSettings.DEFAULT_LOGOUT));
    }

    /** The run group's rows: the configuration's, then the job's. */
    private static List<SettingSpec> runRows() {
        return List.of(run("cookies", TEXT, "Start with the cookies of a Netscape cookies.txt (what curl -c, wget "
                    + "--save-cookies and browser extensions write); sent only to hosts in scope.",
                    c -> c.session().cookiesFile(), (t, v) -> t.crawl.cookies(Path.of(v))).label("FILE"),
            run("max-body-memory", SIZE, "Response bodies held in memory at once, by every fetch in flight "
                    + "together; past it fetches wait for room (0: a quarter of the heap). Not saved with a crawl: "
                    + "each run has its own.", c -> c.http().maxBodyMemory(),
                    (t, v) -> t.crawl.maxBodyMemory(Long.parseLong(v)))
                    .defaultNote("a quarter of the heap, 128MiB with the launcher's"),
            ofJob(RUN, "report", TEXT, "Write the whole text report (a line per URL, then the summary) to FILE when "
                    + "the crawl ends; standard output then gets the summary only. docs/outputs.md explains each of "
                    + "its counters.", j -> j.run().report(), (t, v) -> t.report = Path.of(v)).label("FILE"),
            ofJob(RUN, "report-urls", FLAG, "Print the report's line per URL even on a terminal, where only the "
                    + "summary is printed by default (a pipe or a file gets the whole report).",
                    j -> j.run().reportUrls(), (t, v) -> t.reportUrls = bool(v)),
            ofJob(RUN, "save-cookies", TEXT, "Write the crawl's cookies to FILE at the end, as a Netscape "
                    + "cookies.txt.", j -> j.run().saveCookies(), (t, v) -> t.saveCookies = Path.of(v))
                    .label("FILE"));
    }

    /** A crawl job of every default (its one root a placeholder): where each row's default is read. */
    static final CrawlJob DEFAULTS = CrawlJob.of(CrawlConfig.builder().root("http://localhost/").build());

    private static final Map<String, SettingSpec> BY_NAME = byName();
    /** The row of this name (the option without its dashes), if there is one. */
    public static Optional<SettingSpec> named(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    /** The names of every row. */
    public static List<String> names() {
        return ALL.stream().map(SettingSpec::name).toList();
    }

    private static Map<String, SettingSpec> byName() {
        Map<String, SettingSpec> m = new LinkedHashMap<>();
        for (SettingSpec s : ALL) {
            if (m.put(s.name(), s) != null) throw new IllegalStateException("two settings named " + s.name());
        }
        return m;
    }

    private static Optional<SessionSettings.Login> login(CrawlConfig c) {
        return Optional.ofNullable(c.session().login());
    }

    static SettingSpec one(SettingGroup g, String name, SettingKind kind, String description,
                           Function<CrawlConfig, ?> get, BiConsumer<ConfigTarget, String> set) {
        return ofJob(g, name, kind, description, j -> get.apply(j.config()), set);
    }

    /** A row of one value that the job holds beside its configuration. */
    static SettingSpec ofJob(SettingGroup g, String name, SettingKind kind, String description,
                             Function<CrawlJob, ?> get, BiConsumer<ConfigTarget, String> set) {
        return new SettingSpec(g, name, kind, false, List.of(), label(kind), description, null, false, j -> {
            Object value = get.apply(j);
            return value == null ? List.of() : List.of(kind.text(value));
        }, set);
    }

    static SettingSpec many(SettingGroup g, String name, SettingKind kind, String description,
                            Function<CrawlConfig, List<String>> get, BiConsumer<ConfigTarget, String> set) {
        return manyOfJob(g, name, kind, description, j -> get.apply(j.config()), set);
    }

    static SettingSpec manyOfJob(SettingGroup g, String name, SettingKind kind, String description,
                                 Function<CrawlJob, List<String>> get, BiConsumer<ConfigTarget, String> set) {
        return new SettingSpec(g, name, kind, true, List.of(), label(kind), description, null, false, get, set);
    }

    /** A row of one of an enum's values, its words the constants' names in lower case. */
    static <E extends Enum<E>> SettingSpec choice(SettingGroup g, String name, String description, Class<E> type,
                                                  Function<CrawlJob, E> get, BiConsumer<ConfigTarget, E> set) {
        List<String> words = Arrays.stream(type.getEnumConstants()).map(e -> CHOICE.text(e)).toList();
        return new SettingSpec(g, name, CHOICE, false, words, label(CHOICE), description, null, false, j -> {
            E value = get.apply(j);
            return value == null ? List.of() : List.of(CHOICE.text(value));
        }, (t, v) -> {
            if (!words.contains(v)) throw new IllegalArgumentException("not one of " + words);
            set.accept(t, Enum.valueOf(type, v.toUpperCase(Locale.ROOT)));
        });
    }

    private static SettingSpec run(String name, SettingKind kind, String description, Function<CrawlConfig, ?> get,
                                   BiConsumer<ConfigTarget, String> set) {
        return one(RUN, name, kind, description, get, set);
    }

    /** The login form's fields of one source, each {@code NAME=...} as given. */
    private static SettingSpec form(String name, SessionSettings.Source source, String description) {
        return many(SESSION, name, TEXT, description, c -> {
            List<String> specs = new ArrayList<>();
            login(c).ifPresent(l -> l.fields().stream().filter(f -> f.source() == source)
                    .forEach(f -> specs.add(f.spec())));
            return specs;
        }, (t, v) -> t.crawl.form(v, source));
    }

    /** How help shows one value of a row of this kind, unless the row says otherwise. */
    private static String label(SettingKind kind) {
        return switch (kind) {
            case COUNT -> "N";
            case FLAG -> "";
            case TEXT -> "VALUE";
            default -> kind.name();
        };
    }

    static boolean bool(String s) {
        if (s.equals("true") || s.equals("false")) return Boolean.parseBoolean(s);
        throw new IllegalArgumentException("not true or false: " + s);
    }
}
