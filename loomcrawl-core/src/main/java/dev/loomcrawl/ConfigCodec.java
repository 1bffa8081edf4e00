package dev.loomcrawl;

import dev.loomcrawl.limits.LimitSettings;
import dev.loomcrawl.state.Setting;
import dev.loomcrawl.politeness.PolitenessSettings;
import dev.loomcrawl.scope.ScopeKind;
import dev.loomcrawl.session.SessionSettings;

import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * A {@link CrawlConfig} as a list of (name, value) text settings, for a store to keep and a person to read.
 * Names are the command line's option names without their dashes ({@code max-tasks}); list options repeat
 * their name, in order ({@code root}, {@code include}, {@code exclude}, {@code resolve}, {@code header});
 * durations are ISO-8601 ({@code PT10S}), sizes are bytes, limits that are off are {@code -1} (or absent,
 * for {@code max-time}). A missing name takes its default, so older files keep working when options are added;
 * an unknown name is refused, since a newer loomcrawl wrote it and this one cannot honour it.
 */
public final class ConfigCodec {
    private ConfigCodec() {}

    public static List<Setting> encode(CrawlConfig c) {
        List<Setting> out = new ArrayList<>();
        c.roots().forEach(r -> out.add(new Setting("root", r.toString())));
        add(out, "max-tasks", c.maxTasks());
        add(out, "max-redirect", c.maxRedirects());
        add(out, "max-tries", c.maxTries());
        add(out, "scope", c.scope().name().toLowerCase(Locale.ROOT));
        add(out, "lenient", c.lenient());
        c.includes().forEach(p -> out.add(new Setting("include", p.pattern())));
        c.excludes().forEach(p -> out.add(new Setting("exclude", p.pattern())));
        add(out, "user-agent", c.userAgent());
        add(out, "connect-timeout", c.connectTimeout());
        add(out, "idle-timeout", c.idleTimeout());
        add(out, "fetch-timeout", c.fetchTimeout());
        add(out, "max-body", c.maxBodyBytes());
        add(out, "retry-backoff", c.retryBackoff());
        add(out, "retry-backoff-max", c.retryBackoffMax());
        add(out, "http2", c.http2());
        new TreeMap<>(c.resolve()).forEach((hostPort, address) -> // sorted: the map has no order of its own
                out.add(new Setting("resolve", hostPort + ":" + address.getHostAddress())));
        add(out, "insecure", c.insecure());
        PolitenessSettings p = c.politeness();
        add(out, "per-host", p.perHost());
        add(out, "delay", p.delay());
        add(out, "max-crawl-delay", p.maxCrawlDelay());
        add(out, "max-retry-after", p.maxRetryAfter());
        add(out, "ignore-robots", p.ignoreRobots());
        add(out, "ignore-robots-directives", p.ignoreDirectives());
        add(out, "sitemaps", c.sitemaps());
        add(out, "allow-private", c.allowPrivate());
        add(out, "check-links", c.checkLinks());
        add(out, "check-fragments", c.linkCheck().fragments());
        c.linkCheck().remaps().forEach(r -> out.add(new Setting("remap", r.from() + " " + r.to())));
        c.headers().forEach(h -> out.add(new Setting("header", h.getKey() + ": " + h.getValue())));
        encodeLimits(c.limits(), out);
        encodeSession(c.session(), out);
        return out;
    }

    /**
     * Where the secrets are, never the secrets: file names and environment variable names. The cookies file is
     * not kept: it starts a crawl's jar, and the state keeps the jar from then on.
     */
    private static void encodeSession(SessionSettings s, List<Setting> out) {
        if (s.netrc() != null) add(out, "netrc", s.netrc());
        s.proxies().forEach(p -> add(out, "proxy", p));
        if (s.proxyFile() != null) add(out, "proxy-file", s.proxyFile());
        if (s.recordCredentials()) add(out, "record-credentials", true);
        SessionSettings.Login login = s.login();
        if (login == null) return;
        add(out, "login", login.url());
        for (SessionSettings.FormField f : login.fields()) {
            add(out, switch (f.source()) {
                case VALUE -> "form";
                case ENV -> "form-env";
                case FILE -> "form-file";
            }, f.spec());
        }
        if (login.loggedInWhen() != null) add(out, "logged-in-when", login.loggedInWhen());
        add(out, "logout", login.logout().pattern());
    }

    private static void decodeSession(Values v, CrawlConfig.Builder b) {
        v.one("netrc", Path::of).ifPresent(b::netrc);
        v.all("proxy").forEach(b::proxy);
        v.one("proxy-file", Path::of).ifPresent(b::proxyFile);
        v.one("record-credentials", ConfigCodec::bool).ifPresent(b::recordCredentials);
        v.one("login", s -> s).ifPresent(b::login);
        v.all("form").forEach(f -> b.form(f, SessionSettings.Source.VALUE));
        v.all("form-env").forEach(f -> b.form(f, SessionSettings.Source.ENV));
        v.all("form-file").forEach(f -> b.form(f, SessionSettings.Source.FILE));
        v.one("logged-in-when", s -> s).ifPresent(b::loggedInWhen);
        v.one("logout", s -> s).ifPresent(b::logout);
    }

    private static void encodeLimits(LimitSettings l, List<Setting> out) {
        add(out, "max-depth", l.maxDepth());
        add(out, "max-pages", l.maxPages());
        add(out, "max-pages-per-host", l.maxPagesPerHost());
        add(out, "max-bytes", l.maxBytes());
        if (l.maxTime() != null) add(out, "max-time", l.maxTime());
        add(out, "max-url-length", l.maxUrlLength());
        add(out, "max-path-segments", l.maxPathSegments());
        add(out, "max-segment-repeats", l.maxSegmentRepeats());
        add(out, "max-query-parameters", l.maxQueryParameters());
        add(out, "max-query-length", l.maxQueryLength());
        add(out, "max-parameter-repeats", l.maxParameterRepeats());
        add(out, "max-urls-per-shape", l.maxUrlsPerShape());
        add(out, "max-links-per-page", l.maxLinksPerPage());
        add(out, "keep-session-ids", l.keepSessionIds());
    }

    /** Rebuilds the configuration; a bad or unknown setting is an {@link IllegalArgumentException} naming it. */
    public static CrawlConfig decode(List<Setting> settings) {
        Map<String, List<String>> byName = new LinkedHashMap<>();
        settings.forEach(s -> byName.computeIfAbsent(s.name(), n -> new ArrayList<>()).add(s.value()));
        Values v = new Values(byName);
        CrawlConfig.Builder b = CrawlConfig.builder();
        v.all("root").forEach(b::root);
        v.one("max-tasks", Integer::parseInt).ifPresent(b::maxTasks);
        v.one("max-redirect", Integer::parseInt).ifPresent(b::maxRedirects);
        v.one("max-tries", Integer::parseInt).ifPresent(b::maxTries);
        v.one("scope", s -> ScopeKind.valueOf(s.toUpperCase(Locale.ROOT))).ifPresent(b::scope);
        v.one("lenient", ConfigCodec::bool).ifPresent(b::lenient);
        v.all("include").forEach(b::include);
        v.all("exclude").forEach(b::exclude);
        v.one("user-agent", s -> s).ifPresent(b::userAgent);
        v.one("connect-timeout", Duration::parse).ifPresent(b::connectTimeout);
        v.one("idle-timeout", Duration::parse).ifPresent(b::idleTimeout);
        v.one("fetch-timeout", Duration::parse).ifPresent(b::fetchTimeout);
        v.one("max-body", Long::parseLong).ifPresent(b::maxBodyBytes);
        CrawlConfig defaults = CrawlConfig.builder().root("http://localhost/").build();
        b.retryBackoff(v.one("retry-backoff", Duration::parse).orElse(defaults.retryBackoff()),
                v.one("retry-backoff-max", Duration::parse).orElse(defaults.retryBackoffMax()));
        v.one("http2", ConfigCodec::bool).ifPresent(b::http2);
        v.all("resolve").forEach(b::resolve);
        v.one("insecure", ConfigCodec::bool).ifPresent(b::insecure);
        v.one("per-host", Integer::parseInt).ifPresent(b::perHost);
        v.one("delay", Duration::parse).ifPresent(b::delay);
        v.one("max-crawl-delay", Duration::parse).ifPresent(b::maxCrawlDelay);
        v.one("max-retry-after", Duration::parse).ifPresent(b::maxRetryAfter);
        v.one("ignore-robots", ConfigCodec::bool).ifPresent(b::ignoreRobots);
        v.one("ignore-robots-directives", ConfigCodec::bool).ifPresent(b::ignoreRobotsDirectives);
        v.one("sitemaps", ConfigCodec::bool).ifPresent(b::sitemaps);
        v.one("allow-private", ConfigCodec::bool).ifPresent(b::allowPrivate);
        v.one("check-links", ConfigCodec::bool).ifPresent(b::checkLinks);
        v.one("check-fragments", ConfigCodec::bool).ifPresent(b::checkFragments);
        v.all("remap").forEach(spec -> {
            LinkCheckSettings.Remap r = LinkCheckSettings.Remap.parse(spec);
            b.remap(r.from(), r.to());
        });
        v.all("header").forEach(b::header);
        b.limits(decodeLimits(v));
        decodeSession(v, b);
        v.refuseUnread();
        return b.build();
    }

    private static LimitSettings decodeLimits(Values v) {
        LimitSettings.Builder b = LimitSettings.builder();
        v.one("max-depth", Integer::parseInt).ifPresent(b::maxDepth);
        v.one("max-pages", Long::parseLong).ifPresent(b::maxPages);
        v.one("max-pages-per-host", Long::parseLong).ifPresent(b::maxPagesPerHost);
        v.one("max-bytes", Long::parseLong).ifPresent(b::maxBytes);
        v.one("max-time", Duration::parse).ifPresent(b::maxTime);
        v.one("max-url-length", Integer::parseInt).ifPresent(b::maxUrlLength);
        v.one("max-path-segments", Integer::parseInt).ifPresent(b::maxPathSegments);
        v.one("max-segment-repeats", Integer::parseInt).ifPresent(b::maxSegmentRepeats);
        v.one("max-query-parameters", Integer::parseInt).ifPresent(b::maxQueryParameters);
        v.one("max-query-length", Integer::parseInt).ifPresent(b::maxQueryLength);
        v.one("max-parameter-repeats", Integer::parseInt).ifPresent(b::maxParameterRepeats);
        v.one("max-urls-per-shape", Integer::parseInt).ifPresent(b::maxUrlsPerShape);
        v.one("max-links-per-page", Integer::parseInt).ifPresent(b::maxLinksPerPage);
        v.one("keep-session-ids", ConfigCodec::bool).ifPresent(b::keepSessionIds);
        return b.build();
    }

    private static void add(List<Setting> out, String name, Object value) {
        out.add(new Setting(name, String.valueOf(value)));
    }

    private static boolean bool(String s) {
        if (s.equals("true") || s.equals("false")) return Boolean.parseBoolean(s);
        throw new IllegalArgumentException("not true or false: " + s);
    }

    /** The settings by name, remembering which were read so that unknown ones can be refused. */
    private static final class Values {
        private final Map<String, List<String>> byName;

        Values(Map<String, List<String>> byName) {
            this.byName = new LinkedHashMap<>(byName);
        }

        List<String> all(String name) {
            List<String> values = byName.remove(name);
            return values == null ? List.of() : values;
        }

        <T> Optional<T> one(String name, Function<String, T> parse) {
            List<String> values = all(name);
            if (values.isEmpty()) return Optional.empty();
            if (values.size() > 1) throw new IllegalArgumentException("setting " + name + " is given twice");
            try {
                return Optional.of(parse.apply(values.getFirst()));
            } catch (IllegalArgumentException | DateTimeParseException e) {
                throw new IllegalArgumentException("setting " + name + " has a bad value: " + values.getFirst());
            }
        }

        void refuseUnread() {
            if (!byName.isEmpty()) {
                throw new IllegalArgumentException("unknown settings " + byName.keySet()
                        + " (written by a newer loomcrawl?)");
            }
        }
    }
}
