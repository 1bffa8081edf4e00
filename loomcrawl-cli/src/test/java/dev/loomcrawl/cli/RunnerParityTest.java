package dev.loomcrawl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.testkit.ProxyServer;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The same crawl through every front end that can express it (the command line, the native API, a Firecrawl crawl
 * job, MCP's crawl tool, each a real process), with the outcomes compared; what a front end cannot express is
 * refused in words, never ignored.
 * <ul>
 *   <li>Cookies with a state, through a proxy: the site's pages need the cookie its home page sets. Each crawl is
 *   stopped halfway (the command line killed, serve stopped) and goes on from its state; a crawl that lost its
 *   cookie jar on the way gets 403s for the rest. The command line and the native API go through a real tinyproxy;
 *   Firecrawl and MCP refuse a proxy address, and every front end but the command line refuses a login.</li>
 *   <li>Link checking with a dead host: {@code check} and MCP's {@code check_links} find the same broken links (the
 *   native API refuses {@code check-links}; {@code crawl} has no such option: {@code check} is the command).</li>
 * </ul>
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class RunnerParityTest {
    private static final int PAGES = 12;
    @TempDir
    Path dir;

    /**
     * A home page that sets a cookie and links to {@code PAGES} pages, each of which answers 403 without the
     * cookie; each page takes {@code slow} to answer, so that a crawl can be stopped halfway. Its requests that
     * came through a proxy carry a {@code Via} header.
     */
    private static TestSite cookieSite(Duration slow, int deadPort) {
        StringBuilder home = new StringBuilder("<html><head><title>Home</title></head><body>");
        for (int i = 1; i <= PAGES; i++) home.append("<a href=/p").append(i).append(">Page ").append(i).append("</a> ");
        home.append("<a href=http://127.0.0.1:").append(deadPort).append("/gone>Gone</a></body></html>");
        TestSite.Builder b = TestSite.builder().route("/", new Route.Respond(200, Map.of("Content-Type",
                "text/html; charset=utf-8", "Set-Cookie", "visit=ok; Path=/"), home.toString()
                .getBytes(StandardCharsets.UTF_8)));
        for (int i = 1; i <= PAGES; i++) {
            String page = "<html><head><title>Page " + i + "</title></head><body><p>Page " + i
                    + " of the site, for visitors with the cookie.</p><a href=/>Home</a></body></html>";
            b.route("/p" + i, new Route.Delay(slow, new Route.Dynamic(r -> {
                String cookie = r.header("Cookie");
                return cookie != null && cookie.contains("visit=ok") ? Route.Respond.html(page)
                        : new Route.Respond(403, Map.of("Content-Type", "text/plain"), "no cookie".getBytes());
            })));
        }
        return b.start();
    }

    /** The site's pages that answered 200, by path. */
    private static Set<String> expected() {
        Set<String> all = new TreeSet<>(List.of("/"));
        for (int i = 1; i <= PAGES; i++) all.add("/p" + i);
        return all;
    }

    private static String path(String url) {
        return url.substring(url.indexOf('/', 8));
    }

    @Test
    void cookiesWithAStateThroughAProxyStoppedAndResumedGiveTheSamePagesEverywhere() throws Exception {
        int dead = TestSite.closedPort();
        Duration slow = Duration.ofMillis(600);
        try (ProxyServer proxy = ProxyServer.tinyproxy(dir.resolve("proxy"), null, null);
             TestSite cliSite = cookieSite(slow, dead); TestSite nativeSite = cookieSite(slow, dead);
             TestSite firecrawlSite = cookieSite(slow, dead); TestSite mcpSite = cookieSite(slow, dead)) {
            String proxyUrl = "http://127.0.0.1:" + proxy.port();

            // the command line: killed after a few pages, then resumed from its state file
            Path state = dir.resolve("crawl.db");
            Path records = dir.resolve("records.jsonl");
            LoomcrawlProcess first = LoomcrawlProcess.start(dir, "crawl", "--no-progress", "--state", state.toString(),
                    "--output", records.toString(), "--proxy", proxyUrl, "--per-host", "2", "--allow-private",
                    cliSite.url("/"));
            awaitTrue(() -> lines(records) >= 3, Duration.ofSeconds(60), () -> first.stderr());
            first.process().destroyForcibly();
            first.process().waitFor(30, TimeUnit.SECONDS);
            assertTrue(lines(records) < PAGES + 1, "stopped halfway: " + lines(records));
            CrawlCommandTest.Run resumed = CrawlCommandTest.run("resume", "--no-progress", state.toString());
            assertTrue(resumed.exit() == 0, resumed.err());
            Set<String> cli = new TreeSet<>();
            for (String line : Files.readAllLines(records)) {
                JsonNode r = ServeProcess.JSON.readTree(line);
                if (r.path("status").asInt() == 200) cli.add(path(r.path("url").asText()));
            }
            assertEquals(expected(), cli, "the command line");

            // the service: a native job, a Firecrawl job and an MCP crawl, stopped with the server and resumed
            Path data = dir.resolve("data");
            int port = TestSite.freePort();
            ServeProcess serve = ServeProcess.start(dir, port, "--data", data.toString(), "--allow-private",
                    "--max-jobs", "4");
            String nativeId = serve.createNative("{\"root\": [\"" + nativeSite.url("/") + "\"], \"proxy\": [\""
                    + proxyUrl + "\"], \"per-host\": 2, \"output\": \"records.jsonl\"}");
            HttpResponse<String> fc = serve.answerPost("/v2/crawl", "{\"url\": \"" + firecrawlSite.url("/")
                    + "\", \"limit\": 50, \"maxConcurrency\": 2}");
            assertEquals(200, fc.statusCode(), fc.body());
            String firecrawlId = ServeProcess.JSON.readTree(fc.body()).path("id").asText();
            McpSession mcp = McpSession.open(port);
            JsonNode started = mcp.call("crawl", "{\"url\": \"" + mcpSite.url("/") + "\"}");
            assertFalse(started.path("isError").asBoolean(), started.toString());
            String mcpId = started.at("/structuredContent/id").asText();
            refusals(serve, mcp, proxyUrl, nativeSite);
            awaitTrue(() -> pagesDone(nativeSite) >= 3 && pagesDone(firecrawlSite) >= 3 && pagesDone(mcpSite) >= 3,
                    Duration.ofSeconds(60), () -> serve.process().stderr());
            serve.stop();
            assertTrue(pagesDone(nativeSite) < PAGES && pagesDone(firecrawlSite) < PAGES
                    && pagesDone(mcpSite) < PAGES, "stopped halfway");

            ServeProcess again = ServeProcess.start(dir, port, "--data", data.toString(), "--allow-private",
                    "--max-jobs", "4");
            try {
                JsonNode n = again.waitForNative(nativeId, Duration.ofSeconds(120));
                assertEquals("completed", n.path("state").asText(), n.toString());
                HttpResponse<String> served = ServeProcess.answer(java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create(again.base() + "/v1/crawls/" + nativeId + "/files/records.jsonl")));
                assertEquals(200, served.statusCode(), served.body());
                Set<String> nat = new TreeSet<>();
                for (String line : served.body().lines().toList()) {
                    JsonNode r = ServeProcess.JSON.readTree(line);
                    if (r.path("status").asInt() == 200) nat.add(path(r.path("url").asText()));
                }
                assertEquals(expected(), nat, "the native API");

                JsonNode f = again.waitForEnd(firecrawlId, Duration.ofSeconds(120));
                assertEquals("completed", f.path("status").asText(), f.toString());
                assertEquals(expected(), firecrawlPages(again, firecrawlId), "a Firecrawl job");

                JsonNode m = again.waitForEnd(mcpId, Duration.ofSeconds(120));
                assertEquals("completed", m.path("status").asText(), m.toString());
                assertEquals(expected(), firecrawlPages(again, mcpId), "an MCP crawl");
            } finally {
                again.stop();
            }
            // through the proxy where it was named, and only there
            assertTrue(cliSite.requests().stream().allMatch(r -> r.header("Via") != null), "the command line");
            assertTrue(nativeSite.requests().stream().allMatch(r -> r.header("Via") != null), "the native API");
            assertTrue(firecrawlSite.requests().stream().noneMatch(r -> r.header("Via") != null));
            assertTrue(mcpSite.requests().stream().noneMatch(r -> r.header("Via") != null));
        }
    }

    /** What a front end cannot express is refused in words: a login, a proxy address, link checking. */
    private static void refusals(ServeProcess serve, McpSession mcp, String proxyUrl, TestSite site)
            throws Exception {
        String root = site.url("/");
        HttpResponse<String> login = serve.answerPost("/v1/crawls", "{\"root\": [\"" + root + "\"], \"login\": \""
                + site.url("/login") + "\", \"form\": [\"user=alice\"]}");
        assertEquals(400, login.statusCode(), login.body());
        assertTrue(login.body().contains("login"), login.body());
        HttpResponse<String> check = serve.answerPost("/v1/crawls", "{\"root\": [\"" + root
                + "\"], \"check-links\": true}");
        assertEquals(400, check.statusCode(), check.body());
        assertTrue(check.body().contains("check-links"), check.body());
        HttpResponse<String> fcProxy = serve.answerPost("/v2/crawl", "{\"url\": \"" + root
                + "\", \"scrapeOptions\": {\"proxy\": \"" + proxyUrl + "\"}}");
        assertEquals(400, fcProxy.statusCode(), fcProxy.body());
        assertTrue(fcProxy.body().contains("proxy"), fcProxy.body());
        HttpResponse<String> fcLogin = serve.answerPost("/v2/crawl", "{\"url\": \"" + root
                + "\", \"login\": \"" + site.url("/login") + "\"}");
        assertEquals(400, fcLogin.statusCode(), fcLogin.body());
        assertTrue(fcLogin.body().contains("login"), fcLogin.body());
        for (String arg : List.of("\"proxy\": \"" + proxyUrl + "\"", "\"login\": \"" + site.url("/login") + "\"")) {
            JsonNode r = mcp.call("crawl", "{\"url\": \"" + root + "\", " + arg + "}");
            assertTrue(r.path("isError").asBoolean(), r.toString());
            String text = r.at("/content/0/text").asText();
            assertTrue(text.contains("is not one crawl takes"), text);
        }
    }

    @Test
    void linkCheckingFindsTheSameBrokenLinksThroughEveryFrontEnd() throws Exception {
        int dead = TestSite.closedPort();
        try (TestSite target = TestSite.builder().page("/fine", "<html><body>fine</body></html>").start();
             TestSite site = TestSite.builder()
                     .page("/", "<html><body><a href=/a>A</a> <a href=" + target.url("/fine") + ">fine</a> "
                             + "<a href=" + target.url("/missing") + ">missing</a> "
                             + "<a href=http://127.0.0.1:" + dead + "/x>dead</a></body></html>")
                     .page("/a", "<html><body><a href=/nowhere>nowhere</a> <a href=http://127.0.0.1:" + dead
                             + "/y>dead too</a></body></html>")
                     .start()) {
            // check: the broken targets in its JSON report
            CrawlCommandTest.Run check = CrawlCommandTest.run("check", "--format", "json", "--allow-private",
                    site.url("/"));
            assertEquals(1, check.exit(), check.out() + check.err());
            Set<String> fromCheck = new TreeSet<>();
            collectUrls(ServeProcess.JSON.readTree(check.out()), fromCheck, u -> !u.startsWith(site.url("/"))
                    || u.endsWith("/nowhere"));
            // MCP's check_links
            Path data = dir.resolve("data");
            int port = TestSite.freePort();
            ServeProcess serve = ServeProcess.start(dir, port, "--data", data.toString(), "--allow-private");
            Set<String> fromMcp = new TreeSet<>();
            try {
                JsonNode r = McpSession.open(port).call("check_links", "{\"url\": \"" + site.url("/") + "\"}");
                assertFalse(r.path("isError").asBoolean(), r.toString());
                collectUrls(r.path("structuredContent"), fromMcp, u -> !u.startsWith(site.url("/"))
                        || u.endsWith("/nowhere"));
            } finally {
                serve.stop();
            }
            Set<String> broken = new TreeSet<>(List.of(target.url("/missing"), site.url("/nowhere"),
                    "http://127.0.0.1:" + dead + "/x", "http://127.0.0.1:" + dead + "/y"));
            assertTrue(fromCheck.containsAll(broken) && !fromCheck.contains(target.url("/fine")), "check: "
                    + fromCheck);
            assertTrue(fromMcp.containsAll(broken) && !fromMcp.contains(target.url("/fine")), "MCP: " + fromMcp);
        }
    }

    /** Every string value in {@code node} that is a URL {@code keep} takes. */
    private static void collectUrls(JsonNode node, Set<String> into, Predicate<String> keep) {
        if (node.isTextual()) {
            String s = node.asText();
            if (s.startsWith("http://") && keep.test(s)) into.add(s);
        }
        node.forEach(child -> collectUrls(child, into, keep));
        if (node.isObject()) node.properties().forEach(e -> collectUrls(e.getValue(), into, keep));
    }

    /** The pages of a Firecrawl (or MCP) job that are documents with status 200, by path, every page of them. */
    private static Set<String> firecrawlPages(ServeProcess serve, String id) throws Exception {
        Set<String> pages = new TreeSet<>();
        String next = "/v2/crawl/" + id;
        while (next != null) {
            JsonNode page = serve.get(next);
            for (JsonNode d : page.path("data")) {
                if (d.at("/metadata/statusCode").asInt() == 200) pages.add(path(d.at("/metadata/sourceURL").asText(
                        d.at("/metadata/url").asText())));
            }
            String n = page.path("next").asText(null);
            next = n == null || n.isEmpty() ? null : n.substring(n.indexOf("/v2/"));
        }
        return pages;
    }

    /** Requests for the site's pages (not the home page or robots.txt) answered so far. */
    private static long pagesDone(TestSite site) {
        return site.requests().stream().filter(r -> r.target().startsWith("/p")).count();
    }

    private static long lines(Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file).size() : 0;
        } catch (java.io.IOException e) {
            return 0;
        }
    }

    private static void awaitTrue(java.util.function.BooleanSupplier done, Duration within,
                                  java.util.function.Supplier<String> why) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("not within " + within + ": " + why.get());
            Thread.sleep(50);
        }
    }

    /** A session with serve's MCP endpoint over streamable HTTP, its answers read as JSON or as events. */
    private record McpSession(int port, String id) {
        private static final List<String> HEADERS = List.of("Content-Type: application/json",
                "Accept: application/json, text/event-stream", "Authorization: Bearer test-key");

        static McpSession open(int port) throws Exception {
            RawHttp.Reply init = RawHttp.send(port, "POST", "/mcp", HEADERS, ("{\"jsonrpc\": \"2.0\", \"id\": 1, "
                    + "\"method\": \"initialize\", \"params\": {\"protocolVersion\": \"2025-11-25\", "
                    + "\"capabilities\": {}, \"clientInfo\": {\"name\": \"parity\", \"version\": \"1\"}}}")
                    .getBytes(StandardCharsets.UTF_8));
            assertEquals(200, init.status(), init.raw());
            McpSession s = new McpSession(port, init.header("mcp-session-id"));
            RawHttp.send(port, "POST", "/mcp", s.headers(), "{\"jsonrpc\": \"2.0\", \"method\": \"notifications/initialized\"}"
                    .getBytes(StandardCharsets.UTF_8));
            return s;
        }

        private List<String> headers() {
            List<String> h = new ArrayList<>(HEADERS);
            h.add("Mcp-Session-Id: " + id);
            return h;
        }

        /** The result of tools/call {@code tool} with {@code arguments} (JSON). */
        JsonNode call(String tool, String arguments) throws Exception {
            RawHttp.Reply r = RawHttp.send(port, "POST", "/mcp", headers(), ("{\"jsonrpc\": \"2.0\", \"id\": 2, "
                    + "\"method\": \"tools/call\", \"params\": {\"name\": \"" + tool + "\", \"arguments\": "
                    + arguments + "}}").getBytes(StandardCharsets.UTF_8));
            assertEquals(200, r.status(), r.raw());
            String body = r.body();
            String json = body.stripLeading().startsWith("{") ? body : body.lines().filter(l -> l.startsWith("data:"))
                    .map(l -> l.substring(5).trim()).reduce((a, b) -> b).orElseThrow();
            JsonNode answer = ServeProcess.JSON.readTree(json);
            if (answer.has("error")) throw new AssertionError(answer.toString());
            return answer.path("result");
        }
    }
}
