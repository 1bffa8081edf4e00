package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * docs/serve.md opens with a curl session a new user copies: this runs it as written (its first {@code sh} block),
 * with bash, curl and jq, against a real {@code loomcrawl serve} and a real site on 127.0.0.1 ({@code API} and
 * {@code SITE} set where the session reads them), and checks what it prints: a scrape's Markdown, a crawl waited
 * for and its pages, a map's URLs, a native crawl's files and records.
 */
class ServeCurlSessionTest {
    @TempDir
    Path dir;

    /** The first {@code ```sh} block after the heading "First minutes, with curl". */
    static String session() throws Exception {
        Path doc = Path.of("..", "docs", "serve.md");
        assumeTrue(Files.exists(doc), "run from the module's directory");
        String text = Files.readString(doc);
        int heading = text.indexOf("\n## First minutes, with curl\n");
        assertTrue(heading > 0 && heading < text.indexOf("\n## ", text.indexOf('\n') + 1) + 1,
                "docs/serve.md opens with the curl session");
        int start = text.indexOf("```sh\n", heading) + 6;
        return text.substring(start, text.indexOf("```\n", start));
    }

    private static boolean has(String tool) throws Exception {
        return new ProcessBuilder("sh", "-c", "command -v " + tool).start().waitFor() == 0;
    }

    @Test
    void theSessionRunsAsWritten() throws Exception {
        assumeTrue(has("curl") && has("jq"), "needs curl and jq");
        String session = session();
        StringBuilder pages = new StringBuilder("<h1>Home</h1><p>The first page.</p>");
        TestSite.Builder b = TestSite.builder();
        for (int i = 0; i < 30; i++) {
            pages.append("<a href=/p").append(i).append(">page ").append(i).append("</a> ");
            b.page("/p" + i, "<h1>Page " + i + "</h1><a href=/>home</a>");
        }
        try (TestSite site = b.page("/", pages.toString()).start()) {
            int port = TestSite.freePort();
            ServeProcess serve = ServeProcess.start(dir, port, "--data", dir.resolve("data").toString(),
                    "--allow-private");
            try {
                ProcessBuilder pb = new ProcessBuilder("bash", "-c", session).redirectErrorStream(true);
                pb.environment().put("API", "http://127.0.0.1:" + port);
                pb.environment().put("SITE", site.url("/"));
                Process p = pb.start();
                String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(p.waitFor(180, TimeUnit.SECONDS), said);
                List<String> lines = said.lines().toList();
                assertEquals("# Home", lines.getFirst(), said);
                assertTrue(lines.contains("The first page."), said);
                int crawled = lines.indexOf(lines.stream().filter(l -> l.matches("completed: (19|20) pages"))
                        .findFirst().orElseThrow(() -> new AssertionError(said))); // limit 20
                // three of the crawl's pages, in the order they were fetched (which varies), then the map's first
                // five, by links from the root, then by URL (which does not)
                for (String url : lines.subList(crawled + 1, crawled + 4)) {
                    assertTrue(url.startsWith(site.url("/")), said);
                }
                assertEquals(List.of(site.url("/"), site.url("/p0"), site.url("/p1"), site.url("/p10"),
                        site.url("/p11")), lines.subList(crawled + 4, crawled + 9), said);
                int nativeState = lines.lastIndexOf("completed");
                assertTrue(nativeState > 0 && lines.get(nativeState + 1).equals("records.jsonl"), said);
                for (String record : lines.subList(nativeState + 2, lines.size())) {
                    assertTrue(record.startsWith("200 " + site.url("/")), said);
                }
                assertEquals(nativeState + 5, lines.size(), said);
                assertTrue(lines.stream().noneMatch(l -> l.contains("null") || l.contains("error")), said);
            } finally {
                serve.stop();
            }
        }
    }
}
