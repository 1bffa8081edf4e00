package dev.loomcrawl.fetch;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.output.Crawls;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which failures are retried, against real servers on 127.0.0.1: a refused connection only on an origin that has
 * answered (a dead port fails at once; a server that goes away and comes back loses nothing), every other network
 * failure as before, and through proxies every refusal.
 */
class RetryingFetcherTest {
    private static final Duration BASE = Duration.ofMillis(5);
    private static final Duration MAX = Duration.ofMillis(20);

    private static ClientSetup settings(String root) {
        return CrawlConfig.builder().root(root).build().clientSetup();
    }

    @Test
    void aRefusedConnectionToAnOriginThatNeverAnsweredIsNotRetried() {
        String dead = "http://127.0.0.1:" + Crawls.closedPort() + "/";
        try (RetryingFetcher fetcher = new RetryingFetcher(new JettyFetcher(settings(dead)), 4, BASE, MAX)) {
            FetchResult.Failure f = assertInstanceOf(FetchResult.Failure.class, fetcher.fetch(WebUrl.parse(dead)));
            assertEquals(ErrorKind.REFUSED, f.kind(), f.message());
            assertEquals(1, f.attempts());
        }
    }

    @Test
    void aServerThatGoesAwayAndComesBackIsRetriedOnceItHasAnswered() {
        int port = TestSite.freePort();
        AtomicReference<TestSite> site = new AtomicReference<>(TestSite.builder().port(port).page("/", "home").start());
        String root = site.get().url("/");
        AtomicInteger refusals = new AtomicInteger();
        AtomicBoolean stopped = new AtomicBoolean();
        // the server stops before /a is asked for, and starts again on the same port once a connection was refused
        Fetcher outage = new Outage(new JettyFetcher(settings(root)), url -> {
            if (url.path().equals("/a") && stopped.compareAndSet(false, true)) site.get().close();
        }, () -> {
            if (refusals.incrementAndGet() == 1) site.set(TestSite.builder().port(port).page("/a", "back").start());
        });
        try (RetryingFetcher fetcher = new RetryingFetcher(outage, 4, BASE, MAX)) {
            assertEquals(200, assertInstanceOf(FetchResult.Response.class, fetcher.fetch(WebUrl.parse(root))).status());
            FetchResult.Response back = assertInstanceOf(FetchResult.Response.class,
                    fetcher.fetch(WebUrl.parse(site.get().url("/a"))));
            assertEquals(200, back.status());
            assertEquals(1, refusals.get());
            // refused, then answered; or first reset on a kept-alive connection the stopping server closed
            assertTrue(back.attempts() == 2 || back.attempts() == 3, "attempts: " + back.attempts());
            assertEquals(1, site.get().answeredCount("/a"));
        } finally {
            site.get().close();
        }
    }

    @Test
    void otherNetworkFailuresAreRetriedOnAnOriginThatNeverAnswered() {
        try (TestSite site = TestSite.builder().route("/", new Route.DropFirst(2, Route.Respond.html("at last")))
                .start();
             RetryingFetcher fetcher = new RetryingFetcher(new JettyFetcher(settings(site.url("/"))), 4, BASE, MAX)) {
            FetchResult.Response r = assertInstanceOf(FetchResult.Response.class,
                    fetcher.fetch(WebUrl.parse(site.url("/"))));
            assertEquals(200, r.status());
            assertEquals(3, r.attempts());
        }
    }

    @Test
    void throughProxiesEveryRefusalIsRetried() {
        String dead = "http://127.0.0.1:" + Crawls.closedPort() + "/";
        try (RetryingFetcher fetcher = new RetryingFetcher(new JettyFetcher(settings(dead)), 3, BASE, MAX, false)) {
            FetchResult.Failure f = assertInstanceOf(FetchResult.Failure.class, fetcher.fetch(WebUrl.parse(dead)));
            assertEquals(ErrorKind.REFUSED, f.kind(), f.message());
            assertEquals(3, f.attempts());
        }
    }
}
