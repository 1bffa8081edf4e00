package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.Await;
import dev.loomcrawl.testkit.RedisCluster;
import dev.loomcrawl.testkit.SpreadSite;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real loomcrawl processes sharing one crawl through a real Redis Cluster (three masters, three replicas, on
 * loopback), checked from the request logs of a site spread over twelve origins (so over every master).
 */
@Tag("alone") // three processes crawling as fast as they can: no other test class beside it (the pom says)
class DistributedClusterTest {
    private static final int PAGES = 6000;

    @TempDir
    Path tmp;
    RedisCluster cluster;

    @BeforeEach
    void startCluster() {
        cluster = RedisCluster.start(tmp.resolve("cluster"));
    }

    @AfterEach
    void stopCluster() {
        if (cluster != null) cluster.close();
    }

    private LoomcrawlProcess join(String node, String crawlId, String... more) throws Exception {
        // every site here is twelve origins on loopback ports: a local root allows only its own without the option
        List<String> args = new ArrayList<>(List.of("crawl", "-q", "--allow-private", "--frontier", node,
                "--crawl-id", crawlId));
        args.addAll(List.of(more));
        return LoomcrawlProcess.start(tmp, args.toArray(String[]::new));
    }

    private String report(String crawlId) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.run(new String[] {"report", "--format", "jsonl", cluster.uri(), "--crawl-id", crawlId},
                new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(0, code, err.toString());
        return out.toString();
    }

    /** Three processes, each given another node of the cluster. */
    private List<LoomcrawlProcess> three(String crawlId, String... options) throws Exception {
        List<String> nodes = cluster.uris();
        List<LoomcrawlProcess> processes = new ArrayList<>();
        for (int i = 0; i < 3; i++) processes.add(join(nodes.get(i * 2), crawlId, options));
        return processes;
    }

    /** And each origin's robots.txt once for the whole crawl, not once per process. */
    @Test
    void threeProcessesOnAClusterFetchEveryPageAndEachRobotsTxtExactlyOnce() throws Exception {
        try (SpreadSite site = SpreadSite.start(12, PAGES, 4, Duration.ZERO)) {
            List<LoomcrawlProcess> processes = three("spread", "--max-tasks", "10", "--per-host", "8", site.url(0));
            for (LoomcrawlProcess p : processes) assertEquals(0, p.exit(240), p.stderr());

            int[] fetches = site.fetchesPerPage();
            assertTrue(IntStream.of(fetches).allMatch(n -> n == 1), "every page exactly once; not once: "
                    + IntStream.range(0, PAGES).filter(i -> fetches[i] != 1).limit(10).boxed().toList());
            for (var origin : site.sites()) {
                assertEquals(1, origin.requestCount("/robots.txt"), "robots.txt of " + origin.url("/"));
            }
            String records = report("spread");
            assertEquals(PAGES, records.lines().count());
            assertEquals(PAGES, records.lines().distinct().count());
        }
    }

    @Test
    void aMasterKilledMidCrawlIsReplacedByItsReplicaAndTheCrawlCompletes() throws Exception {
        try (SpreadSite site = SpreadSite.start(12, PAGES, 4, Duration.ZERO)) {
            List<LoomcrawlProcess> processes = three("failover", "--max-tasks", "10", "--per-host", "8",
                    site.url(0));
            int victim = cluster.masterOf("loomcrawl:{failover}:due"); // the master of the crawl's schedule
            Await.until("PAGES / 3 requests at the site", () -> site.arrivals() >= PAGES / 3);
            cluster.killMaster(victim); // SIGKILL
            for (LoomcrawlProcess p : processes) assertEquals(0, p.exit(240), p.stderr());

            cluster.awaitOk();
            assertNotEquals(victim, cluster.masterOf("loomcrawl:{failover}:due"), "a replica took over");
            int[] fetches = site.fetchesPerPage();
            assertTrue(IntStream.of(fetches).allMatch(n -> n >= 1), "every page was fetched; not: "
                    + IntStream.range(0, PAGES).filter(i -> fetches[i] == 0).limit(10).boxed().toList());
            int repeats = IntStream.of(fetches).map(n -> n - 1).sum();
            assertTrue(repeats <= 30, repeats + " repeats, more than the 30 fetches in flight");
            String records = report("failover");
            assertEquals(PAGES, records.lines().count(), "one record per URL");
        }
    }

    @Test
    void maxPagesCountsOverEveryProcess() throws Exception {
        try (SpreadSite site = SpreadSite.start(12, 3000, 4, Duration.ZERO)) {
            List<LoomcrawlProcess> processes = three("budget", "--max-tasks", "10", "--per-host", "8",
                    "--max-pages", "1000", site.url(0));
            for (LoomcrawlProcess p : processes) p.exit(240);

            int fetched = IntStream.of(site.fetchesPerPage()).sum();
            assertTrue(fetched >= 1000 && fetched <= 1000 + 30, fetched + " pages fetched for --max-pages 1000 over "
                    + "three processes of 10 fetches in flight each");
        }
    }
}
