package dev.loomcrawl;

import dev.loomcrawl.reason.Limit;
import dev.loomcrawl.limits.LimitSettings;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Crawler traps that live in the query or the whole URL: sites that make new URLs on every page, without end.
 * Each site here is endless; with the default guards the crawl must end by itself in a bounded number of
 * requests, and say which guard dropped what.
 */
class TrapsTest {

    /** A generated site: every target under {@code prefix} answers a page linking to {@code links(target)}. */
    private static TestSite endless(String prefix, Function<String, List<String>> links) {
        return TestSite.builder().generated(target -> {
            if (!target.startsWith(prefix)) return null;
            StringBuilder html = new StringBuilder("<html><body>");
            for (String href : links.apply(target)) html.append("<a href='").append(href).append("'>next</a>\n");
            return Route.Respond.html(html.append("</body></html>").toString());
        }).start();
    }

    private static CrawlRun crawl(TestSite site, String root, LimitSettings limits) {
        return CrawlRun.of(CrawlConfig.builder().root(site.url(root)).perHost(4).maxTasks(4).limits(limits));
    }

    private static String query(String target) {
        return target.substring(target.indexOf('?') + 1);
    }

    /** The trap: {@code /t/?p=3&q=1} links to {@code /t/?p=3&q=1a/?p=14&q=1}, and so on. */
    private static List<String> growingQuery(String target) {
        int n = target.length();
        String q = "/t/?" + query(target);
        return List.of(q + "a/?p=" + n % 97 + "&q=1", q + "a/?p=" + n % 89 + "&q=1");
    }

    @Test
    void aQueryThatGrowsWithEveryLinkEndsInABoundedNumberOfRequests() {
        try (TestSite site = endless("/t/", TrapsTest::growingQuery)) {
            CrawlRun run = crawl(site, "/t/?p=3&q=1", LimitSettings.defaults());
            assertTrue(site.requests().size() < 40, "requests: " + site.requests().size());
            assertTrue(run.summary().dropped().get("trap-repeated-segment-in-query") > 0,
                    run.summary().dropped().toString());
            assertNull(run.summary().limitReached());
        }
    }

    @Test
    void theGrowingQueryTrapWouldGoOnWithoutTheGuards() {
        try (TestSite site = endless("/t/", TrapsTest::growingQuery)) {
            CrawlRun run = crawl(site, "/t/?p=3&q=1", LimitSettings.builder().noTrapGuards().maxPages(300).build());
            assertEquals(Limit.MAX_PAGES, run.summary().limitReached());
            assertEquals(300, run.records().values().stream().filter(r -> !r.skipped()).count());
        }
    }

    @Test
    void aQueryValueThatGrowsWithEveryLinkIsCutAtTheQueryLength() {
        // /g?s=abcdefghijklmnop links to /g?s=abcdefghijklmnopqrstuvwxyzabcdef...: no repeat, no number
        String alphabet = "abcdefghijklmnopqrstuvwxyz";
        try (TestSite site = endless("/g?", t -> List.of(t + alphabet.substring(t.length() % 10)))) {
            CrawlRun run = crawl(site, "/g?s=start", LimitSettings.defaults());
            assertEquals(Map.of("trap-long-query", 1L), run.summary().dropped());
            assertTrue(site.requests().size() < 70, "requests: " + site.requests().size()); // 1024 / 16..26 chars
        }
    }

    @Test
    void aParameterAddedOnEveryLinkIsDroppedAfterFiveRepeats() {
        // a facet trap: /f?c=aa links to /f?c=aa&c=ba and /f?c=aa&c=bb, each of those to two more, and so on
        try (TestSite site = endless("/f?", t -> {
            int level = t.split("&").length;
            char l = (char) ('a' + level);
            return List.of(t + "&c=" + l + "a", t + "&c=" + l + "b");
        })) {
            CrawlRun run = crawl(site, "/f?c=aa", LimitSettings.defaults());
            // levels of 1, 2, 4, 8, 16 URLs with at most 5 c's: 31 pages (and robots.txt); 32 dropped
            assertEquals(32, site.requests().size());
            assertEquals(Map.of("trap-repeated-parameter", 32L), run.summary().dropped());
        }
    }

    @Test
    void pathSegmentsPiledUpInsideTheQueryAreDropped() {
        // /s?path=/docs links to ?path=/docs/en and ?path=/docs/api, each of those to two more, and so on
        try (TestSite site = endless("/s?", t -> List.of(t + "/en", t + "/api"))) {
            CrawlRun run = crawl(site, "/s?path=/docs", LimitSettings.defaults());
            // a segment may occur 3 times: at most 6 of /en and /api after /docs, so fewer than 2^7 pages
            assertTrue(site.requests().size() < 128, "requests: " + site.requests().size());
            assertEquals(Set.of("trap-repeated-segment-in-query"), run.summary().dropped().keySet());
        }
    }

    @Test
    void escapedSlashesInTheQueryCountAsPathSegments() {
        try (TestSite site = endless("/e?", t -> List.of(t + "%2Fen", t + "%2Fapi"))) {
            CrawlRun run = crawl(site, "/e?path=%2Fdocs", LimitSettings.defaults());
            assertTrue(site.requests().size() < 128, "requests: " + site.requests().size());
            assertEquals(Set.of("trap-repeated-segment-in-query"), run.summary().dropped().keySet());
        }
    }

    @Test
    void aCalendarThatNeverEndsStopsAtTheUrlsPerShapeLimit() {
        // /cal?month=N links to the month before and the month after, without end either way
        try (TestSite site = endless("/cal?", t -> {
            long month = Long.parseLong(t.substring("/cal?month=".length()));
            return List.of("/cal?month=" + (month - 1), "/cal?month=" + (month + 1));
        })) {
            CrawlRun run = crawl(site, "/cal?month=0", LimitSettings.defaults());
            // the root is not discovered, so not counted: 1,000 discovered months and the root are fetched
            assertEquals(1 + 1000 + 1, site.requests().size()); // and robots.txt
            assertEquals(Set.of("trap-url-shape"), run.summary().dropped().keySet());
        }
    }

    @Test
    void aCalendarInThePathCountsByShapeToo() {
        // /cal/2026/5/ links to the next and previous month, /cal/2026/6/ and /cal/2026/4/
        try (TestSite site = endless("/cal/", t -> {
            String[] p = t.split("/");
            int m = Integer.parseInt(p[2]) * 12 + Integer.parseInt(p[3]) - 1;
            return List.of("/cal/" + (m + 1) / 12 + "/" + ((m + 1) % 12 + 1) + "/",
                    "/cal/" + (m - 1) / 12 + "/" + ((m - 1) % 12 + 1) + "/");
        })) {
            CrawlRun run = crawl(site, "/cal/2026/5/", LimitSettings.builder().maxUrlsPerShape(50).build());
            // past 50, months within 20 links of the root still pass: as many as 2 x 21 more, one direction
            // of the calendar may run ahead of the other
            assertTrue(site.requests().size() >= 1 + 50 + 1 && site.requests().size() <= 1 + 50 + 42 + 1,
                    "requests: " + site.requests().size());
            assertEquals(Set.of("trap-url-shape"), run.summary().dropped().keySet());
        }
    }

    @Test
    void aSiteOfThousandsOfNumberedPagesStaysWhole() {
        // /p0 .. /p4999 share one shape, but every page is within a few links of /p0: no counter
        int pages = 5000;
        try (TestSite site = TestSite.builder().generated(TestSite.crossLinkedGenerator(pages, 4)).start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/p0")).perHost(16).maxTasks(16));
            assertEquals(pages, run.records().size());
            assertEquals(Map.of(), run.summary().dropped());
        }
    }

    private static String letters(int n) {
        StringBuilder sb = new StringBuilder();
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int i = 0; i < n; i++) sb.append((char) ('A' + random.nextInt(26)));
        return sb.toString();
    }

    /** Every link carries a new session id: without stripping, the five pages would be fetched again and again. */
    @Test
    void sessionIdsThatChangeOnEveryLinkAreStrippedSoEachPageIsFetchedOnce() {
        Function<String, List<String>> links = t -> List.of(
                "/s/a;jsessionid=" + UUID.randomUUID().toString().replace("-", "").toUpperCase(),
                "/s/b?PHPSESSID=" + UUID.randomUUID().toString().replace("-", ""),
                "/s/c?x=1&sid=" + UUID.randomUUID(),
                "/s/d?ASPSESSIONIDQQGGGNCG=" + letters(24),
                "/s/e?CFID=" + (t.length() * 7919) + "&CFTOKEN=" + UUID.randomUUID());
        try (TestSite site = endless("/s/", links)) {
            CrawlRun run = crawl(site, "/s/", LimitSettings.defaults());
            assertEquals(Set.of("/robots.txt", "/s/", "/s/a", "/s/b", "/s/c?x=1", "/s/d", "/s/e"),
                    Set.copyOf(site.requests().stream().map(r -> r.target()).toList()));
            assertEquals(7, site.requests().size());
            assertEquals(Map.of(), run.summary().dropped());
        }
    }

    /**
     * A cookieless servlet container: a URL without a session id redirects to itself with a new one. Redirect
     * targets are followed as written, so the crawl ends, fetching each page once with an id.
     */
    @Test
    void aServerThatAddsSessionIdsByRedirectIsCrawledToTheEnd() {
        java.util.concurrent.atomic.AtomicInteger sessions = new java.util.concurrent.atomic.AtomicInteger();
        try (TestSite site = TestSite.builder().generated(target -> {
            if (!target.startsWith("/app/")) return null;
            if (!target.contains(";jsessionid=")) {
                return new Route.Redirect(302, target + ";jsessionid=S" + sessions.incrementAndGet());
            }
            String id = target.substring(target.indexOf(";jsessionid="));
            return Route.Respond.html("<a href='/app/a" + id + "'>a</a> <a href='/app/b" + id + "'>b</a>");
        }).start()) {
            CrawlRun run = crawl(site, "/app/", LimitSettings.defaults());
            // /app/, /app/a and /app/b: each asked for without an id (a redirect) and once with one
            assertEquals(3, sessions.get());
            assertEquals(7, site.requests().size(), site.requests().toString()); // robots.txt too
            assertEquals(3, run.records().values().stream().filter(r -> java.util.Objects.equals(r.status(), 200)).count());
        }
    }
}
