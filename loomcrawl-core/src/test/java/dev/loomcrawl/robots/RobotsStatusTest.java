package dev.loomcrawl.robots;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * RFC 9309 2.3.1.3: a robots.txt answering any 4xx, 401 and 403 included, with or without a challenge, means the
 * crawler may access any resource. A real crawl against a real server, as a user runs it.
 */
@Timeout(60)
class RobotsStatusTest {

    private static void assertWholeSiteCrawled(Route robots) {
        try (TestSite site = TestSite.builder().route("/robots.txt", robots)
                .page("/", "<a href=/a>a</a>").page("/a", "a").start();
             Crawler crawler = Crawler.builder(CrawlConfig.builder().root(site.url("/")).build()).build()) {
            crawler.crawl();
            assertEquals(1, site.answeredCount("/"), "the root");
            assertEquals(1, site.answeredCount("/a"), "its link");
        }
    }

    @Test
    void a401WithoutAChallengeAllowsEverything() {
        assertWholeSiteCrawled(new Route.Respond(401, Map.of("Content-Type", "text/plain"), new byte[0]));
    }

    @Test
    void a401WithAChallengeAllowsEverything() {
        assertWholeSiteCrawled(new Route.Respond(401, Map.of("WWW-Authenticate", "Basic realm=\"x\""), new byte[0]));
    }

    @Test
    void a403AllowsEverything() {
        assertWholeSiteCrawled(new Route.Respond(403, Map.of(), new byte[0]));
    }
}
