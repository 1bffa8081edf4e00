package dev.loomcrawl;

import dev.loomcrawl.reason.SkipReason;
import dev.loomcrawl.reason.Limit;
import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.limits.LimitSettings;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.testkit.RecordedRequest;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** robots.txt and per-origin politeness, each checked against the test site's request log. */
class PolitenessTest {

    private static List<RecordedRequest> pages(TestSite site) {
        return site.requests().stream().filter(r -> !r.target().equals("/robots.txt"))
                .sorted(Comparator.comparingLong(RecordedRequest::startNanos)).toList();
    }

    private static String links(String prefix, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) sb.append("<a href=").append(prefix).append(i).append(">x</a>");
        return sb.toString();
    }

    /** The smallest gap between the starts of consecutive requests. */
    private static Duration smallestGap(List<RecordedRequest> requests) {
        if (requests.size() < 2) throw new AssertionError("need two requests to measure a gap: " + requests);
        long min = Long.MAX_VALUE;
        for (int i = 1; i < requests.size(); i++) {
            min = Math.min(min, requests.get(i).startNanos() - requests.get(i - 1).startNanos());
        }
        return Duration.ofNanos(min);
    }

    /** The most requests the site was answering at the same moment. */
    private static int mostAtOnce(List<RecordedRequest> requests) {
        int most = 0;
        for (RecordedRequest r : requests) {
            int overlapping = 0;
            for (RecordedRequest o : requests) {
                if (o.startNanos() <= r.startNanos() && o.endNanos() > r.startNanos()) overlapping++;
            }
            most = Math.max(most, overlapping);
        }
        return most;
    }

    @Test
    void robotsDisallowIsHonouredAndRecordedAsSkipped() {
        try (TestSite site = TestSite.builder()
                .robots("User-agent: *\nDisallow: /private\n\nUser-agent: loomcrawl\nDisallow: /mine\n")
                .page("/", "<a href=/private/x>p</a><a href=/mine>m</a><a href=/public>ok</a>")
                .page("/public", "ok").start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")));
            assertEquals(0, site.requestCount("/mine")); // our own group applies, not '*'
            assertEquals(1, site.requestCount("/private/x")); // '*' does not apply: we have a group of our own
            assertEquals(SkipReason.ROBOTS, run.record(site.url("/mine")).skipReason());
            assertNull(run.record(site.url("/mine")).status());
            assertEquals("robots.txt of " + site.url("") + " disallows it for user-agent loomcrawl",
                    run.record(site.url("/mine")).error());
            assertEquals(1, site.requestCount("/robots.txt"));
            assertEquals(1, site.requestCount("/public"));
        }
    }

    @Test
    void theWildcardGroupAppliesWithoutAGroupOfOurOwn() {
        try (TestSite site = TestSite.builder().robots("User-agent: *\nDisallow: /private\n")
                .page("/", "<a href=/private/x>p</a>").start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")));
            assertEquals(0, site.requestCount("/private/x"));
            assertTrue(run.record(site.url("/private/x")).skipped());
            CrawlRun.of(CrawlConfig.builder().root(site.url("/")).ignoreRobots(true));
            assertEquals(1, site.requestCount("/private/x"));
        }
    }

    @Test
    void robots5xxIsRetriedWithBackoffAndNeverTakenAsAllow() {
        Route robots = Route.Sequence.of(
                new Route.Respond(503, Map.of(), new byte[0]), new Route.Respond(500, Map.of(), new byte[0]),
                new Route.Respond(200, Map.of("Content-Type", "text/plain"),
                        "User-agent: *\nDisallow: /private\n".getBytes(StandardCharsets.UTF_8)));
        try (TestSite site = TestSite.builder().route("/robots.txt", robots)
                .page("/", "<a href=/private>p</a><a href=/a>a</a>").page("/a", "a").start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")));
            assertEquals(3, site.requestCount("/robots.txt"));
            assertEquals(0, site.requestCount("/private"));
            assertEquals(1, site.requestCount("/a"));
            long lastRobots = site.requests().stream().filter(r -> r.target().equals("/robots.txt"))
                    .mapToLong(RecordedRequest::startNanos).max().orElseThrow();
            assertTrue(pages(site).getFirst().startNanos() > lastRobots, "no page before robots.txt was read");
            assertEquals(200, run.record(site.url("/")).status());
        }
    }

    @Test
    void robotsThatStayUnavailableSkipTheOriginsUrls() {
        try (TestSite site = TestSite.builder().status("/robots.txt", 503).page("/", "home").start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")).maxTries(2));
            assertEquals(0, site.requestCount("/"));
            assertEquals(SkipReason.ROBOTS_UNAVAILABLE, run.record(site.url("/")).skipReason());
            assertTrue(run.record(site.url("/")).error().contains("answered 503"), run.record(site.url("/")).error());
        }
    }

    @Test
    void robotsRedirectsAreFollowed() {
        try (TestSite site = TestSite.builder().redirect("/robots.txt", 301, "/moved/robots.txt")
                .resource("/moved/robots.txt", "text/plain", "User-agent: *\nDisallow: /no\n".getBytes())
                .page("/", "<a href=/no>n</a><a href=/yes>y</a>").page("/yes", "").start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")));
            assertEquals(0, site.requestCount("/no"));
            assertEquals(SkipReason.ROBOTS, run.record(site.url("/no")).skipReason());
            assertEquals(1, site.requestCount("/yes"));
        }
    }

    @Test
    void robotsFilesAreReadUpTo500KiB() {
        String robots = "User-agent: *\nDisallow: /early\n" + "# padding\n".repeat(60_000) + "Disallow: /late\n";
        try (TestSite site = TestSite.builder().resource("/robots.txt", "text/plain", robots.getBytes())
                .page("/", "<a href=/early>e</a><a href=/late>l</a>").page("/late", "").start()) {
            CrawlRun.of(CrawlConfig.builder().root(site.url("/")));
            assertEquals(0, site.requestCount("/early"));
            assertEquals(1, site.requestCount("/late")); // the rule past 500 KiB is never read
        }
    }

    @Test
    void robots4xxMeansAllowAll() {
        try (TestSite site = TestSite.builder().status("/robots.txt", 403).page("/", "<a href=/a>a</a>")
                .page("/a", "a").start()) {
            CrawlRun.of(CrawlConfig.builder().root(site.url("/")));
            assertEquals(1, site.requestCount("/a"));
        }
    }

    @Test
    void crawlDelayFromRobotsSpacesFetchStarts() {
        try (TestSite site = TestSite.builder().robots("User-agent: *\nCrawl-delay: 1\n")
                .page("/", links("/p", 3)).page("/p0", "").page("/p1", "").page("/p2", "").start()) {
            CrawlRun.of(CrawlConfig.builder().root(site.url("/")).perHost(4));
            List<RecordedRequest> pages = pages(site);
            assertEquals(4, pages.size());
            assertTrue(smallestGap(pages).toMillis() >= 950, "gap " + smallestGap(pages));
        }
    }

    @Test
    void crawlDelayIsCappedByMaxCrawlDelay() {
        try (TestSite site = TestSite.builder().robots("User-agent: *\nCrawl-delay: 3600\n")
                .page("/", links("/p", 2)).page("/p0", "").page("/p1", "").start()) {
            long start = System.nanoTime();
            CrawlRun.of(CrawlConfig.builder().root(site.url("/")).maxCrawlDelay(Duration.ofMillis(300)));
            assertEquals(3, pages(site).size());
            assertTrue(smallestGap(pages(site)).toMillis() >= 240); // 300 ms, less connect-time jitter (see above)
            assertTrue(System.nanoTime() - start < Duration.ofSeconds(30).toNanos());
        }
    }

    @Test
    void delayOptionSpacesFetchStartsOnOneOrigin() {
        try (TestSite site = TestSite.builder().page("/", links("/p", 4))
                .page("/p0", "").page("/p1", "").page("/p2", "").page("/p3", "").start()) {
            CrawlRun.of(CrawlConfig.builder().root(site.url("/")).perHost(4).delay(Duration.ofMillis(300)));
            assertEquals(5, pages(site).size());
            // The delay spaces fetch starts; the server sees arrivals, and a request on a new connection arrives
            // later than one on a pooled connection, so arrivals may be closer by the connect time.
            assertTrue(smallestGap(pages(site)).toMillis() >= 240, "gap " + smallestGap(pages(site)));
        }
    }

    @Test
    void perHostLimitIsNeverExceeded() {
        TestSite.Builder b = TestSite.builder().page("/", links("/slow", 20));
        for (int i = 0; i < 20; i++) b.route("/slow" + i, new Route.Delay(Duration.ofMillis(150), Route.Respond.html("")));
        try (TestSite site = b.start()) {
            CrawlRun.of(CrawlConfig.builder().root(site.url("/")).maxTasks(50).perHost(2));
            assertEquals(21, pages(site).size());
            assertEquals(2, mostAtOnce(site.requests()));
        }
    }

    @Test
    void retryAfterOn429IsHonouredAndTheUrlRetried() {
        Route busyOnce = Route.Sequence.of(
                new Route.Respond(429, Map.of("Retry-After", "1"), new byte[0]), Route.Respond.html("fine"));
        try (TestSite site = TestSite.builder().route("/", busyOnce).start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")));
            List<RecordedRequest> pages = pages(site);
            assertEquals(2, pages.size());
            assertTrue(smallestGap(pages).toMillis() >= 950, "gap " + smallestGap(pages));
            assertEquals(200, run.record(site.url("/")).status());
        }
    }

    /**
     * A Retry-After past --max-retry-after (10 min by default) is a wait the crawl does not make: the URL is given
     * up at once, on one request, its record says why in a kind of its own. Before, it was retried after 10 min.
     */
    @Test
    void aRetryAfterLongerThanTheCrawlWaitsGivesTheUrlUpAtOnce() {
        for (String asked : List.of("999999999", "99999999999999999999", "Fri, 31 Dec 9999 23:59:59 GMT",
                "Sun, 06 Nov 2044 08:49:37 GMT")) {
            try (TestSite site = TestSite.builder().route("/", new Route.Respond(503, Map.of("Retry-After", asked),
                    "down".getBytes(StandardCharsets.UTF_8))).start()) {
                CrawlRun run = assertTimeoutPreemptively(Duration.ofSeconds(30),
                        () -> CrawlRun.of(CrawlConfig.builder().root(site.url("/")).maxTries(3)), asked);
                CrawlRecord r = run.record(site.url("/"));
                assertEquals(503, r.status(), asked);
                assertEquals(ErrorKind.RETRY_AFTER_LIMIT, r.errorKind(), asked);
                assertTrue(r.error().startsWith("given up: 503 with Retry-After asking for "), r.error());
                assertTrue(r.error().endsWith(", more than the 600 s the crawl waits (max-retry-after)"), r.error());
                assertEquals(1, pages(site).size(), asked);
            }
        }
    }

    /** Within the bound, the wait is made: with --max-retry-after 2s, a Retry-After of 1 s is waited for. */
    @Test
    void aRetryAfterWithinTheBoundIsWaitedForAndOnePastItIsNot() {
        Route busyOnce = Route.Sequence.of(
                new Route.Respond(429, Map.of("Retry-After", "1"), new byte[0]), Route.Respond.html("fine"));
        try (TestSite site = TestSite.builder().route("/", busyOnce).route("/later", new Route.Respond(429,
                Map.of("Retry-After", "3"), new byte[0])).page("/first", "<a href=/later>l</a>")
                .page("/start", "<a href=/>r</a><a href=/first>f</a>").start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/start")).perHost(1)
                    .maxRetryAfter(Duration.ofSeconds(2)));
            assertEquals(200, run.record(site.url("/")).status());
            assertEquals(2, site.requestCount("/"));
            assertEquals(ErrorKind.RETRY_AFTER_LIMIT, run.record(site.url("/later")).errorKind());
            assertEquals(1, site.requestCount("/later"));
        }
    }

    /**
     * --max-time ends a crawl that waits on an origin paused by a Retry-After: the dispatch loop, parked in the
     * frontier until the origin is due, used to look at the clock only when it took a visit, after the pause.
     */
    @Test
    void maxTimeEndsACrawlWaitingOnARetryAfter() {
        try (TestSite site = TestSite.builder().page("/", "<a href=/busy>b</a>").route("/busy",
                new Route.Respond(503, Map.of("Retry-After", "300"), new byte[0])).start()) {
            long start = System.nanoTime();
            CrawlRun run = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> CrawlRun.of(CrawlConfig.builder()
                    .root(site.url("/")).limits(LimitSettings.builder().maxTime(Duration.ofSeconds(2)).build())));
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertEquals(Limit.MAX_TIME, run.summary().limitReached());
            assertEquals(1, run.summary().todo()); // /busy, to be asked again by a resumed crawl
            assertEquals(1, site.requestCount("/busy"));
            assertTrue(took.compareTo(Duration.ofSeconds(30)) < 0, "took " + took);
        }
    }

    @Test
    void a503WithoutRetryAfterBacksOffAndGivesUpAfterMaxTries() {
        try (TestSite site = TestSite.builder().status("/", 503).start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")).maxTries(3));
            assertEquals(3, pages(site).size());
            assertEquals(503, run.record(site.url("/")).status());
            assertTrue(smallestGap(pages(site)).toMillis() >= 5); // the test backoff base, doubled
        }
    }

    @Test
    void aSlowOriginDoesNotStallAFastOne() {
        TestSite.Builder slowB = TestSite.builder();
        for (int i = 0; i < 6; i++) slowB.route("/s" + i, new Route.Delay(Duration.ofMillis(500), Route.Respond.html("")));
        try (TestSite slow = slowB.route("/", new Route.Delay(Duration.ofMillis(500), Route.Respond.html(links("/s", 6))))
                .start();
             TestSite fast = TestSite.builder().pages(TestSite.crossLinked(60, 5)).start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(slow.url("/")).root(fast.url("/p0"))
                    .maxTasks(10).perHost(1));
            assertEquals(67, run.records().size());
            long fastEnd = fast.requests().stream().mapToLong(RecordedRequest::endNanos).max().orElseThrow();
            List<RecordedRequest> slowPages = pages(slow);
            assertTrue(fastEnd < slowPages.get(3).startNanos(),
                    "the fast origin's 60 pages finished before the slow one's fourth began");
        }
    }

    @Test
    void extraHeadersGoToTheRootsOriginOnlyNeverAcrossARedirect() {
        try (TestSite other = TestSite.builder().page("/landing", "landed").start();
             TestSite site = TestSite.builder().redirect("/", 302, other.url("/landing")).start()) {
            CrawlRun.of(CrawlConfig.builder().root(site.url("/")).header("Authorization: Bearer s3cret")
                    .allowPrivate(true)); // the redirect goes to another local origin
            RecordedRequest root = pages(site).getFirst();
            assertEquals("Bearer s3cret", root.header("authorization"));
            RecordedRequest landing = pages(other).getFirst();
            assertEquals("/landing", landing.target());
            assertEquals(null, landing.header("authorization"));
            assertEquals(null, landing.header("cookie"));
        }
    }

    @Test
    void aNameResolvedToLoopbackIsRefusedUnlessAllowed() {
        try (TestSite site = TestSite.builder().page("/", "secret").start()) {
            String root = "http://intranet.example.com:" + site.port() + "/";
            CrawlConfig.Builder config = CrawlConfig.builder().root(root)
                    .resolve("intranet.example.com:" + site.port() + ":127.0.0.1");
            CrawlRecord refused = CrawlRun.of(config).record(root);
            assertEquals(dev.loomcrawl.fetch.ErrorKind.BLOCKED, refused.errorKind());
            assertTrue(refused.error().contains("127.0.0.1 is a loopback address"), refused.error());
            assertEquals(0, site.arrivals());
            assertEquals(200, CrawlRun.of(config.allowPrivate(true)).record(root).status());
        }
    }

    @Test
    void aGzipBombStopsAtTheBodyCap() throws Exception {
        var buf = new java.io.ByteArrayOutputStream();
        try (var gz = new java.util.zip.GZIPOutputStream(buf)) {
            byte[] zeros = new byte[1 << 20];
            for (int i = 0; i < 100; i++) gz.write(zeros); // 100 MiB in about 100 KiB
        }
        try (TestSite site = TestSite.builder().route("/", new Route.Respond(200,
                Map.of("Content-Type", "text/html", "Content-Encoding", "gzip"), buf.toByteArray())).start()) {
            CrawlRecord r = CrawlRun.of(CrawlConfig.builder().root(site.url("/")).maxBodyBytes(1 << 20))
                    .record(site.url("/"));
            assertTrue(r.truncated());
            assertEquals(1 << 20, r.size());
        }
    }

    @Test
    void sitemapsSeedTheCrawlWithinScope() throws Exception {
        int port = TestSite.freePort();
        String base = "http://127.0.0.1:" + port;
        var gz = new java.io.ByteArrayOutputStream();
        try (var out = new java.util.zip.GZIPOutputStream(gz)) {
            out.write(urlset(base + "/orphan2").getBytes(StandardCharsets.UTF_8));
        }
        String index = "<?xml version='1.0'?><sitemapindex xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'>"
                + "<sitemap><loc>" + base + "/sm1.xml</loc></sitemap>"
                + "<sitemap><loc>" + base + "/sm2.xml.gz</loc></sitemap></sitemapindex>";
        try (TestSite site = TestSite.builder().port(port).page("/", "no links here")
                .robots("User-agent: *\nSitemap: " + base + "/index.xml\n")
                .resource("/index.xml", "application/xml", index.getBytes(StandardCharsets.UTF_8))
                .resource("/sm1.xml", "application/xml",
                        urlset(base + "/orphan1", "http://elsewhere.example/x").getBytes(StandardCharsets.UTF_8))
                .resource("/sm2.xml.gz", "application/x-gzip", gz.toByteArray())
                .resource("/sitemap.xml", "application/xml", urlset(base + "/orphan3").getBytes(StandardCharsets.UTF_8))
                .page("/orphan1", "1").page("/orphan2", "2").page("/orphan3", "3").start()) {
            CrawlRun without = CrawlRun.of(CrawlConfig.builder().root(base + "/"));
            assertEquals(1, without.records().size());
            CrawlRun with = CrawlRun.of(CrawlConfig.builder().root(base + "/").sitemaps(true));
            for (String p : new String[] {"/orphan1", "/orphan2", "/orphan3"}) {
                assertEquals(200, with.record(base + p).status(), p);
                assertEquals(1, with.record(base + p).depth());
            }
            assertEquals(base + "/sm1.xml", with.record(base + "/orphan1").referrer().toString());
            // the four sitemap files are visits with records of their own; elsewhere.example is out of scope
            assertEquals(8, with.records().size());
            assertEquals(200, with.record(base + "/sm2.xml.gz").status());
        }
    }

    private static String urlset(String... urls) {
        StringBuilder sb = new StringBuilder("<?xml version='1.0'?><urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'>");
        for (String u : urls) sb.append("<url><loc>").append(u).append("</loc></url>");
        return sb.append("</urlset>").toString();
    }
}
