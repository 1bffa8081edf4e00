package dev.loomcrawl.config;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.limits.LimitSettings;
import dev.loomcrawl.output.lines.LineFormat;
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
                .maxRetryAfter(Duration.ofSeconds(90)).ignoreRobots(true).sitemaps(true)
                .focus("how to configure the event loop").focusPatience(7).focusModel(false).allowPrivate(true)
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

    /** A crawl job in which every setting is away from its default. */
    static CrawlJob everySettingChangedJob() {
        OutputSettings outputs = OutputSettings.builder().records("r.txt").format(LineFormat.CSV).links("l.csv")
                .items("-").warc(Path.of("w/a")).warcMaxSize(5 << 20).wacz(Path.of("a.wacz"))
                .htmlReport(Path.of("r.html")).content("c.jsonl").contentDir(Path.of("md")).chunks("ch.jsonl")
                .chunkSize(700).chunkAllKinds(true).build();
        return new CrawlJob(everySettingChanged(), outputs, new ScrapeSettings("div.item", List.of("t=h1",
                "u=a@href"), "nav"), new RenderChoice(RenderChoice.Mode.AUTO, "/app/", Duration.ofSeconds(20), 2,
                3, true), new StateSettings(Path.of("s.db"), true, Path.of("/var/tmp/x"), "redis://h:6379", "docs",
                Duration.ofSeconds(45), Duration.ofMinutes(5)), new RunSettings(Path.of("report.txt"), true,
                Path.of("cookies.txt")));
    }

    @Test
    void everySettingSurvivesTheJsonRoundTripAndIsAwayFromItsDefault() {
        CrawlJob c = everySettingChangedJob();
        CrawlJob defaults = CrawlJob.of(CrawlConfig.builder().root("http://localhost/").build());
        for (SettingSpec s : CrawlSettings.ALL) {
            assertTrue(!s.read().apply(c).equals(s.read().apply(defaults)), s.name() + " is at its default here");
        }
        String json = ConfigJson.write(c);
        CrawlJob back = ConfigJson.readJob(json);
        assertEquals(json, ConfigJson.write(back));
        for (SettingSpec s : CrawlSettings.ALL) assertEquals(s.read().apply(c), s.read().apply(back), s.name());
        assertEquals(c.config().limits(), back.config().limits());
        assertEquals(c.config().politeness(), back.config().politeness());
        assertEquals(c.config().session().login().fields().size(),
                back.config().session().login().fields().size());
        assertEquals(List.of(c.outputs(), c.scrape(), c.render(), c.state(), c.run()),
                List.of(back.outputs(), back.scrape(), back.render(), back.state(), back.run()));
        assertTrue(json.contains("\"chunk-size\" : 700"), json);
        assertTrue(json.contains("\"render\" : \"auto\""), json);
        assertTrue(json.contains("\"format\" : \"csv\""), json);
        // the configuration's own reader takes no outputs: a request for a configuration cannot write files
        assertEquals("setting 'output' is not taken here: only the crawl's configuration is",
                assertThrows(IllegalArgumentException.class, () -> ConfigJson.read(json)).getMessage());
        assertTrue(json.contains("\"delay\" : \"250ms\""), json);
        assertTrue(json.contains("\"max-pages\" : 100"), json);
        assertTrue(json.contains("\"http2\" : false"), json);
    }

    @Test
    void theSavedFormKeepsEverySavedSettingAndLeavesTheProcessOwnOut() {
        CrawlJob c = everySettingChangedJob();
        List<Setting> saved = ConfigCodec.encode(c.config());
        List<Setting> kept = ConfigCodec.encodeKept(c);
        Set<String> names = new HashSet<>();
        saved.forEach(s -> names.add(s.name()));
        kept.forEach(s -> names.add(s.name()));
        for (SettingSpec s : CrawlSettings.ALL) {
            String name = s.ofConfig() ? s.name() : s.group().label() + "." + s.name();
            assertEquals(s.saved(), names.contains(name), s.name());
        }
        CrawlConfig back = ConfigCodec.decode(saved);
        assertEquals(saved, ConfigCodec.encode(back));
        assertEquals(null, back.session().cookiesFile());
        assertEquals(0, back.http().maxBodyMemory());
        ConfigTarget target = new ConfigTarget();
        ConfigCodec.decodeKept(target, kept);
        CrawlJob job = target.job(back);
        assertEquals(List.of(c.outputs(), c.scrape(), c.render()), List.of(job.outputs(), job.scrape(), job.render()));
        assertEquals(List.of(StateSettings.MEMORY, RunSettings.NONE), List.of(job.state(), job.run()));
        assertTrue(kept.contains(new Setting("outputs.chunk-size", "700")), kept.toString());
    }

    /**
     * The settings a state file written before the table kept beside its configuration (main at ffbd651: {@code
     * crawl --state s.db --output r.jsonl ... --render-include never-matches --render-timeout 20s}), verbatim, with
     * where its outputs ended, which are not the job's.
     */
    private static final String LEGACY = """
            cli.output=/tmp/i48fx/out/r.jsonl
            cli.format=jsonl
            cli.links=/tmp/i48fx/out/l.csv
            cli.items=/tmp/i48fx/out/i.csv
            cli.warc=/tmp/i48fx/out/w/arch
            cli.warc-max-size=5242880
            cli.wacz=/tmp/i48fx/out/x.wacz
            cli.html-report=/tmp/i48fx/out/h.html
            cli.item=body
            cli.field=title=h1
            cli.follow=a
            cli.content=/tmp/i48fx/out/c.jsonl
            cli.content-dir=/tmp/i48fx/out/cd
            cli.chunks=/tmp/i48fx/out/ch.jsonl
            cli.chunk-size=700
            cli.chunk-all-kinds=true
            cli.render=never-matches
            cli.render-timeout=PT20S
            cli.render-scroll=2
            cli.render-tasks=3
            cli.render-resources=false
            written./tmp/i48fx/out/r.jsonl=495
            written./tmp/i48fx/out/w/arch=arch-00000.warc.gz 1662
            """;

    static List<Setting> settings(String lines) {
        return lines.lines().map(l -> new Setting(l.substring(0, l.indexOf('=')), l.substring(l.indexOf('=') + 1)))
                .toList();
    }

    @Test
    void whatABuildBeforeTheTableKeptIsStillRead() {
        ConfigTarget target = new ConfigTarget();
        ConfigCodec.decodeKept(target, settings(LEGACY));
        CrawlJob job = target.job(null);
        assertEquals(OutputSettings.builder().records("/tmp/i48fx/out/r.jsonl").format(LineFormat.JSONL)
                .links("/tmp/i48fx/out/l.csv").items("/tmp/i48fx/out/i.csv").warc(Path.of("/tmp/i48fx/out/w/arch"))
                .warcMaxSize(5242880).wacz(Path.of("/tmp/i48fx/out/x.wacz"))
                .htmlReport(Path.of("/tmp/i48fx/out/h.html")).content("/tmp/i48fx/out/c.jsonl")
                .contentDir(Path.of("/tmp/i48fx/out/cd")).chunks("/tmp/i48fx/out/ch.jsonl").chunkSize(700)
                .chunkAllKinds(true).build(), job.outputs());
        assertEquals(new ScrapeSettings("body", List.of("title=h1"), "a"), job.scrape());
        assertEquals(new RenderChoice(null, "never-matches", Duration.ofSeconds(20), 2, 3, false), job.render());
        // --render and --render auto, as that build kept them
        for (String[] render : new String[][] {{"cli.render=\n", "ALL"}, {"cli.render=\ncli.render-auto=true\n",
                "AUTO"}}) {
            ConfigTarget t = new ConfigTarget();
            ConfigCodec.decodeKept(t, settings(render[0] + "cli.render-timeout=PT15S\n"));
            assertEquals(new RenderChoice(RenderChoice.Mode.valueOf(render[1]), null, Duration.ofSeconds(15), null,
                    null, false), t.job(null).render());
        }
        assertEquals("unknown settings [cli.warp] (written by a newer loomcrawl?)", assertThrows(
                IllegalArgumentException.class, () -> ConfigCodec.decodeKept(new ConfigTarget(),
                        settings("cli.warp=9\n"))).getMessage());
    }

    @Test
    void valuesAreWrittenAsPeopleWriteThem() {
        CrawlConfig c = ConfigJson.read("""
                {"root": ["example.com"], "max-body": "2MiB", "delay": "1.5s", "fetch-timeout": "PT90S",
                 "max-time": 30, "scope": "domain", "max-time": null}""".replace(", \"max-time\": null", ""));
        assertEquals(2L << 20, c.http().maxBodyBytes());
        assertEquals(Duration.ofMillis(1500), c.politeness().delay());
        assertEquals(Duration.ofSeconds(90), c.http().fetchTimeout());
        assertEquals(Duration.ofSeconds(30), c.limits().maxTime());
        assertEquals(ScopeKind.DOMAIN, c.scope().kind());
        assertEquals("http://example.com/", c.scope().roots().getFirst().toString());
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
