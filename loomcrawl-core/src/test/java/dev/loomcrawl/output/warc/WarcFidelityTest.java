package dev.loomcrawl.output.warc;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.fetch.TlsServer;
import dev.loomcrawl.output.Crawls;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import static dev.loomcrawl.output.warc.WarcFixture.Rec;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the WARC output stores of each exchange: bodies as received, truncation, HTTP/2, interrupted crawls. */
class WarcFidelityTest {
    @TempDir
    Path dir;

    private List<Path> crawl(CrawlConfig.Builder config, long maxSize) {
        WarcOutput[] warc = new WarcOutput[1];
        Crawls.runWith(config, journal -> warc[0] = WarcOutput.open(dir.resolve("crawl"), maxSize, Map.of(), journal));
        return warc[0].files();
    }

    private static void assertValid(List<Path> files) throws Exception {
        JwarcValidator.Result v = JwarcValidator.validate(files);
        assertTrue(v.valid(), v.output());
        assertTrue(v.output().contains("payload digest pass") && v.output().contains("block digest pass"), v.output());
    }

    private static byte[] gzip(String s) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(s.getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    @Test
    void bodiesAreStoredAsReceivedBeforeContentDecodingAndWithoutChunking() throws Exception {
        byte[] compressed = gzip("<a href=/chunked>c</a>".repeat(20));
        try (TestSite site = TestSite.builder()
                .route("/", new Route.Respond(200, Map.of("Content-Type", "text/html", "Content-Encoding", "gzip"),
                        compressed))
                .route("/chunked", new Route.Huge(5000, false))
                .start()) {
            List<Path> files = crawl(Crawls.from(site, "/"), WarcOutput.DEFAULT_MAX_FILE_SIZE);
            List<Rec> records = WarcFixture.read(files);
            Rec gz = WarcFixture.only(records, "response", site.url("/"));
            assertEquals("gzip", gz.http().headers().first("content-encoding").orElseThrow());
            assertArrayEquals(compressed, gz.payload());
            assertEquals(WarcRecords.sha1(compressed).toString(), gz.header("WARC-Payload-Digest"));
            assertTrue(WarcFixture.only(records, "metadata", site.url("/")).text().contains(site.url("/chunked")));

            Rec chunked = WarcFixture.only(records, "response", site.url("/chunked"));
            assertEquals("chunked", chunked.http().headers().first("x-crawler-transfer-encoding").orElseThrow());
            assertFalse(chunked.http().headers().first("transfer-encoding").isPresent());
            assertEquals(5000, chunked.payload().length);
            assertNull(chunked.header("WARC-Truncated"));
            assertValid(files);
        }
    }

    @Test
    void aBodyCutAtTheCapIsMarkedTruncatedAndKeepsItsAnnouncedLength() throws Exception {
        try (TestSite site = TestSite.builder().route("/", new Route.Huge(100_000, true)).start()) {
            List<Path> files = crawl(Crawls.from(site, "/").maxBodyBytes(1000), WarcOutput.DEFAULT_MAX_FILE_SIZE);
            Rec r = WarcFixture.only(WarcFixture.read(files), "response", site.url("/"));
            assertEquals("length", r.header("WARC-Truncated"));
            assertEquals("1000", r.http().headers().first("content-length").orElseThrow());
            assertEquals("100000", r.http().headers().first("x-crawler-content-length").orElseThrow());
            assertEquals(1000, r.payload().length);
            assertValid(files);
        }
    }

    @Test
    void http2ExchangesAreWrittenInHttp11FormWithTheirProtocolNamed() throws Exception {
        try (TlsServer server = new TlsServer()) {
            // one task: "/" is archived before "/b", which has the same body and so is its revisit
            List<Path> files = crawl(CrawlConfig.builder().root(server.url("/")).insecure(true).maxTasks(1),
                    WarcOutput.DEFAULT_MAX_FILE_SIZE);
            List<Rec> records = WarcFixture.read(files);
            Rec response = WarcFixture.only(records, "response", server.url("/"));
            assertEquals("h2", response.header("WARC-Protocol"));
            assertTrue(response.text().startsWith("HTTP/1.1 200 OK\r\n"), response.text());
            Rec request = WarcFixture.only(records, "request", server.url("/"));
            assertEquals("h2", request.header("WARC-Protocol"));
            // HTTP/2 sends the host as :authority; the HTTP/1.1 form names it Host
            assertTrue(request.text().startsWith("GET / HTTP/1.1\r\nhost: " + server.url("").substring(8) + "\r\n"),
                    request.text());
            assertEquals("h2", WarcFixture.only(records, "revisit", server.url("/b")).header("WARC-Protocol"));
            assertValid(files);
        }
    }

    @Test
    void aCrawlCancelledPartWayLeavesValidWarcFiles() throws Exception {
        try (TestSite site = Crawls.slowSite(60, 20, Duration.ofSeconds(30))) {
            WarcOutput[] opened = new WarcOutput[1];
            CrawlSummary summary = Crawls.cancelledAfterWith(15, Crawls.from(site, "/").maxTasks(30),
                    journal -> opened[0] = WarcOutput.open(dir.resolve("crawl"), 4_000, Map.of(), journal));
            WarcOutput warc = opened[0];
            assertTrue(summary.interrupted());
            List<Rec> records = WarcFixture.read(warc.files());
            assertTrue(warc.files().size() > 1, "rotated");
            assertEquals(summary.done(), WarcFixture.ofType(records, "response").size()
                    + WarcFixture.ofType(records, "revisit").size());
            assertValid(warc.files());
        }
    }
}
