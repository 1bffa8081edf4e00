package dev.loomcrawl.state;

import dev.loomcrawl.config.ConfigCodec;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.limits.LimitSettings;
import dev.loomcrawl.scope.ScopeKind;
import dev.loomcrawl.session.SessionSettings;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConfigCodecTest {

    @Test
    void everyOptionSurvivesTheRoundTrip() {
        CrawlConfig c = CrawlConfig.builder().root("https://example.com/docs/").root("example.org")
                .maxTasks(7).maxRedirects(3).maxTries(2).scope(ScopeKind.PREFIX).lenient(true)
                .include("/docs/").exclude("\\.pdf$").exclude("\\?print=1").userAgent("MyBot/1.0")
                .connectTimeout(Duration.ofSeconds(3)).idleTimeout(Duration.ofMillis(1500))
                .fetchTimeout(Duration.ofMinutes(2)).maxBodyBytes(12345).http2(false).insecure(true)
                .resolve("example.com:443:10.0.0.5").resolve("v6.example:80:[::1]").perHost(4)
                .delay(Duration.ofMillis(250)).maxCrawlDelay(Duration.ofSeconds(5)).maxRetryAfter(Duration.ofSeconds(90))
                .ignoreRobots(true).sitemaps(true).allowPrivate(true).checkLinks(true).checkFragments(true).remap("https://Docs.example.com", "http://localhost:8000/").header("Authorization: Bearer x:y")
                .retryBackoff(Duration.ofMillis(100), Duration.ofSeconds(2))
                .ignoreRobotsDirectives(true)
                .limits(LimitSettings.builder().maxDepth(3).maxPages(100).maxPagesPerHost(10).maxBytes(1 << 20)
                        .maxTime(Duration.ofMinutes(5)).maxUrlLength(500).maxPathSegments(20).maxSegmentRepeats(2)
                        .maxQueryParameters(8).maxQueryLength(300).maxParameterRepeats(4).maxUrlsPerShape(50)
                        .keepSessionIds(true).build())
                .build();
        List<Setting> encoded = ConfigCodec.encode(c);
        CrawlConfig back = ConfigCodec.decode(encoded);
        assertEquals(encoded, ConfigCodec.encode(back));
        assertEquals(c.limits(), back.limits());
        assertEquals(c.politeness(), back.politeness());
        assertEquals(c.http().headers(), back.http().headers());
        assertEquals(c.linkCheck().external(), back.linkCheck().external());
        assertEquals(c.linkCheck().fragments(), back.linkCheck().fragments());
        assertEquals(c.linkCheck().remaps(), back.linkCheck().remaps());
        assertEquals(c.http().pins(), back.http().pins());
        assertTrue(encoded.contains(new Setting("max-tasks", "7")));
        assertTrue(encoded.contains(new Setting("exclude", "\\.pdf$")));
    }

    @Test
    void sessionSettingsSurviveTheRoundTripWithoutTheirSecrets() {
        CrawlConfig c = CrawlConfig.builder().root("https://wiki.example.com/")
                .login("https://wiki.example.com/login").form("user=alice", SessionSettings.Source.VALUE)
                .form("password=WIKI_PASSWORD", SessionSettings.Source.ENV)
                .form("otp=/run/secrets/otp", SessionSettings.Source.FILE).loggedInWhen("a.logout")
                .logout("/bye").netrc(java.nio.file.Path.of("/home/a/.netrc"))
                .proxy("socks5://bob@127.0.0.1:1080").proxyFile(java.nio.file.Path.of("/etc/proxies"))
                .cookies(java.nio.file.Path.of("/tmp/cookies.txt")).recordCredentials(true).build();
        List<Setting> encoded = ConfigCodec.encode(c);
        CrawlConfig back = ConfigCodec.decode(encoded);
        assertEquals(encoded, ConfigCodec.encode(back));
        assertEquals(c.session().login().fields(), back.session().login().fields());
        assertTrue(encoded.contains(new Setting("form-env", "password=WIKI_PASSWORD")));
        assertTrue(encoded.contains(new Setting("logged-in-when", "a.logout")));
        // the cookies file starts a crawl; the state keeps the jar from then on
        assertTrue(encoded.stream().noneMatch(s -> s.name().equals("cookies")));
        assertEquals(null, back.session().cookiesFile());
    }

    @Test
    void missingSettingsTakeTheirDefaults() {
        CrawlConfig back = ConfigCodec.decode(List.of(new Setting("root", "http://example.com/")));
        assertEquals(ConfigCodec.encode(CrawlConfig.builder().root("http://example.com/").build()),
                ConfigCodec.encode(back));
    }

    @Test
    void unknownOrBadSettingsAreRefusedByName() {
        List<Setting> settings = new ArrayList<>(ConfigCodec.encode(
                CrawlConfig.builder().root("http://example.com/").build()));
        settings.add(new Setting("warp-drive", "on"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ConfigCodec.decode(settings));
        assertTrue(e.getMessage().contains("warp-drive"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ConfigCodec.decode(List.of(
                new Setting("root", "http://example.com/"), new Setting("max-tasks", "many"))));
        assertTrue(e.getMessage().contains("max-tasks"), e.getMessage());
    }

    @Test
    void everyPartOfCrawlConfigIsStored() {
        // A new CrawlConfig component must be encoded and decoded by ConfigCodec (and listed here), or a resumed
        // crawl would silently lose it.
        List<String> stored = List.of("scope.roots", "scope.kind", "scope.lenient", "scope.includes",
                "scope.excludes", "scope.sitemaps", "scope.focus", "scope.focusPatience", "scope.focusModel", "maxTasks", "http.userAgent",
                "http.connectTimeout",
                "http.idleTimeout", "http.fetchTimeout", "http.maxBodyBytes", "http.maxRedirects", "http.maxTries",
                "http.retryBackoff", "http.retryBackoffMax", "http.http2", "http.pins", "http.insecure",
                "http.allowPrivate", "http.headers", "politeness", "limits", "session", // session but its cookies
                "linkCheck"); // linkCheck but its recentlyFine: a run's own, from its cache
        // a process's own, like its heap: each resumed or joined process takes its own command line's
        List<String> notStored = List.of("http.maxBodyMemory");
        List<String> components = new java.util.ArrayList<>();
        for (var c : CrawlConfig.class.getRecordComponents()) {
            boolean split = c.getName().equals("scope") || c.getName().equals("http"); // the others are listed whole
            if (!split) components.add(c.getName());
            else for (var part : c.getType().getRecordComponents()) components.add(c.getName() + "." + part.getName());
        }
        List<String> all = new java.util.ArrayList<>(stored);
        all.addAll(notStored);
        all.sort(null);
        components.sort(null);
        assertEquals(all, components, "ConfigCodec must store every CrawlConfig component");
        CrawlConfig withBound = CrawlConfig.builder().root("http://example.com/").maxBodyMemory(64L << 20).build();
        assertEquals(0, ConfigCodec.decode(ConfigCodec.encode(withBound)).http().maxBodyMemory(),
                "the body memory bound is not saved with the crawl");
    }
}
