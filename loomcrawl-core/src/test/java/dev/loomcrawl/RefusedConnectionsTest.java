package dev.loomcrawl;

import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.extract.StreamingLinkExtractor;
import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.fetch.Fetcher;
import dev.loomcrawl.fetch.JettyFetcher;
import dev.loomcrawl.fetch.Outage;
import dev.loomcrawl.fetch.RetryingFetcher;
import dev.loomcrawl.internal.frontier.InMemoryFrontier;
import dev.loomcrawl.output.Crawls;
import dev.loomcrawl.scope.RootScope;
import dev.loomcrawl.testkit.TestSite;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A refused connection in a crawl: a root nothing listens on fails at its first attempt, robots.txt or not; a
 * server that stops in the middle of a crawl and comes back loses no page (decision 5).
 */
class RefusedConnectionsTest {

    @Test
    void aRootNothingListensOnFailsAtItsFirstAttempt() {
        String dead = "http://127.0.0.1:" + Crawls.closedPort() + "/";
        CrawlRecord viaRobots = CrawlRun.of(CrawlConfig.builder().root(dead).maxTries(4)).record(dead);
        assertEquals(ErrorKind.REFUSED, viaRobots.errorKind(), viaRobots.error());
        // the host refused, not robots.txt: the failure names the host
        assertEquals("127.0.0.1:" + viaRobots.url().port() + " refused the connection (nothing listens there?)",
                viaRobots.error());
        assertEquals(1, viaRobots.attempts());

        CrawlRecord direct = CrawlRun.of(CrawlConfig.builder().root(dead).maxTries(4).ignoreRobots(true)).record(dead);
        assertEquals(ErrorKind.REFUSED, direct.errorKind(), direct.error());
        assertEquals(1, direct.attempts());
    }

    @Test
    void aServerThatStopsMidCrawlAndComesBackLosesNoPage() {
        Map<String, String> pages = Map.of("/", "<a href=/a>a</a> <a href=/b>b</a> <a href=/c>c</a>",
                "/a", "a", "/b", "b", "/c", "c");
        int port = TestSite.freePort();
        AtomicReference<TestSite> site = new AtomicReference<>(TestSite.builder().port(port).pages(pages).start());
        String root = site.get().url("/");
        CrawlConfig config = CrawlConfig.builder().root(root).maxTries(4).perHost(1)
                .retryBackoff(Duration.ofMillis(5), Duration.ofMillis(50)).build();
        AtomicBoolean stopped = new AtomicBoolean();
        AtomicBoolean restarted = new AtomicBoolean();
        Map<String, CrawlRecord> records = new ConcurrentHashMap<>();
        // the server stops as /a is about to be fetched, and starts again on its port after the first refusal
        Fetcher restarting = new Outage(new JettyFetcher(config.clientSetup()), url -> {
            if (url.path().equals("/a") && stopped.compareAndSet(false, true)) site.get().close();
        }, () -> {
            if (restarted.compareAndSet(false, true)) site.set(TestSite.builder().port(port).pages(pages).start());
        });
        try (Crawler crawler = Crawler.builder(config).frontier(new InMemoryFrontier(1, Duration.ZERO))
                .fetcher(new RetryingFetcher(restarting, config.http().maxTries(), config.http().retryBackoff(),
                        config.http().retryBackoffMax()))
                .linkExtractor(new StreamingLinkExtractor())
                .scope(new RootScope(config.scope()))
                .build()) {
            crawler.addListener(finished -> records.put(finished.record().url().toString(), finished.record()));
            crawler.crawl();
        } finally {
            site.get().close();
        }
        assertTrue(restarted.get(), "the server was never refused: the test did not stop it");
        for (String path : new String[] {"/", "/a", "/b", "/c"}) {
            CrawlRecord r = records.get(WebUrl.parse(root).resolve(path).toString());
            assertEquals(200, r.status(), path + ": " + r.error());
        }
        assertTrue(records.get(WebUrl.parse(root).resolve("/a").toString()).attempts() >= 2);
    }
}
