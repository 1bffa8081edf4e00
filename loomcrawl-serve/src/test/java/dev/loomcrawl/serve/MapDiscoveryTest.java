package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code POST /v2/map} as a discovery crawl: pages past the first found, assets left out, ranked by titles and link
 * texts, and held to its limit and its time cap on a site without end.
 */
class MapDiscoveryTest {
    @TempDir
    Path dir;
    @RegisterExtension
    final Running running = new Running();

    private Http serve() throws Exception {
        ServeOptions d = ServeOptions.defaults(0, dir.resolve("data"));
        Serve s = Serve.start(new ServeOptions(d.host(), 0, d.data(), Set.of(), true, List.of(), d.keep(), 1000, 2, 1,
                4, d.maxBody(), d.maxJobTime()), List.of());
        running.add(s);
        return Http.of(s);
    }

    private TestSite start(TestSite.Builder b) {
        TestSite site = b.start();
        running.add(site);
        return site;
    }

    private static List<String> urls(JsonNode answer) {
        List<String> urls = new ArrayList<>();
        answer.path("links").forEach(l -> urls.add(l.path("url").asText()));
        return urls;
    }

    @Test
    void theMapFindsPagesDeepInTheSiteAndNoAssets() throws Exception {
        String head = "<head><title>%s</title><link rel=stylesheet href=/s.css><script src=/app.js></script>"
                + "<link rel=icon href=/favicon.ico></head>";
        TestSite site = start(TestSite.builder()
                .page("/", "<html>" + head.formatted("Home") + "<body><img src=/logo.png>"
                        + "<a href=/guide/>Guide</a> <a href=/big.png>the logo, large</a></body></html>")
                .page("/guide/", "<html>" + head.formatted("Guide") + "<body><a href=/guide/one.html>One</a></body>"
                        + "</html>")
                .page("/guide/one.html", "<html>" + head.formatted("One") + "<body><a href=/guide/two.html>Two</a>"
                        + "<a href=/download>Download</a></body></html>")
                .page("/guide/two.html", "<html>" + head.formatted("Two") + "<body>the end</body></html>")
                .resource("/download", "image/png", new byte[] {1, 2, 3})
                .resource("/s.css", "text/css", "body{background:url(/bg.png)}".getBytes())
                .resource("/app.js", "text/javascript", "1".getBytes()));
        Http http = serve();
        JsonNode all = http.post("/v2/map", "{\"url\": \"" + site.url("/") + "\", \"sitemap\": \"skip\"}").json();
        assertEquals(List.of(site.url("/"), site.url("/guide/"), site.url("/guide/one.html"),
                site.url("/guide/two.html")), urls(all), all.toString());
        assertEquals("Two", all.path("links").get(3).path("title").asText(), all.toString());
        for (String asset : List.of("/s.css", "/app.js", "/favicon.ico", "/logo.png", "/big.png", "/bg.png")) {
            assertEquals(0, site.requestCount(asset), asset + " was fetched");
        }
    }

    /**
     * Without a search the map lists its URLs nearest the roots first, those as near by URL: not in the order the
     * crawl's workers finished them (which varies from run to run), nor in the order of the links.
     */
    @Test
    void aMapListsItsUrlsByDepthThenByUrlTheSameEveryTime() throws Exception {
        TestSite site = start(TestSite.builder()
                .page("/", "<html><head><title>Home</title></head><body><a href=/z.html>Z</a> <a href=/m.html>M</a>"
                        + "</body></html>")
                .page("/z.html", "<html><head><title>Z</title></head><body><a href=/b.html>B</a></body></html>")
                .page("/m.html", "<html><head><title>M</title></head><body><a href=/a.html>A</a>"
                        + "<a href=/z.html>Z again</a></body></html>")
                .page("/a.html", "<html><head><title>A</title></head><body><a href=/>home</a></body></html>")
                .page("/b.html", "<html><head><title>B</title></head><body>the end</body></html>"));
        Http http = serve();
        List<String> expected = List.of(site.url("/"), site.url("/m.html"), site.url("/z.html"), site.url("/a.html"),
                site.url("/b.html"));
        for (int i = 0; i < 5; i++) {
            JsonNode all = http.post("/v2/map", "{\"url\": \"" + site.url("/") + "\", \"sitemap\": \"skip\"}")
                    .json();
            assertEquals(expected, urls(all), all.toString());
        }
    }

    @Test
    void aSearchRanksByTheTextsOfLinksAndTitlesNotOnlyByPaths() throws Exception {
        TestSite site = start(TestSite.builder()
                .page("/", "<html><head><title>Docs</title></head><body><ul>"
                        + "<li><a href=/lib/a7.html>Event loop</a></li><li><a href=/lib/b2.html>Tasks</a></li>"
                        + "<li><a href=/lib/c3.html>Sockets</a></li></ul></body></html>")
                .page("/lib/a7.html", "<html><head><title>x</title></head><body>x</body></html>")
                .page("/lib/b2.html", "<html><head><title>Event objects</title></head><body>x</body></html>")
                .page("/lib/c3.html", "<html><head><title>Sockets</title></head><body>x</body></html>"));
        Http http = serve();
        JsonNode ranked = http.post("/v2/map", "{\"url\": \"" + site.url("/") + "\", \"search\": \"event loops\"}")
                .json();
        assertEquals(List.of(site.url("/lib/a7.html"), site.url("/lib/b2.html")), urls(ranked), ranked.toString());
    }

    @Test
    void limitHoldsOnASiteWithoutEnd() throws Exception {
        TestSite site = start(TestSite.builder().generated(TestSite.crossLinkedGenerator(1_000_000_000, 3)));
        Http http = serve();
        long start = System.nanoTime();
        JsonNode map = http.post("/v2/map", "{\"url\": \"" + site.url("/p0") + "\", \"limit\": 40}").json();
        assertEquals(40, map.path("links").size(), map.toString());
        assertTrue(site.requests().size() < 60, site.requests().size() + " requests for 40 URLs");
        assertTrue(System.nanoTime() - start < Duration.ofSeconds(10).toNanos());
    }

    @Test
    void aTimeoutThatPassesIsFirecrawls408OnASiteWithoutEnd() throws Exception {
        TestSite site = start(TestSite.builder()
                .generated(TestSite.crossLinkedGenerator(1_000_000_000, 3, Duration.ofMillis(100))));
        Http http = serve();
        long start = System.nanoTime();
        Http.Answer a = http.post("/v2/map", "{\"url\": \"" + site.url("/p0") + "\", \"search\": \"page\", "
                + "\"timeout\": 1500}");
        long took = System.nanoTime() - start;
        ServeApiTest.assertError(a, 408, "Map timed out");
        assertTrue(took > Duration.ofMillis(1400).toNanos() && took < Duration.ofSeconds(5).toNanos(),
                "answered after " + took / 1_000_000 + " ms");
    }

    @Test
    void fieldsOfFirecrawlsMapSchemaAreTakenAtHarmlessValuesAndTheRestRefused() throws Exception {
        TestSite site = start(TestSite.builder().page("/", "<html><body><a href=/a>a</a><a href=/b/c>c</a></body>"
                + "</html>").page("/a", "<html></html>").page("/b/c", "<html></html>"));
        Http http = serve();
        JsonNode map = http.post("/v2/map", "{\"url\": \"" + site.url("/") + "\", \"useIndex\": true, "
                + "\"ignoreCache\": false, \"filterByPath\": true, \"origin\": \"js-sdk@4.42.0\", \"integration\": "
                + "\"x\", \"excludePaths\": [\"^/b/\"], \"maxDiscoveryDepth\": 3, \"headers\": {\"X-A\": \"1\"}, "
                + "\"deduplicateSimilarURLs\": true, \"allowSubdomains\": false, \"ignoreRobotsTxt\": false}")
                .json();
        assertEquals(List.of(site.url("/"), site.url("/a")), urls(map), map.toString());
        ServeApiTest.assertError(http.post("/v2/map", "{\"url\": \"" + site.url("/") + "\", \"location\": "
                + "{\"country\": \"DE\"}}"), 400, "'location' is not supported");
        ServeApiTest.assertError(http.post("/v2/map", "{\"url\": \"" + site.url("/") + "\", \"ignoreRobotsTxt\": "
                + "true}"), 400, "'ignoreRobotsTxt': true is not supported");
        ServeApiTest.assertError(http.post("/v2/map", "{\"url\": \"" + site.url("/") + "\", \"bogus\": 1}"), 400,
                "unknown field 'bogus'");
    }
}
