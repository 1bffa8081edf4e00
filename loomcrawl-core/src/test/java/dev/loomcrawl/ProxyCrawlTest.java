package dev.loomcrawl;

import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.testkit.ProxyServer;
import dev.loomcrawl.testkit.RecordedRequest;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Crawls through real proxies: tinyproxy (HTTP, with and without a password) and Dante (SOCKS5). */
class ProxyCrawlTest {
    private static final int PAGES = 30;

    /** A cross-linked site whose every answer closes its connection: one request, one connection. */
    private static TestSite site(boolean closeEach) {
        Function<String, Route> pages = TestSite.crossLinkedGenerator(PAGES, 3);
        return TestSite.builder().generated(target -> {
            Route r = pages.apply(target);
            if (!closeEach || !(r instanceof Route.Respond respond)) return r;
            Map<String, String> headers = new java.util.HashMap<>(respond.headers());
            headers.put("Connection", "close");
            return new Route.Respond(respond.status(), headers, respond.body());
        }).start();
    }

    @Test
    void everyRequestGoesThroughAnHttpProxyWithAPassword(@TempDir Path dir) throws IOException {
        try (TestSite site = site(false); ProxyServer proxy = ProxyServer.tinyproxy(dir, "bob", "pw1")) {
            Path proxies = Files.writeString(dir.resolve("proxies"), "# the office proxy\nhttp://bob:pw1@127.0.0.1:"
                    + proxy.port() + "\n");
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/p0")).proxyFile(proxies));
            assertEquals(PAGES, run.records().values().stream().filter(r -> r.status() == 200).count());
            for (RecordedRequest r : site.requests()) {
                assertTrue(r.header("via") != null && r.header("via").contains("tinyproxy"), "not proxied: " + r);
            }
            long proxied = proxy.log().stream().filter(l -> l.contains("Request (file descriptor")).count();
            assertEquals(site.requests().size(), proxied, String.join("\n", proxy.log()));
        }
    }

    @Test
    void aWrongProxyPasswordIsRefusedByTheProxy(@TempDir Path dir) throws IOException {
        try (TestSite site = site(false); ProxyServer proxy = ProxyServer.tinyproxy(dir, "bob", "pw1")) {
            Path proxies = Files.writeString(dir.resolve("proxies"), "http://bob:nope@127.0.0.1:" + proxy.port());
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/p0")).proxyFile(proxies));
            int status = run.record(site.url("/p0")).status(); // tinyproxy asks with 407, refuses with 401
            assertTrue(status == 407 || status == 401, "status " + status);
            assertEquals(0, site.requests().size());
        }
    }

    @Test
    void httpsGoesThroughAnHttpProxysTunnel(@TempDir Path dir) throws Exception {
        try (dev.loomcrawl.fetch.TlsServer tls = new dev.loomcrawl.fetch.TlsServer();
             ProxyServer proxy = ProxyServer.tinyproxy(dir, null, null)) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(tls.url("/")).insecure(true)
                    .proxy("http://127.0.0.1:" + proxy.port()));
            assertEquals(200, run.record(tls.url("/b")).status());
            String port = tls.url("/").replaceAll(".*:(\\d+)/", "$1");
            assertTrue(proxy.log().stream().anyMatch(l -> l.contains("CONNECT 127.0.0.1:" + port)),
                    String.join("\n", proxy.log()));
        }
    }

    @Test
    void everyConnectionGoesThroughASocks5Proxy(@TempDir Path dir) {
        try (TestSite site = site(false); ProxyServer socks = ProxyServer.dante(dir)) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/p0"))
                    .proxy("socks5://127.0.0.1:" + socks.port()));
            assertEquals(PAGES, run.records().values().stream().filter(r -> r.status() == 200).count());
            // Dante logs the port it connected from for each tunnel: every request the site saw came on one
            java.util.Set<Integer> tunnelled = new java.util.HashSet<>();
            java.util.regex.Pattern connect = java.util.regex.Pattern.compile(
                    "tcp/connect \\[: .* -> 127\\.0\\.0\\.1\\.(\\d+) 127\\.0\\.0\\.1\\." + site.port() + "$");
            for (String line : socks.log()) {
                java.util.regex.Matcher m = connect.matcher(line);
                if (m.find()) tunnelled.add(Integer.parseInt(m.group(1)));
            }
            assertFalse(tunnelled.isEmpty(), String.join("\n", socks.log()));
            for (RecordedRequest r : site.requests()) {
                assertTrue(tunnelled.contains(r.remotePort()), "not through the proxy: " + r);
            }
        }
    }

    @Test
    void aSocks5ProxyGetsItsUserAndPassword(@TempDir Path dir) throws IOException {
        try (TestSite site = site(false); dev.loomcrawl.testkit.Socks5Server socks =
                new dev.loomcrawl.testkit.Socks5Server("carol", "pw2")) {
            Path good = Files.writeString(dir.resolve("good"), "socks5://carol:pw2@127.0.0.1:" + socks.port());
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/p0")).proxyFile(good));
            assertEquals(PAGES, run.records().values().stream().filter(r -> r.status() == 200).count());
            assertFalse(socks.tunnels().isEmpty());
            assertTrue(socks.tunnels().stream().allMatch(t -> t.equals("carol 127.0.0.1:" + site.port())));
            int before = site.requests().size();
            Path bad = Files.writeString(dir.resolve("bad"), "socks5://carol:nope@127.0.0.1:" + socks.port());
            CrawlRun refused = CrawlRun.of(CrawlConfig.builder().root(site.url("/p0")).proxyFile(bad));
            assertTrue(refused.record(site.url("/p0")).errorKind() != null);
            assertEquals(before, site.requests().size());
            assertTrue(socks.refused().contains("carol"));
        }
    }

    @Test
    void aProxyThatCannotBeReachedIsSetAside(@TempDir Path dir) throws IOException {
        try (TestSite site = site(false); ProxyServer proxy = ProxyServer.tinyproxy(dir, null, null)) {
            // nothing listens on port 1: refused at once, whatever else runs on the machine
            Path proxies = Files.writeString(dir.resolve("proxies"), "http://127.0.0.1:1\nhttp://127.0.0.1:"
                    + proxy.port() + "\n");
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/p0")).root("http://localhost:"
                    + site.port() + "/p0").proxyFile(proxies));
            // two origins, each dealt a proxy: the dead one's fetches failed once, and went through the other
            List<CrawlRecord> failed = run.records().values().stream().filter(r -> r.status() == null).toList();
            assertEquals(List.of(), failed);
            assertEquals(2 * PAGES, run.records().values().stream().filter(r -> r.status() == 200).count());
            assertTrue(run.records().values().stream().anyMatch(r -> r.attempts() > 1));
            assertTrue(site.requests().stream().allMatch(r -> r.header("via") != null));
        }
    }

    @Test
    void theAddressGuardJudgesTheTargetBeforeTheProxySeesIt(@TempDir Path dir) {
        try (TestSite site = site(false); ProxyServer proxy = ProxyServer.tinyproxy(dir, null, null)) {
            // a public name pinned to loopback lends the crawl nothing: loopback stays refused
            String root = "http://www.example.com:" + site.port() + "/p0";
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(root).resolve("www.example.com:" + site.port()
                    + ":127.0.0.1").proxy("http://127.0.0.1:" + proxy.port()).ignoreRobots(true));
            assertEquals(ErrorKind.BLOCKED, run.record(root).errorKind());
            assertEquals(0, site.requests().size());
            assertTrue(proxy.log().stream().noneMatch(l -> l.contains("Request (file descriptor")));
        }
    }

    @Test
    void aPasswordOnTheCommandLineIsRefused() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> CrawlConfig.builder().root("http://example.com/").proxy("http://bob:pw1@127.0.0.1:3128").build());
        assertEquals("proxy http://bob:***@127.0.0.1:3128 has a password on the command line, where others can read "
                + "it: set LOOMCRAWL_PROXY_PASSWORD, or use --proxy-file", e.getMessage());
        assertTrue(!e.getMessage().contains("pw1"));
    }
}
