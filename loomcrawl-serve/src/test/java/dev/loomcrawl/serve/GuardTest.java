package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static dev.loomcrawl.serve.ServeApiTest.assertError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Jobs reach public addresses only, unless the server says otherwise: a request's own URL naming a non-public
 * address in any spelling is refused before anything is fetched, and a redirect or link to one is refused by the
 * fetcher's guard, which checks the address it would connect to.
 */
class GuardTest {
    @TempDir
    Path dir;
    @RegisterExtension
    final Running running = new Running();

    private Http serve(List<String> allowOrigins) throws Exception {
        return Http.of(running.serve(dir.resolve("data"), Set.of(), false, allowOrigins, 10, 1, 1, 4));
    }

    @Test
    void urlsNamingNonPublicAddressesAreRefusedInEverySpelling() throws Exception {
        TestSite site = TestSite.builder().page("/", "<p>local</p>").start();
        running.add(site);
        Http http = serve(List.of());
        int port = site.port();
        for (String url : List.of("http://127.0.0.1:" + port + "/", "http://localhost:" + port + "/",
                "http://LOCALHOST./", "http://app.localhost/", "http://[::1]:" + port + "/",
                "http://[::ffff:127.0.0.1]:" + port + "/", "http://[::ffff:7f00:1]/", "http://[64:ff9b::7f00:1]/",
                "http://[64:ff9b::a9fe:a9fe]/", "http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/",
                "http://192.168.1.1/", "http://[fd00::1]/", "http://[fe80::1]/", "http://0.0.0.0/",
                "http://2130706433/", "http://0x7f.1/", "http://100.64.0.1/")) {
            for (String path : List.of("/v2/scrape", "/v2/crawl", "/v2/map")) {
                Http.Answer a = http.post(path, "{\"url\": \"" + url + "\"}");
                assertEquals(403, a.status(), path + " " + url + ": " + a.body());
                assertTrue(a.json().path("error").asText().contains("not started with --allow-private"), a.body());
            }
            assertEquals(403, http.post("/v2/batch/scrape", "{\"urls\": [\"" + url + "\"]}").status(), url);
        }
        assertEquals(0, site.arrivals(), "nothing was fetched");
        // a request cannot lift the guard: the setting is not a Firecrawl field, so it is an unknown one
        assertError(http.post("/v2/scrape", "{\"url\": \"" + site.url("/") + "\", \"allow-private\": true}"), 400,
                "unknown field 'allow-private'");
    }

    @Test
    void aRedirectToTheMetadataAddressIsRefusedNotFetched() throws Exception {
        TestSite other = TestSite.builder().page("/", "<p>another port of this machine</p>").start();
        running.add(other);
        TestSite site = TestSite.builder()
                .redirect("/metadata", 302, "http://169.254.169.254/latest/meta-data/")
                .redirect("/mapped", 302, "http://[::ffff:a9fe:a9fe]/latest/meta-data/")
                .redirect("/nat64", 302, "http://[64:ff9b::a9fe:a9fe]/latest/meta-data/")
                .redirect("/other", 302, other.url("/"))
                .page("/", "<a href=/metadata>m</a><a href=/other>o</a><a href='" + other.url("/") + "'>x</a>")
                .start();
        running.add(site);
        // the operator lets jobs reach this one test site, and nothing else that is not public
        Http http = serve(List.of("127.0.0.1:" + site.port()));
        for (String path : List.of("/metadata", "/mapped", "/nat64")) {
            Http.Answer a = http.post("/v2/scrape", "{\"url\": \"" + site.url(path) + "\"}");
            assertEquals(403, a.status(), a.body());
            assertTrue(a.json().path("error").asText().contains("link-local address; this server was not started"),
                    a.body());
        }
        Http.Answer o = http.post("/v2/scrape", "{\"url\": \"" + site.url("/other") + "\"}");
        assertEquals(403, o.status(), o.body());
        assertEquals("fetching " + other.url("/") + " was refused: the address of "
                + "127.0.0.1 is not allowed: 127.0.0.1 is a loopback address; pass --allow-private to crawl it",
                o.json().path("error").asText(), o.body()); // in words: no class name, robots.txt not blamed
        // a crawl's links and redirects are held to it too: they end as errors, unfetched
        String id = http.post("/v2/crawl", "{\"url\": \"" + site.url("/") + "\", \"crawlEntireDomain\": true}").json()
                .path("id").asText();
        JsonNode done = http.finished("/v2/crawl/" + id, 60);
        assertEquals("completed", done.path("status").asText(), done.toString());
        JsonNode errors = http.get("/v2/crawl/" + id + "/errors").json().path("errors");
        assertTrue(errors.toString().contains("blocked") && errors.toString().contains(other.url("/")),
                errors.toString());
        assertTrue(errors.toString().contains("is a loopback address"), errors.toString());
        assertEquals(0, other.arrivals(), "another port of this machine was not reached");
    }
}
