package dev.loomcrawl.config;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.limits.LimitSettings;
import dev.loomcrawl.scope.ScopeKind;
import dev.loomcrawl.session.SessionSettings;
import dev.loomcrawl.state.Setting;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConfigJsonTest {

    /** A configuration in which every setting is away from its default. */
    static CrawlConfig everySettingChanged() {
        return CrawlConfig.builder().root("https://example.com/docs/").root("example.org")
                .maxTasks(7).maxRedirects(3).maxTries(2).scope(ScopeKind.PREFIX).lenient(true)
                .include("/docs/").exclude("\\.pdf$").exclude("\\?print=1").userAgent("MyBot/1.0")
                .connectTimeout(Duration.ofSeconds(3)).idleTimeout(Duration.ofMillis(1500))
                .fetchTimeout(Duration.ofMinutes(2)).maxBodyBytes(12345).http2(false).insecure(true)
                .resolve("example.com:443:10.0.0.5").resolve("v6.example:80:[::1]").perHost(4)
                .delay(Duration.ofMillis(250)).maxCrawlDelay(Duration.ofSeconds(5))
                .maxRetryAfter(Duration.ofSeconds(90)).ignoreRobots(true).sitemaps(true).allowPrivate(true)
                .checkLinks(true).checkFragments(true).remap("https://Docs.example.com", "http://localhost:8000/")
                .header("Authorization: Bearer x:y").retryBackoff(Duration.ofMillis(100), Duration.ofSeconds(2))
                .ignoreRobotsDirectives(true)
                .limits(LimitSettings.builder().maxDepth(3).maxPages(100).maxPagesPerHost(10).maxBytes(1 << 20)
                        .maxTime(Duration.ofMinutes(5)).maxUrlLength(500).maxPathSegments(20).maxSegmentRepeats(2)
                        .maxQueryParameters(8).maxQueryLength(300).maxParameterRepeats(4).maxUrlsPerShape(50)
                        .maxLinksPerPage(77).keepSessionIds(true).build())
                .login("https://example.com/login").form("user=alice", SessionSettings.Source.VALUE)
                .form("password=WIKI_PASSWORD", SessionSettings.Source.ENV)
                .form("otp=/run/secrets/otp", SessionSettings.Source.FILE).loggedInWhen("a.logout")
                .logout("/bye").netrc(Path.of("/home/a/.netrc")).proxy("socks5://bob@127.0.0.1:1080")
                .proxyFile(Path.of("/etc/proxies")).cookies(Path.of("/tmp/cookies.txt")).recordCredentials(true)
                .maxBodyMemory(64L << 20).build();
    }

    @Test
    void everySettingSurvivesTheJsonRoundTripAndIsAwayFromItsDefault() {
        CrawlConfig c = everySettingChanged();
        CrawlConfig defaults = CrawlConfig.builder().root("http://localhost/").build();
        for (SettingSpec s : CrawlSettings.ALL) {
            assertTrue(!s.read().apply(c).equals(s.read().apply(defaults)), s.name() + " is at its default here");
        }
        String json = ConfigJson.write(c);
        CrawlConfig back = ConfigJson.read(json);
        assertEquals(json, ConfigJson.write(back));
        for (SettingSpec s : CrawlSettings.ALL) assertEquals(s.read().apply(c), s.read().apply(back), s.name());
        assertEquals(c.limits(), back.limits());
        assertEquals(c.politeness(), back.politeness());
        assertEquals(c.session().login().fields().size(), back.session().login().fields().size());
        assertTrue(json.contains("\"delay\" : \"250ms\""), json);
        assertTrue(json.contains("\"max-pages\" : 100"), json);
        assertTrue(json.contains("\"http2\" : false"), json);
    }

    @Test
    void theSavedFormKeepsEverySavedSettingAndLeavesTheProcessOwnOut() {
        CrawlConfig c = everySettingChanged();
        List<Setting> saved = ConfigCodec.encode(c);
        Set<String> names = new HashSet<>();
        saved.forEach(s -> names.add(s.name()));
        for (SettingSpec s : CrawlSettings.ALL) {
            assertEquals(s.saved(), names.contains(s.name()), s.name());
        }
        CrawlConfig back = ConfigCodec.decode(saved);
        assertEquals(saved, ConfigCodec.encode(back));
        assertEquals(null, back.session().cookiesFile());
        assertEquals(0, back.maxBodyMemory());
    }

    @Test
    void valuesAreWrittenAsPeopleWriteThem() {
        CrawlConfig c = ConfigJson.read("""
                {"root": ["example.com"], "max-body": "2MiB", "delay": "1.5s", "fetch-timeout": "PT90S",
                 "max-time": 30, "scope": "domain", "max-time": null}""".replace(", \"max-time\": null", ""));
        assertEquals(2L << 20, c.maxBodyBytes());
        assertEquals(Duration.ofMillis(1500), c.politeness().delay());
        assertEquals(Duration.ofSeconds(90), c.fetchTimeout());
        assertEquals(Duration.ofSeconds(30), c.limits().maxTime());
        assertEquals(ScopeKind.DOMAIN, c.scope());
        assertEquals("http://example.com/", c.roots().getFirst().toString());
    }

    @Test
    void badConfigurationsAreRefusedInOneLineNamingTheSetting() {
        assertEquals("unknown setting 'max-page' (did you mean max-pages?)", refused("{\"max-page\": 3}"));
        assertEquals("unknown setting 'warp-drive'", refused("{\"warp-drive\": true}"));
        assertEquals("setting 'max-pages' takes a whole number, got ten", refused("{\"max-pages\": \"ten\"}"));
        assertEquals("setting 'insecure' takes true or false, got 1", refused("{\"insecure\": 1}"));
        assertEquals("setting 'max-tasks' takes a whole number, got a list", refused("{\"max-tasks\": [1]}"));
        assertEquals("setting 'scope' takes one of [host, domain, prefix], got 7", refused("{\"scope\": 7}"));
        assertEquals("setting 'scope': not one of [host, domain, prefix]", refused("{\"scope\": \"planet\"}"));
        assertEquals("setting 'delay': 'soon' is not a duration (examples: 500ms, 10s, 2m)",
                refused("{\"root\": [\"example.com\"], \"delay\": \"soon\"}"));
        // checked when the whole is built: named by its setting, where the library names its builder method
        assertEquals("setting max-tasks must be between 1 and 100000, got 0", assertThrows(
                IllegalArgumentException.class, () -> ConfigJson.read("{\"root\": [\"a.example\"], \"max-tasks\": 0}"))
                .getMessage());
        assertEquals("setting max-redirect must be 0 or more, got -2", assertThrows(IllegalArgumentException.class,
                () -> ConfigJson.read("{\"root\": [\"a.example\"], \"max-redirect\": -2}")).getMessage());
        assertEquals("setting 'root' is given twice", refused("{\"root\": [], \"root\": []}"));
        assertTrue(refused("{\"root\": [").startsWith("not JSON: "), refused("{\"root\": ["));
        assertTrue(refused("[1]").startsWith("a configuration is a JSON object"));
        assertTrue(refused("{} {}").startsWith("a configuration is one JSON object"));
        assertTrue(refused("{\"include\": [\"(\"]}").startsWith("setting 'include': include is not a valid"));
    }

    private static String refused(String json) {
        return assertThrows(IllegalArgumentException.class, () -> ConfigJson.readInto(new ConfigTarget(), json))
                .getMessage();
    }

    @Test
    void theSchemaNamesEverySettingWithItsTypeAndDefault() throws Exception {
        String schema = ConfigJson.schema();
        List<String> properties = new ArrayList<>();
        try (JsonParser p = new JsonFactory().createParser(schema)) {
            int depth = 0;
            while (p.nextToken() != null) {
                if (p.currentToken() == JsonToken.START_OBJECT) depth++;
                if (p.currentToken() == JsonToken.END_OBJECT) depth--;
                if (p.currentToken() == JsonToken.FIELD_NAME && depth == 2
                        && "properties".equals(p.getParsingContext().getParent().getCurrentName())) {
                    properties.add(p.currentName());
                }
            }
        }
        assertEquals(CrawlSettings.names(), properties);
        assertTrue(schema.contains("\"additionalProperties\" : false"), schema);
        assertTrue(schema.contains("\"max-tasks\" : {\n      \"description\" : \"Fetches in flight at once.\",\n"
                + "      \"x-group\" : \"scope\",\n      \"type\" : [ \"integer\" ],\n      \"default\" : 100"),
                schema);
    }
}
