package dev.loomcrawl.cli;

import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.SimpleFileServer;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static dev.loomcrawl.cli.ContentCommandTest.lines;
import static dev.loomcrawl.cli.CrawlCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What kind of page each page is, through the real command line against real sites on 127.0.0.1: walls (a challenge,
 * access denied as a 403 and as a 200, a consent wall), a soft 404, a hard 404 and an index get their kind in
 * {@code --content} and {@code --content-dir} and are left out of {@code --chunks} unless {@code --chunk-all-kinds};
 * a page with another's main text is chunked once and named its duplicate; the Python docs' chunks hold no index and
 * no table of contents, and their front page once.
 */
class PageKindsCommandTest {
    @TempDir
    Path dir;

    private static final String ARTICLE = ContentCommandTest.ARTICLE;

    /** What each page of {@link #site()} is, by path. */
    private static final Map<String, String> KINDS = kinds();

    private static Map<String, String> kinds() {
        Map<String, String> k = new LinkedHashMap<>();
        k.put("/", "article");
        k.put("/article", "article");
        k.put("/copy", "article");
        k.put("/challenge", "blocked");
        k.put("/denied", "blocked");
        k.put("/denied-200", "blocked");
        k.put("/consent", "blocked");
        k.put("/missing", "error");
        k.put("/gone", "error");
        k.put("/genindex", "navigation");
        return k;
    }

    private static TestSite site() {
        StringBuilder index = new StringBuilder("<html><head><title>Index</title></head><body><main><h1>Index</h1>"
                + "<ul>");
        for (String name : List.of("abs", "all", "any", "ascii", "bin", "bool", "breakpoint", "bytearray", "bytes",
                "callable", "chr", "classmethod", "compile", "complex", "delattr", "dict", "dir", "divmod")) {
            // as Sphinx writes its index: each entry a link, its kind in the link's text
            index.append("<li><a href=\"/article#").append(name).append("\">").append(name)
                    .append("() (built-in function)</a></li>");
        }
        index.append("</ul></main></body></html>");
        StringBuilder home = new StringBuilder("<html><head><title>Home</title></head><body><main><h1>Welcome</h1>"
                + "<p>This site keeps notes on Python's sequences and how to choose between them, with examples that"
                + " run as they are written and tables that compare what each kind of sequence allows.</p><p>");
        for (String path : KINDS.keySet()) home.append("<a href=\"").append(path).append("\">").append(path)
                .append("</a> ");
        home.append("</p></main></body></html>");
        return TestSite.builder()
                .page("/", home.toString())
                .page("/article", ARTICLE)
                .page("/copy", ARTICLE.replace("<footer>Copyright 2026", "<footer>Printed copy, 2026"))
                .route("/challenge", html(503, "<html><head><title>Just a moment...</title></head><body>"
                        + "<h1>127.0.0.1</h1><h2>Checking your browser before accessing 127.0.0.1.</h2>"
                        + "<p>Enable JavaScript and cookies to continue.</p></body></html>"))
                .route("/denied", html(403, "<html><head><title>403 Forbidden</title></head><body>"
                        + "<h1>Forbidden</h1><p>You don't have permission to access this resource.</p>"
                        + "</body></html>"))
                .page("/denied-200", "<html><head><title>Notes on sequences</title></head><body><main>"
                        + "<h1>Access Denied</h1><p>You don't have permission to access \"/denied-200\" on this"
                        + " server.</p><p>Reference #18.2f3c1d17.1764212345.9a8b7c6</p></main></body></html>")
                .page("/consent", "<html><head><title>Before you continue</title></head><body><main>"
                        + "<h1>Before you continue</h1><p>We use cookies and data to deliver and maintain our"
                        + " services, measure audience engagement and show personalised content.</p>"
                        + "<button>Reject all</button><button>Accept all</button></main></body></html>")
                .page("/missing", "<html><head><title>Page not found - Notes</title></head><body><main>"
                        + "<h1>Oops! That page can\u2019t be found.</h1><p>It looks like nothing was found at this"
                        + " location. Maybe try a search?</p></main></body></html>")
                .route("/gone", html(404, "<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1>"
                        + "<p>The requested URL was not found on this server.</p></body></html>"))
                .page("/genindex", index.toString())
                .start();
    }

    private static Route html(int status, String body) {
        return new Route.Respond(status, Map.of("Content-Type", "text/html; charset=utf-8"),
                body.getBytes(StandardCharsets.UTF_8));
    }

    /** The content output's kind of each page, by path. */
    private static Map<String, String> kindsIn(List<Map<String, Object>> content, TestSite site) {
        Map<String, String> kinds = new LinkedHashMap<>();
        for (String path : KINDS.keySet()) {
            content.stream().filter(l -> site.url(path).equals(l.get("url"))).findFirst()
                    .ifPresent(l -> kinds.put(path, (String) l.get("kind")));
        }
        return kinds;
    }

    private static Set<String> chunkedPaths(Path chunks, TestSite site) throws Exception {
        Set<String> urls = lines(chunks).stream().map(l -> (String) l.get("url")).collect(Collectors.toSet());
        Set<String> paths = new TreeSet<>();
        for (String path : KINDS.keySet()) if (urls.contains(site.url(path))) paths.add(path);
        return paths;
    }

    @Test
    void wallsErrorsAndIndexesGetTheirKindAndAreNotChunked() throws Exception {
        try (TestSite site = site()) {
            Path content = dir.resolve("content.jsonl");
            Path chunks = dir.resolve("chunks.jsonl");
            Path pages = dir.resolve("pages");
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--allow-private", "--content", content.toString(),
                    "--content-dir", pages.toString(), "--chunks", chunks.toString(), site.url("/"));
            assertEquals(0, r.exit(), r.err());
            List<Map<String, Object>> lines = lines(content);
            assertEquals(KINDS, kindsIn(lines, site), "each page's kind");

            // the article and its copy have one main text: the one written first is chunked, the other names it
            Map<String, Object> article = line(lines, site.url("/article"));
            Map<String, Object> copy = line(lines, site.url("/copy"));
            boolean articleFirst = article.get("duplicate_of") == null;
            assertEquals(articleFirst ? site.url("/article") : null, copy.get("duplicate_of"));
            assertEquals(articleFirst ? null : site.url("/copy"), article.get("duplicate_of"));
            for (String path : KINDS.keySet()) {
                if (!path.equals("/article") && !path.equals("/copy")) {
                    assertNull(line(lines, site.url(path)).get("duplicate_of"), path + " is no duplicate");
                }
            }
            assertEquals(new TreeSet<>(Set.of("/", articleFirst ? "/article" : "/copy")), chunkedPaths(chunks, site),
                    "only content is chunked, once");
            // seven walls, errors and indexes, and the 404 pages of five links of the article's
            assertTrue(r.out().contains(
                    "Content: 15 pages, 12 not chunked for their kind, 1 not chunked as duplicates"), r.out());

            // the content directory says the same, in each page's front matter and in its index
            String denied = Files.readString(pages.resolve("127.0.0.1_" + site.port()).resolve("denied-200.md"));
            assertTrue(denied.contains("\nkind: blocked\n"), denied);
            Map<String, String> indexKinds = new HashMap<>();
            for (Map<String, Object> l : lines(pages.resolve("pages.jsonl"))) {
                indexKinds.put((String) l.get("url"), (String) l.get("kind"));
            }
            for (Map.Entry<String, String> e : KINDS.entrySet()) {
                assertEquals(e.getValue(), indexKinds.get(site.url(e.getKey())), e.getKey());
            }
        }
    }

    @Test
    void chunkAllKindsPutsThemBack() throws Exception {
        try (TestSite site = site()) {
            Path chunks = dir.resolve("chunks.jsonl");
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--allow-private", "--chunks", chunks.toString(),
                    "--chunk-all-kinds", site.url("/"));
            assertEquals(0, r.exit(), r.err());
            Set<String> chunked = chunkedPaths(chunks, site);
            assertEquals(KINDS.size() - 1, chunked.size(), "every page but a duplicate: " + chunked);
            assertFalse(chunked.contains("/article") && chunked.contains("/copy"), chunked.toString());
            Map<String, String> kinds = new HashMap<>();
            for (Map<String, Object> l : lines(chunks)) kinds.put((String) l.get("url"), (String) l.get("kind"));
            assertEquals("blocked", kinds.get(site.url("/denied")));
            assertEquals("navigation", kinds.get(site.url("/genindex")));
        }
    }

    /**
     * A resumed {@code --state} crawl knows the main texts of the pages the runs before it wrote (the state keeps
     * them): a page with the text of one chunked in the first run is its duplicate in the second, not chunked again.
     */
    @Test
    void aResumedStateCrawlKnowsTheTextsOfTheRunsBefore() throws Exception {
        String page = ARTICLE.replace("<footer>", "<a href=\"/two\">two</a><footer>");
        try (TestSite site = TestSite.builder().page("/one", page).page("/two", page.replace("Copyright", "(c)"))
                .start()) {
            String state = dir.resolve("crawl.db").toString();
            Path content = dir.resolve("content.jsonl"), chunks = dir.resolve("chunks.jsonl");
            CrawlCommandTest.Run first = run("crawl", "--no-progress", "--allow-private", "--state", state,
                    "--max-pages", "1", "--content", content.toString(), "--chunks", chunks.toString(),
                    site.url("/one"));
            assertEquals(0, first.exit(), first.err());
            CrawlCommandTest.Run second = run("resume", "--no-progress", "--max-pages", "100", state);
            assertEquals(0, second.exit(), second.err());
            assertEquals(site.url("/one"), line(lines(content), site.url("/two")).get("duplicate_of"));
            assertNull(line(lines(content), site.url("/one")).get("duplicate_of"));
            assertEquals(Set.of(site.url("/one")), lines(chunks).stream().map(l -> (String) l.get("url"))
                    .collect(Collectors.toSet()), "chunked once, in the first run");
        }
    }

    private static Map<String, Object> line(List<Map<String, Object>> lines, String url) {
        return lines.stream().filter(l -> url.equals(l.get("url"))).findFirst().orElseThrow(() ->
                new AssertionError("no line for " + url));
    }

    /**
     * The Python docs, served as they are installed: their general index (genindex*.html) and table of contents
     * (contents.html) flooded the chunks (1,453 of 12,753), and the front page, at {@code /} and {@code /index.html},
     * was chunked twice.
     */
    @Test
    void pythonDocsChunksHoldNoIndexAndTheFrontPageOnce() throws Exception {
        Path docs = Path.of("/usr/share/doc/python3-doc/html");
        Assumptions.assumeTrue(Files.isDirectory(docs), "skipped: python3-doc is not installed");
        HttpServer server = SimpleFileServer.createFileServer(new InetSocketAddress(InetAddress.getLoopbackAddress(),
                0), docs.toRealPath(), SimpleFileServer.OutputLevel.NONE);
        server.start();
        try {
            String root = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
            Path chunks = dir.resolve("chunks.jsonl");
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--allow-private", "--max-tasks", "8",
                    "--per-host", "8", "--chunks", chunks.toString(), root);
            assertEquals(0, r.exit(), r.err());
            Map<String, Integer> pages = new HashMap<>();
            for (Map<String, Object> l : lines(chunks)) pages.merge((String) l.get("url"), 1, Integer::sum);
            assertTrue(pages.size() > 400, "the docs were chunked: " + pages.size() + " pages");
            for (String url : pages.keySet()) {
                String name = url.substring(url.lastIndexOf('/') + 1);
                assertFalse(name.startsWith("genindex") || url.equals(root + "contents.html"), url);
            }
            assertEquals(1, (pages.containsKey(root) ? 1 : 0) + (pages.containsKey(root + "index.html") ? 1 : 0),
                    "the front page once: " + pages.get(root) + " and " + pages.get(root + "index.html"));
        } finally {
            server.stop(0);
        }
    }
}
