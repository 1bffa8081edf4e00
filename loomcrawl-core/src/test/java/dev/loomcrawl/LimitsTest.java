package dev.loomcrawl;

import dev.loomcrawl.reason.Limit;
import dev.loomcrawl.config.ConfigCodec;
import dev.loomcrawl.state.Setting;
import dev.loomcrawl.limits.LimitSettings;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Crawl limits and trap guards: what each drops, and that the report can say why. */
class LimitsTest {
    private static LimitSettings limits(int depth, long pages, long perHost, long bytes, Duration time) {
        return LimitSettings.builder().maxDepth(depth).maxPages(pages).maxPagesPerHost(perHost).maxBytes(bytes)
                .maxTime(time).build();
    }

    private static long fetched(CrawlRun run) {
        return run.records().values().stream().filter(r -> !r.skipped()).count();
    }

    @Test
    void maxDepthDropsLinksDeeperThanTheLimit() {
        try (TestSite site = TestSite.builder()
                .page("/", "<a href=/d1>1</a>").page("/d1", "<a href=/d2>2</a>").page("/d2", "<a href=/d3>3</a>")
                .start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")).limits(limits(1, -1, -1, -1, null)));
            assertEquals(2, run.records().size());
            assertEquals(0, site.requestCount("/d2"));
            assertEquals(Map.of("max-depth", 1L), run.summary().dropped());
        }
    }

    @Test
    void maxPagesStopsTheCrawlAfterThatManyFetches() {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(100, 10)).start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/p0")).maxTasks(20).perHost(20)
                    .limits(limits(-1, 15, -1, -1, null)));
            assertEquals(15, fetched(run));
            assertEquals(15, site.requests().stream().filter(r -> !r.target().equals("/robots.txt")).count());
            assertEquals(Limit.MAX_PAGES, run.summary().limitReached());
            assertTrue(run.summary().todo() > 0);
            assertEquals(run.summary().todo(), run.summary().dropped().get("max-pages"));
            assertFalse(run.summary().interrupted());
        }
    }

    @Test
    void maxPagesPerHostCapsEachHostSeparately() {
        try (TestSite a = TestSite.builder().pages(TestSite.crossLinked(20, 5)).start()) {
            int port = a.port();
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root("http://127.0.0.1:" + port + "/p0")
                    .root("http://localhost:" + port + "/p0").limits(limits(-1, -1, 4, -1, null)));
            long onIp = run.records().keySet().stream().filter(u -> u.startsWith("http://127.0.0.1")).count();
            long onName = run.records().keySet().stream().filter(u -> u.startsWith("http://localhost")).count();
            assertEquals(5, onIp); // the root is not counted against the limit: it is not discovered
            assertEquals(5, onName);
            assertTrue(run.summary().dropped().get("max-pages-per-host") > 0);
        }
    }

    @Test
    void maxBytesStopsTheCrawlOnceThatMuchIsFetched() {
        TestSite.Builder b = TestSite.builder();
        StringBuilder links = new StringBuilder();
        for (int i = 0; i < 30; i++) {
            b.page("/big" + i, "x".repeat(10_000));
            links.append("<a href=/big").append(i).append(">b</a>");
        }
        try (TestSite site = b.page("/", links.toString()).start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")).perHost(1).maxTasks(1)
                    .limits(limits(-1, -1, -1, 50_000, null)));
            assertEquals(Limit.MAX_BYTES, run.summary().limitReached());
            assertTrue(fetched(run) >= 5 && fetched(run) <= 8, "fetched " + fetched(run));
        }
    }

    @Test
    void maxTimeStopsTheCrawlWhenItRunsOut() {
        TestSite.Builder b = TestSite.builder();
        StringBuilder links = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            b.route("/slow" + i, new Route.Delay(Duration.ofMillis(100), Route.Respond.html("")));
            links.append("<a href=/slow").append(i).append(">s</a>");
        }
        try (TestSite site = b.page("/", links.toString()).start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")).perHost(1)
                    .limits(limits(-1, -1, -1, -1, Duration.ofMillis(600))));
            assertEquals(Limit.MAX_TIME, run.summary().limitReached());
            assertTrue(fetched(run) < 20, "fetched " + fetched(run));
            assertTrue(run.summary().todo() > 0);
        }
    }

    @Test
    void trapGuardsDropRepeatingDeepAndParameterHeavyUrls() {
        String repeating = "/cal/2026/cal/2026/cal/2026/cal/2026/x";
        String deep = "/d".repeat(41);
        String params = "/q?" + "a=1&".repeat(40);
        String longUrl = "/" + "l".repeat(2100);
        try (TestSite site = TestSite.builder()
                .page("/", "<a href=" + repeating + ">r</a><a href=" + deep + ">d</a><a href='" + params
                        + "'>p</a><a href=" + longUrl + ">l</a><a href=/ok/ok/ok>ok</a>")
                .page("/ok/ok/ok", "three repeats are fine").start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")));
            assertEquals(2, run.records().size());
            assertEquals(Map.of("trap-repeated-segment", 1L, "trap-deep-path", 1L, "trap-many-parameters", 1L,
                    "max-url-length", 1L), run.summary().dropped());
        }
    }

    @Test
    void droppedUrlsAreCountedOnceHoweverOftenTheyAreLinked() {
        try (TestSite site = TestSite.builder()
                .page("/", "<a href=/a>a</a><a href=/b>b</a>")
                .page("/a", "<a href=/deep>x</a>").page("/b", "<a href=/deep>x</a>").start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")).limits(limits(1, -1, -1, -1, null)));
            assertEquals(Map.of("max-depth", 1L), run.summary().dropped());
        }
    }

    @Test
    void theDefaultsAreThoseTheDocumentationAndTheCommandLineHelpGive() {
        LimitSettings d = LimitSettings.defaults();
        assertEquals(List.of(2048, 40, 3, 32, 1024, 5, 1000), List.of(d.maxUrlLength(), d.maxPathSegments(),
                d.maxSegmentRepeats(), d.maxQueryParameters(), d.maxQueryLength(), d.maxParameterRepeats(),
                d.maxUrlsPerShape()));
        assertFalse(d.keepSessionIds());
        assertEquals(LimitSettings.builder().noLimits().build(), LimitSettings.NONE);
        assertEquals(List.of(-1, -1, -1, -1, -1, -1, -1), List.of(LimitSettings.NONE.maxUrlLength(),
                LimitSettings.NONE.maxPathSegments(), LimitSettings.NONE.maxSegmentRepeats(),
                LimitSettings.NONE.maxQueryParameters(), LimitSettings.NONE.maxQueryLength(),
                LimitSettings.NONE.maxParameterRepeats(), LimitSettings.NONE.maxUrlsPerShape()));
    }

    @Test
    void everyLimitAndTrapGuardIsSavedAndReadBack() {
        LimitSettings l = LimitSettings.builder().maxDepth(3).maxPages(100).maxPagesPerHost(10).maxBytes(1 << 20)
                .maxTime(Duration.ofMinutes(5)).maxUrlLength(500).maxPathSegments(20).maxSegmentRepeats(2)
                .maxQueryParameters(8).maxQueryLength(300).maxParameterRepeats(2).maxUrlsPerShape(77)
                .maxLinksPerPage(500).keepSessionIds(true).build();
        CrawlConfig config = CrawlConfig.builder().root("http://example.com/").limits(l).build();
        assertEquals(l, ConfigCodec.decode(ConfigCodec.encode(config)).limits());
        LimitSettings off = LimitSettings.builder().noTrapGuards().build();
        assertEquals(off, ConfigCodec.decode(ConfigCodec.encode(CrawlConfig.builder().root("http://example.com/")
                .limits(off).build())).limits());
    }

    @Test
    void aStateFileWrittenBeforeTheQueryGuardsReadsThemAsTheirDefaults() {
        List<Setting> old = ConfigCodec.encode(CrawlConfig.builder().root("http://example.com/")
                        .limits(LimitSettings.builder().maxPathSegments(20).build()).build()).stream()
                .filter(s -> !Set.of("max-query-length", "max-parameter-repeats", "max-urls-per-shape",
                        "max-links-per-page", "keep-session-ids").contains(s.name())).toList();
        assertEquals(LimitSettings.builder().maxPathSegments(20).build(), ConfigCodec.decode(old).limits());
    }

    /** The library refuses what the command line refuses, naming the builder method (the CLI names the option). */
    @Test
    void badLimitsAreRefusedByTheLibraryNamingTheBuilderMethod() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LimitSettings.builder().maxPages(0).build());
        assertEquals("maxPages must be -1 (no limit) or at least 1, got 0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LimitSettings.builder().maxDepth(-2).build());
        assertEquals("maxDepth must be -1 (no limit) or at least 0, got -2", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> LimitSettings.builder().maxTime(Duration.ZERO).build());
        assertEquals("maxTime must be a positive duration, got PT0S", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LimitSettings.builder().maxUrlLength(8).build());
        assertEquals("maxUrlLength must be -1 (no limit) or at least 16, got 8", e.getMessage());
        assertEquals(0, LimitSettings.builder().maxDepth(0).maxQueryLength(0).build().maxDepth(), "0 is a depth");
        assertEquals(-1, LimitSettings.builder().maxPages(-1).build().maxPages(), "-1 is no limit");
    }
}
