package dev.loomcrawl;

import dev.loomcrawl.result.FoundLink;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.result.CrawlException;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.testkit.Await;
import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The seed's test suite, against a real server on 127.0.0.1. */
class CrawlerTest {

    private static CrawlConfig.Builder from(TestSite site, String path) {
        return CrawlConfig.builder().root(site.url(path));
    }

    @Test
    void aCrawlerRunsOnce() {
        try (TestSite site = TestSite.builder().page("/", "home").start();
             Crawler crawler = Crawler.builder(from(site, "/").build()).build()) {
            assertEquals(1, crawler.crawl().done());
            IllegalStateException again = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                    crawler::crawl);
            assertEquals("a Crawler runs once: create another for the next crawl", again.getMessage());
            assertEquals(2, site.requests().size()); // robots.txt and the page, once
        }
    }

    @Test
    void linkCyclesFetchEveryPageOnce() {
        try (TestSite site = TestSite.builder()
                .page("/", "<a href=/a>a</a>")
                .page("/a", "<a href=/b>b</a> <a href=/>home</a>")
                .page("/b", "<a href=/a>a</a> <a href='/'>home</a>")
                .start()) {
            CrawlRun run = CrawlRun.of(from(site, "/"));
            assertEquals(3, run.records().size());
            for (String p : new String[] {"/", "/a", "/b"}) assertEquals(1, site.requestCount(p), p);
            CrawlRecord home = run.record(site.url("/"));
            assertEquals(200, home.status());
            assertEquals("text/html", home.contentType());
            assertEquals("utf-8", home.encoding());
            assertEquals(1, home.numUrls());
            assertEquals(1, home.numNewUrls());
            assertEquals(0, run.record(site.url("/b")).numNewUrls());
            assertEquals(2, run.record(site.url("/b")).depth());
            assertEquals(site.url("/a"), run.record(site.url("/b")).referrer().toString());
            assertEquals(0, run.summary().todo());
            assertFalse(run.summary().interrupted());
        }
    }

    @Test
    void linkToAHostOutOfScopeIsNotFetched() {
        try (TestSite site = TestSite.builder().start()) {
            try (TestSite other = TestSite.builder()
                    .page("/", "<a href='" + site.url("other.test", "/x") + "'>x</a><a href=/in>in</a>").start()) {
                CrawlRun run = CrawlRun.of(from(other, "/").resolve("other.test:" + site.port() + ":127.0.0.1"));
                assertEquals(0, site.requests().size());
                assertEquals(2, run.records().size());
                assertEquals(1, run.record(other.url("/")).numUrls());
            }
        }
    }

    @Test
    void strictScopeAcceptsTheWwwVariantOnly() {
        try (TestSite site = TestSite.builder().start()) {
            int port = site.port();
            try (TestSite pages = TestSite.builder()
                    .page("/", "<a href='http://www.example.test:" + port + "/w'>w</a>"
                            + "<a href='http://sub.example.test:" + port + "/s'>s</a>")
                    .start()) {
                String root = "http://example.test:" + pages.port() + "/";
                CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(root).allowPrivate(true) // names for 2 servers
                        .resolve("example.test:" + pages.port() + ":127.0.0.1")
                        .resolve("www.example.test:" + port + ":127.0.0.1")
                        .resolve("sub.example.test:" + port + ":127.0.0.1"));
                assertEquals(1, site.requestCount("/w"));
                assertEquals(0, site.requestCount("/s"));
                assertEquals(1, run.record(root).numUrls());
            }
        }
    }

    @Test
    void lenientScopeAcceptsAnyHostSharingTheLastTwoLabels() {
        try (TestSite site = TestSite.builder()
                .page("/", "<a href='/sub'>s</a>")
                .page("/sub", "").start()) {
            int port = site.port();
            try (TestSite pages = TestSite.builder()
                    .page("/", "<a href='http://sub.example.test:" + port + "/'>s</a>"
                            + "<a href='http://example.other:" + port + "/x'>x</a>")
                    .start()) {
                CrawlRun run = CrawlRun.of(CrawlConfig.builder().root("http://www.example.test:" + pages.port() + "/")
                        .lenient(true).allowPrivate(true) // names for two local servers
                        .resolve("www.example.test:" + pages.port() + ":127.0.0.1")
                        .resolve("sub.example.test:" + port + ":127.0.0.1")
                        .resolve("example.other:" + port + ":127.0.0.1"));
                assertEquals(1, site.requestCount("/"));
                assertEquals(1, site.requestCount("/sub"));
                assertEquals(0, site.requestCount("/x"));
                assertEquals(3, run.records().size());
            }
        }
    }

    @Test
    void redirectIsRecordedWithItsTargetAndTheTargetFetched() {
        try (TestSite site = TestSite.builder()
                .redirect("/old", 301, "new?x=1")
                .page("/new?x=1", "done").start()) {
            CrawlRun run = CrawlRun.of(from(site, "/old"));
            CrawlRecord old = run.record(site.url("/old"));
            assertEquals(301, old.status());
            assertEquals(site.url("/new?x=1"), old.nextUrl());
            assertEquals(1, site.requestCount("/new?x=1"));
            assertEquals(site.url("/old"), run.record(site.url("/new?x=1")).referrer().toString());
            assertEquals(0, run.record(site.url("/new?x=1")).depth());
        }
    }

    @Test
    void every3xxRedirectStatusIsHandledByTheCrawler() {
        TestSite.Builder b = TestSite.builder();
        StringBuilder links = new StringBuilder();
        for (int status : new int[] {300, 301, 302, 303, 307, 308}) {
            b.redirect("/r" + status, status, "/t" + status).page("/t" + status, "ok");
            links.append("<a href=/r").append(status).append(">x</a>");
        }
        try (TestSite site = b.page("/", links.toString()).start()) {
            CrawlRun run = CrawlRun.of(from(site, "/"));
            for (int status : new int[] {300, 301, 302, 303, 307, 308}) {
                assertEquals(status, run.record(site.url("/r" + status)).status());
                assertEquals(1, site.requestCount("/t" + status), "target of " + status);
            }
        }
    }

    @Test
    void redirectCycleFetchesEachUrlOnce() {
        try (TestSite site = TestSite.builder()
                .redirect("/r1", 302, "/r2")
                .redirect("/r2", 302, "/r1").start()) {
            CrawlRun run = CrawlRun.of(from(site, "/r1"));
            assertEquals(2, run.records().size());
            assertEquals(1, site.requestCount("/r1"));
            assertEquals(1, site.requestCount("/r2"));
        }
    }

    @Test
    void twoUrlsRedirectingToOneTargetFetchItOnce() {
        try (TestSite site = TestSite.builder()
                .page("/", "<a href=/a>a</a><a href=/b>b</a>")
                .redirect("/a", 302, "/target")
                .redirect("/b", 302, "/target")
                .page("/target", "t").start()) {
            CrawlRun run = CrawlRun.of(from(site, "/"));
            assertEquals(4, run.records().size());
            assertEquals(1, site.requestCount("/target"));
            assertEquals(site.url("/target"), run.record(site.url("/a")).nextUrl());
            assertEquals(site.url("/target"), run.record(site.url("/b")).nextUrl());
        }
    }

    @Test
    void redirectLimitStopsAChain() {
        TestSite.Builder b = TestSite.builder();
        for (int i = 0; i < 6; i++) b.redirect("/c" + i, 302, "/c" + (i + 1));
        try (TestSite site = b.page("/c6", "end").start()) {
            CrawlRun run = CrawlRun.of(from(site, "/c0").maxRedirects(2));
            // c0 -> c1 -> c2, and c2's redirect to c3 is over the limit: c3 is recorded as such, not fetched
            assertEquals(4, run.records().size());
            assertEquals(site.url("/c3"), run.record(site.url("/c2")).nextUrl());
            assertEquals(ErrorKind.REDIRECT_LIMIT, run.record(site.url("/c3")).errorKind());
            assertEquals(0, site.requestCount("/c3"));
        }
    }

    @Test
    void redirectToAHostOutOfScopeIsRecordedButNotFollowed() {
        try (TestSite elsewhere = TestSite.builder().page("/", "elsewhere").start();
             TestSite site = TestSite.builder().redirect("/go", 301, elsewhere.url("away.test", "/")).start()) {
            CrawlRun run = CrawlRun.of(from(site, "/go").resolve("away.test:" + elsewhere.port() + ":127.0.0.1"));
            assertEquals(elsewhere.url("away.test", "/"), run.record(site.url("/go")).nextUrl());
            assertEquals(1, run.records().size());
            assertEquals(0, elsewhere.requests().size());
        }
    }

    @Test
    void networkErrorsAreRetriedUntilSuccess() {
        try (TestSite site = TestSite.builder()
                .route("/", new Route.DropFirst(2, Route.Respond.html("finally"))).start()) {
            CrawlRun run = CrawlRun.of(from(site, "/").maxTries(4));
            CrawlRecord r = run.record(site.url("/"));
            assertEquals(200, r.status());
            assertEquals(3, r.attempts());
            assertEquals(3, site.requestCount("/"));
        }
    }

    @Test
    void retriesGiveUpAfterMaxTriesAndRecordTheErrorKind() {
        try (TestSite site = TestSite.builder()
                .route("/", new Route.DropFirst(100, Route.Respond.html("never"))).start()) {
            CrawlRun run = CrawlRun.of(from(site, "/").maxTries(3));
            CrawlRecord r = run.record(site.url("/"));
            assertTrue(r.failed());
            assertEquals(ErrorKind.RESET, r.errorKind(), r.error());
            assertEquals(3, r.attempts());
            assertEquals(3, site.requestCount("/"));
        }
    }

    @Test
    void excludedUrlsAreDroppedWhereverThePatternMatches() {
        try (TestSite site = TestSite.builder()
                .page("/", "<a href=/keep>k</a><a href=/skip/me>s</a><a href=/x?session=1>q</a>")
                .page("/keep", "k").start()) {
            CrawlRun run = CrawlRun.of(from(site, "/").exclude("/skip").exclude("session="));
            assertEquals(2, run.records().size());
            assertEquals(0, site.requestCount("/skip/me"));
            assertEquals(1, run.record(site.url("/")).numUrls());
        }
    }

    @Test
    void includePatternsKeepOnlyMatchingUrls() {
        try (TestSite site = TestSite.builder()
                .page("/", "<a href=/docs/a>a</a><a href=/blog/b>b</a>")
                .page("/docs/a", "a").start()) {
            CrawlRun run = CrawlRun.of(from(site, "/").include("/docs/"));
            assertTrue(run.has(site.url("/docs/a")));
            assertFalse(run.has(site.url("/blog/b")));
        }
    }

    @Test
    void twoHundredWorkersFetchEveryUrlOfADenseSiteExactlyOnce() {
        Map<String, String> pages = TestSite.crossLinked(1500, 25);
        try (TestSite site = TestSite.builder().pages(pages).start()) {
            CrawlRun run = CrawlRun.of(from(site, "/p0").maxTasks(200).perHost(200));
            assertEquals(1500, run.records().size());
            assertEquals(1500, site.requests().stream().filter(r -> !r.target().equals("/robots.txt")).count());
            for (String path : pages.keySet()) assertEquals(1, site.requestCount(path), path);
            assertEquals(1500, run.summary().done());
        }
    }

    @Test
    void aTricklingServerIsCutOffByTheFetchDeadline() {
        try (TestSite site = TestSite.builder()
                .route("/", new Route.Trickle(Duration.ofMillis(100), -1)).start()) {
            long start = System.nanoTime();
            CrawlRun run = CrawlRun.of(from(site, "/").maxTries(1).fetchTimeout(Duration.ofSeconds(1)));
            CrawlRecord r = run.record(site.url("/"));
            assertEquals(ErrorKind.TIMEOUT, r.errorKind(), r.error());
            assertEquals("no response within 1s", r.error()); // Jetty's total timeout, told as the deadline
            assertTrue(System.nanoTime() - start < Duration.ofSeconds(10).toNanos());
        }
    }

    @Test
    void aHugeResponseIsCappedAndMarkedTruncated() {
        try (TestSite site = TestSite.builder()
                .route("/", new Route.Huge(200L << 20, true))
                .route("/chunked", new Route.Huge(200L << 20, false)).start()) {
            CrawlRun run = CrawlRun.of(from(site, "/").root(site.url("/chunked")).maxBodyBytes(1 << 20));
            for (String p : new String[] {"/", "/chunked"}) {
                CrawlRecord r = run.record(site.url(p));
                assertEquals(200, r.status());
                assertTrue(r.truncated(), p);
                assertEquals(1 << 20, r.size(), p);
            }
        }
    }

    @Test
    void anUnreachableRootIsARecordedFailure() throws Exception {
        int closedPort = dev.loomcrawl.testkit.TestSite.closedPort();
        CrawlRun run = CrawlRun.of(CrawlConfig.builder().root("http://127.0.0.1:" + closedPort + "/").maxTries(2));
        CrawlRecord r = run.record("http://127.0.0.1:" + closedPort + "/");
        // found while fetching robots.txt, and not tried again: the origin never answered (decision 5)
        assertEquals(ErrorKind.REFUSED, r.errorKind(), r.error());
        assertEquals(1, r.attempts());
        assertNull(r.status(), "no response came: no status, not 0");
        assertFalse(r.answered());
        CrawlRun direct = CrawlRun.of(CrawlConfig.builder().root("http://127.0.0.1:" + closedPort + "/").maxTries(2)
                .ignoreRobots(true));
        assertEquals(ErrorKind.REFUSED, direct.record("http://127.0.0.1:" + closedPort + "/").errorKind());
    }

    @Test
    void nonHtmlResourcesAreFetchedAndRecordedButNotParsed() {
        try (TestSite site = TestSite.builder()
                .page("/", "<img src=/logo.png><a href=/data.json>d</a>")
                .resource("/logo.png", "image/png", new byte[] {(byte) 0x89, 'P', 'N', 'G'})
                .resource("/data.json", "application/json; charset=ISO-8859-1", "{\"href\":\"/nope\"}".getBytes())
                .start()) {
            CrawlRun run = CrawlRun.of(from(site, "/"));
            assertEquals(3, run.records().size());
            CrawlRecord png = run.record(site.url("/logo.png"));
            assertEquals("image/png", png.contentType());
            assertEquals(4, png.size());
            CrawlRecord json = run.record(site.url("/data.json"));
            assertEquals("iso-8859-1", json.encoding());
            assertEquals(0, json.numUrls());
            assertEquals(0, site.requestCount("/nope"));
        }
    }

    @Test
    void baseHrefEntitiesAndSrcsetAreHonoured() {
        String html = """
                <!doctype html><html><head><base href="/docs/v2/"></head><body>
                <a href="page?a=1&amp;b=2">entity</a>
                <a href="  spaced.html  ">spaces</a>
                <img srcset="img/small.png 1x, img/big.png 2x">
                <a href="#only-a-fragment">frag</a>
                </body></html>""";
        try (TestSite site = TestSite.builder()
                .page("/", html)
                .page("/docs/v2/page?a=1&b=2", "p")
                .page("/docs/v2/spaced.html", "s")
                .resource("/docs/v2/img/small.png", "image/png", new byte[1])
                .resource("/docs/v2/img/big.png", "image/png", new byte[1]).start()) {
            CrawlRun run = CrawlRun.of(from(site, "/"));
            for (String p : new String[] {"/docs/v2/page?a=1&b=2", "/docs/v2/spaced.html", "/docs/v2/img/small.png",
                    "/docs/v2/img/big.png"}) {
                assertEquals(1, site.requestCount(p), p);
            }
            assertEquals(5, run.record(site.url("/")).numUrls());
            assertTrue(run.has(site.url("/docs/v2/"))); // the fragment-only link resolves against <base>
        }
    }

    @Test
    void gzipAndDeflateBodiesAreDecoded() throws Exception {
        byte[] html = "<a href=/from-gzip>g</a>".getBytes();
        var buf = new java.io.ByteArrayOutputStream();
        try (var gz = new java.util.zip.GZIPOutputStream(buf)) {
            gz.write(html);
        }
        try (TestSite site = TestSite.builder()
                .route("/", new Route.Respond(200, Map.of("Content-Type", "text/html", "Content-Encoding", "gzip"),
                        buf.toByteArray()))
                .page("/from-gzip", "ok").start()) {
            CrawlRun run = CrawlRun.of(from(site, "/"));
            assertEquals(html.length, run.record(site.url("/")).size());
            assertEquals(1, site.requestCount("/from-gzip"));
            assertEquals("gzip, deflate, br", site.requests().getFirst().header("accept-encoding"));
        }
    }

    @Test
    void listenersSeeTheExchangeAndEveryLinkBeforeTheRecord() {
        try (TestSite site = TestSite.builder()
                .page("/", "<a href=/a rel='nofollow noopener'> Page  <b>A</b> </a><a href='http://elsewhere.test/'>x</a>")
                .page("/a", "a").start()) {
            var events = new java.util.concurrent.ConcurrentLinkedQueue<String>();
            var links = new java.util.concurrent.ConcurrentLinkedQueue<FoundLink>();
            // one task: "/" is recorded before "/a" starts, so the order of events is fixed; rel=nofollow ignored
            try (Crawler crawler = Crawler.builder(from(site, "/").maxTasks(1).ignoreRobotsDirectives(true).build())
                    .build()) {
                crawler.addListener(finished -> { // one value per finished URL, in one call
                    CrawlRecord record = finished.record();
                    var response = finished.response();
                    events.add(record.url().path() + " " + (response == null ? "-" : new String(response.wireBody())
                            .length() + " " + response.requestHeaders().stream()
                            .anyMatch(h -> h.getKey().equals("User-Agent"))) + " links " + finished.links().size());
                    links.addAll(finished.links());
                });
                crawler.crawl();
            }
            assertEquals(java.util.List.of("/ 93 true links 2"),
                    events.stream().filter(e -> e.startsWith("/ ")).toList());
            assertEquals(java.util.List.of("/a 1 true links 0"),
                    events.stream().filter(e -> e.startsWith("/a")).toList());
            FoundLink a = links.peek();
            assertEquals("Page A", a.link().text());
            assertTrue(a.link().nofollow());
            assertTrue(a.inScope());
            assertFalse(java.util.List.copyOf(links).get(1).inScope());
        }
    }

    @Test
    void requestsCarryTheLoomcrawlUserAgent() {
        try (TestSite site = TestSite.builder().page("/", "hi").start()) {
            CrawlRun.of(from(site, "/"));
            assertTrue(site.requests().getFirst().header("user-agent").startsWith("loomcrawl/"));
            CrawlRun.of(from(site, "/").userAgent("MyBot/1.0"));
            assertEquals("MyBot/1.0", site.requests().getLast().header("user-agent"));
        }
    }

    @Test
    void cancelIsPromptAndKeepsTheRecordsAlreadyProduced() throws Exception {
        TestSite.Builder b = TestSite.builder();
        StringBuilder links = new StringBuilder();
        for (int i = 0; i < 50; i++) {
            b.route("/slow" + i, new Route.Delay(Duration.ofSeconds(30), Route.Respond.html("late")));
            links.append("<a href=/slow").append(i).append(">s</a>");
        }
        try (TestSite site = b.page("/", links.toString()).start()) {
            Map<String, CrawlRecord> records = new java.util.concurrent.ConcurrentHashMap<>();
            try (Crawler crawler = Crawler.builder(from(site, "/").maxTasks(10).perHost(10).build()).build()) {
                crawler.addListener(CrawlListener.ofRecords(r -> records.put(r.url().toString(), r)));
                var result = new java.util.concurrent.CompletableFuture<CrawlSummary>();
                Thread.ofVirtual().start(() -> result.complete(crawler.crawl()));
                Await.until("robots.txt, the root, ten slow pages", () -> site.arrivals() >= 12);
                long start = System.nanoTime();
                crawler.cancel();
                CrawlSummary summary = result.get(5, java.util.concurrent.TimeUnit.SECONDS);
                assertTrue(System.nanoTime() - start < Duration.ofSeconds(3).toNanos());
                assertTrue(summary.interrupted());
                assertEquals(1, summary.done());
                assertEquals(Map.of(site.url("/"), records.get(site.url("/"))), records);
                assertEquals(50, summary.todo());
            }
        }
    }

    @Test
    void stopLetsFetchesInFlightFinishAndRecordsThem() throws Exception {
        TestSite.Builder b = TestSite.builder();
        StringBuilder links = new StringBuilder();
        for (int i = 0; i < 20; i++) {
            b.route("/slow" + i, new Route.Delay(Duration.ofMillis(500), Route.Respond.html("done")));
            links.append("<a href=/slow").append(i).append(">s</a>");
        }
        try (TestSite site = b.page("/", links.toString()).start();
             Crawler crawler = Crawler.builder(from(site, "/").maxTasks(5).perHost(5).build()).build()) {
            var result = new java.util.concurrent.CompletableFuture<CrawlSummary>();
            Thread.ofVirtual().start(() -> result.complete(crawler.crawl()));
            Await.until("robots.txt, the root, five slow pages", () -> site.arrivals() >= 7);
            crawler.stop();
            CrawlSummary summary = result.get(5, java.util.concurrent.TimeUnit.SECONDS);
            assertEquals(6, summary.done()); // the root and the five in flight
            assertEquals(15, summary.todo());
            assertTrue(summary.interrupted());
        }
    }

    @Test
    void aFailingListenerStopsTheCrawlWithAnException() {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(50, 5)).start();
             Crawler crawler = Crawler.builder(from(site, "/p0").maxTasks(1).build()).build()) {
            crawler.addListener(r -> { throw new IllegalStateException("disk full"); });
            CrawlException e = org.junit.jupiter.api.Assertions.assertThrows(CrawlException.class, crawler::crawl);
            assertTrue(e.getMessage().contains("disk full"));
            assertTrue(site.requests().size() < 50);
        }
    }

    @Test
    void linkCheckingChecksLinksLeavingTheScopeWithoutCrawlingThem() {
        try (TestSite outside = TestSite.builder()
                .page("/ok", "<a href=/never>n</a>")
                .route("/no-head", new Route.Sequence(java.util.List.of(
                        new Route.Respond(405, Map.of(), new byte[0]), Route.Respond.html("fine on GET"))))
                .redirect("/moved", 301, "/ok2").page("/ok2", "").start();
             TestSite site = TestSite.builder()
                .page("/", "<a href=/in>in</a><a href='" + outside.url("out.test", "/ok") + "'>o</a>"
                        + "<a href='" + outside.url("out.test", "/missing") + "'>m</a>"
                        + "<a href='" + outside.url("out.test", "/no-head") + "'>h</a>"
                        + "<a href='" + outside.url("out.test", "/moved") + "'>r</a>")
                .page("/in", "").start()) {
            CrawlRun run = CrawlRun.of(from(site, "/").checkLinks(true).allowPrivate(true) // a second local server
                    .resolve("out.test:" + outside.port() + ":127.0.0.1"));
            assertEquals(200, run.record(outside.url("out.test", "/ok")).status());
            assertEquals(404, run.record(outside.url("out.test", "/missing")).status());
            assertEquals(200, run.record(outside.url("out.test", "/no-head")).status()); // GET after HEAD's 405
            assertEquals(200, run.record(outside.url("out.test", "/ok2")).status()); // a redirect is followed
            assertEquals(0, outside.requestCount("/never")); // checked pages are not crawled
            assertEquals(0, outside.requestCount("/robots.txt"));
            java.util.List<String> methods = outside.requests().stream()
                    .filter(r -> r.target().equals("/ok")).map(r -> r.method()).toList();
            assertEquals(java.util.List.of("HEAD"), methods);
            assertEquals(2, outside.requests().stream().filter(r -> r.target().equals("/missing")).count());
        }
    }

    @Test
    void redirectWithoutLocationIsAnOrdinaryResponse() {
        try (TestSite site = TestSite.builder()
                .route("/", new Route.Respond(302, Map.of("Content-Type", "text/html"), "no location".getBytes()))
                .start()) {
            CrawlRecord r = CrawlRun.of(from(site, "/")).record(site.url("/"));
            assertEquals(302, r.status());
            assertNull(r.nextUrl());
        }
    }
}
