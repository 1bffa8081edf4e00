package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Exit code 3 when no root produced a successful response, with one line per root after the report saying why;
 * 0 as soon as one root did, in this run or (with a state) an earlier one.
 */
class RootExitCodeTest {
    @TempDir
    Path tmp;

    private static CrawlCommandTest.Run crawl(String... args) {
        String[] full = new String[args.length + 4];
        full[0] = "crawl";
        full[1] = "-q";
        full[2] = "--no-progress";
        full[3] = "--max-tries=1";
        System.arraycopy(args, 0, full, 4, args.length);
        return CrawlCommandTest.run(full);
    }

    private static int closedPort() {
        return TestSite.closedPort();
    }

    @Test
    void aRefusedRootExits3WithOneLineAfterTheReport() throws Exception {
        String root = "http://127.0.0.1:" + closedPort() + "/";
        CrawlCommandTest.Run r = crawl(root);
        assertEquals(3, r.exit(), r.err());
        assertTrue(r.out().startsWith("*** Report ***\n" + root + " error refused: "), r.out());
        assertEquals("loomcrawl: root " + root + " failed: connection refused (is a server listening there?)\n",
                r.err());
    }

    @Test
    void aRootAnswering404Exits3() {
        try (TestSite site = TestSite.builder().start()) {
            CrawlCommandTest.Run r = crawl(site.url("/"));
            assertEquals(3, r.exit(), r.err());
            assertEquals("loomcrawl: root " + site.url("/") + " answered 404 Not Found\n", r.err());
        }
    }

    @Test
    void eachFailedRootGetsItsLineAndOneGoodRootMeansExit0() throws Exception {
        String refused = "http://127.0.0.1:" + closedPort() + "/";
        try (TestSite site = TestSite.builder().page("/", "home").start()) {
            CrawlCommandTest.Run bad = crawl(site.url("/missing"), refused);
            assertEquals(3, bad.exit(), bad.err());
            assertEquals("loomcrawl: root " + site.url("/missing") + " answered 404 Not Found\n"
                    + "loomcrawl: root " + refused + " failed: connection refused (is a server listening there?)\n",
                    bad.err());
            CrawlCommandTest.Run good = crawl(site.url("/missing"), refused, site.url("/"));
            assertEquals(0, good.exit(), good.err());
            assertEquals("", good.err());
        }
    }

    @Test
    void aRootRedirectedOutOfScopeSaysWhichScopeWouldTakeIt() {
        int port = TestSite.freePort();
        try (TestSite site = TestSite.builder().port(port)
                .redirect("/", 301, "http://docs.example.com:" + port + "/").page("/docs", "docs").start()) {
            String root = "http://example.com:" + port + "/";
            CrawlCommandTest.Run r = crawl("--allow-private", "--resolve", "example.com:" + port + ":127.0.0.1", root);
            assertEquals(3, r.exit(), r.err());
            assertEquals("loomcrawl: root " + root + " redirected to http://docs.example.com:" + port
                    + "/, outside --scope host: try --scope domain\n", r.err());
            assertTrue(r.out().contains("Done: 1\n"), r.out()); // the crawl ended after one URL
        }
    }

    @Test
    void aRedirectLoopAndTooManyRedirectsAreNamed() {
        try (TestSite site = TestSite.builder().redirect("/a", 302, "/b").redirect("/b", 302, "/a")
                .redirect("/c", 302, "/d").redirect("/d", 302, "/e").page("/e", "e").start()) {
            CrawlCommandTest.Run loop = crawl(site.url("/a"));
            assertEquals(3, loop.exit(), loop.err());
            assertEquals("loomcrawl: root " + site.url("/a") + " redirected to " + site.url("/b") + ", which "
                    + "redirected to " + site.url("/a") + ": redirect loop: " + site.url("/a") + " -> "
                    + site.url("/b") + " -> " + site.url("/a") + "\n", loop.err());
            CrawlCommandTest.Run limit = crawl("--max-redirect", "1", site.url("/c"));
            assertEquals(3, limit.exit(), limit.err());
            assertTrue(limit.err().endsWith(", not followed: more than --max-redirect 1 redirects\n"), limit.err());
        }
    }

    @Test
    void robotsTxtProblemsAreNamedAsRobotsTxtProblems() {
        try (TestSite disallowing = TestSite.builder().robots("User-agent: *\nDisallow: /\n").page("/", "h").start();
             TestSite unavailable = TestSite.builder().status("/robots.txt", 503).page("/", "h").start();
             TestSite silent = TestSite.builder().route("/robots.txt", new Route.Delay(Duration.ofMinutes(10),
                     new Route.Respond(200, Map.of(), new byte[0]))).page("/", "h").start()) {
            CrawlCommandTest.Run no = crawl(disallowing.url("/"));
            assertEquals(3, no.exit(), no.err());
            assertEquals("loomcrawl: root " + disallowing.url("/") + " was not fetched: robots.txt of http://127.0.0.1:"
                    + disallowing.port() + " disallows it for user-agent loomcrawl\n", no.err());

            CrawlCommandTest.Run later = crawl(unavailable.url("/"));
            assertEquals(3, later.exit(), later.err());
            assertTrue(later.err().startsWith("loomcrawl: root " + unavailable.url("/") + " was not fetched: "
                    + "robots.txt of http://127.0.0.1:" + unavailable.port() + " answered "), later.err());
            assertTrue(later.err().endsWith(" each time: the site asks crawlers to wait; try later\n"), later.err());

            CrawlCommandTest.Run timeout = crawl("--fetch-timeout", "300ms", silent.url("/"));
            assertEquals(3, timeout.exit(), timeout.err());
            assertTrue(timeout.err().startsWith("loomcrawl: root " + silent.url("/") + " failed: robots.txt "
                    + silent.url("/robots.txt") + " did not answer: "), timeout.err());
            assertTrue(timeout.out().contains(silent.url("/") + " error timeout: robots.txt " + silent.url("/robots.txt")
                    + " did not answer: "), timeout.out());
            assertEquals(0, disallowing.requestCount("/") + unavailable.requestCount("/") + silent.requestCount("/"));
        }
    }

    @Test
    void withAStateARootThatSucceededInAnEarlierRunCounts() {
        try (TestSite site = TestSite.builder().page("/", "<a href=/a>a</a>").page("/a", "a").start()) {
            String state = tmp.resolve("crawl.db").toString();
            CrawlCommandTest.Run first = crawl("--state", state, "--max-pages", "1", site.url("/"));
            assertEquals(0, first.exit(), first.err());
            CrawlCommandTest.Run resumed = CrawlCommandTest.run("resume", "-q", "--no-progress", "--max-pages", "10", state);
            assertEquals(0, resumed.exit(), resumed.err()); // this run fetched /a only
            assertEquals(1, site.requestCount("/"));
            assertEquals(1, site.requestCount("/a"));
        }
    }

    @Test
    void withAStateARootThatNeverSucceededExits3() throws Exception {
        String root = "http://127.0.0.1:" + closedPort() + "/";
        String state = tmp.resolve("failed.db").toString();
        CrawlCommandTest.Run r = crawl("--state", state, root);
        assertEquals(3, r.exit(), r.err());
        assertEquals("loomcrawl: root " + root + " failed: connection refused (is a server listening there?)\n",
                r.err());
        CrawlCommandTest.Run resumed = CrawlCommandTest.run("resume", "-q", "--no-progress", state);
        assertEquals(3, resumed.exit(), resumed.err());
    }
}
