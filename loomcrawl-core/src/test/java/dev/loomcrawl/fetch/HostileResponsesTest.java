package dev.loomcrawl.fetch;

import dev.loomcrawl.testkit.RawServer;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Responses no well-behaved server sends, from a raw socket on 127.0.0.1: each ends in a result, in time. */
@Timeout(60)
class HostileResponsesTest {

    private static JettyFetcher fetcher(Duration fetchTimeout) {
        return new JettyFetcher(ClientSetup.builder(HttpSettings.builder().userAgent("hostile-test/1")
                .fetchTimeout(fetchTimeout).idleTimeout(Duration.ofSeconds(30)).build())
                .guard(AddressGuard.OFF).build());
    }

    private static void write(OutputStream out, String s) throws java.io.IOException {
        out.write(s.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    private static final String OK = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 5\r\n\r\nhello";

    @Test
    void twoContinueResponsesBeforeTheAnswerEndAtTheFetchTimeout() throws Exception {
        try (RawServer server = RawServer.start(out -> {
            write(out, "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 100 Continue\r\n\r\n");
            Thread.sleep(Duration.ofSeconds(30)); // and then nothing, for longer than the deadline
        }); JettyFetcher fetcher = fetcher(Duration.ofSeconds(2))) {
            long start = System.nanoTime();
            FetchResult r = fetcher.fetch(WebUrl.parse(server.url("/")));
            FetchResult.Failure f = assertInstanceOf(FetchResult.Failure.class, r, String.valueOf(r));
            assertEquals(ErrorKind.TIMEOUT, f.kind(), f.message());
            assertTrue(System.nanoTime() - start < Duration.ofSeconds(20).toNanos(), "ended by the deadline");
        }
    }

    @Test
    void twoContinueResponsesBeforeAWholeAnswer() throws Exception {
        try (RawServer server = RawServer.start(out -> {
            write(out, "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 100 Continue\r\n\r\n" + OK);
            Thread.sleep(Duration.ofSeconds(30));
        }); JettyFetcher fetcher = fetcher(Duration.ofSeconds(5))) {
            FetchResult r = fetcher.fetch(WebUrl.parse(server.url("/")));
            assertTrue(r instanceof FetchResult.Response || r instanceof FetchResult.Failure, String.valueOf(r));
        }
    }

    @Test
    void endlessResponseHeadersFailTheFetchAtTheBound() throws Exception {
        try (RawServer server = RawServer.start(out -> {
            write(out, "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n");
            String line = "X-Filler: " + "a".repeat(1000) + "\r\n";
            for (long sent = 0; sent < 1L << 30; sent += line.length()) write(out, line); // a GiB, or the client stops
        }); JettyFetcher fetcher = fetcher(Duration.ofSeconds(30))) {
            FetchResult r = fetcher.fetch(WebUrl.parse(server.url("/")));
            FetchResult.Failure f = assertInstanceOf(FetchResult.Failure.class, r, String.valueOf(r));
            assertEquals(ErrorKind.TOO_LARGE, f.kind(), f.message());
            assertEquals("response headers over 262144 bytes", f.message());
        }
    }

    @Test
    void cancellingTheCrawlEndsAFetchStuckAfterInterimResponses() throws Exception {
        try (RawServer server = RawServer.start(out -> {
            write(out, "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 100 Continue\r\n\r\n");
            Thread.sleep(Duration.ofSeconds(50));
        }); JettyFetcher fetcher = fetcher(Duration.ofSeconds(60))) {
            java.util.concurrent.CompletableFuture<FetchResult> result = new java.util.concurrent.CompletableFuture<>();
            Thread.ofVirtual().start(() -> result.complete(fetcher.fetch(WebUrl.parse(server.url("/")))));
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (server.requests() == 0 && System.nanoTime() < deadline) Thread.sleep(10);
            Thread.sleep(200); // the interim responses are in
            fetcher.cancelAll();
            FetchResult r = result.get(20, java.util.concurrent.TimeUnit.SECONDS); // Ctrl-C twice ended it
            assertEquals(ErrorKind.CANCELLED, assertInstanceOf(FetchResult.Failure.class, r).kind());
        }
    }

    @Test
    void aBodyInAnEncodingNotDecodedIsRecordedButNeverParsed() throws Exception {
        String html = "<a href=/followed-by-mistake>x</a>";
        try (RawServer server = RawServer.start(out -> write(out, "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
                + "Content-Encoding: zstd\r\nContent-Length: " + html.length() + "\r\n\r\n" + html));
             dev.loomcrawl.Crawler crawler = dev.loomcrawl.Crawler.builder(dev.loomcrawl.CrawlConfig.builder()
                     .root(server.url("/")).ignoreRobots(true).build()).build()) {
            java.util.List<dev.loomcrawl.result.CrawlRecord> records = new java.util.concurrent.CopyOnWriteArrayList<>();
            crawler.addListener(dev.loomcrawl.result.CrawlListener.ofRecords(records::add));
            crawler.crawl();
            assertEquals(1, records.size(), records.toString()); // the link inside was not followed
            dev.loomcrawl.result.CrawlRecord r = records.getFirst();
            assertEquals(200, r.status());
            assertEquals(0, r.numUrls());
            assertTrue(String.valueOf(r.error()).contains("Content-Encoding zstd"), String.valueOf(r.error()));
            assertEquals(1, server.requests());
        }
    }
}
