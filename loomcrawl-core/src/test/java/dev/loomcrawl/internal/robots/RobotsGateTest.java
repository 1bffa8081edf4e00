package dev.loomcrawl.internal.robots;

import dev.loomcrawl.internal.robots.RobotsGate;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RobotsGateTest {
    @Test
    void theAgentTokenIsTheUserAgentsFirstProductName() {
        assertEquals("loomcrawl", RobotsGate.agentToken("loomcrawl/0.1.0 (+https://github.com/loomcrawl/loomcrawl)"));
        assertEquals("mybot", RobotsGate.agentToken("MyBot/2.0"));
        assertEquals("my-bot", RobotsGate.agentToken("My-Bot"));
        assertEquals("loomcrawl", RobotsGate.agentToken("/1.0"));
    }

    /** A Crawl-delay that cannot be applied (a shared frontier whose Redis is gone) leaves the rules standing. */
    @Test
    @org.junit.jupiter.api.Timeout(30)
    void aCrawlDelayCallbackThatThrowsNeitherLosesTheRulesNorLeavesOthersWaiting() throws Exception {
        try (dev.loomcrawl.testkit.TestSite site = dev.loomcrawl.testkit.TestSite.builder()
                .robots("User-agent: *\nCrawl-delay: 1\nDisallow: /no\n").page("/", "home").start()) {
            dev.loomcrawl.CrawlConfig config = dev.loomcrawl.CrawlConfig.builder().root(site.url("/")).build();
            dev.loomcrawl.fetch.JettyFetcher fetcher = new dev.loomcrawl.fetch.JettyFetcher(config.clientSetup());
            try {
                RobotsGate gate = new RobotsGate(fetcher, config.http().userAgent(), java.time.Duration.ofHours(1),
                        java.time.Duration.ofMillis(10), 2, (origin, delay) -> {
                            throw new IllegalStateException("redis is gone");
                        });
                var urls = java.util.List.of("/", "/no", "/", "/no");
                java.util.List<java.util.concurrent.Future<RobotsGate.Verdict>> verdicts = new java.util.ArrayList<>();
                try (var threads = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
                    for (String u : urls) {
                        verdicts.add(threads.submit(() -> gate.check(dev.loomcrawl.url.WebUrl.parse(site.url(u)))));
                    }
                }
                for (int i = 0; i < urls.size(); i++) {
                    RobotsGate.Verdict v = verdicts.get(i).get();
                    if (urls.get(i).equals("/")) {
                        org.junit.jupiter.api.Assertions.assertInstanceOf(RobotsGate.Verdict.Allowed.class, v);
                    } else {
                        org.junit.jupiter.api.Assertions.assertInstanceOf(RobotsGate.Verdict.Disallowed.class, v);
                    }
                }
                assertEquals(1, site.requestCount("/robots.txt"));
            } finally {
                fetcher.close();
            }
        }
    }

    /**
     * At most maxOrigins origins' rules are kept: the one used longest ago is forgotten and its robots.txt fetched
     * again when asked; the others are not fetched again. Three origins, room for two.
     */
    @Test
    @org.junit.jupiter.api.Timeout(30)
    void theOriginUsedLongestAgoIsForgottenAndItsFileFetchedAgainWhenAsked() throws Exception {
        java.util.List<dev.loomcrawl.testkit.TestSite> sites = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            sites.add(dev.loomcrawl.testkit.TestSite.builder().robots("User-agent: *\nDisallow: /no\n")
                    .page("/", "home").start());
        }
        dev.loomcrawl.CrawlConfig config = dev.loomcrawl.CrawlConfig.builder().root(sites.get(0).url("/"))
                .allowPrivate(true).build(); // three local origins
        dev.loomcrawl.fetch.JettyFetcher fetcher = new dev.loomcrawl.fetch.JettyFetcher(config.clientSetup());
        try {
            RobotsGate gate = new RobotsGate(fetcher, config.http().userAgent(), java.time.Duration.ofHours(1),
                    java.time.Duration.ofMillis(10), 2, (origin, delay) -> { }, null, 2);
            java.util.function.IntFunction<RobotsGate.Verdict> check = i ->
                    gate.check(dev.loomcrawl.url.WebUrl.parse(sites.get(i).url(i == 1 ? "/no" : "/")));
            check.apply(0);
            check.apply(1);
            check.apply(0); // 0 is now the most recently used: 1 goes when 2 comes
            check.apply(2);
            org.junit.jupiter.api.Assertions.assertInstanceOf(RobotsGate.Verdict.Allowed.class, check.apply(0));
            org.junit.jupiter.api.Assertions.assertInstanceOf(RobotsGate.Verdict.Allowed.class, check.apply(2));
            assertEquals(1, sites.get(0).requestCount("/robots.txt"));
            assertEquals(1, sites.get(2).requestCount("/robots.txt"));
            assertEquals(1, sites.get(1).requestCount("/robots.txt"));
            // forgotten, so not known to disallow until asked again; then fetched again and still disallowing
            dev.loomcrawl.url.WebUrl no = dev.loomcrawl.url.WebUrl.parse(sites.get(1).url("/no"));
            org.junit.jupiter.api.Assertions.assertFalse(gate.knownDisallowed(no.origin()).test(no));
            org.junit.jupiter.api.Assertions.assertInstanceOf(RobotsGate.Verdict.Disallowed.class, check.apply(1));
            assertEquals(2, sites.get(1).requestCount("/robots.txt"));
            org.junit.jupiter.api.Assertions.assertTrue(gate.knownDisallowed(no.origin()).test(no));
        } finally {
            fetcher.close();
            for (var site : sites) site.close();
        }
    }
}
