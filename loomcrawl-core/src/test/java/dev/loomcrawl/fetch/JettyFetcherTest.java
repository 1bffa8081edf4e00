package dev.loomcrawl.fetch;

import dev.loomcrawl.testkit.Await;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.url.WebUrl;
import dev.loomcrawl.testkit.RecordedRequest;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JettyFetcherTest {

    private static ClientSetup settings(String root, boolean http2, boolean insecure) {
        return CrawlConfig.builder().root(root).http2(http2).insecure(insecure).build().clientSetup();
    }

    @Test
    void speaksHttp2OverTlsWhenTheServerOffersIt() throws Exception {
        try (TlsServer server = new TlsServer();
             JettyFetcher fetcher = new JettyFetcher(settings(server.url("/"), true, true))) {
            FetchResult.Response r = assertInstanceOf(FetchResult.Response.class,
                    fetcher.fetch(WebUrl.parse(server.url("/"))));
            assertEquals(200, r.status());
            assertEquals("HTTP/2.0", r.protocol());
            assertEquals(List.of("HTTP/2.0"), server.protocols());
        }
    }

    @Test
    void tlsIsSetUpByTheFirstHttpsFetchNotBefore() throws Exception {
        try (TestSite plain = TestSite.builder().page("/", "plain").start();
             TlsServer server = new TlsServer();
             // two local servers, two origins: the guard lets a loopback root reach its own origin only
             JettyFetcher fetcher = new JettyFetcher(CrawlConfig.builder().root(plain.url("/")).insecure(true)
                     .allowPrivate(true).build().clientSetup())) {
            assertFalse(fetcher.tlsReady());
            assertEquals(200, assertInstanceOf(FetchResult.Response.class,
                    fetcher.fetch(WebUrl.parse(plain.url("/")))).status());
            assertFalse(fetcher.tlsReady()); // an http crawl never sets TLS up
            List<Thread> threads = new java.util.ArrayList<>();
            java.util.Queue<FetchResult> results = new java.util.concurrent.ConcurrentLinkedQueue<>();
            for (int i = 0; i < 8; i++) { // the first https fetches, all at once: one sets TLS up, the others wait
                threads.add(Thread.ofVirtual().start(() -> results.add(fetcher.fetch(WebUrl.parse(server.url("/"))))));
            }
            for (Thread t : threads) t.join();
            assertTrue(fetcher.tlsReady());
            assertEquals(8, results.size());
            for (FetchResult r : results) assertEquals(200, assertInstanceOf(FetchResult.Response.class, r).status());
        }
    }

    @Test
    void throughAProxyTlsIsSetUpAtOnce() {
        ClientSetup proxied = CrawlConfig.builder().root("http://127.0.0.1:1/").proxy("http://127.0.0.1:2").build()
                .clientSetup();
        try (JettyFetcher fetcher = new JettyFetcher(proxied)) {
            assertTrue(fetcher.tlsReady());
        }
    }

    @Test
    void fallsBackToHttp11WhenHttp2IsOff() throws Exception {
        try (TlsServer server = new TlsServer();
             JettyFetcher fetcher = new JettyFetcher(settings(server.url("/"), false, true))) {
            FetchResult.Response r = assertInstanceOf(FetchResult.Response.class,
                    fetcher.fetch(WebUrl.parse(server.url("/"))));
            assertEquals("HTTP/1.1", r.protocol());
        }
    }

    @Test
    void anUntrustedCertificateIsATlsFailure() throws Exception {
        try (TlsServer server = new TlsServer();
             JettyFetcher fetcher = new JettyFetcher(settings(server.url("/"), true, false))) {
            FetchResult.Failure f = assertInstanceOf(FetchResult.Failure.class,
                    fetcher.fetch(WebUrl.parse(server.url("/"))));
            assertEquals(ErrorKind.TLS, f.kind(), f.message());
        }
    }

    @Test
    void aGzipBodyIsKeptAsReceivedAndDecodedOnceByUs() throws Exception {
        byte[] html = "<p>compressed</p>".repeat(50).getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(html);
        }
        try (TestSite site = TestSite.builder().route("/", new Route.Respond(200,
                Map.of("Content-Type", "text/html", "Content-Encoding", "gzip"), gz.toByteArray())).start();
             JettyFetcher fetcher = new JettyFetcher(settings(site.url("/"), true, false))) {
            FetchResult.Response r = assertInstanceOf(FetchResult.Response.class,
                    fetcher.fetch(WebUrl.parse(site.url("/"))));
            assertArrayEquals(gz.toByteArray(), r.wireBody()); // Jetty's own decoder stays off
            assertArrayEquals(html, r.body());
            assertEquals("gzip", r.header("content-encoding"));
            assertEquals(Integer.toString(gz.size()), r.header("content-length"));
        }
    }

    @Test
    void cancellingWhileTheBodyArrivesIsACancelledFailureNotAnException() throws Exception {
        try (TestSite site = TestSite.builder().route("/", new Route.Trickle(java.time.Duration.ofMillis(20), -1))
                .start();
             JettyFetcher fetcher = new JettyFetcher(settings(site.url("/"), true, false));
             var executor = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            var result = executor.submit(() -> fetcher.fetch(WebUrl.parse(site.url("/"))));
            Await.until("the first request at the site", () -> site.arrivals() >= 1);
            Thread.sleep(300); // headers are in; the body is being read
            fetcher.cancelAll();
            FetchResult.Failure f = assertInstanceOf(FetchResult.Failure.class,
                    result.get(5, java.util.concurrent.TimeUnit.SECONDS));
            assertEquals(ErrorKind.CANCELLED, f.kind());
        }
    }

    /** A fetcher of one's own, from ClientSetup's builder: its defaults guard against loopback, as a crawl's do. */
    @Test
    void aFetcherFromTheSettingsBuilderSendsItsAgentAndKeepsTheAddressGuard() throws Exception {
        try (TestSite site = TestSite.builder().route("/", new Route.Respond(200, Map.of("Content-Type", "text/plain"),
                "hello".getBytes(StandardCharsets.UTF_8))).start()) {
            WebUrl url = WebUrl.parse(site.url("/"));
            try (JettyFetcher guarded = new JettyFetcher(ClientSetup.builder(HttpSettings.builder()
                    .userAgent("builder-test/1").build()).build())) {
                FetchResult.Failure refused = assertInstanceOf(FetchResult.Failure.class, guarded.fetch(url));
                assertEquals(ErrorKind.BLOCKED, refused.kind());
            }
            try (JettyFetcher open = new JettyFetcher(ClientSetup.builder(HttpSettings.builder()
                    .userAgent("builder-test/1").maxBodyBytes(3).build()).guard(AddressGuard.OFF).build())) {
                FetchResult.Response r = assertInstanceOf(FetchResult.Response.class, open.fetch(url));
                assertEquals("hel", new String(r.body(), StandardCharsets.UTF_8), "maxBodyBytes applies");
                assertEquals(true, r.truncated());
            }
            assertEquals(List.of("builder-test/1"), site.requests().stream().map(q -> q.header("user-agent")).toList(),
                    "the guarded fetcher never connected");
        }
    }

    /**
     * 300 fetches, 30 at a time, to one origin answering after 20 ms: they share at most 30 connections (a finished
     * one is taken again from the free list), each page is asked for once (no connection was handed to two
     * requests, or closed under one), and at the end every connection is back in the pool, idle.
     */
    @Test
    void manyFetchesAtOnceToOneOriginShareThePoolsConnections() throws Exception {
        int atOnce = 30;
        try (TestSite site = TestSite.builder().generated(target ->
                        new Route.Delay(java.time.Duration.ofMillis(20), Route.Respond.html("<p>" + target + "</p>")))
                .start();
             JettyFetcher fetcher = new JettyFetcher(CrawlConfig.builder().root(site.url("/")).maxTasks(atOnce)
                     .build().clientSetup());
             var executor = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            java.util.concurrent.Semaphore permits = new java.util.concurrent.Semaphore(atOnce);
            List<java.util.concurrent.Future<FetchResult>> results = new java.util.ArrayList<>();
            for (int i = 0; i < 300; i++) {
                WebUrl url = WebUrl.parse(site.url("/p" + i));
                results.add(executor.submit(() -> {
                    permits.acquire();
                    try {
                        return fetcher.fetch(url);
                    } finally {
                        permits.release();
                    }
                }));
            }
            for (var r : results) {
                assertEquals(200, assertInstanceOf(FetchResult.Response.class,
                        r.get(30, java.util.concurrent.TimeUnit.SECONDS)).status());
            }
            assertEquals(300, site.requests().size(), "each page asked for once");
            long connections = site.requests().stream().map(RecordedRequest::remotePort).distinct().count();
            assertTrue(connections <= atOnce, connections + " connections");
            var pool = assertInstanceOf(org.eclipse.jetty.client.AbstractConnectionPool.class,
                    fetcher.connectionPools().getFirst());
            assertInstanceOf(FreeListPool.Connections.class, pool);
            assertEquals(connections, pool.getConnectionCount());
            assertEquals(pool.getConnectionCount(), pool.getIdleConnectionCount(), "every connection given back");
        }
    }

    /**
     * A fetch returns once its exchange has ended, and Jetty ends it after giving the connection back: the next fetch
     * to the origin, started right after, always finds it free. (Reading the body from a stream returned before
     * that, and a fetch started at once could open a second connection.)
     */
    @Test
    void fetchesOneAfterAnotherShareOneConnection() throws Exception {
        try (TestSite site = TestSite.builder().generated(target -> Route.Respond.html("<p>" + target + "</p>"))
                .start();
             JettyFetcher fetcher = new JettyFetcher(settings(site.url("/"), true, false))) {
            for (int i = 0; i < 50; i++) {
                assertEquals(200, assertInstanceOf(FetchResult.Response.class,
                        fetcher.fetch(WebUrl.parse(site.url("/p" + i)))).status());
            }
            assertEquals(1, site.requests().stream().map(RecordedRequest::remotePort).distinct().count());
        }
    }

    /** An origin fetched from once does not stay in the client for good: a broad crawl meets millions. */
    @Test
    void anOriginLeftIdleIsForgottenOnceItsConnectionsHaveClosed() throws Exception {
        try (TestSite site = TestSite.builder().page("/", "<p>once</p>").start();
             JettyFetcher fetcher = new JettyFetcher(keepAlive(java.time.Duration.ofMillis(300), false))) {
            assertInstanceOf(FetchResult.Response.class, fetcher.fetch(WebUrl.parse(site.url("/"))));
            assertEquals(1, fetcher.connectionPools().size());
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
            while (!fetcher.connectionPools().isEmpty() && System.nanoTime() < deadline) Thread.sleep(50);
            assertEquals(List.of(), fetcher.connectionPools(), "the origin is forgotten");
            FetchResult.Response again = assertInstanceOf(FetchResult.Response.class,
                    fetcher.fetch(WebUrl.parse(site.url("/"))));
            assertEquals(200, again.status(), "and met again as new");
        }
    }

    /**
     * An HTTP/1.1 connection left unused is closed after the keep-alive (1 s here), while a request on it waits
     * for the idle timeout (10 s): the second fetch, two seconds of silence on the connection the first left, is
     * answered; once the connection has closed, the third opens a new one.
     */
    @Test
    void anUnusedConnectionClosesAfterTheKeepAliveWhileARequestWaitsForTheIdleTimeout() throws Exception {
        try (TestSite site = TestSite.builder().page("/", "<p>fast</p>")
                .route("/slow", new Route.Delay(java.time.Duration.ofSeconds(2), Route.Respond.html("<p>slow</p>")))
                .start();
             JettyFetcher fetcher = new JettyFetcher(keepAlive(java.time.Duration.ofSeconds(1), true))) {
            assertEquals(200, assertInstanceOf(FetchResult.Response.class,
                    fetcher.fetch(WebUrl.parse(site.url("/")))).status());
            assertEquals(200, assertInstanceOf(FetchResult.Response.class,
                    fetcher.fetch(WebUrl.parse(site.url("/slow")))).status(), "two seconds of silence are waited for");
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(9);
            while (fetcher.connectionPools().stream().anyMatch(p -> !p.isEmpty()) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(fetcher.connectionPools().stream().allMatch(org.eclipse.jetty.client.ConnectionPool::isEmpty),
                    "the unused connection was closed");
            assertEquals(200, assertInstanceOf(FetchResult.Response.class,
                    fetcher.fetch(WebUrl.parse(site.url("/")))).status());
            List<Integer> ports = site.requests().stream().map(RecordedRequest::remotePort).toList();
            assertEquals(3, ports.size());
            assertEquals(ports.get(0), ports.get(1), "the slow request went over the first connection");
            assertNotEquals(ports.get(1), ports.get(2), "the third over a new one");
        }
    }

    /** An HTTP/2 session is not cut by the keep-alive while a stream waits: its idle timeout is the request's. */
    @Test
    void anHttp2StreamAnsweringAfterTheKeepAliveIsNotCut() throws Exception {
        try (TlsServer server = new TlsServer();
             JettyFetcher fetcher = new JettyFetcher(ClientSetup.builder(HttpSettings.builder()
                     .userAgent("loomcrawl-test").insecure(true).idleTimeout(java.time.Duration.ofSeconds(10)).build())
                     .guard(AddressGuard.OFF).keepAlive(java.time.Duration.ofMillis(200)).build())) {
            assertEquals(200, assertInstanceOf(FetchResult.Response.class,
                    fetcher.fetch(WebUrl.parse(server.url("/")))).status());
            assertEquals(200, assertInstanceOf(FetchResult.Response.class,
                    fetcher.fetch(WebUrl.parse(server.url("/slow")))).status());
            assertEquals(List.of("HTTP/2.0", "HTTP/2.0"), server.protocols());
        }
    }

    private static ClientSetup keepAlive(java.time.Duration keepAlive, boolean http2) {
        return ClientSetup.builder(HttpSettings.builder().userAgent("loomcrawl-test").http2(http2)
                .idleTimeout(java.time.Duration.ofSeconds(10)).build()).guard(AddressGuard.OFF).keepAlive(keepAlive)
                .build();
    }

    /** Closing a fetcher stops its client: the connection it kept alive is closed (the server reads its end). */
    @Test
    void closingTheFetcherClosesItsPooledConnections() throws Exception {
        try (var server = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            String url = "http://127.0.0.1:" + server.getLocalPort() + "/";
            JettyFetcher fetcher = new JettyFetcher(CrawlConfig.builder().root(url).build().clientSetup());
            try (var executor = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
                var result = executor.submit(() -> fetcher.fetch(WebUrl.parse(url)));
                try (java.net.Socket socket = server.accept()) {
                    socket.setSoTimeout(20_000);
                    var in = new java.io.BufferedReader(new java.io.InputStreamReader(socket.getInputStream(),
                            StandardCharsets.US_ASCII));
                    for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
                        // the request's headers
                    }
                    socket.getOutputStream().write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
                            .getBytes(StandardCharsets.US_ASCII));
                    assertEquals(200, assertInstanceOf(FetchResult.Response.class,
                            result.get(20, java.util.concurrent.TimeUnit.SECONDS)).status());
                    fetcher.close();
                    assertEquals(-1, in.read(), "the client closed its end");
                }
            }
        }
    }

    /** CrawlConfig's politeness setters and PolitenessSettings' builder share one set of defaults. */
    @Test
    void politenessDefaultsAreTheSameThroughEitherBuilder() {
        assertEquals(dev.loomcrawl.politeness.PolitenessSettings.builder().build(),
                CrawlConfig.builder().root("http://a.test/").build().politeness());
        assertEquals(HttpSettings.builder().build().fetchTimeout(),
                CrawlConfig.builder().root("http://a.test/").build().http().fetchTimeout());
    }
}
