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
                    c -> c.scope().roots().stream().map(Object::toString).toList(), (t, v) -> t.crawl.root(v)),
            one(SCOPE, "max-tasks", COUNT, "Fetches in flight at once.", CrawlConfig::maxTasks,
                    (t, v) -> t.crawl.maxTasks(Integer.parseInt(v))),
            one(SCOPE, "max-redirect", COUNT, "Redirects followed from one URL.", c -> c.http().maxRedirects(),
                    (t, v) -> t.crawl.maxRedirects(Integer.parseInt(v))),
            one(SCOPE, "max-tries", COUNT, "Attempts per URL on network errors.", c -> c.http().maxTries(),
                    (t, v) -> t.crawl.maxTries(Integer.parseInt(v))),
            choice(SCOPE, "scope", "host: the roots' hosts; domain: their registrable domains; prefix: their hosts, "
                    + "under the roots' directories.", ScopeKind.class, j -> j.config().scope().kind(),
                    (t, v) -> t.crawl.scope(v)),
            one(SCOPE, "lenient", FLAG, "Hosts need only share a root's last two labels (else they must equal a "
                    + "root's, but for a leading www.).", c -> c.scope().lenient(),
                    (t, v) -> t.crawl.lenient(bool(v))),
            many(SCOPE, "include", REGEX, "Only follow URLs in which one of these is found.",
                    c -> c.scope().includes().stream().map(p -> p.pattern()).toList(), (t, v) -> t.crawl.include(v)),
            many(SCOPE, "exclude", REGEX, "Skip URLs in which one of these is found.",
                    c -> c.scope().excludes().stream().map(p -> p.pattern()).toList(), (t, v) -> t.crawl.exclude(v)),
            one(HTTP, "user-agent", TEXT, "The User-Agent header.", c -> c.http().userAgent(),
                    (t, v) -> t.crawl.userAgent(v)),
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
            many(HTTP, "resolve", TEXT, "HOST:PORT:ADDR: connect to ADDR for HOST:PORT instead of resolving it.",
                    c -> new TreeMap<>(c.http().pins()).entrySet().stream() // sorted: the map has no order of its own
                            .map(e -> e.getKey() + ":" + e.getValue().getHostAddress()).toList(),
                    (t, v) -> t.crawl.resolve(v)),
            one(HTTP, "insecure", FLAG, "Accept any TLS certificate.", c -> c.http().insecure(),
                    (t, v) -> t.crawl.insecure(bool(v))),
            one(POLITENESS, "per-host", COUNT, "Fetches in flight at once on one origin.",
                    c -> c.politeness().perHost(), (t, v) -> t.crawl.perHost(Integer.parseInt(v))),
            one(POLITENESS, "delay", DURATION, "Minimum gap between fetch starts on one origin; robots.txt "
                    + "Crawl-delay can raise it.", c -> c.politeness().delay(),
                    (t, v) -> t.crawl.delay(Duration.parse(v))),
            one(POLITENESS, "max-crawl-delay", DURATION, "Cap on a robots.txt Crawl-delay.",
                    c -> c.politeness().maxCrawlDelay(), (t, v) -> t.crawl.maxCrawlDelay(Duration.parse(v))),
            one(POLITENESS, "max-retry-after", DURATION, "Longest Retry-After waited for on a 429 or 503; a URL asked "
                    + "to wait longer is given up.",
                    c -> c.politeness().maxRetryAfter(), (t, v) -> t.crawl.maxRetryAfter(Duration.parse(v))),
            one(POLITENESS, "ignore-robots", FLAG, "Do not fetch or obey robots.txt.",
                    c -> c.politeness().ignoreRobots(), (t, v) -> t.crawl.ignoreRobots(bool(v))),
            one(POLITENESS, "ignore-robots-directives", FLAG, "Follow every link, whatever robots meta tags, "
                    + "X-Robots-Tag and rel=nofollow say.", c -> c.politeness().ignoreDirectives(),
                    (t, v) -> t.crawl.ignoreRobotsDirectives(bool(v))),
            one(POLITENESS, "sitemaps", FLAG, "Also crawl the URLs in the roots' sitemaps.", c -> c.scope().sitemaps(),
                    (t, v) -> t.crawl.sitemaps(bool(v))),
            one(POLITENESS, "allow-private", FLAG, "Allow loopback, private, link-local and other non-public "
                    + "addresses.", c -> c.http().allowPrivate(), (t, v) -> t.crawl.allowPrivate(bool(v))),
            one(LINK_CHECK, "check-links", FLAG, "Check links that leave the scope (the check command).",
                    c -> c.linkCheck().external(), (t, v) -> t.crawl.checkLinks(bool(v))),
            one(LINK_CHECK, "check-fragments", FLAG, "Also check page.html#part links against the page's anchors.",
                    c -> c.linkCheck().fragments(), (t, v) -> t.crawl.checkFragments(bool(v))),
            many(LINK_CHECK, "remap", TEXT, "'FROM TO': check links starting with the URL FROM as if they started "
                    + "with TO.", c -> c.linkCheck().remaps().stream().map(r -> r.from() + " " + r.to()).toList(),
                    (t, v) -> {
                        LinkCheckSettings.Remap r = LinkCheckSettings.Remap.parse(v);
                        t.crawl.remap(r.from(), r.to());
                    }),
            many(POLITENESS, "header", TEXT, "'NAME: VALUE': an extra request header, sent to the roots' origins "
                    + "only.", c -> c.http().headers().stream().map(h -> h.getKey() + ": " + h.getValue()).toList(),
                    (t, v) -> t.crawl.header(v)),
            one(LIMITS, "max-depth", COUNT, "Links followed away from a root (-1: no limit).",
                    c -> c.limits().maxDepth(), (t, v) -> t.limits.maxDepth(Integer.parseInt(v))),
            one(LIMITS, "max-pages", COUNT, "URLs fetched in all (-1: no limit).", c -> c.limits().maxPages(),
                    (t, v) -> t.limits.maxPages(Long.parseLong(v))),
            one(LIMITS, "max-pages-per-host", COUNT, "URLs fetched per host (-1: no limit).",
                    c -> c.limits().maxPagesPerHost(), (t, v) -> t.limits.maxPagesPerHost(Long.parseLong(v))),
            one(LIMITS, "max-bytes", SIZE, "Body bytes fetched in all (-1: no limit).", c -> c.limits().maxBytes(),
                    (t, v) -> t.limits.maxBytes(Long.parseLong(v))),
            one(LIMITS, "max-time", DURATION, "How long the crawl may run (each run of it; none: no limit).",
                    c -> c.limits().maxTime(), (t, v) -> t.limits.maxTime(Duration.parse(v))),
            one(LIMITS, "max-url-length", COUNT, "Longer URLs are dropped (-1: no limit).",
                    c -> c.limits().maxUrlLength(), (t, v) -> t.limits.maxUrlLength(Integer.parseInt(v))),
            one(LIMITS, "max-path-segments", COUNT, "URLs with more path segments are dropped as a trap (-1: no "
                    + "limit).", c -> c.limits().maxPathSegments(),
                    (t, v) -> t.limits.maxPathSegments(Integer.parseInt(v))),
            one(LIMITS, "max-segment-repeats", COUNT, "URLs in which one path segment occurs more often are dropped "
                    + "as a trap (-1: no limit).", c -> c.limits().maxSegmentRepeats(),
                    (t, v) -> t.limits.maxSegmentRepeats(Integer.parseInt(v))),
            one(LIMITS, "max-query-parameters", COUNT, "URLs with more query parameters are dropped as a trap "
                    + "(-1: no limit).", c -> c.limits().maxQueryParameters(),
                    (t, v) -> t.limits.maxQueryParameters(Integer.parseInt(v))),
            one(LIMITS, "max-query-length", COUNT, "URLs with a longer query are dropped as a trap (-1: no limit).",
                    c -> c.limits().maxQueryLength(), (t, v) -> t.limits.maxQueryLength(Integer.parseInt(v))),
            one(LIMITS, "max-parameter-repeats", COUNT, "URLs in which one parameter name occurs more often are "
                    + "dropped as a trap (-1: no limit).", c -> c.limits().maxParameterRepeats(),
                    (t, v) -> t.limits.maxParameterRepeats(Integer.parseInt(v))),
            one(LIMITS, "max-urls-per-shape", COUNT, "URLs of one shape (differing only by numbers) past which "
                    + "deeper ones are dropped as a trap (-1: no limit).", c -> c.limits().maxUrlsPerShape(),
                    (t, v) -> t.limits.maxUrlsPerShape(Integer.parseInt(v))),
            one(LIMITS, "max-links-per-page", COUNT, "Links kept per page; the rest are counted, not followed "
                    + "(-1: no limit).", c -> c.limits().maxLinksPerPage(),
                    (t, v) -> t.limits.maxLinksPerPage(Integer.parseInt(v))),
            one(LIMITS, "keep-session-ids", FLAG, "Fetch discovered URLs with their session ids instead of "
                    + "stripping them.", c -> c.limits().keepSessionIds(),
                    (t, v) -> t.limits.keepSessionIds(bool(v))),
            one(SESSION, "netrc", TEXT, "A .netrc file whose credentials answer HTTP Basic and Digest challenges.",
                    c -> c.session().netrc(), (t, v) -> t.crawl.netrc(Path.of(v))),
            many(SESSION, "proxy", TEXT, "Fetch through this proxy (http://, https://, socks5://HOST:PORT).",
                    c -> c.session().proxies(), (t, v) -> t.crawl.proxy(v)),
            one(SESSION, "proxy-file", TEXT, "A file of proxy URLs, one a line.", c -> c.session().proxyFile(),
                    (t, v) -> t.crawl.proxyFile(Path.of(v))),
            one(SESSION, "record-credentials", FLAG, "Keep Authorization, Proxy-Authorization and Cookie headers "
                    + "in WARC request records.", c -> c.session().recordCredentials(),
                    (t, v) -> t.crawl.recordCredentials(bool(v))),
            one(SESSION, "login", TEXT, "Log in with the form on this page first.",
                    c -> login(c).map(SessionSettings.Login::url).orElse(null), (t, v) -> t.crawl.login(v)),
            form("form", SessionSettings.Source.VALUE, "NAME=VALUE: a login form field."),
            form("form-env", SessionSettings.Source.ENV, "NAME=VARIABLE: a login form field read from an "
                    + "environment variable."),
            form("form-file", SessionSettings.Source.FILE, "NAME=FILE: a login form field read from a file."),
            one(SESSION, "logged-in-when", TEXT, "A CSS selector matching something on every page seen logged in.",
                    c -> login(c).map(SessionSettings.Login::loggedInWhen).orElse(null),
                    (t, v) -> t.crawl.loggedInWhen(v)),
            one(SESSION, "logout", REGEX, "Links whose URL this is found in are not followed once logged in.",
                    c -> login(c).map(l -> l.logout().pattern()).orElse(null), (t, v) -> t.crawl.logout(v)));
    }

    /** The run group's rows: the configuration's, then the job's. */
    private static List<SettingSpec> runRows() {
        return List.of(run("cookies", TEXT, "A Netscape cookies.txt file that starts the crawl's cookie jar.",
                    c -> c.session().cookiesFile(), (t, v) -> t.crawl.cookies(Path.of(v))),
            run("max-body-memory", SIZE, "Response bodies held in memory at once by every fetch together "
                    + "(0: a quarter of the heap).", c -> c.http().maxBodyMemory(),
                    (t, v) -> t.crawl.maxBodyMemory(Long.parseLong(v))),
            ofJob(RUN, "report", TEXT, "Write the whole text report (a line per URL, then the summary) to this file "
                    + "when the crawl ends.", j -> j.run().report(), (t, v) -> t.report = Path.of(v)),
            ofJob(RUN, "report-urls", FLAG, "Print the report's line per URL even on a terminal.",
                    j -> j.run().reportUrls(), (t, v) -> t.reportUrls = bool(v)),
            ofJob(RUN, "save-cookies", TEXT, "Write the crawl's cookies to this file at the end, as a Netscape "
                    + "cookies.txt.", j -> j.run().saveCookies(), (t, v) -> t.saveCookies = Path.of(v)));
    }

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
        return new SettingSpec(g, name, kind, false, List.of(), description, j -> {
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
        return new SettingSpec(g, name, kind, true, List.of(), description, get, set);
    }

    /** A row of one of an enum's values, its words the constants' names in lower case. */
    static <E extends Enum<E>> SettingSpec choice(SettingGroup g, String name, String description, Class<E> type,
                                                  Function<CrawlJob, E> get, BiConsumer<ConfigTarget, E> set) {
        List<String> words = Arrays.stream(type.getEnumConstants()).map(e -> CHOICE.text(e)).toList();
        return new SettingSpec(g, name, CHOICE, false, words, description, j -> {
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

    static boolean bool(String s) {
        if (s.equals("true") || s.equals("false")) return Boolean.parseBoolean(s);
        throw new IllegalArgumentException("not true or false: " + s);
    }
}
