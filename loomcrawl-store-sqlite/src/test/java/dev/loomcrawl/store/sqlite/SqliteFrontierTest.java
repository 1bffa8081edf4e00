package dev.loomcrawl.store.sqlite;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.extract.JsoupLinkExtractor;
import dev.loomcrawl.fetch.JettyFetcher;
import dev.loomcrawl.scope.RootScope;
import dev.loomcrawl.testkit.TestSite;
import dev.loomcrawl.frontier.Lease;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.internal.state.DurableFrontier;
import dev.loomcrawl.internal.state.StateJournal;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The durable frontier on a real SQLite file: its window, its spill to disk, and what a new run finds. */
class SqliteFrontierTest {
    @TempDir
    Path tmp;

    private static final CrawlConfig CONFIG = CrawlConfig.builder().root("http://example.test/").build();

    private static Visit visit(int i) {
        return new Visit(WebUrl.parse("http://example.test/p" + i), 10, 1, WebUrl.parse("http://example.test/"));
    }

    private static DurableFrontier frontier(SqliteCrawlStore store, int window) {
        return DurableFrontier.open(store, StateJournal.open(store), Integer.MAX_VALUE, Duration.ZERO, window, false);
    }

    /** Finishes a taken visit as the crawler does: its record journaled under the lease's ticket, then done. */
    private static void finish(DurableFrontier f, Lease lease) {
        FinishedUrl finished = FinishedUrl.of(record(lease.visit()));
        assertTrue(f.journal().finished(lease.ticket(), finished), "journaled");
        lease.done(finished);
    }

    private static CrawlRecord record(Visit v) {
        return CrawlRecord.builder(v.url()).status(200).size(10).contentType("text/html").encoding("utf-8")
                .depth(v.depth()).referrer(v.referrer()).startedAt(Instant.now()).duration(Duration.ofMillis(3))
                .attempts(1).build();
    }

    /** Takes every visit, finishing each (journaled with its record, then done) when {@code finish} is true. */
    private static List<String> drain(DurableFrontier f, boolean finish) throws InterruptedException {
        List<String> order = new ArrayList<>();
        for (Lease lease; (lease = f.take()) != null; ) {
            order.add(lease.visit().url().toString());
            if (finish) {
                finish(f, lease);
            } else {
                lease.done(null);
            }
        }
        return order;
    }

    @Test
    void aWindowOfTenHoldsTenAndTheRestComesBackFromDiskInDiscoveryOrder() throws Exception {
        try (SqliteCrawlStore store = SqliteCrawlStore.create(tmp.resolve("s.db"), CONFIG, false);
             DurableFrontier f = frontier(store, 10)) {
            List<String> offered = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                assertTrue(f.offer(visit(i)));
                offered.add(visit(i).url().toString());
            }
            assertFalse(f.offer(visit(5)));
            assertEquals(1000, f.queued());
            assertEquals(offered, drain(f, true));
            assertEquals(0, f.queued());
            assertNull(f.take());
        }
    }

    @Test
    void aNewRunHandsOutWhatWasQueuedAndRemembersWhatWasSeen() throws Exception {
        Path file = tmp.resolve("s.db");
        try (SqliteCrawlStore store = SqliteCrawlStore.create(file, CONFIG, false);
             DurableFrontier f = frontier(store, 25)) {
            for (int i = 0; i < 100; i++) f.offer(visit(i));
            for (int i = 0; i < 30; i++) {
                finish(f, f.take());
            }
            f.finish(new CrawlSummary(30, 70, Duration.ofSeconds(1), 100, true, Instant.now(), null, Map.of()));
        }
        try (SqliteCrawlStore store = SqliteCrawlStore.open(file); DurableFrontier f = frontier(store, 25)) {
            assertEquals(70, f.queued());
            assertEquals(30, f.resumption().finished());
            for (int i = 0; i < 100; i++) assertTrue(f.seen(visit(i).url()));
            assertFalse(f.offer(visit(3)));
            List<String> rest = drain(f, true);
            assertEquals(70, rest.size());
            assertEquals(visit(30).url().toString(), rest.getFirst());
            assertEquals(visit(99).url().toString(), rest.getLast());
        }
        try (SqliteCrawlStore store = SqliteCrawlStore.openForReading(file)) {
            assertEquals(100, store.summary().done());
            assertEquals(0, store.summary().todo());
        }
    }

    @Test
    void visitsTakenButNotFinishedAtACrashAreQueuedInTheNextRun() throws Exception {
        Path file = tmp.resolve("s.db");
        try (SqliteCrawlStore store = SqliteCrawlStore.create(file, CONFIG, false);
             DurableFrontier f = frontier(store, 4)) {
            for (int i = 0; i < 10; i++) f.offer(visit(i));
            List<Lease> taken = new ArrayList<>();
            for (int i = 0; i < 5; i++) taken.add(f.take());
            for (Lease lease : taken.subList(0, 2)) finish(f, lease);
        } // no finish(): as if the process had died after its last commit
        try (SqliteCrawlStore store = SqliteCrawlStore.open(file); DurableFrontier f = frontier(store, 4)) {
            List<String> rest = drain(f, false);
            assertEquals(8, rest.size());
            assertEquals(visit(2).url().toString(), rest.getFirst());
            assertTrue(store.summary().interrupted(), "a run with no end was killed");
        }
    }

    @Test
    @Timeout(120)
    void fiftyWorkersThroughAWindowOfSixteenFetchEveryPageOnce() {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(2000, 6)).start()) {
            CrawlConfig config = CrawlConfig.builder().root(site.url("/p0")).maxTasks(50).perHost(50).build();
            try (SqliteCrawlStore store = SqliteCrawlStore.create(tmp.resolve("s.db"), config, false)) {
                DurableFrontier f = frontier(store, 16);
                try (Crawler crawler = Crawler.builder(config).frontier(f)
                        .fetcher(new JettyFetcher(config.clientSetup()))
                        .linkExtractor(new JsoupLinkExtractor())
                        .scope(new RootScope(config.scope()))
                        .build()) {
                    CrawlSummary summary = crawler.crawl();
                    assertEquals(2000, summary.done());
                    assertEquals(0, summary.todo());
                }
                assertEquals(2000, store.summary().done());
            }
            for (int i = 0; i < 2000; i++) assertEquals(1, site.requestCount("/p" + i), "/p" + i);
        }
    }

    @Test
    void everyPartOfAVisitIsStoredOrDeliberatelyNot() {
        // url, redirects_left, depth and referrer are columns of urls; deferrals (429/503 pauses) start again
        // at zero in a new run; kind is a column too (check visits exist only in link checking, which a crawler
        // on a store refuses); last (a re-crawl's last capture) is the columns last_status,
        // digest, etag and last_modified; priority (a focused crawl's order) is deliberately not kept: visits read
        // back from the state are taken first in, first out (decision 39). A new Visit component needs a column
        // (ChangeWriter, StateQueries) or a reason.
        List<String> components = java.util.Arrays.stream(Visit.class.getRecordComponents())
                .map(java.lang.reflect.RecordComponent::getName).toList();
        assertEquals(List.of("url", "redirectsLeft", "depth", "referrer", "deferrals", "kind", "last", "priority"),
                components);
    }
}
