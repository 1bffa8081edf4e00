package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Firecrawl v2's behaviours that its own end-to-end suite checks, each through a real serve on 127.0.0.1 with a real
 * HTTP client against real test sites: a crawl's limit counts pages (not its sitemap, nor stylesheets), documents and
 * webhook page events carry a {@code scrapeId}, scrapes their {@code creditsUsed}, {@code waitFor} is checked as
 * Firecrawl checks it, errors have Firecrawl's shape, {@code /v2/crawl/ongoing} and {@code created_at}, Firecrawl's
 * own fields and harmless defaults are accepted, {@code skipTlsVerification} is honoured per request, and
 * {@code sourceURL} is the URL asked for through a redirect.
 */
class FirecrawlV2Test {
    @TempDir
    Path dir;
    @RegisterExtension
    final Running running = new Running();

    private Http serve() throws Exception {
        return Http.of(running.serve(dir.resolve("data"), Set.of(), true, List.of(), 1000, 2, 4, 8));
    }

    /** Twenty pages linked from the home page, which loads a stylesheet and a script; a sitemap lists them. */
    private TestSite site() {
        StringBuilder home = new StringBuilder("<html><head><title>Home</title><link rel=stylesheet href=/site.css>"
                + "<script src=/app.js></script></head><body><main><h1>Home</h1><p>Words enough.</p>"
                + "<a href=/diagram.svg>the diagram</a> <a href=/photo.gif>a photo</a> ");
        StringBuilder sitemap = new StringBuilder("<?xml version=\"1.0\"?><urlset xmlns=\"http://www.sitemaps.org/"
                + "schemas/sitemap/0.9\">");
        TestSite.Builder b = TestSite.builder();
        for (int i = 0; i < 20; i++) {
            home.append("<a href=/p").append(i).append(">page ").append(i).append("</a> ");
            b.page("/p" + i, "<html><head><title>Page " + i + "</title><link rel=stylesheet href=/site.css></head>"
                    + "<body><main><h1>Page " + i + "</h1><p>The text of page " + i + ".</p></main></body></html>");
        }
        home.append("</main></body></html>");
        TestSite site = b.page("/", home.toString())
                .resource("/site.css", "text/css", "body { background: url(/bg.png) }".getBytes(StandardCharsets.UTF_8))
                .resource("/app.js", "text/javascript", "1;".getBytes(StandardCharsets.UTF_8))
                .resource("/diagram.svg", "image/svg+xml", "<svg xmlns='http://www.w3.org/2000/svg'/>"
                        .getBytes(StandardCharsets.UTF_8))
                .resource("/photo.gif", "image/gif", "GIF89a".getBytes(StandardCharsets.UTF_8))
                .redirect("/old", 301, "/p3")
                .redirect("/older", 302, "/old")
                .redirect("/hop1", 302, "/hop2")
                .redirect("/hop2", 307, "/p9")
                .robots("User-agent: *\nAllow: /\n")
                .start();
        running.add(site);
        return site;
    }

    private static List<JsonNode> documents(Http http, String kind, String id) throws InterruptedException {
        List<JsonNode> docs = new ArrayList<>();
        http.finished("/v2/" + kind + "/" + id, 60).path("data").forEach(docs::add);
        return docs;
    }

    @Test
    void aCrawlsLimitIsItsNumberOfPagesNotCountingItsSitemapStylesheetsOrImages() throws Exception {
        TestSite site = site();
        Http http = serve();
        for (int limit : new int[] {2, 5, 10}) {
            String id = http.post("/v2/crawl", "{\"url\": \"" + site.url("/") + "\", \"limit\": " + limit
                    + ", \"sitemap\": \"include\"}").json().path("id").asText();
            List<JsonNode> docs = documents(http, "crawl", id);
            assertEquals(limit, docs.size(), docs.toString());
            for (JsonNode d : docs) {
                assertTrue(d.path("metadata").path("contentType").asText().contains("html"), d.toString());
            }
        }
    }

    @Test
    void documentsAndWebhookPageEventsCarryAScrapeIdAndScrapesTheirCredits() throws Exception {
        TestSite site = site();
        Http http = serve();
        JsonNode scrape = http.post("/v2/scrape", "{\"url\": \"" + site.url("/p1") + "\"}").json().path("data");
        assertEquals(36, scrape.path("metadata").path("scrapeId").asText().length(), scrape.toString());
        assertEquals(1, scrape.path("metadata").path("creditsUsed").asInt());

        List<JsonNode> events = new CopyOnWriteArrayList<>();
        HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
        receiver.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        receiver.createContext("/hook", x -> {
            try (InputStream in = x.getRequestBody()) {
                events.add(Json.MAPPER.readTree(in.readAllBytes()));
            }
            x.sendResponseHeaders(200, -1);
            x.close();
        });
        receiver.start();
        running.add(() -> receiver.stop(0));
        String hook = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook";
        String id = http.post("/v2/crawl", "{\"url\": \"" + site.url("/") + "\", \"limit\": 4, \"sitemap\": \"skip\","
                + " \"webhook\": {\"url\": \"" + hook + "\", \"events\": [\"page\", \"completed\"]}}").json()
                .path("id").asText();
        List<JsonNode> docs = documents(http, "crawl", id);
        long end = System.nanoTime() + 30_000_000_000L;
        while (events.stream().noneMatch(e -> e.path("type").asText().equals("crawl.completed"))) {
            if (System.nanoTime() > end) throw new AssertionError("no completed event: " + events);
            Thread.sleep(50);
        }
        Set<String> ids = new HashSet<>();
        for (JsonNode d : docs) assertTrue(ids.add(d.path("metadata").path("scrapeId").asText()), d.toString());
        List<JsonNode> pages = events.stream().filter(e -> e.path("type").asText().equals("crawl.page")).toList();
        assertEquals(4, pages.size(), events.toString());
        for (JsonNode p : pages) {
            String scrapeId = p.path("data").get(0).path("metadata").path("scrapeId").asText();
            assertTrue(ids.contains(scrapeId), "a page event's document is the crawl's: " + p);
        }
    }

    @Test
    void waitForIsCheckedAsFirecrawlChecksItAndErrorsHaveItsShape() throws Exception {
        TestSite site = site();
        Http http = serve();
        String url = site.url("/p1");
        assertEquals(200, http.post("/v2/scrape", "{\"url\": \"" + url + "\", \"waitFor\": 5000, \"timeout\": 15000}")
                .status());
        for (int waitFor : new int[] {8000, 15000, 20000}) {
            Http.Answer a = http.post("/v2/scrape", "{\"url\": \"" + url + "\", \"waitFor\": " + waitFor
                    + ", \"timeout\": 15000}");
            assertEquals(400, a.status(), a.body());
            assertFalse(a.json().path("success").asBoolean());
            assertEquals("Bad Request", a.json().path("error").asText());
            assertTrue(a.json().path("details").toString().contains("waitFor must not exceed half of timeout"),
                    a.body());
        }
        Http.Answer unknown = http.post("/v2/scrape", "{\"url\": \"" + url + "\", \"formatz\": []}");
        assertEquals("Bad Request", unknown.json().path("error").asText());
        assertEquals("unknown field 'formatz'", unknown.json().path("details").get(0).path("message").asText());
        Http.Answer parsers = http.post("/v2/scrape", "{\"url\": \"" + url + "\", \"parsers\": {\"pdf\": true}}");
        assertEquals(400, parsers.status());
        assertEquals("Bad Request", parsers.json().path("error").asText());
    }

    @Test
    void aMapKeepsTheQueryParametersOfItsSitemapsUrlsAndTakesUseMock() throws Exception {
        int port = TestSite.freePort();
        String base = "http://127.0.0.1:" + port;
        StringBuilder sitemap = new StringBuilder("<?xml version=\"1.0\"?><urlset xmlns=\"http://www.sitemaps.org/"
                + "schemas/sitemap/0.9\"><url><loc>" + base + "/about</loc></url>");
        for (int i = 1; i <= 3; i++) {
            sitemap.append("<url><loc>").append(base).append("/results/?options=").append(i).append("</loc></url>");
        }
        TestSite site = TestSite.builder().port(port).page("/", "<html><body><a href=/about>About</a></body></html>")
                .resource("/sitemap.xml", "application/xml", sitemap.append("</urlset>").toString()
                        .getBytes(StandardCharsets.UTF_8))
                .robots("User-agent: *\nAllow: /\n").start();
        running.add(site);
        Http http = serve();
        // as Firecrawl's map.test.ts "handles query parameters correctly" asks, its useMock accepted and ignored
        Http.Answer kept = http.post("/v2/map", "{\"url\": \"" + base + "/\", \"sitemap\": \"only\", "
                + "\"useMock\": \"map-query-params\", \"ignoreQueryParameters\": false}");
        assertEquals(200, kept.status(), kept.body());
        Set<String> urls = new HashSet<>();
        kept.json().path("links").forEach(l -> urls.add(l.path("url").asText()));
        for (int i = 1; i <= 3; i++) assertTrue(urls.contains(base + "/results/?options=" + i), kept.body());
        Http.Answer merged = http.post("/v2/map", "{\"url\": \"" + base + "/\", \"sitemap\": \"only\", "
                + "\"ignoreQueryParameters\": true}");
        assertEquals(200, merged.status(), merged.body());
        assertFalse(merged.body().contains("options="), merged.body());
    }

    @Test
    void ongoingAndActiveListRunningCrawlsWithWhenTheyWereCreated() throws Exception {
        TestSite site = TestSite.builder().generated(TestSite.crossLinkedGenerator(400, 3,
                java.time.Duration.ofMillis(100))).start();
        running.add(site);
        Http http = serve();
        String id = http.post("/v2/crawl", "{\"url\": \"" + site.url("/p0") + "\", \"limit\": 400, \"sitemap\": "
                + "\"skip\", \"crawlEntireDomain\": true}").json().path("id").asText();
        for (String path : List.of("/v2/crawl/ongoing", "/v2/crawl/active")) {
            Http.Answer a = http.get(path);
            assertEquals(200, a.status(), a.body());
            JsonNode crawl = a.json().path("crawls").get(0);
            assertEquals(id, crawl.path("id").asText(), a.body());
            assertTrue(crawl.path("created_at").asText().matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z"),
                    a.body());
        }
        http.delete("/v2/crawl/" + id);
        http.finished("/v2/crawl/" + id, 60);
        assertTrue(http.get("/v2/crawl/ongoing").json().path("crawls").isEmpty());
    }

    @Test
    void firecrawlsOwnFieldsAndHarmlessDefaultsAreAcceptedAndWhatAsksForMoreRefused() throws Exception {
        TestSite site = site();
        Http http = serve();
        String url = site.url("/p1");
        for (String field : List.of("\"__experimental_omce\": true", "\"__experimental_omceDomain\": \"x.com\"",
                "\"useMock\": \"mock-1\"", "\"__searchPreviewToken\": \"t\"", "\"includeTags\": []",
                "\"excludeTags\": []", "\"actions\": []", "\"location\": {\"country\": \"US-generic\"}",
                "\"location\": {}", "\"jsonOptions\": {}", "\"mobile\": false", "\"blockAds\": false")) {
            Http.Answer a = http.post("/v2/scrape", "{\"url\": \"" + url + "\", " + field + "}");
            assertEquals(200, a.status(), field + ": " + a.body());
        }
        for (String field : List.of("\"includeTags\": [\"main\"]", "\"actions\": [{\"type\": \"wait\"}]",
                "\"location\": {\"country\": \"DE\"}")) {
            Http.Answer a = http.post("/v2/scrape", "{\"url\": \"" + url + "\", " + field + "}");
            assertEquals(400, a.status(), field + ": " + a.body());
            assertTrue(a.json().path("details").toString().contains("not supported"), a.body());
        }
    }

    @Test
    void skipTlsVerificationIsHonouredPerRequest() throws Exception {
        HttpsServer https = selfSigned();
        running.add(() -> https.stop(0));
        Http http = serve();
        String url = "https://127.0.0.1:" + https.getAddress().getPort() + "/";
        Http.Answer byDefault = http.post("/v2/scrape", "{\"url\": \"" + url + "\"}");
        assertEquals(200, byDefault.status(), byDefault.body());
        assertTrue(byDefault.json().path("data").path("markdown").asText().contains("Over TLS"), byDefault.body());
        Http.Answer checked = http.post("/v2/scrape", "{\"url\": \"" + url + "\", \"skipTlsVerification\": false}");
        // as Firecrawl answers a scrape its site failed: 500, with its code, and loomcrawl's line in error
        assertEquals(500, checked.status(), checked.body());
        assertFalse(checked.json().path("success").asBoolean(true), checked.body());
        assertEquals("SCRAPE_SSL_ERROR", checked.json().path("code").asText(), checked.body());
        assertTrue(checked.json().path("error").asText().startsWith("fetching " + url + " failed"), checked.body());
        Http.Answer refused = http.post("/v2/scrape", "{\"url\": \"http://127.0.0.1:" + TestSite.freePort()
                + "/\"}");
        assertEquals(500, refused.status(), refused.body());
        assertEquals("SCRAPE_SITE_ERROR", refused.json().path("code").asText(), refused.body());
        assertEquals(200, http.post("/v2/scrape", "{\"url\": \"" + url + "\", \"skipTlsVerification\": true}")
                .status());
    }

    @Test
    void sourceUrlIsTheUrlAskedForThroughARedirect() throws Exception {
        TestSite site = site();
        Http http = serve();
        JsonNode meta = http.post("/v2/scrape", "{\"url\": \"" + site.url("/older") + "\"}").json()
                .path("data").path("metadata");
        assertEquals(site.url("/older"), meta.path("sourceURL").asText());
        assertEquals(site.url("/p3"), meta.path("url").asText());

        String id = http.post("/v2/batch/scrape", "{\"urls\": [\"" + site.url("/old") + "\", \"" + site.url("/p7")
                + "\", \"" + site.url("/hop1") + "\"]}").json().path("id").asText();
        List<String> sources = new ArrayList<>();
        for (JsonNode d : documents(http, "batch/scrape", id)) sources.add(d.path("metadata").path("sourceURL").asText());
        assertEquals(3, sources.size(), sources.toString());
        assertEquals(Set.of(site.url("/old"), site.url("/p7"), site.url("/hop1")), Set.copyOf(sources),
                sources.toString());
    }

    @Test
    void aScrapesLinksLeaveOutStylesheetsAndScripts() throws Exception {
        TestSite site = site();
        Http http = serve();
        JsonNode links = http.post("/v2/scrape", "{\"url\": \"" + site.url("/") + "\", \"formats\": [\"links\"]}")
                .json().path("data").path("links");
        assertEquals(22, links.size(), links.toString()); // the 20 pages, and the image and photo its <a> links name
        assertFalse(links.toString().contains(".css") || links.toString().contains(".js"), links.toString());
    }

    /** An HTTPS server on 127.0.0.1 with a certificate keytool made and nobody signed. */
    private HttpsServer selfSigned() throws Exception {
        Path store = dir.resolve("tls.p12");
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        Process p = new ProcessBuilder(keytool, "-genkeypair", "-alias", "s", "-keyalg", "EC", "-validity", "2",
                "-dname", "CN=localhost", "-ext", "SAN=ip:127.0.0.1", "-storetype", "PKCS12", "-keystore",
                store.toString(), "-storepass", "secret123", "-keypass", "secret123").redirectErrorStream(true).start();
        assertEquals(0, p.waitFor(), new String(p.getInputStream().readAllBytes()));
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, "secret123".toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, "secret123".toCharArray());
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(kmf.getKeyManagers(), null, null);
        HttpsServer s = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
        s.setHttpsConfigurator(new HttpsConfigurator(tls));
        s.createContext("/", x -> {
            byte[] body = "<html><body><main><h1>Over TLS</h1><p>A page on a self-signed certificate.</p></main>"
                    .getBytes(StandardCharsets.UTF_8);
            x.getResponseHeaders().set("Content-Type", "text/html");
            x.sendResponseHeaders(200, body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        s.start();
        return s;
    }
}
