package dev.loomcrawl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * loomcrawl-pdf's character and time bounds, through the real command line and the launcher's heap: a PDF of more
 * characters than are read (4,500,000 on 100 pages) is cut at the bound, mid-page, its record saying where; a PDF
 * whose second page draws forms a billion times is stopped at the time bound (30 s), its record saying so, the text
 * of the pages before it and of that page's start kept; the crawl goes on to its other pages and ends as usual.
 */
@Timeout(300)
class PdfBoundsTest {
    @TempDir
    Path dir;

    @Test
    void theCharacterAndTimeBoundsCutAPdfsTextAndTheCrawlGoesOn() throws Exception {
        try (TestSite site = TestSite.builder()
                .page("/", "<html><body><a href=/dense.pdf>d</a> <a href=/slow.pdf>s</a> <a href=/after.html>a</a>"
                        + "</body></html>")
                .resource("/dense.pdf", "application/pdf", TestPdfs.dense(100, 45))
                .resource("/slow.pdf", "application/pdf", TestPdfs.slow())
                .page("/after.html", "<html><head><title>After</title></head><body><main><h1>After</h1><p>A page "
                        + "found beside the PDFs, crawled as any other.</p></main></body></html>")
                .start()) {
            LoomcrawlProcess crawl = LoomcrawlProcess.startWithHeap("256m", dir, "crawl", "--no-progress",
                    "--output", dir.resolve("r.jsonl").toString(), "--content", dir.resolve("c.jsonl").toString(),
                    site.url("/"));
            assertEquals(0, crawl.exit(240), crawl.stderr());
            assertFalse(crawl.stderr().contains("OutOfMemoryError"), crawl.stderr());

            Map<String, JsonNode> records = PdfCrawlTest.byUrl(dir.resolve("r.jsonl"));
            assertEquals(4, Files.readAllLines(dir.resolve("r.jsonl")).size(), "one record a URL");
            for (JsonNode r : records.values()) assertEquals(200, r.path("status").asInt(), r.toString());
            String dense = records.get(site.url("/dense.pdf")).path("error").asText();
            assertTrue(dense.matches("pdf text cut at 4194304 characters, on page 9[34] of 100"), dense);
            assertEquals("pdf text of its first 2 of 3 pages: out of time",
                    records.get(site.url("/slow.pdf")).path("error").asText());

            Map<String, JsonNode> content = PdfCrawlTest.byUrl(dir.resolve("c.jsonl"));
            String denseText = content.get(site.url("/dense.pdf")).path("text").asText();
            assertTrue(denseText.contains("Page 1 of the dense document."), "page 1 is read");
            assertTrue(denseText.contains("Page 93 of the dense document."), "page 93 is read");
            assertFalse(denseText.contains("Page 95 of the dense document."), "page 95 is past the bound");
            assertTrue(denseText.length() > 4_000_000 && denseText.length() < 4_400_000, "" + denseText.length());
            String slowText = content.get(site.url("/slow.pdf")).path("text").asText();
            assertTrue(slowText.contains("Page one, before the slow page."), slowText);
            assertTrue(slowText.contains("Page two, whose forms never end."), slowText);
            assertFalse(slowText.contains("Page three"), slowText);
            assertEquals(3, content.get(site.url("/slow.pdf")).path("pages").asInt());
            assertTrue(content.get(site.url("/after.html")).path("text").asText().contains("crawled as any other"));
        }
    }
}
