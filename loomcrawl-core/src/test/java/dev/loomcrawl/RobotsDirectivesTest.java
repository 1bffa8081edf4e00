package dev.loomcrawl;

import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Robots directives beyond robots.txt: meta robots, X-Robots-Tag and rel="nofollow". */
class RobotsDirectivesTest {

    private static Route.Respond html(String html, Map<String, String> headers) {
        Map<String, String> h = new java.util.HashMap<>(headers);
        h.put("Content-Type", "text/html; charset=utf-8");
        return new Route.Respond(200, h, html.getBytes(StandardCharsets.UTF_8));
    }

    private static TestSite site() {
        return TestSite.builder()
                .page("/", "<a href=/meta>m</a> <a href=/own>o</a> <a href=/header>h</a> <a href=/other>x</a>"
                        + " <a href=/rel>r</a> <a rel='external nofollow' href=/no-rel>n</a>")
                .page("/meta", "<meta name=ROBOTS content='noindex, NoFollow'><a href=/no-meta>x</a>")
                .page("/own", "<meta name=loomcrawl content=none><a href=/no-own>x</a>")
                .route("/header", html("<a href=/no-header>x</a>", Map.of("X-Robots-Tag", "loomcrawl: nofollow")))
                .route("/other", html("<a href=/yes-other>x</a>",
                        Map.of("X-Robots-Tag", "otherbot: nofollow, noarchive")))
                .page("/rel", "<meta name=robots content=noarchive><a href=/yes-rel>x</a>")
                .page("/no-meta", "").page("/no-own", "").page("/no-header", "").page("/yes-other", "")
                .page("/yes-rel", "").page("/no-rel", "")
                .start();
    }

    @Test
    void nofollowIsObeyedAndTheDirectivesAreKeptOnTheRecord() {
        try (TestSite site = site()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")));
            for (String p : List.of("/no-meta", "/no-own", "/no-header", "/no-rel")) {
                assertEquals(0, site.requestCount(p), p + " was followed");
            }
            for (String p : List.of("/yes-other", "/yes-rel")) assertEquals(1, site.requestCount(p), p);
            assertEquals("noindex,nofollow", run.record(site.url("/meta")).robots());
            assertEquals("noindex,nofollow", run.record(site.url("/own")).robots());
            assertEquals("nofollow", run.record(site.url("/header")).robots());
            assertNull(run.record(site.url("/other")).robots());
            assertEquals("noarchive", run.record(site.url("/rel")).robots());
            assertEquals(0, run.record(site.url("/meta")).numUrls());
            assertEquals(4L, run.summary().unfollowed().get("nofollow")); // three pages' links and one rel
        }
    }

    @Test
    void oneOptionTurnsTheDirectivesOff() {
        try (TestSite site = site()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")).ignoreRobotsDirectives(true));
            for (String p : List.of("/no-meta", "/no-own", "/no-header", "/no-rel", "/yes-other", "/yes-rel")) {
                assertEquals(1, site.requestCount(p), p);
            }
            assertNull(run.record(site.url("/meta")).robots());
        }
    }

    @Test
    void everyLinkIsListedWithWhetherAndWhyItIsFollowed() {
        try (TestSite site = TestSite.builder().robots("User-agent: *\nDisallow: /blocked\n")
                .page("/", "<a href=/in>in</a> <a href='javascript:void(0)'>js</a> <a href='mailto:a@b.c'>m</a>"
                        + " <a href='tel:+1555'>t</a> <img src='data:image/png;base64,AAAA'> <a href=''>self</a>"
                        + " <a href='http://elsewhere.invalid/'>out</a> <a href=/private/x>ex</a>"
                        + " <a rel=nofollow href=/nf>nf</a> <a href=/in>again</a> <a href=/blocked>b</a>")
                .page("/in", "").page("/nf", "").page("/private/x", "")
                .start()) {
            Map<String, String> why = new java.util.LinkedHashMap<>();
            try (Crawler crawler = Crawler.builder(CrawlConfig.builder().root(site.url("/")).exclude("/private/")
                    .build()).build()) {
                crawler.addListener(finished -> {
                    if (finished.record().url().toString().equals(site.url("/"))) {
                        finished.links().forEach(l -> why.merge(l.link().to(),
                                l.followed() ? "null" : l.notFollowed().label(),
                                (a, b) -> a + "|" + b));
                    }
                });
                crawler.crawl();
            }
            assertEquals("null|null", why.get(site.url("/in")));
            assertEquals("scheme", why.get("javascript:void(0)"));
            assertEquals("scheme", why.get("mailto:a@b.c"));
            assertEquals("scheme", why.get("tel:+1555"));
            assertEquals("scheme", why.get("data:image/png;base64,AAAA"));
            assertEquals("null", why.get(site.url("/"))); // an empty href is a link to the page itself
            assertEquals("out-of-scope", why.get("http://elsewhere.invalid/"));
            assertEquals("excluded", why.get(site.url("/private/x")));
            assertEquals("nofollow", why.get(site.url("/nf")));
            assertEquals("robots", why.get(site.url("/blocked"))); // robots.txt was read before the page
            assertEquals(0, site.requestCount("/blocked"));
            assertEquals(11, why.values().stream().mapToInt(v -> v.split("\\|").length).sum());
        }
    }
}
