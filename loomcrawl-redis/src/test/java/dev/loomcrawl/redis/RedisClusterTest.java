package dev.loomcrawl.redis;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.testkit.RedisCluster;
import dev.loomcrawl.testkit.SpreadSite;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shared frontier on a real Redis Cluster (three masters, three replicas, on loopback), found from the URI of
 * any one node; crawlers in this JVM, each on its own cluster connection. The crawl with real processes and a
 * master killed mid-crawl is DistributedClusterTest (loomcrawl-cli).
 */
class RedisClusterTest {
    @TempDir
    static Path dir;
    static RedisCluster cluster;

    @BeforeAll
    static void startCluster() {
        cluster = RedisCluster.start(dir.resolve("cluster"));
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) cluster.close();
    }

    /** Runs one crawler of the crawl per URI, at once, each on its own connection; returns their summaries. */
    static List<CrawlSummary> crawlWith(List<String> uris, String crawlId, CrawlConfig config) throws Exception {
        List<CrawlSummary> summaries = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(uris.size())) {
            List<Future<CrawlSummary>> runs = new ArrayList<>();
            for (String uri : uris) {
                runs.add(pool.submit(() -> {
                    try (RedisCrawl crawl = RedisCrawl.connect(uri, crawlId);
                         Crawler crawler = crawl.crawler(Crawler.builder(crawl.join(config, 0)), Duration.ofSeconds(5))) {
                        return crawler.crawl();
                    }
                }));
            }
            for (Future<CrawlSummary> run : runs) summaries.add(run.get());
        }
        return summaries;
    }

    @Test
    void threeCrawlersOnAClusterFetchEveryPageOfTwelveOriginsOnce() throws Exception {
        int pages = 1200;
        try (SpreadSite site = SpreadSite.start(12, pages, 4, Duration.ofMillis(1))) {
            // twelve origins on loopback ports: a local root allows only its own without allowPrivate
            CrawlConfig config = CrawlConfig.builder().root(site.url(0)).maxTasks(16).perHost(4).allowPrivate(true)
                    .build();
            List<String> nodes = cluster.uris(); // each crawler is given another node: any leads to the cluster
            List<CrawlSummary> summaries = crawlWith(List.of(nodes.get(0), nodes.get(2), nodes.get(4)), "spread",
                    config);

            int[] fetches = site.fetchesPerPage();
            assertTrue(IntStream.of(fetches).allMatch(n -> n == 1), "every page exactly once; not once: "
                    + IntStream.range(0, pages).filter(i -> fetches[i] != 1).limit(10).boxed().toList());
            assertEquals(pages, summaries.stream().mapToLong(CrawlSummary::done).sum());
            List<CrawlRecord> records = new ArrayList<>();
            try (RedisCrawl crawl = RedisCrawl.connect(cluster.uri(), "spread")) {
                crawl.forEachRecord(records::add);
                assertEquals(pages, crawl.summary().done());
                assertTrue(crawl.finished());
            }
            assertEquals(pages, records.stream().map(r -> r.url().toString()).distinct().count());
            assertEquals(pages, records.size(), "one record per URL");
            // each origin's keys are on the master of its hash tag's slot, so the origins spread over the masters as
            // their tags do (which master gets which depends on the sites' ports: one may get none, 1 run in 40)
            Set<Integer> holding = new HashSet<>();
            for (TestSite s : site.sites()) {
                String seen = "loomcrawl:{spread|http://127.0.0.1:" + s.port() + "}:seen";
                int master = cluster.masterOf(seen);
                assertEquals("1", cluster.cli(master, "exists", seen).strip(), seen + " is not on master " + master);
                holding.add(master);
            }
            assertTrue(holding.size() > 1, "twelve origins on one master: " + holding); // 1 run in 177,000
        }
    }

    @Test
    void aClusterWithADatabaseNumberIsOneClearLine() {
        RedisCrawlException e = assertThrows(RedisCrawlException.class,
                () -> RedisCrawl.connect(cluster.uri() + "/3", "x"));
        assertTrue(e.getMessage().matches("Redis at 127\\.0\\.0\\.1:\\d+ \\(cluster\\) is a cluster, which has only "
                + "database 0; leave /3 out of the URI"), e.getMessage());
    }
}
