package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A native crawl reaches only the addresses the operator allowed, whatever settings it gives: a proxy, a pinned
 * address, a login page or a remapped link naming another is refused in one line, as a root naming it is, before
 * anything is fetched (a real serve on 127.0.0.1 that allows one test site, and a second site standing for what
 * must not be reached).
 */
class NativeGuardTest {
    @TempDir
    Path dir;
    @RegisterExtension
    final Running running = new Running();

    private Http serve(List<String> allowOrigins) throws Exception {
        return Http.of(running.serve(dir.resolve("data"), Set.of(), false, allowOrigins, 10, 1, 1, 4));
    }

    private TestSite site(String body) {
        TestSite site = TestSite.builder().page("/", body).start();
        running.add(site);
        return site;
    }

    private static void refused(Http http, int status, String body, String says) {
        Http.Answer a = http.post("/v1/crawls", body);
        assertEquals(status, a.status(), body + ": " + a.body());
        String error = a.json().path("error").asText();
        assertTrue(error.contains(says), error);
        assertFalse(error.contains("\n") || error.contains("\tat "), error);
    }

    @Test
    void aProxyTheGuardRefusesIsRefusedAsARootIsAndNothingReachesIt() throws Exception {
        TestSite site = site("<p>allowed</p>");
        TestSite redis = site("<p>stands for 127.0.0.1:6379</p>");
        Http http = serve(List.of("127.0.0.1:" + site.port()));
        String root = "{\"root\": [\"" + site.url("/") + "\"], \"ignore-robots\": true, \"proxy\": [\"";
        for (String proxy : List.of("http://127.0.0.1:" + redis.port(), "http://localhost:" + redis.port(),
                "socks5://[::1]:" + redis.port(), "http://[::ffff:127.0.0.1]:" + redis.port(),
                "https://169.254.169.254:443", "http://10.0.0.1:3128")) {
            refused(http, 403, root + proxy + "\"]}", "setting 'proxy': ");
            refused(http, 403, root + proxy + "\"]}", "this server was not started with --allow-private");
        }
        refused(http, 403, root + "http://no-such-proxy.invalid:3128\"]}", "does not resolve");
        // a user without a password would take the server's LOOMCRAWL_PROXY_PASSWORD to the request's proxy
        refused(http, 400, root + "http://me@127.0.0.1:" + site.port() + "\"]}",
                "setting 'proxy': a proxy's user is not taken by the native API");
        assertEquals(0, redis.arrivals(), "nothing reached the address the operator did not allow");
        assertEquals(0, site.arrivals());
        assertEquals(0, http.get("/v1/crawls").json().path("crawls").size(), "no job was made");
    }

    @Test
    void pinsNamingAddressesTheGuardRefusesAreRefused() throws Exception {
        TestSite site = site("<p>allowed</p>");
        TestSite other = site("<p>another port of this machine</p>");
        // the operator allows a name: wherever it resolves, not wherever a request pins it
        Http http = serve(List.of("127.0.0.1:" + site.port(), "wiki.test:" + other.port()));
        String wiki = "http://wiki.test:" + other.port() + "/";
        refused(http, 403, "{\"root\": [\"" + wiki + "\"], \"resolve\": [\"wiki.test:" + other.port()
                + ":127.0.0.1\"]}", "setting 'resolve': 127.0.0.1 is a loopback address; this server was not "
                + "started with --allow-private");
        refused(http, 403, "{\"root\": [\"" + site.url("/") + "\"], \"resolve\": [\"example.com:80:10.1.2.3\"]}",
                "setting 'resolve': 10.1.2.3 is a private address");
        // a native job does not log in: its login page is never fetched
        refused(http, 400, "{\"root\": [\"" + site.url("/") + "\"], \"login\": \"http://127.0.0.1:" + other.port()
                + "/login\"}", "setting 'login' is not taken by the native API: a job does not log in");
        // a remap's target is never fetched by a native job: the link check's settings are refused (400)
        refused(http, 400, "{\"root\": [\"" + site.url("/") + "\"], \"check-links\": true, \"remap\": [\""
                + "https://example.com/ http://169.254.169.254/\"]}", "setting 'check-links' is not taken");
        assertEquals(0, other.arrivals(), "nothing reached the address the operator did not allow");
        // a pin to a public address is a request's own business, as a DNS answer would be
        Http.Answer pinned = http.post("/v1/crawls", "{\"root\": [\"" + site.url("/") + "\"], \"max-pages\": 1, "
                + "\"resolve\": [\"example.com:80:93.184.215.14\"]}");
        assertEquals(201, pinned.status(), pinned.body());
        JsonNode status = http.get("/v1/crawls/" + pinned.json().path("id").asText()).json();
        assertTrue(status.toString().contains("93.184.215.14"), status.toString());
    }

    @Test
    void aProxyTheOperatorAllowedIsTakenItsNamePinnedToTheAddressChecked() throws Exception {
        // the allowed site is its own "proxy": it answers the absolute-form request with its page. As the job runs,
        // the proxy's name is resolved and judged again, and the fetcher connects to that address only
        TestSite site = site("<p>allowed</p>");
        Http http = serve(List.of("127.0.0.1:" + site.port(), "localhost:" + site.port()));
        Http.Answer a = http.post("/v1/crawls", "{\"root\": [\"" + site.url("/") + "\"], \"ignore-robots\": true, "
                + "\"max-pages\": 1, \"proxy\": [\"http://localhost:" + site.port() + "\"]}");
        assertEquals(201, a.status(), a.body());
        JsonNode done = finished(http, a.json().path("id").asText());
        assertEquals("completed", done.path("state").asText(), done.toString());
        assertEquals(1, done.at("/counts/ok").asLong(), done.toString());
    }

    private static JsonNode finished(Http http, String id) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (true) {
            JsonNode s = http.get("/v1/crawls/" + id).json();
            if (!s.path("state").asText().equals("scraping")) return s;
            if (System.nanoTime() > deadline) throw new AssertionError("still scraping: " + s);
            Thread.sleep(100);
        }
    }
}
