package dev.loomcrawl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.SimpleFileServer;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The whole Python 3.11 documentation (Debian's python3-doc, served by the test's own file server on 127.0.0.1)
 * mapped three ways: {@code loomcrawl map}, Firecrawl's JS SDK 4.42.0 against {@code loomcrawl serve}, and the MCP
 * TypeScript SDK's client calling serve's {@code map} tool. Each lists every HTML page the site links to and nothing
 * else (no stylesheet, script or image), and {@code search: "asyncio event loop"} puts an asyncio page first.
 * Skipped when the docs are not installed, or node and npm are missing and cannot be installed.
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class MapPythonDocsTest {
    static final Path DOCS = Path.of("/usr/share/doc/python3-doc/html");
    @TempDir
    static Path dir;
    static HttpServer docs;
    static String root;
    /** The pages of the docs: every .html file reachable by links from index.html (as a full crawl finds them). */
    static Set<String> pages;

    @BeforeAll
    static void serveTheDocs() throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(DOCS.resolve("index.html")), "python3-doc is not installed");
        docs = SimpleFileServer.createFileServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                DOCS.toRealPath(), SimpleFileServer.OutputLevel.NONE);
        docs.start();
        root = "http://127.0.0.1:" + docs.getAddress().getPort() + "/index.html";
        pages = crawledPages();
    }

    @AfterAll
    static void stop() {
        if (docs != null) docs.stop(0);
    }

    /** The HTML pages a whole crawl of the docs fetches, every kind of link followed. */
    private static Set<String> crawledPages() throws Exception {
        Path records = dir.resolve("crawl.jsonl");
        CrawlCommandTest.Run crawl = CrawlCommandTest.run("crawl", root, "--output", records.toString());
        assertEquals(0, crawl.exit(), crawl.err());
        Set<String> html = new HashSet<>();
        for (String line : Files.readAllLines(records)) {
            JsonNode r = ServeProcess.JSON.readTree(line);
            if (r.path("status").asInt() == 200 && r.path("content_type").asText().startsWith("text/html")) {
                html.add(r.path("url").asText());
            }
        }
        assertTrue(html.size() > 500, html.size() + " pages");
        return html;
    }

    private static void assertWholeSite(List<String> urls, String how) {
        assertEquals(urls.size(), new HashSet<>(urls).size(), how + ": each URL once");
        for (String u : urls) {
            assertTrue(!u.matches(".*\\.(css|js|png|svg|ico|txt|xml)$"), how + " lists an asset: " + u);
        }
        Set<String> missing = new HashSet<>(pages);
        urls.forEach(missing::remove);
        assertTrue(missing.isEmpty(), how + " misses " + missing.size() + " pages, such as "
                + missing.stream().limit(5).toList());
    }

    @Test
    void theCommandMapsEveryPageAndSearchFindsAsyncio() throws Exception {
        long start = System.nanoTime();
        CrawlCommandTest.Run map = CrawlCommandTest.run("map", "--json", root);
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertEquals(0, map.exit(), map.err());
        List<String> urls = new ArrayList<>();
        ServeProcess.JSON.readTree(map.out()).path("urls").forEach(u -> urls.add(u.path("url").asText()));
        assertWholeSite(urls, "loomcrawl map");
        System.out.println("loomcrawl map: " + urls.size() + " URLs in " + ms + " ms; " + map.err().strip());
        CrawlCommandTest.Run search = CrawlCommandTest.run("map", "--search", "asyncio event loop", "--limit", "3",
                root);
        assertEquals(0, search.exit(), search.err());
        assertTrue(search.out().lines().findFirst().orElse("").contains("/library/asyncio"), search.out());
    }

    @Test
    void firecrawlsSdkAndAnMcpClientMapTheWholeSite() throws Exception {
        NodeClient client = NodeClient.run(dir, "map.mjs", root);
        try {
            JsonNode r = client.result();
            List<String> sdk = strings(r.path("map"));
            List<String> mcp = strings(r.path("mcp"));
            assertWholeSite(sdk, "Firecrawl's JS SDK");
            assertWholeSite(mcp, "the MCP map tool");
            System.out.println("map of the Python docs: SDK " + sdk.size() + " URLs in " + r.path("mapMs") + " ms, MCP "
                    + mcp.size() + " URLs in " + r.path("mcpMs") + " ms");
            for (String ranked : List.of("search", "mcpSearch")) {
                String first = r.path(ranked).path(0).asText();
                assertTrue(first.contains("/library/asyncio"), ranked + ": " + r.path(ranked));
            }
        } finally {
            client.serve().process().process().destroy();
        }
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
