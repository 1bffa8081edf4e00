package dev.loomcrawl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Documents that are not HTML, crawled through the real command line and scraped through serve's Firecrawl API from a
 * site on 127.0.0.1 whose PDFs PDFBox made ({@link TestPdfs}): their text, headings, pages, title and author in
 * {@code --content}, {@code --chunks} and {@code --content-dir}, and in a scrape's Markdown and {@code numPages}; a
 * scan said to have no text; an encrypted and a truncated PDF one record each, no text, the crawl going on; a PDF of
 * 2,000 pages read to its bound within the launcher's heap; a JSON body as a fenced block; MCP's scrape of a PDF.
 */
@Timeout(300)
class PdfCrawlTest {
    @TempDir
    static Path dir;
    static TestSite site;

    @BeforeAll
    static void site() throws Exception {
        site = TestSite.builder()
                .page("/", "<html><body><a href=/report.pdf>r</a> <a href=/manual.pdf>m</a> <a href=/scan.pdf>s</a>"
                        + " <a href=/locked.pdf>l</a> <a href=/broken.pdf>b</a> <a href=/long.pdf>g</a>"
                        + " <a href=/data.json>j</a></body></html>")
                .resource("/report.pdf", "application/pdf", TestPdfs.report())
                .resource("/manual.pdf", "application/pdf", TestPdfs.manual())
                .resource("/scan.pdf", "application/pdf", TestPdfs.scan())
                .resource("/locked.pdf", "application/pdf", TestPdfs.locked())
                .resource("/broken.pdf", "application/pdf", TestPdfs.truncated())
                .resource("/long.pdf", "application/pdf", TestPdfs.many(2_000))
                .resource("/data.json", "application/json",
                        "{\"name\": \"loomcrawl\", \"pages\": [1, 2]}".getBytes(StandardCharsets.UTF_8))
                .start();
    }

    @AfterAll
    static void stop() {
        site.close();
    }

    @Test
    void aCrawlWritesEachPdfsTextToContentChunksAndTheContentDir() throws Exception {
        Path crawlDir = Files.createDirectories(dir.resolve("crawl"));
        LoomcrawlProcess crawl = LoomcrawlProcess.startWithHeap("256m", crawlDir, "crawl", "--no-progress",
                "--output", crawlDir.resolve("r.jsonl").toString(), "--content", crawlDir.resolve("c.jsonl").toString(),
                "--chunks", crawlDir.resolve("ch.jsonl").toString(), "--content-dir",
                crawlDir.resolve("md").toString(), site.url("/"));
        assertEquals(0, crawl.exit(240), crawl.stderr());
        assertFalse(crawl.stderr().contains("OutOfMemoryError"), crawl.stderr());
        // a bad PDF is one line of loomcrawl's, not PDFBox's warnings
        assertFalse(crawl.stderr().contains("org.apache") || crawl.stderr().contains("pdfbox"), crawl.stderr());
        assertEquals(1, crawl.stderr().lines().filter(l -> l.contains("/broken.pdf")).count(), crawl.stderr());

        Map<String, JsonNode> records = byUrl(crawlDir.resolve("r.jsonl"));
        assertEquals(8, Files.readAllLines(crawlDir.resolve("r.jsonl")).size(), "one record a URL");
        assertEquals(8, records.size());
        for (JsonNode r : records.values()) assertEquals(200, r.path("status").asInt(), r.toString());
        assertTrue(error(records, "/locked.pdf").equals("pdf encrypted, no text"), error(records, "/locked.pdf"));
        assertTrue(error(records, "/broken.pdf").startsWith("pdf malformed"), error(records, "/broken.pdf"));
        assertTrue(error(records, "/scan.pdf").startsWith("pdf has no text"), error(records, "/scan.pdf"));
        assertEquals("pdf text of its first 1000 of 2000 pages", error(records, "/long.pdf"));
        assertEquals("Quarterly report", records.get(site.url("/report.pdf")).path("title").asText());

        Map<String, JsonNode> content = byUrl(crawlDir.resolve("c.jsonl"));
        assertEquals(List.of("/", "/data.json", "/long.pdf", "/manual.pdf", "/report.pdf", "/scan.pdf"),
                content.keySet().stream().map(u -> u.substring(site.url("/").length() - 1)).sorted().toList());
        JsonNode report = content.get(site.url("/report.pdf"));
        assertEquals("Ada Lovelace", report.path("author").asText());
        assertEquals(3, report.path("pages").asInt());
        String md = report.path("markdown").asText();
        assertTrue(md.startsWith("<!-- page 1 -->\n\n# Results\n\nRevenue of page 1 grew as the crawler read more"
                + " documents than any quarter before, and the reports were kept.\n\nA second paragraph on page 1"),
                md);
        assertTrue(md.contains("\n\n<!-- page 2 -->\n\n# Costs\n\n"), md);
        assertTrue(report.path("text").asText().contains("kept.\n\nA second paragraph on page 1"));
        String manual = content.get(site.url("/manual.pdf")).path("markdown").asText();
        assertTrue(manual.contains("# Installation\n\nUnpack the archive"), manual);
        assertTrue(manual.contains("# Usage\n\nRun the command"), manual);
        assertTrue(manual.contains("## Options\n\nEvery option"), manual);
        JsonNode scan = content.get(site.url("/scan.pdf"));
        assertEquals("empty", scan.path("kind").asText());
        assertEquals(1, scan.path("pages").asInt());
        assertEquals("", scan.path("text").asText());
        JsonNode longPdf = content.get(site.url("/long.pdf"));
        assertEquals(2000, longPdf.path("pages").asInt());
        assertTrue(longPdf.path("text").asText().contains("Page 1000 of the long document."));
        assertFalse(longPdf.path("text").asText().contains("Page 1001 "));
        assertEquals("```json\n{\"name\": \"loomcrawl\", \"pages\": [1, 2]}\n```",
                content.get(site.url("/data.json")).path("markdown").asText());

        List<JsonNode> chunks = lines(crawlDir.resolve("ch.jsonl"));
        assertTrue(chunks.stream().anyMatch(c -> c.path("url").asText().endsWith("/report.pdf")
                && c.path("headings").toString().equals("[\"Costs\"]")
                && c.path("markdown").asText().contains("Revenue of page 2")), chunks.toString());
        assertTrue(chunks.stream().anyMatch(c -> c.path("url").asText().endsWith("/long.pdf")
                && c.path("markdown").asText().contains("Page 999 of the long document.")));
        assertTrue(chunks.stream().noneMatch(c -> c.path("url").asText().endsWith("/scan.pdf")));

        try (Stream<Path> files = Files.walk(crawlDir.resolve("md"))) {
            List<Path> reports = files.filter(p -> p.getFileName().toString().startsWith("report")).toList();
            assertEquals(1, reports.size());
            assertTrue(Files.readString(reports.get(0)).contains("# Outlook"));
        }
    }

    @Test
    void aFirecrawlScrapeGivesAPdfsTextAndPages() throws Exception {
        Path serveDir = Files.createDirectories(dir.resolve("serve"));
        Path keys = Files.writeString(serveDir.resolve("keys"), "test-key\n");
        ServeProcess serve = ServeProcess.start(serveDir, TestSite.freePort(), "--data",
                serveDir.resolve("data").toString(), "--allow-private", "--api-key-file", keys.toString());
        try {
            JsonNode report = scrape(serve, "/report.pdf", "");
            assertTrue(report.path("markdown").asText().contains("# Outlook"), report.toString());
            assertEquals(3, report.path("metadata").path("numPages").asInt());
            assertEquals("Quarterly report", report.path("metadata").path("title").asText());
            assertEquals("Ada Lovelace", report.path("metadata").path("author").asText());

            assertTrue(scrape(serve, "/report.pdf", ", \"parsers\": []").path("markdown").asText()
                    .startsWith("JVBER"), "parsers: [] gives the PDF in base64");
            assertEquals(2000, scrape(serve, "/long.pdf", "").path("metadata").path("numPages").asInt());
            JsonNode scan = scrape(serve, "/scan.pdf", "");
            assertEquals("", scan.path("markdown").asText());
            assertEquals(1, scan.path("metadata").path("numPages").asInt());
            JsonNode locked = scrape(serve, "/locked.pdf", "");
            assertEquals("", locked.path("markdown").asText());
            assertEquals("pdf encrypted, no text", locked.path("metadata").path("error").asText());
            assertTrue(scrape(serve, "/broken.pdf", "").path("metadata").path("error").asText()
                    .startsWith("pdf malformed"));
            assertTrue(scrape(serve, "/data.json", "").path("markdown").asText().startsWith("```json\n{"));
            assertEquals(400, serve.answerPost("/v2/scrape", "{\"url\": \"" + site.url("/report.pdf")
                    + "\", \"parsers\": [\"ocr\"]}").statusCode());
        } finally {
            serve.process().process().destroy();
        }
    }

    @Test
    void mcpsScrapeToolGivesAPdfsTextAndPages() throws Exception {
        Path mcpDir = Files.createDirectories(dir.resolve("mcp"));
        Process p = new ProcessBuilder(LoomcrawlProcess.command("256m", List.of(), "mcp", "--allow-private", "--data",
                mcpDir.resolve("data").toString()))
                .redirectError(mcpDir.resolve("stderr.txt").toFile()).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
             OutputStream in = p.getOutputStream()) {
            send(in, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}");
            assertEquals(1, ServeProcess.JSON.readTree(out.readLine()).path("id").asInt());
            send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            send(in, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"scrape\","
                    + "\"arguments\":{\"url\":\"" + site.url("/report.pdf") + "\"}}}");
            JsonNode call = ServeProcess.JSON.readTree(out.readLine());
            String text = call.at("/result/content/0/text").asText();
            assertTrue(text.contains("Pages: 3"), call.toString());
            assertTrue(text.contains("# Outlook") && text.contains("Revenue of page 3"), call.toString());
        } finally {
            p.destroy();
        }
    }

    private static void send(OutputStream in, String line) throws Exception {
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    private static JsonNode scrape(ServeProcess serve, String path, String more) throws Exception {
        JsonNode r = serve.post("/v2/scrape", "{\"url\": \"" + site.url(path) + "\"" + more + "}");
        assertTrue(r.path("success").asBoolean(), r.toString());
        return r.path("data");
    }

    private static String error(Map<String, JsonNode> records, String path) {
        return records.get(site.url(path)).path("error").asText();
    }

    static Map<String, JsonNode> byUrl(Path file) throws Exception {
        Map<String, JsonNode> m = new HashMap<>();
        for (JsonNode n : lines(file)) m.put(n.path("url").asText(), n);
        return m;
    }

    static List<JsonNode> lines(Path file) throws Exception {
        return Files.readAllLines(file).stream().map(l -> {
            try {
                return ServeProcess.JSON.readTree(l);
            } catch (Exception e) {
                throw new AssertionError(l, e);
            }
        }).toList();
    }
}
