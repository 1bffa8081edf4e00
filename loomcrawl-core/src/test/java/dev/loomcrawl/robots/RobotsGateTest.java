package dev.loomcrawl.robots;

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
            dev.loomcrawl.fetch.JettyFetcher fetcher = new dev.loomcrawl.fetch.JettyFetcher(config.httpSettings());
            try {
                RobotsGate gate = new RobotsGate(fetcher, config.userAgent(), java.time.Duration.ofHours(1),
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
}
