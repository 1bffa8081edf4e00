package dev.loomcrawl.report;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.output.Crawls;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which roots led somewhere, and why the others did not: from real crawls of test sites. */
class RootOutcomesTest {
    private final Map<String, CrawlRecord> records = new ConcurrentHashMap<>();

    /** Crawls with one try per URL and short backoffs, and returns what RootOutcomes makes of it. */
    private RootOutcomes crawl(CrawlConfig.Builder config) {
        CrawlConfig built = config.maxTries(1).retryBackoff(Duration.ofMillis(5), Duration.ofMillis(20)).build();
        RootOutcomes outcomes = new RootOutcomes(built);
        try (Crawler crawler = Crawler.builder(built).build()) {
            crawler.addListener(outcomes).addListener(CrawlListener.ofRecords(r -> records.put(r.url().toString(), r)));
            crawler.crawl();
        }
        return outcomes;
    }

    @Test
    void aRefusedRootIsExplainedAsNoServerListening() {
        String root = "http://127.0.0.1:" + Crawls.closedPort() + "/";
        RootOutcomes outcomes = crawl(CrawlConfig.builder().root(root));
        assertFalse(outcomes.anySucceeded());
        assertEquals(List.of("root " + root + " failed: connection refused (is a server listening there?)"),
                outcomes.explanations());
    }

    @Test
    void aRootAnsweringAnErrorStatusIsExplainedByItsStatus() {
        try (TestSite site = TestSite.builder().status("/gone", 410).start()) {
            assertEquals(List.of("root " + site.url("/gone") + " answered 410 Gone"),
                    crawl(CrawlConfig.builder().root(site.url("/gone"))).explanations());
            assertEquals(List.of("root " + site.url("/none") + " answered 404 Not Found"),
                    crawl(CrawlConfig.builder().root(site.url("/none"))).explanations());
        }
    }

    @Test
    void oneSucceedingRootIsEnoughAndARedirectToA200IsASuccess() {
        try (TestSite site = TestSite.builder().redirect("/old", 301, "/new").page("/new", "new").start()) {
            RootOutcomes outcomes = crawl(CrawlConfig.builder().root(site.url("/old"))
                    .root("http://127.0.0.1:" + Crawls.closedPort() + "/"));
            assertTrue(outcomes.anySucceeded());
            assertEquals(List.of(), outcomes.explanations());
        }
    }

    @Test
    void aRedirectToAnotherHostOfTheSameDomainSuggestsScopeDomain() {
        int port = TestSite.freePort();
        try (TestSite site = TestSite.builder().port(port)
                .redirect("/", 301, "http://docs.example.com:" + port + "/").start()) {
            RootOutcomes outcomes = crawl(CrawlConfig.builder().root("http://example.com:" + port + "/")
                    .resolve("example.com:" + port + ":127.0.0.1").allowPrivate(true));
            assertEquals(List.of("root http://example.com:" + port + "/ redirected to http://docs.example.com:" + port
                    + "/, outside --scope host: try --scope domain"), outcomes.explanations());
            assertEquals(1, site.requestCount("/"));
        }
    }

    @Test
    void aRedirectToAnotherDomainSaysTheCrawlStaysOnTheRootsHosts() {
        try (TestSite site = TestSite.builder().redirect("/", 302, "https://www.example.com/").start()) {
            assertEquals(List.of("root " + site.url("/") + " redirected to https://www.example.com/, outside --scope "
                    + "host: the crawl stays on the roots' hosts (give https://www.example.com/ as a root to crawl it)"),
                    crawl(CrawlConfig.builder().root(site.url("/"))).explanations());
        }
    }

    @Test
    void aRedirectLoopIsShownAsFarAsTheRecordsGo() {
        try (TestSite site = TestSite.builder().redirect("/a", 302, "/b").redirect("/b", 302, "/a").start()) {
            String a = site.url("/a");
            String b = site.url("/b");
            assertEquals(List.of("root " + a + " redirected to " + b + ", which redirected to " + a
                    + ": redirect loop: " + a + " -> " + b + " -> " + a),
                    crawl(CrawlConfig.builder().root(a)).explanations());
        }
    }

    @Test
    void redirectsBeyondMaxRedirectAreExplainedByTheOption() {
        try (TestSite site = TestSite.builder().redirect("/a", 301, "/b").redirect("/b", 301, "/c").page("/c", "c")
                .start()) {
            assertEquals(List.of("root " + site.url("/a") + " redirected to " + site.url("/b") + ", which redirected to "
                    + site.url("/c") + ", not followed: more than --max-redirect 1 redirects"),
                    crawl(CrawlConfig.builder().root(site.url("/a")).maxRedirects(1)).explanations());
            assertEquals(0, site.requestCount("/c"));
        }
    }

    @Test
    void recordsMarkedAsRedirectLoopOrLimitAreExplainedSo() {
        CrawlConfig config = CrawlConfig.builder().root("http://x.test/a").maxRedirects(3).build();
        RootOutcomes loop = new RootOutcomes(config);
        loop.add(redirect("http://x.test/a", "http://x.test/b", null, ErrorKind.REDIRECT_LOOP));
        assertEquals(List.of("root http://x.test/a redirected to http://x.test/b: redirect loop: http://x.test/a -> "
                + "http://x.test/b"), loop.explanations());
        RootOutcomes limit = new RootOutcomes(config);
        limit.add(redirect("http://x.test/a", "http://x.test/b", null, null));
        // the crawler records the target it would not follow: no status, kind redirect-limit
        limit.add(CrawlRecord.builder(WebUrl.parse("http://x.test/b")).errorKind(ErrorKind.REDIRECT_LIMIT)
                .error("not followed").referrer(WebUrl.parse("http://x.test/a")).startedAt(java.time.Instant.EPOCH)
                .build());
        assertEquals(List.of("root http://x.test/a redirected to http://x.test/b, not followed: more than "
                + "--max-redirect 3 redirects"), limit.explanations());
    }

    private static CrawlRecord redirect(String url, String next, String referrer, ErrorKind kind) {
        return CrawlRecord.builder(WebUrl.parse(url)).nextUrl(next).status(302).errorKind(kind)
                .error(kind == null ? null : kind.label()).referrer(referrer == null ? null : WebUrl.parse(referrer))
                .startedAt(java.time.Instant.EPOCH).attempts(1).build();
    }

    @Test
    void aRootDisallowedByRobotsTxtNamesRobotsTxtAndTheUserAgent() {
        try (TestSite site = TestSite.builder().robots("User-agent: *\nDisallow: /\n").page("/", "home").start()) {
            assertEquals(List.of("root " + site.url("/") + " was not fetched: robots.txt of http://127.0.0.1:"
                    + site.port() + " disallows it for user-agent loomcrawl"),
                    crawl(CrawlConfig.builder().root(site.url("/"))).explanations());
            assertEquals(0, site.requestCount("/"));
        }
    }

    @Test
    void aRobotsTxtThatKeepsAnswering503AsksToTryLater() {
        try (TestSite site = TestSite.builder().status("/robots.txt", 503).page("/", "home").start()) {
            List<String> why = crawl(CrawlConfig.builder().root(site.url("/"))).explanations();
            assertEquals(1, why.size());
            String line = why.getFirst();
            assertTrue(line.startsWith("root " + site.url("/") + " was not fetched: robots.txt of http://127.0.0.1:"
                    + site.port() + " answered "), line);
            assertTrue(line.endsWith(" each time: the site asks crawlers to wait; try later"), line);
            assertEquals(0, site.requestCount("/"));
        }
    }

    @Test
    void aRobotsTxtThatNeverAnswersIsARobotsTxtFailureNotATimeoutOfThePage() {
        try (TestSite site = TestSite.builder()
                .route("/robots.txt", new Route.Delay(Duration.ofMinutes(10), new Route.Respond(200, Map.of(),
                        new byte[0])))
                .page("/", "home").start()) {
            List<String> why = crawl(CrawlConfig.builder().root(site.url("/")).fetchTimeout(Duration.ofMillis(300)))
                    .explanations();
            CrawlRecord root = records.get(site.url("/"));
            assertEquals(ErrorKind.TIMEOUT, root.errorKind());
            String robots = "robots.txt " + site.url("/robots.txt") + " did not answer: ";
            assertTrue(root.error().startsWith(robots), root.error());
            assertEquals(1, why.size());
            assertTrue(why.getFirst().startsWith("root " + site.url("/") + " failed: " + robots), why.getFirst());
            assertTrue(why.getFirst().endsWith("; try later"), why.getFirst());
            assertEquals(0, site.requestCount("/"));
        }
    }
}
