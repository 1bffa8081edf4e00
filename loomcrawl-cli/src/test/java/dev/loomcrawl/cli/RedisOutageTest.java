package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.Await;
import dev.loomcrawl.testkit.RedisCluster;
import dev.loomcrawl.testkit.RedisServer;
import dev.loomcrawl.testkit.SpreadSite;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real loomcrawl processes ride through a Redis fault mid-crawl: a single redis-server SIGKILLed and started
 * again from its append-only file a few seconds later, and a cluster master SIGKILLed with Redis's default
 * {@code cluster-node-timeout} of 15 s, so the cluster answers CLUSTERDOWN until its replica is promoted
 * (~15-20 s). Every page is fetched, one record per URL, repeats at most the fetches in flight, every process
 * exits 0 and none prints a stack trace.
 */
class RedisOutageTest {
    private static final int TASKS = 10; // per process; three processes
    private static final Duration LATENCY = Duration.ofMillis(40); // the crawl is still running at the fault

    @TempDir
    Path tmp;

    private LoomcrawlProcess join(String uri, String crawlId, String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("crawl", "--frontier", uri, "--crawl-id", crawlId,
                "--max-tasks", Integer.toString(TASKS), "--per-host", "8", "--allow-private"));
        args.addAll(List.of(more));
        return LoomcrawlProcess.start(tmp, args.toArray(String[]::new));
    }

    private static String report(String uri, String crawlId) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.run(new String[] {"report", "--format", "jsonl", uri, "--crawl-id", crawlId},
                new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(0, code, err.toString());
        return out.toString();
    }

    /**
     * Each process exits 0 with no stack trace, saying at most once that Redis went away and once that it came
     * back (a process whose calls all came before or after the outage sees no failure), and no other warning: no
     * lease ran out.
     */
    private static void assertRodeThrough(List<LoomcrawlProcess> processes) throws Exception {
        for (LoomcrawlProcess p : processes) {
            assertEquals(0, p.exit(120), p.stderr());
            String all = p.stderr() + p.stdout();
            assertFalse(all.contains("\tat "), "a stack trace: " + p.stderr());
            assertTrue(p.stdout().contains("*** Report ***"), "its report: " + p.stderr());
            assertTrue(count(p.stderr(), "Redis went away") <= 1 && count(p.stderr(), "Redis is back") <= 1
                            && count(p.stderr(), "WARN") == count(p.stderr(), "Redis went away")
                            + count(p.stderr(), "Redis is back"),
                    "one line when an outage starts, one when it ends, no other warning (no lease lost): "
                            + p.stderr());
        }
    }

    private static long count(String text, String what) {
        return text.lines().filter(l -> l.contains(what)).count();
    }

    /**
     * The port of the replica of the master on {@code master} (from its CLUSTER NODES, once it lists the replica:
     * right after the cluster starts, gossip may not have told it yet).
     */
    private static int replicaOf(RedisCluster cluster, int master) {
        String[] nodes = new String[1];
        String[] masterId = new String[1];
        Await.until("the master on " + master + " knows its replica", () -> {
            nodes[0] = cluster.cli(master, "cluster", "nodes");
            masterId[0] = nodes[0].lines().filter(l -> l.contains(":" + master + "@")).findFirst().orElseThrow()
                    .split(" ")[0];
            return nodes[0].lines().anyMatch(l -> l.split(" ")[3].equals(masterId[0]));
        });
        String line = nodes[0].lines().filter(l -> l.split(" ")[3].equals(masterId[0])).findFirst().orElseThrow();
        String address = line.split(" ")[1];
        return Integer.parseInt(address.substring(address.indexOf(':') + 1, address.indexOf('@')));
    }

    private static void assertEveryPageOnce(int[] fetches, String records, int pages) {
        assertTrue(IntStream.of(fetches).allMatch(n -> n >= 1), "every page was fetched; not: "
                + IntStream.range(0, pages).filter(i -> fetches[i] == 0).limit(10).boxed().toList());
        int repeats = IntStream.of(fetches).map(n -> n - 1).sum();
        assertTrue(repeats <= 3 * TASKS, repeats + " repeats, more than the " + 3 * TASKS + " fetches in flight");
        assertEquals(pages, records.lines().count(), "one record per URL");
        assertEquals(pages, records.lines().distinct().count(), "one record per URL");
    }

    @Test
    @Timeout(300)
    void aRedisServerKilledAndRestartedFromItsAppendOnlyFileIsRiddenThrough() throws Exception {
        int pages = 3000;
        try (RedisServer redis = RedisServer.start(tmp.resolve("redis"));
             TestSite site = TestSite.builder().generated(TestSite.crossLinkedGenerator(pages, 4, LATENCY)).start()) {
            List<LoomcrawlProcess> processes = new ArrayList<>();
            for (int i = 0; i < 3; i++) processes.add(join(redis.uri(), "restart", site.url("/p0")));
            Await.until("pages / 4 requests at the site", () -> site.arrivals() >= pages / 4);
            redis.kill(); // SIGKILL; appendfsync always: every answered script is on disk
            Thread.sleep(4000);
            assertTrue(site.arrivals() < pages, "the crawl was still running at the fault");
            redis.start(); // the same port, from its append-only file

            assertRodeThrough(processes);
            assertEveryPageOnce(site.fetchesPerCrossLinkedPage(pages), report(redis.uri(), "restart"), pages);
        }
    }

    /**
     * A Redis killed and not started again: the process stops soon after the 3 s bound (within 20 s, where it
     * once took 32 s, waiting out Lettuce's 10 s command timeout twice), with one line, and its output whole.
     */
    @Test
    @Timeout(120)
    void anOutageLongerThanTheBoundStopsTheProcessWithOneLine() throws Exception {
        assertStopsWithOneLine(RedisServer::kill, 20, "not connected: Connection refused");
    }

    /**
     * A Redis that hangs (SIGSTOP: its connections stay open, nothing is answered): the outage is timed from when
     * the unanswered calls were sent, so the process stops once the first of them times out (10 s), plus its
     * shutdown, instead of waiting for a second timeout.
     */
    @Test
    @Timeout(120)
    void aRedisThatHangsStopsTheProcessOnceItsCallsTimeOut() throws Exception {
        assertStopsWithOneLine(RedisServer::freeze, 30, "timed out");
    }

    private void assertStopsWithOneLine(java.util.function.Consumer<RedisServer> fault, int within, String why)
            throws Exception {
        int pages = 3000;
        try (RedisServer redis = RedisServer.start(tmp.resolve("redis"));
             TestSite site = TestSite.builder().generated(TestSite.crossLinkedGenerator(pages, 4, LATENCY)).start()) {
            Path jsonl = tmp.resolve("out.jsonl");
            LoomcrawlProcess p = join(redis.uri(), "gone", "--redis-outage", "3s", "--output", jsonl.toString(),
                    site.url("/p0"));
            Await.until("pages / 10 requests at the site", () -> site.arrivals() >= pages / 10);
            fault.accept(redis); // and not started again

            assertEquals(1, p.exit(within), p.stderr());
            assertFalse((p.stderr() + p.stdout()).contains("\tat "), "a stack trace: " + p.stderr());
            assertEquals(1, count(p.stderr(), "lost Redis at"), p.stderr());
            assertTrue(p.stderr().contains("for more than 3 s (--redis-outage): "), p.stderr());
            assertTrue(p.stderr().contains(why), "says why: " + p.stderr());
            assertTrue(java.nio.file.Files.readAllLines(jsonl).stream().allMatch(l -> l.endsWith("}")),
                    "the output is whole");
        }
    }

    @Test
    @Timeout(300)
    void aClusterFailoverWithTheDefaultNodeTimeoutIsRiddenThrough() throws Exception {
        int pages = 4000;
        try (RedisCluster cluster = RedisCluster.start(tmp.resolve("cluster"));
             SpreadSite site = SpreadSite.start(12, pages, 4, LATENCY)) {
            for (String uri : cluster.uris()) { // Redis's default: a dead master is failed over after 15 s
                int port = Integer.parseInt(uri.substring(uri.lastIndexOf(':') + 1));
                assertTrue(cluster.cli(port, "config", "set", "cluster-node-timeout", "15000").contains("OK"));
            }
            List<String> nodes = cluster.uris();
            List<LoomcrawlProcess> processes = new ArrayList<>();
            for (int i = 0; i < 3; i++) processes.add(join(nodes.get(i * 2), "failover", site.url(0)));
            // not the master of the crawl's schedule, but one holding origins of the crawl (each origin's keys have
            // a hash tag of their own, and the sites' ports, so the masters they land on, change from run to run: a
            // master holding none let the crawl end before the outage, about one run in 130): the processes go on
            // with the origins on the other masters until the cluster marks the victim failed, then every node
            // answers CLUSTERDOWN until its replica is promoted
            int schedule = cluster.masterOf("loomcrawl:{failover}:due");
            Map<Integer, Integer> origins = new HashMap<>();
            for (TestSite s : site.sites()) {
                origins.merge(cluster.masterOf("loomcrawl:{failover|http://127.0.0.1:" + s.port() + "}:queue"), 1,
                        Integer::sum);
            }
            int victim = cluster.masterPorts().stream().filter(p -> p != schedule)
                    .max(Comparator.comparingInt(p -> origins.getOrDefault(p, 0))).orElseThrow();
            assertTrue(origins.getOrDefault(victim, 0) > 0, "every origin is on the schedule's master: " + origins);
            // its replica waits to be told, so that the cluster stays down (CLUSTERDOWN on every node) for a few
            // seconds after it marks the master failed, as a slow election would
            int replica = replicaOf(cluster, victim);
            assertTrue(cluster.cli(replica, "config", "set", "cluster-replica-no-failover", "yes").contains("OK"));
            Await.until("pages / 4 requests at the site", () -> site.arrivals() >= pages / 4);
            cluster.killMaster(victim); // SIGKILL
            Thread.sleep(1000);
            assertTrue(site.arrivals() < pages, "the crawl was still running at the fault");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!cluster.cli(schedule, "cluster", "info").contains("cluster_state:fail")) { // ~15 s
                assertTrue(System.nanoTime() < deadline, "the cluster never marked the master failed");
                Thread.sleep(50);
            }
            Thread.sleep(4000); // down: every node answers CLUSTERDOWN
            assertTrue(cluster.cli(replica, "cluster", "failover", "takeover").contains("OK"));

            assertRodeThrough(processes);
            assertTrue(processes.stream().anyMatch(p -> p.stderr().contains("Redis is back")),
                    "the outage was seen: " + processes.getFirst().stderr());
            cluster.awaitOk();
            assertFalse(cluster.masterPorts().contains(victim), "a replica took over");
            assertEveryPageOnce(site.fetchesPerPage(), report(cluster.uri(), "failover"), pages);
        }
    }
}
