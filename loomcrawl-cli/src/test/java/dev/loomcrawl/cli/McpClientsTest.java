package dev.loomcrawl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The official MCP TypeScript SDK's client (@modelcontextprotocol/sdk 1.32.2, installed by scripts/firecrawl/setup)
 * drives loomcrawl's MCP server over both transports at once, in one node run (resources/mcp/tools.mjs):
 * {@code loomcrawl mcp} over stdio, launched by the client as a host launches it, and {@code /mcp} of a real
 * {@code loomcrawl serve} over Streamable HTTP (with an API key). Each runs the same calls on a local site: the tools
 * listed, a scrape (and a long page cut and read on with its cursor), a map with a search, a crawl followed to its
 * end, another cancelled, and check_links finding the planted broken links. Neither server has --allow-private, only
 * --allow-origin for the test sites: both refuse another loopback site. Over HTTP, pages are rendered with the
 * machine's Chromium, and a check_links the client cancels stops; over stdio, where no Chromium is found, rendering is
 * refused in one line. Skipped when node or npm is missing and cannot be installed.
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class McpClientsTest {
    @TempDir
    static Path dir;
    static TestSite site;
    static TestSite slow;
    static TestSite slower;
    static TestSite refused;
    static ServeProcess serve;
    /** What the one node run returned: {"stdio": ..., "http": ...}. */
    static JsonNode results;

    @BeforeAll
    static void start() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        Process setup = new ProcessBuilder(root.resolve("scripts/firecrawl/setup").toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String cache = new String(setup.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        int code = setup.waitFor();
        Assumptions.assumeTrue(code != 3, "node and npm are missing and could not be installed");
        assertEquals(0, code, "scripts/firecrawl/setup failed");
        site = McpSite.start();
        slow = TestSite.builder().generated(TestSite.crossLinkedGenerator(1000, 3, Duration.ofMillis(50))).start();
        slower = TestSite.builder().generated(TestSite.crossLinkedGenerator(1000, 3, Duration.ofMillis(50))).start();
        refused = TestSite.builder().page("/", "<html><body>private</body></html>").start();
        List<String> origins = new ArrayList<>();
        for (TestSite s : List.of(site, slow, slower)) origins.addAll(List.of("--allow-origin", origin(s)));
        Path keys = Files.writeString(dir.resolve("keys"), "test-key\n");
        List<String> serveArgs = new ArrayList<>(List.of("--data", dir.resolve("serve-data").toString(),
                "--api-key-file", keys.toString()));
        serveArgs.addAll(origins);
        serve = ServeProcess.start(dir, TestSite.freePort(), serveArgs.toArray(String[]::new));
        List<String> mcpArgs = new ArrayList<>(List.of("--data", dir.resolve("stdio-data").toString(),
                "--max-result-chars", "5000"));
        mcpArgs.addAll(origins);
        results = node(cache, mcpCommand(mcpArgs.toArray(String[]::new)), serve.base() + "/mcp", "test-key",
                base(site), base(slow), base(slower), base(refused));
    }

    @AfterAll
    static void stop() {
        if (serve != null) serve.process().process().destroy();
        for (TestSite s : new TestSite[] {site, slow, slower, refused}) if (s != null) s.close();
    }

    @Test
    void toolsOverStdio() throws Exception {
        check(results.path("stdio"), dir.resolve("stdio-data"), 5000);
    }

    @Test
    void toolsOverStreamableHttp() throws Exception {
        check(results.path("http"), dir.resolve("serve-data"), 20_000);
    }

    @Test
    void aFocusedCrawlsStatusListsTheMostRelevantPageFirst() {
        for (String transport : List.of("stdio", "http")) {
            JsonNode f = results.at("/" + transport + "/focused");
            assertEquals("completed", f.path("state").asText(), f.toString());
            JsonNode relevant = f.path("relevant");
            assertTrue(relevant.size() >= 2, f.toString());
            assertEquals(site.url("/docs/api"), relevant.get(0).path("url").asText(), f.toString());
            double best = relevant.get(0).path("relevance").asDouble();
            for (JsonNode p : relevant) assertTrue(p.path("relevance").asDouble() <= best, f.toString());
            String text = f.path("text").asText();
            assertTrue(text.contains("Most relevant to \"how many calls does the widget API have\" first (relevance "
                    + "0 to 1):\n1. "), text);
            assertTrue(text.indexOf(site.url("/docs/api")) < text.indexOf(site.url("/blog/hello")), text);
        }
    }

    @Test
    void aBrowsersCrossSiteRequestToMcpIsRefused() throws Exception {
        // a page of another site (an Origin header), with the right key even: DNS rebinding gets nothing
        String init = "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"initialize\", \"params\": "
                + "{\"protocolVersion\": \"2025-11-25\", \"capabilities\": {}, \"clientInfo\": {\"name\": \"x\", "
                + "\"version\": \"1\"}}}";
        java.net.http.HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create(serve.base() + "/mcp"))
                        .header("Authorization", "Bearer test-key").header("Content-Type", "application/json")
                        .header("Accept", "application/json, text/event-stream")
                        .header("Origin", "http://attacker.example")
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofString(init)).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(403, r.statusCode(), r.body());
    }

    @Test
    void loopbackRefusedWithoutAllowPrivateOverBothTransports() {
        for (String transport : List.of("stdio", "http")) {
            JsonNode r = results.path(transport);
            for (String call : List.of("guardScrape", "guardCrawl")) {
                JsonNode t = r.path(call);
                assertTrue(t.path("isError").asBoolean(), r.toString());
                assertTrue(t.path("text").asText().contains("not started with --allow-private"), t.toString());
            }
        }
        assertTrue(refused.requests().isEmpty(), "nothing was fetched: " + refused.requests());
    }

    @Test
    void scrapeWithRenderAndCrawlWithRenderAutoReadWhatScriptsWrite() throws Exception {
        JsonNode r = results.at("/http/rendered");
        String plain = r.at("/scrapePlain/text").asText();
        String rendered = r.at("/scrapeRendered/text").asText();
        assertFalse(r.at("/scrapeRendered/isError").asBoolean(), rendered);
        assertFalse(plain.contains("Written by a script"), plain);
        assertTrue(rendered.contains("Written by a script.") && rendered.contains("# Dashboard"), rendered);

        assertFalse(r.at("/crawlPlain/urls").toString().contains("/app/hidden"), r.path("crawlPlain").toString());
        JsonNode auto = r.path("crawlAuto");
        assertEquals("completed", auto.path("state").asText(), auto.toString());
        assertEquals("auto", auto.at("/started/render").asText(), auto.toString());
        List<String> urls = new ArrayList<>();
        auto.path("urls").forEach(u -> urls.add(u.asText()));
        assertEquals(List.of(site.url("/app"), site.url("/app/hidden")), urls.stream().sorted().toList());
        assertTrue(auto.path("text").asText().contains("Only a script links here."), auto.toString());
        // kept with the job, so that a resumed job renders too
        String kept = Files.readString(dir.resolve("serve-data").resolve(auto.at("/started/id").asText())
                .resolve("job.json"));
        assertTrue(kept.contains("\"render\":\"auto\""), kept);

        assertTrue(r.at("/badRender/isError").asBoolean());
        assertTrue(r.at("/badRender/text").asText().contains("/render: does not have a value in the enumeration "
                + "[\"all\", \"auto\"]"), r.path("badRender").toString());
    }

    @Test
    void renderingWithoutChromiumIsOneLineToolError() {
        for (String call : List.of("scrape", "crawl")) {
            JsonNode t = results.at("/stdio/noBrowser/" + call);
            assertTrue(t.path("isError").asBoolean(), t.toString());
            String text = t.path("text").asText();
            assertTrue(text.startsWith("rendering needs Chromium: none was found"), text);
            assertEquals(1, text.lines().count(), text);
        }
    }

    @Test
    void clientCancellationStopsCheckLinks() throws Exception {
        JsonNode c = results.at("/http/checkCancelled");
        assertEquals("aborted", c.path("ended").asText(), c.toString());
        // the server logs the call's end; its crawler is closed by then, so nothing more reaches the site
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (!serve.process().stderr().contains("check_links cancelled by the client")) {
            assertTrue(System.nanoTime() < deadline, "the cancelled call never ended: " + serve.process().stderr());
            Thread.sleep(50);
        }
        int fetched = slower.requests().size();
        // far from the call's 500 pages, which it would crawl without the cancellation
        assertTrue(fetched >= 3 && fetched < 100, fetched + " requests");
    }

    private static String origin(TestSite s) {
        return s.url("").replaceFirst("^http://", "").replaceAll("/$", "");
    }

    private static String base(TestSite s) {
        return s.url("").replaceAll("/$", "");
    }

    private static void check(JsonNode r, Path data, int maxChars) throws Exception {
        Set<String> names = new HashSet<>();
        r.path("tools").forEach(t -> {
            names.add(t.path("name").asText());
            assertTrue(t.path("annotations").has("readOnlyHint") && t.path("annotations").has("openWorldHint"),
                    t.toString());
            assertFalse(t.path("description").asText().isEmpty());
        });
        assertEquals(Set.of("scrape", "map", "crawl", "crawl_status", "crawl_cancel", "search_crawl", "check_links"),
                names);
        JsonNode crawlTool = find(r.path("tools"), "crawl");
        assertTrue(crawlTool.at("/inputSchema/properties/limit/description").asText().startsWith("URLs fetched in "
                + "all"), "limit is the max-pages row: " + crawlTool);
        assertEquals("string", crawlTool.at("/inputSchema/properties/scope/type").asText());

        JsonNode scrape = r.path("scrape");
        assertFalse(scrape.path("isError").asBoolean(), scrape.toString());
        String text = scrape.path("text").asText();
        assertTrue(text.contains("Title: Installing") && text.contains("Author: Ada Lovelace")
                && text.contains("Description: How to install the widget.") && text.contains("Language: en"), text);
        assertTrue(text.contains("Run the installer, then restart the widget service."), text);
        assertEquals("Installing", scrape.at("/data/metadata/title").asText());

        // onlyMainContent false: the whole page, its navigation too; by default the main content only
        String wholePage = r.at("/scrapeWholePage/text").asText();
        assertTrue(wholePage.contains("Site menu") && wholePage.contains("Our first post."), wholePage);
        String mainOnly = r.at("/scrapeMainOnly/text").asText();
        assertTrue(!mainOnly.contains("Site menu") && mainOnly.contains("Our first post."), mainOnly);

        JsonNode cut = r.path("scrapeCut");
        String cursor = cut.at("/data/cursor").asText();
        assertFalse(cursor.isEmpty(), cut.toString());
        assertTrue(cut.path("text").asText().contains("[cut: characters " + cursor + " of "), cut.toString());
        assertTrue(cut.path("text").asText().length() < maxChars + 200);
        assertFalse(cut.path("text").asText().contains("paragraph 599 "));
        String whole = r.path("scrapeWhole").asText();
        for (int i : new int[] {0, 150, 300, 599}) {
            String p = "paragraph " + i + " of 600.";
            assertEquals(whole.indexOf(p), whole.lastIndexOf(p), "once: " + p);
            assertTrue(whole.contains(p), "read on with the cursors to the end: " + p);
        }

        JsonNode map = r.path("map");
        assertEquals(site.url("/docs/api"), map.at("/data/links/0/url").asText(), map.toString());

        String id = r.at("/crawl/data/id").asText();
        assertTrue(id.matches("[0-9a-f-]{36}"), r.path("crawl").toString());
        JsonNode status = r.path("crawlStatus");
        assertEquals("completed", status.path("state").asText(), status.toString());
        List<String> urls = new ArrayList<>();
        status.path("urls").forEach(u -> urls.add(u.asText()));
        assertEquals(urls.size(), new HashSet<>(urls).size(), "each page once: " + urls);
        assertTrue(urls.containsAll(McpSite.pages(site)), urls.toString());
        Path job = data.resolve(id);
        List<String> chunks = Files.readAllLines(job.resolve("chunks.jsonl"));
        assertTrue(chunks.stream().anyMatch(l -> l.contains("Run the installer") && l.contains("\"warc_record_id\":"
                + "\"urn:uuid:")), chunks.toString());
        try (var files = Files.list(job)) {
            assertTrue(files.anyMatch(f -> f.getFileName().toString().matches("crawl-\\d{5}\\.warc\\.gz")));
        }

        // search_crawl: the passages of the right pages, cited in the crawl's WARC file
        JsonNode search = r.path("search");
        assertFalse(search.path("isError").asBoolean(), search.toString());
        JsonNode best = search.at("/data/hits/0");
        assertEquals(site.url("/docs/install"), best.path("url").asText(), search.toString());
        assertTrue(best.at("/scores/bm25").isNumber(), "each hit with its scores: " + best);
        assertTrue(best.path("markdown").asText().contains("restart the widget service"), best.toString());
        assertTrue(best.at("/citation/recordId").asText().startsWith("urn:uuid:"), best.toString());
        assertTrue(best.at("/citation/warcFile").asText().matches("crawl-\\d{5}\\.warc\\.gz"), best.toString());
        assertTrue(search.path("text").asText().contains("URL: " + site.url("/docs/install")), search.toString());
        JsonNode api = r.path("searchApi");
        assertEquals(1, api.at("/data/hits").size(), api.toString());
        assertEquals(site.url("/docs/api"), api.at("/data/hits/0/url").asText(), api.toString());
        JsonNode none = r.path("searchNone");
        assertFalse(none.path("isError").asBoolean(), "operators are words, never syntax: " + none);
        // no chunk has these words (no BM25 score); once the chunks are embedded (on a thread of their own, after the
        // first search) the ranking by meaning gives the nearest passages, before it nothing is found
        none.at("/data/hits").forEach(h -> assertTrue(h.at("/scores/bm25").isMissingNode(), none.toString()));
        if (none.at("/data/mode").asText().equals("lexical")) assertEquals(0, none.at("/data/hits").size());

        assertEquals("cancelled", r.at("/cancel/data/state").asText(), r.path("cancel").toString());
        assertEquals("cancelled", r.at("/cancelled/state").asText());

        JsonNode check = r.path("checkLinks");
        assertFalse(check.path("isError").asBoolean(), check.toString());
        Set<String> broken = new HashSet<>();
        check.at("/data/broken").forEach(b -> {
            broken.add(b.path("target").asText());
            assertEquals("404", b.path("status").asText());
        });
        assertEquals(Set.of(site.url("/missing-page"), site.url("/gone")), broken, check.toString());
        assertEquals(2, find(check.at("/data/broken"), site.url("/missing-page"), "target").path("pages").asInt());
        assertTrue(r.path("checkProgress").asInt() >= 1, "progress was sent: " + r);

        assertTrue(r.at("/badArgument/isError").asBoolean());
        assertTrue(r.at("/badArgument/text").asText().contains("no job"), r.path("badArgument").toString());
    }

    private static JsonNode find(JsonNode list, String name) {
        return find(list, name, "name");
    }

    private static JsonNode find(JsonNode list, String value, String field) {
        for (JsonNode n : list) if (n.path(field).asText().equals(value)) return n;
        throw new AssertionError("no " + value + " in " + list);
    }

    /** {@code loomcrawl mcp ARGS} as a JSON array, the command line the client launches. */
    static String mcpCommand(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("mcp"));
        all.addAll(List.of(args));
        return ServeProcess.JSON.writeValueAsString(LoomcrawlProcess.command("256m", List.of(),
                all.toArray(String[]::new)));
    }

    private static JsonNode node(String... args) throws Exception {
        Path script = Path.of(McpClientsTest.class.getResource("/mcp/tools.mjs").toURI());
        List<String> cmd = new ArrayList<>(List.of("node", script.toString()));
        cmd.addAll(List.of(args));
        Path err = Files.createTempFile(dir, "node", ".txt");
        Process node = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
        String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(node.waitFor(300, TimeUnit.SECONDS));
        assertEquals(0, node.exitValue(), "node: " + Files.readString(err) + "\nserve: " + serve.process().stderr());
        return ServeProcess.JSON.readTree(out.lines().reduce((a, b) -> b).orElseThrow());
    }
}
