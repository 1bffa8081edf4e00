package dev.loomcrawl.store.sqlite;

import dev.loomcrawl.result.Change;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.state.RevisitPolicy;
import dev.loomcrawl.testkit.RecordedRequest;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A second pass of a crawl (a re-crawl) on a site that changed in between: every known URL is revisited with a
 * conditional GET from what its last capture said, and each record says how the URL compares with it.
 */
class RecrawlTest {
    private static final String LAST_MODIFIED = "Mon, 02 Nov 2026 10:00:00 GMT";

    @TempDir
    Path tmp;

    /** The site's pages now; the test changes them between passes. */
    private final Map<String, Route> pages = new ConcurrentHashMap<>();

    private static Route.Respond html(String body) {
        return Route.Respond.html("<html><body>" + body + "</body></html>");
    }

    private static String links(String... paths) {
        StringBuilder b = new StringBuilder();
        for (String p : paths) b.append("<a href='").append(p).append("'>").append(p).append("</a> ");
        return b.toString();
    }

    @Test
    void aSecondPassRevisitsEveryUrlConditionallyAndSaysWhatChanged() {
        pages.put("/", html(links("/etag", "/lastmod", "/plain", "/changing", "/to-404", "/orphan")));
        pages.put("/etag", new Route.Validated("\"v1\"", null, html("with an etag " + links("/deep"))));
        pages.put("/deep", html("linked from a page that will answer 304"));
        pages.put("/orphan", html("soon linked from nowhere " + links("/orphan-child")));
        pages.put("/orphan-child", html("linked only from the orphan"));
        pages.put("/lastmod", new Route.Validated(null, LAST_MODIFIED, html("with a date")));
        pages.put("/plain", html("neither"));
        pages.put("/changing", html("first version"));
        pages.put("/to-404", html("here for now"));
        try (TestSite site = TestSite.builder().generated(pages::get).start()) {
            Path file = tmp.resolve("crawl.db");
            CrawlConfig config = CrawlConfig.builder().root(site.url("/")).maxTasks(4).build();
            try (SqliteCrawlStore store = SqliteCrawlStore.create(file, config, false, List.of());
                 Crawler crawler = Crawler.builder(config).store(store).build()) {
                assertEquals(9, crawler.crawl().done());
            }

            pages.put("/", html(links("/etag", "/lastmod", "/plain", "/changing", "/to-404", "/added")));
            pages.put("/changing", html("second version"));
            pages.remove("/to-404");
            pages.put("/added", html("new page"));
            int requestsBefore = site.requests().size();
            try (SqliteCrawlStore store = SqliteCrawlStore.open(file)) {
                assertEquals(2, store.startPass(RevisitPolicy.ALL));
                try (Crawler crawler = Crawler.builder(config).store(store).build()) {
                    assertEquals(10, crawler.crawl().done(), "nine revisits and the new page");
                }
            }

            List<RecordedRequest> second = site.requests().subList(requestsBefore, site.requests().size());
            assertEquals("\"v1\"", only(second, "/etag").header("if-none-match"));
            assertEquals(LAST_MODIFIED, only(second, "/lastmod").header("if-modified-since"));
            assertNull(only(second, "/plain").header("if-none-match"), "no validators to send");
            assertNull(only(second, "/added").header("if-modified-since"), "a first visit is unconditional");

            try (SqliteCrawlStore store = SqliteCrawlStore.openForReading(file)) {
                assertEquals(2, store.pass());
                Map<String, String> changes = new TreeMap<>();
                store.forEachChange(2, (url, change) -> changes.put(url.path(), change));
                assertEquals(Map.of("/", "changed", "/etag", "not-modified", "/lastmod", "not-modified",
                        "/plain", "unchanged", "/changing", "changed", "/to-404", "gone", "/added", "new",
                        "/deep", "unchanged", "/orphan", "gone", "/orphan-child", "gone"), changes,
                        "/deep is still linked, from the 304 page's links of the last pass; the orphans answer as "
                        + "before, but nothing links to them any more");

                Map<String, CrawlRecord> secondPass = new TreeMap<>();
                store.forEachRecord(2, r -> secondPass.put(r.url().path(), r));
                assertEquals(304, secondPass.get("/etag").status());
                assertEquals(Change.NOT_MODIFIED, secondPass.get("/etag").change());
                assertEquals(404, secondPass.get("/to-404").status());
                assertNull(secondPass.get("/added").change(), "a first capture has no change");
                Map<String, Integer> firstPass = new TreeMap<>();
                store.forEachRecord(1, r -> firstPass.put(r.url().path(), r.status()));
                assertEquals(9, firstPass.size(), "the first pass's records are kept");
                assertEquals(Change.UNCHANGED, secondPass.get("/orphan").change(), "what its fetch found");
                assertEquals(200, firstPass.get("/to-404"));
                assertEquals(10, store.summary().done(), "the crawl as it stands: each URL's latest record");
                Map<String, Long> firstStarted = new TreeMap<>();
                store.forEachRecord(1, r -> firstStarted.put(r.url().path(), r.startedAt().toEpochMilli()));
                Map<String, Long> archived = archived(file);
                assertEquals(firstStarted.get("/plain"), archived.get("/plain"), "unchanged: still the first capture");
                assertEquals(firstStarted.get("/etag"), archived.get("/etag"), "not modified: still the first capture");
                assertEquals(secondPass.get("/changing").startedAt().toEpochMilli(), archived.get("/changing"),
                        "changed: the second pass's capture");
                assertTrue(store.summary().ledgerBalances());
            }
        }
    }

    @Test
    void aThirdPassComparesWithTheLastResponseNotTheFirst() {
        pages.put("/", html(links("/page")));
        pages.put("/page", html("one"));
        try (TestSite site = TestSite.builder().generated(pages::get).start()) {
            Path file = tmp.resolve("crawl.db");
            CrawlConfig config = CrawlConfig.builder().root(site.url("/")).build();
            firstCrawl(file, config);
            pages.put("/page", html("two"));
            for (int pass = 2; pass <= 3; pass++) {
                pass(file, config, RevisitPolicy.ALL);
            }
            try (SqliteCrawlStore store = SqliteCrawlStore.openForReading(file)) {
                Map<String, String> second = new TreeMap<>();
                store.forEachChange(2, (url, change) -> second.put(url.path(), change));
                Map<String, String> third = new TreeMap<>();
                store.forEachChange(3, (url, change) -> third.put(url.path(), change));
                assertEquals(Map.of("/", "unchanged", "/page", "changed"), second);
                assertEquals(Map.of("/", "unchanged", "/page", "unchanged"), third);
            }
        }
    }

    @Test
    void aMinimumAgeLeavesRecentCapturesAlone() {
        pages.put("/", html(links("/page")));
        pages.put("/page", html("one"));
        try (TestSite site = TestSite.builder().generated(pages::get).start()) {
            Path file = tmp.resolve("crawl.db");
            CrawlConfig config = CrawlConfig.builder().root(site.url("/")).build();
            firstCrawl(file, config);
            assertEquals(0, pass(file, config, new RevisitPolicy(Duration.ofHours(1), false)),
                "nothing is an hour old");
            assertEquals(1, site.requestCount("/page"));
            try (SqliteCrawlStore store = SqliteCrawlStore.openForReading(file)) {
                Map<String, String> changes = new TreeMap<>();
                store.forEachChange(2, (url, change) -> changes.put(url.path(), change));
                assertEquals(Map.of("/", "not-revisited", "/page", "not-revisited"), changes);
                assertEquals(2, store.summary().done(), "their last records stand");
            }
        }
    }

    /** The adaptive interval: 1 day at first, x1.4 after an unchanged capture, x0.8 after a changed one. */
    @Test
    void anAdaptivePassRevisitsOnlyUrlsWhoseIntervalHasPassedAndAdaptsIt() throws Exception {
        pages.put("/", html(links("/page")));
        pages.put("/page", html("one"));
        try (TestSite site = TestSite.builder().generated(pages::get).start()) {
            Path file = tmp.resolve("crawl.db");
            CrawlConfig config = CrawlConfig.builder().root(site.url("/")).build();
            firstCrawl(file, config);
            long day = Duration.ofDays(1).toMillis();
            assertEquals(Map.of("/", day, "/page", day), intervals(file));
            assertEquals(0, pass(file, config, new RevisitPolicy(Duration.ZERO, true)),
                    "captured just now, due in a day");
            sql(file, "UPDATE captures SET captured_ms = captured_ms - " + 2 * day);
            pages.put("/page", html("two"));
            assertEquals(2, pass(file, config, new RevisitPolicy(Duration.ZERO, true)),
                    "two days old, due after one");
            assertEquals(Map.of("/", Math.round(day * 1.4), "/page", Math.round(day * 0.8)), intervals(file));
            assertEquals(RevisitPolicy.next(Duration.ofDays(1), Change.UNCHANGED), Duration.ofMillis(Math.round(day * 1.4)));
            assertEquals(RevisitPolicy.next(Duration.ofDays(1), Change.UNCHANGED),
                    RevisitPolicy.next(Duration.ofDays(1), Change.TEMPLATE_CHANGED), "what the page says did not change");
            assertEquals(RevisitPolicy.MIN_INTERVAL, RevisitPolicy.next(Duration.ofSeconds(61), Change.CHANGED));
            assertEquals(RevisitPolicy.MAX_INTERVAL, RevisitPolicy.next(Duration.ofDays(300), Change.NOT_MODIFIED));
        }
    }

    /** The crawl's first pass, into a new state file. */
    private static void firstCrawl(Path file, CrawlConfig config) {
        try (SqliteCrawlStore store = SqliteCrawlStore.create(file, config, false, List.of());
             Crawler crawler = Crawler.builder(config).store(store).build()) {
            crawler.crawl();
        }
    }

    /** One more pass of the crawl; the URLs it finished. */
    private static long pass(Path file, CrawlConfig config, RevisitPolicy policy) {
        try (SqliteCrawlStore store = SqliteCrawlStore.open(file)) {
            store.startPass(policy);
            try (Crawler crawler = Crawler.builder(config).store(store).build()) {
                return crawler.crawl().done();
            }
        }
    }

    private static Map<String, Long> archived(Path file) {
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file);
             java.sql.ResultSet rs = c.createStatement().executeQuery(
                     "SELECT url, archived_ms FROM urls JOIN captures ON url_id = id")) {
            Map<String, Long> out = new TreeMap<>();
            while (rs.next()) out.put(java.net.URI.create(rs.getString(1)).getPath(), rs.getLong(2));
            return out;
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, Long> intervals(Path file) throws Exception {
        Map<String, Long> out = new TreeMap<>();
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file);
             java.sql.ResultSet rs = c.createStatement().executeQuery(
                     "SELECT url, interval_ms FROM urls JOIN captures ON url_id = id")) {
            while (rs.next()) out.put(java.net.URI.create(rs.getString(1)).getPath(), rs.getLong(2));
        }
        return out;
    }

    private static void sql(Path file, String statement) throws Exception {
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file)) {
            c.createStatement().execute(statement);
        }
    }

    private static RecordedRequest only(List<RecordedRequest> requests, String target) {
        List<RecordedRequest> matching = requests.stream().filter(r -> r.target().equals(target)).toList();
        assertEquals(1, matching.size(), target + " requested once in the pass");
        return matching.getFirst();
    }
}
