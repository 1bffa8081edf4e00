package dev.loomcrawl;

import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A link checker's dead hosts: a host name that does not resolve is an answer, not retried, and the host's other
 * links fail at once; so do an origin's that never answered and refuses connections. A crawl keeps its retries.
 */
class DeadHostsTest {

    @Test
    void aHostThatDoesNotResolveIsTriedOnceAndItsOtherLinksFailAtOnce() {
        StringBuilder links = new StringBuilder();
        for (int h = 0; h < 5; h++) {
            for (int i = 0; i < 4; i++) links.append("<a href='http://h").append(h).append(".dead.invalid/").append(i)
                    .append("'>x</a>");
        }
        try (TestSite site = TestSite.builder().page("/", links.toString()).start()) {
            // one origin slot each, so that a host's links are tried one after the other
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")).checkLinks(true).maxTries(4).perHost(1));
            for (int h = 0; h < 5; h++) {
                int tried = 0;
                for (int i = 0; i < 4; i++) {
                    CrawlRecord r = run.record("http://h" + h + ".dead.invalid/" + i);
                    assertEquals(ErrorKind.DNS, r.errorKind(), r.toString());
                    assertTrue(r.attempts() <= 1, "tried " + r.attempts() + " times: " + r);
                    tried += r.attempts();
                }
                assertEquals(1, tried, "host h" + h + " was looked up once");
            }
        }
    }

    @Test
    void anOriginThatNeverAnsweredAndRefusesFailsItsOtherLinksAtOnce() {
        int dead = TestSite.freePort();
        StringBuilder links = new StringBuilder();
        for (int i = 0; i < 5; i++) links.append("<a href='http://dead.test:").append(dead).append("/").append(i).append("'>x</a>");
        try (TestSite site = TestSite.builder().page("/", links.toString()).start()) {
            // another site (out of scope: checked, not crawled) on a port nothing listens on
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")).checkLinks(true).allowPrivate(true)
                    .resolve("dead.test:" + dead + ":127.0.0.1").maxTries(4).perHost(1));
            int tried = 0;
            for (int i = 0; i < 5; i++) {
                CrawlRecord r = run.record("http://dead.test:" + dead + "/" + i);
                assertEquals(ErrorKind.REFUSED, r.errorKind(), r.toString());
                tried += r.attempts();
            }
            assertEquals(1, tried, run.records().toString());
        }
    }

    @Test
    void anOriginThatNeverAnsweredAndTimesOutFailsItsOtherLinksAtOnce() {
        try (TestSite slow = TestSite.builder().generated(path -> new Route.Delay(Duration.ofSeconds(30),
                Route.Respond.html("late"))).start()) {
            StringBuilder links = new StringBuilder();
            for (int i = 0; i < 4; i++) links.append("<a href='").append(slow.url("slow.test", "/" + i)).append("'>x</a>");
            try (TestSite site = TestSite.builder().page("/", links.toString()).start()) {
                CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")).checkLinks(true).allowPrivate(true)
                        .resolve("slow.test:" + slow.port() + ":127.0.0.1").fetchTimeout(Duration.ofMillis(300))
                        .maxTries(4).perHost(1));
                int tried = 0;
                for (int i = 0; i < 4; i++) {
                    CrawlRecord r = run.record(slow.url("slow.test", "/" + i));
                    assertEquals(ErrorKind.TIMEOUT, r.errorKind(), r.toString());
                    tried += r.attempts();
                }
                assertEquals(1, tried);
                assertEquals(1, slow.arrivals());
            }
        }
    }

    @Test
    void aCrawlStillRetriesAHostThatDoesNotResolve() {
        try (TestSite site = TestSite.builder().page("/", "hello").start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().roots(List.of(site.url("/"), "http://h.dead.invalid/a"))
                    .maxTries(3));
            CrawlRecord r = run.record("http://h.dead.invalid/a");
            assertEquals(ErrorKind.DNS, r.errorKind(), r.toString());
            assertEquals(3, r.attempts());
        }
    }
}
