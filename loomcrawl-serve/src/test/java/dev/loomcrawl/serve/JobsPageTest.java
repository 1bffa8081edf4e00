package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The jobs page ({@code GET /}) in a real headless Chromium, against a real serve and a real site on 127.0.0.1. */
class JobsPageTest {
    @TempDir
    Path dir;
    @RegisterExtension
    final Running running = new Running();

    private Serve serve(Set<String> keys) throws Exception {
        return running.serve(dir.resolve("data"), keys, true, List.of(), 1000, 2, 4, 4);
    }

    @Test
    void aCrawlStartedFromTheFormShowsProgressAndEndsWithLinksToItsResults() throws Exception {
        Assumptions.assumeTrue(Browser.available(), "needs " + Browser.CHROMIUM);
        // slow pages, so that the page shows the job while it runs
        TestSite site = TestSite.builder().generated(TestSite.crossLinkedGenerator(40, 3, Duration.ofMillis(150)))
                .start();
        running.add(site);
        Serve serve = serve(Set.of("key-1"));
        Browser browser = Browser.start(dir);
        running.add(browser);
        String page = "http://127.0.0.1:" + serve.port() + "/";
        browser.go(page);
        browser.await("document.getElementById('list-message').textContent.includes('API key')", 30);

        browser.eval("document.getElementById('key').value = 'key-1'; "
                + "document.getElementById('url').value = '" + site.url("/p0") + "'; "
                + "document.getElementById('limit').value = '30'; "
                + "document.getElementById('scope').value = 'host'; "
                + "document.querySelector('#start button').click(); true");
        browser.await("document.getElementById('message').textContent.startsWith('Started job')", 30);
        String id = browser.eval("document.getElementById('message').textContent").asText()
                .replace("Started job ", "").replace(".", "");
        // progress while it runs: a row of its own, scraping, with a progress bar
        browser.await("!!document.querySelector('#jobs tr[data-id=\"" + id + "\"][data-status=scraping] progress')",
                30);
        browser.await("document.querySelector('#jobs tr[data-id=\"" + id + "\"]').dataset.status === 'completed'",
                90);
        JsonNode row = browser.eval("(() => { const r = document.querySelector('#jobs tr[data-id=\"" + id + "\"]');"
                + " return {url: r.querySelector('.url').textContent, pages: r.querySelector('.pages').textContent,"
                + " results: r.querySelector('.links a').href}; })()");
        assertEquals(site.url("/p0"), row.path("url").asText());
        String results = row.path("results").asText();
        assertEquals("http://127.0.0.1:" + serve.port() + "/v2/crawl/" + id, results);

        // the link's results, as the operator opens them (with the key)
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(results))
                .header("Authorization", "Bearer key-1").build(), HttpResponse.BodyHandlers.ofString());
        JsonNode status = Json.read(r.body().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals("completed", status.path("status").asText(), r.body());
        assertEquals(status.path("completed").asText(), row.path("pages").asText().strip(), row.toString());
        assertTrue(status.path("completed").asInt() >= 25, status.toString());
        assertTrue(browser.texts("#jobs td.url").contains(site.url("/p0")));
    }

    /**
     * A job of the native API: the page shows the pages it recorded (not "0 pages": it writes records, not
     * documents), every link of its row answers 200, and a running job's Cancel button cancels it.
     */
    @Test
    void aNativeJobShowsItsTruePageCountWorkingLinksAndACancelButton() throws Exception {
        Assumptions.assumeTrue(Browser.available(), "needs " + Browser.CHROMIUM);
        TestSite site = TestSite.builder().generated(TestSite.crossLinkedGenerator(20, 3)).start();
        running.add(site);
        TestSite slow = TestSite.builder().generated(TestSite.crossLinkedGenerator(400, 3, Duration.ofMillis(300)))
                .start();
        running.add(slow);
        Serve serve = serve(Set.of());
        Http http = Http.of(serve);
        String done = http.post("/v1/crawls", "{\"root\": [\"" + site.url("/p0") + "\"]}").json().path("id").asText();
        JsonNode finished = ended(http, done);
        long recorded = finished.path("ledger").path("recorded").asLong();
        assertTrue(recorded >= 20, finished.toString());
        String running = http.post("/v1/crawls", "{\"root\": [\"" + slow.url("/p0") + "\"], \"per-host\": 1}").json()
                .path("id").asText();

        Browser browser = Browser.start(dir);
        this.running.add(browser);
        String base = "http://127.0.0.1:" + serve.port();
        browser.go(base + "/");
        String row = "document.querySelector('#jobs tr[data-id=\"" + done + "\"]')";
        browser.await("!!" + row, 30);
        assertEquals(Long.toString(recorded), browser.eval(row + ".querySelector('.pages').textContent").asText()
                .strip());
        JsonNode hrefs = browser.eval("Array.from(" + row + ".querySelectorAll('.links a')).map(a => a.href)");
        assertTrue(hrefs.size() >= 1, hrefs.toString());
        for (JsonNode href : hrefs) {
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                    href.asText())).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode(), href + ": " + r.body());
        }
        assertFalse(browser.eval("!!" + row + ".querySelector('button.cancel')").asBoolean(), "a finished job's");

        String other = "document.querySelector('#jobs tr[data-id=\"" + running + "\"]')";
        browser.await("!!" + other + " && !!" + other + ".querySelector('button.cancel')", 30);
        browser.eval(other + ".querySelector('button.cancel').click(); true");
        browser.await("document.getElementById('message').textContent === 'Cancelled job " + running + ".'", 30);
        JsonNode cancelled = ended(http, running);
        assertEquals("cancelled", cancelled.path("state").asText(), cancelled.toString());
        browser.await(other + ".dataset.status === 'cancelled' && !" + other + ".querySelector('button.cancel')", 30);
    }

    /** A native job's status once it has ended (its state neither queued nor scraping), within 60 s. */
    private static JsonNode ended(Http http, String id) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            JsonNode s = http.get("/v1/crawls/" + id).json();
            if (!List.of("queued", "scraping").contains(s.path("state").asText())) return s;
            if (System.nanoTime() > deadline) throw new AssertionError("not ended after 60 s: " + s);
            Thread.sleep(100);
        }
    }

    @Test
    void aQuestionTypedInTheFormIsTheCrawlsFocus() throws Exception {
        Assumptions.assumeTrue(Browser.available(), "needs " + Browser.CHROMIUM);
        TestSite site = TestSite.builder().generated(TestSite.crossLinkedGenerator(40, 3, Duration.ofMillis(150)))
                .start(); // slow pages: the job is still active when it is looked at
        running.add(site);
        Serve serve = serve(Set.of("key-1"));
        Browser browser = Browser.start(dir);
        running.add(browser);
        browser.go("http://127.0.0.1:" + serve.port() + "/");
        browser.await("document.getElementById('list-message').textContent.includes('API key')", 30);
        browser.eval("document.getElementById('key').value = 'key-1'; "
                + "document.getElementById('url').value = '" + site.url("/p0") + "'; "
                + "document.getElementById('limit').value = '30'; "
                + "document.getElementById('focus').value = 'what are the pricing plans'; "
                + "document.querySelector('#start button').click(); true");
        browser.await("document.getElementById('message').textContent.startsWith('Started job')", 30);
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                "http://127.0.0.1:" + serve.port() + "/v2/crawl/active")).header("Authorization", "Bearer key-1")
                .build(), HttpResponse.BodyHandlers.ofString());
        assertTrue(r.body().contains("\"focus\":\"what are the pricing plans\""), r.body());
    }

    @Test
    void aJobsUrlIsShownAsTextNeverAsMarkup() throws Exception {
        Assumptions.assumeTrue(Browser.available(), "needs " + Browser.CHROMIUM);
        TestSite site = TestSite.builder().page("/", "<p>x</p>").start();
        running.add(site);
        Serve serve = serve(Set.of());
        Http http = Http.of(serve);
        String hostile = site.url("/?q=<img src=x onerror=\"document.title='pwned'\">");
        Http.Answer a = http.post("/v2/crawl", "{\"url\": " + Json.MAPPER.writeValueAsString(hostile) + "}");
        assertEquals(200, a.status(), a.body());
        Browser browser = Browser.start(dir);
        running.add(browser);
        browser.go("http://127.0.0.1:" + serve.port() + "/");
        browser.await("document.querySelectorAll('#jobs tbody tr').length === 1", 30);
        assertFalse(browser.eval("!!document.querySelector('#jobs img')").asBoolean(), "no markup from a job");
        assertEquals("loomcrawl serve: jobs", browser.eval("document.title").asText());
        assertTrue(browser.eval("document.querySelector('#jobs td.url').textContent").asText().contains("img"));
    }

    @Test
    void thePageIsServedWithItsPolicyAndForeignRequestsAreRefused() throws Exception {
        Serve serve = serve(Set.of());
        HttpClient client = HttpClient.newHttpClient();
        String base = "http://127.0.0.1:" + serve.port();
        for (String path : List.of("/", "/jobs.js", "/jobs.css")) {
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(base + path)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode(), path);
            assertTrue(r.headers().firstValue("Content-Security-Policy").orElse("").contains("script-src 'self'"));
            assertEquals("nosniff", r.headers().firstValue("X-Content-Type-Options").orElse(""));
        }
        assertFalse(client.send(HttpRequest.newBuilder(URI.create(base + "/")).build(),
                HttpResponse.BodyHandlers.ofString()).body().contains("<script>"), "no inline script");
        // a form of another site (text/plain) cannot start a job
        HttpResponse<String> form = client.send(HttpRequest.newBuilder(URI.create(base + "/v2/crawl"))
                .header("Content-Type", "text/plain").POST(HttpRequest.BodyPublishers.ofString(
                        "{\"url\": \"http://example.com/\", \"x\": \"=\"}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(415, form.statusCode(), form.body());
        // a page of another site whose name was made to resolve to 127.0.0.1 (DNS rebinding)
        String rebound = raw(serve.port(), "attacker.example:" + serve.port());
        assertTrue(rebound.startsWith("HTTP/1.1 403"), rebound);
        assertTrue(rebound.contains("attacker.example"), rebound);
        for (String host : List.of("localhost:" + serve.port(), "127.0.0.1:" + serve.port(), "[::1]:1",
                "LOCALHOST")) {
            String ok = raw(serve.port(), host);
            assertTrue(ok.startsWith("HTTP/1.1 200"), host + ": " + ok);
        }
    }

    /** GET /v1/jobs with {@code host} as its Host header, over a socket (the JDK's client sets Host itself). */
    private static String raw(int port, String host) throws Exception {
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("GET /v1/jobs HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            return new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }
}
