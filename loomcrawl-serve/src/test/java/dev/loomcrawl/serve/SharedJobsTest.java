package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.loomcrawl.redis.RedisCrawl;
import dev.loomcrawl.testkit.RedisCluster;
import dev.loomcrawl.testkit.RedisServer;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two servers in this JVM sharing their jobs through a real redis-server (or a real Redis Cluster), each on its own
 * data directory and port: a job's webhook events each sent once, whichever server sends them; a job cancelled on
 * the server that did not create it stops on both; on a cluster, each page fetched once and both answer the same.
 */
class SharedJobsTest {
    @TempDir
    Path dir;
    @RegisterExtension
    final Running running = new Running();

    private Http serve(String name, String redis) throws Exception {
        return serve(name, redis, Duration.ofSeconds(30));
    }

    private Http serve(String name, String redis, Duration outage) throws Exception {
        Path key = dir.resolve("webhook-key"); // one key for every server: a receiver checks each one's signature
        if (!Files.exists(key)) Files.writeString(key, "a-shared-secret\n");
        ServeOptions d = ServeOptions.defaults(0, dir.resolve(name));
        Serve s = Serve.start(new ServeOptions(d.host(), 0, d.data(), Set.of(), true, List.of(), d.keep(), 1000, 2, 10,
                4, d.maxBody(), d.maxJobTime(), new WebhookOptions(key, Duration.ofSeconds(10), Duration.ofMinutes(1)),
                new SharedOptions(redis, Duration.ofSeconds(5), outage)));
        running.add(s);
        return Http.of(s);
    }

    private TestSite site(int pages, Duration latency) {
        TestSite site = TestSite.builder().generated(TestSite.crossLinkedGenerator(pages, 3, latency)).start();
        running.add(site);
        return site;
    }

    private RedisServer redis() {
        RedisServer redis = RedisServer.start(dir.resolve("redis"));
        running.add(redis);
        return redis;
    }

    /** A webhook receiver on 127.0.0.1: every delivery's JSON, answered 200. */
    private List<JsonNode> receiver(String[] url) throws Exception {
        List<JsonNode> got = new CopyOnWriteArrayList<>();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/hook", x -> {
            got.add(Json.MAPPER.readTree(x.getRequestBody().readAllBytes()));
            x.sendResponseHeaders(200, -1);
            x.close();
        });
        server.start();
        running.add(() -> server.stop(0));
        url[0] = "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
        return got;
    }

    private static List<JsonNode> of(List<JsonNode> got, String type) {
        return got.stream().filter(j -> j.path("type").asText().equals(type)).toList();
    }

    @Test
    void aSharedJobsWebhookEventsArriveOnceWhicheverServerSendsThem() throws Exception {
        int pages = 40;
        TestSite site = site(pages, Duration.ofMillis(100));
        String redis = redis().uri();
        Http a = serve("a", redis);
        Http b = serve("b", redis);
        String[] url = new String[1];
        List<JsonNode> got = receiver(url);
        String id = a.post("/v2/crawl", "{\"url\": \"" + site.url("/p0") + "\", \"crawlEntireDomain\": true, "
                + "\"sitemap\": \"skip\", \"webhook\": \"" + url[0] + "\"}").json().path("id").asText();
        Http.Answer atOnce = b.get("/v2/crawl/" + id); // before b's next look at the jobs in Redis
        assertEquals(200, atOnce.status(), "a job is readable on any server as soon as it is created: " + atOnce.body());
        JsonNode onA = a.finished("/v2/crawl/" + id, 120);
        JsonNode onB = b.finished("/v2/crawl/" + id, 120);
        assertEquals("completed", onA.path("status").asText(), onA.toString());
        assertEquals(onA.path("data"), onB.path("data"), "both servers answer with the same documents");
        assertEquals(pages, onB.path("completed").asInt(), onB.toString());
        await(() -> !of(got, "crawl.completed").isEmpty(), "the completed event");

        assertEquals(1, of(got, "crawl.started").size(), got.toString());
        List<String> paged = of(got, "crawl.page").stream()
                .map(j -> j.path("data").get(0).path("metadata").path("url").asText()).toList();
        assertEquals(pages, paged.size(), paged.toString());
        assertEquals(pages, paged.stream().distinct().count(), "each page's event once: " + paged);
        assertEquals(1, of(got, "crawl.completed").size(), got.toString());
        int[] fetches = site.fetchesPerCrossLinkedPage(pages);
        assertTrue(IntStream.of(fetches).allMatch(n -> n == 1), "each page fetched once");
    }

    @Test
    void aJobCancelledOnTheOtherServerStopsOnBoth() throws Exception {
        int pages = 400; // 200 ms a page: a minute's work, cancelled a few seconds in
        TestSite site = site(pages, Duration.ofMillis(200));
        String redis = redis().uri();
        Http a = serve("a", redis);
        Http b = serve("b", redis);
        String[] url = new String[1];
        List<JsonNode> got = receiver(url);
        String id = a.post("/v2/crawl", "{\"url\": \"" + site.url("/p0") + "\", \"crawlEntireDomain\": true, "
                + "\"sitemap\": \"skip\", \"webhook\": \"" + url[0] + "\"}").json().path("id").asText();
        try (RedisCrawl crawl = RedisCrawl.connect(redis, SharedJobs.crawlId(id))) {
            await(() -> crawl.status().processes().size() == 2
                    && crawl.status().processes().stream().allMatch(p -> p.done() > 0), "both servers crawling");
            Http.Answer cancelled = b.delete("/v2/crawl/" + id);
            assertEquals(200, cancelled.status(), cancelled.body());
            assertEquals("cancelled", a.finished("/v2/crawl/" + id, 30).path("status").asText());
            assertEquals("cancelled", b.finished("/v2/crawl/" + id, 30).path("status").asText());
            // each server's run ends: its frontier closes, and says so in the crawl's list of processes
            await(() -> crawl.status().processes().stream().allMatch(p -> p.state().equals("ended")),
                    "both runs to end");
        }
        int fetched = site.requests().size();
        assertTrue(fetched < pages, "the crawl stopped short: " + fetched);
        await(() -> !of(got, "crawl.failed").isEmpty(), "the failed event");
        assertEquals(1, of(got, "crawl.failed").size(), got.toString());
        assertEquals("cancelled", of(got, "crawl.failed").getFirst().path("error").asText());
        assertEquals(0, of(got, "crawl.completed").size(), got.toString());
    }

    @Test
    void aJobEndedByItsPageLimitIsMarkedCompletedOnlyOnceThePagesInFlightOnEveryServerAreIn() throws Exception {
        TestSite site = site(200, Duration.ofMillis(300));
        String redis = redis().uri();
        Http a = serve("a", redis);
        Http b = serve("b", redis);
        String id = a.post("/v2/crawl", "{\"url\": \"" + site.url("/p0") + "\", \"crawlEntireDomain\": true, "
                + "\"sitemap\": \"skip\", \"limit\": 12}").json().path("id").asText();
        try (RedisCrawl crawl = RedisCrawl.connect(redis, SharedJobs.crawlId(id))) {
            await(() -> crawl.status().processes().size() == 2, "both servers in the job's crawl");
        }
        // the first answer that says completed has every page: none is added after it, on either server
        JsonNode first = a.finished("/v2/crawl/" + id, 120);
        assertEquals("completed", first.path("status").asText(), first.toString());
        assertEquals(12, first.path("completed").asInt(), first.toString());
        assertEquals(12, first.path("data").size());
        JsonNode onB = b.finished("/v2/crawl/" + id, 30);
        assertEquals(first.path("data"), onB.path("data"), "both servers answer with the same documents");
    }

    @Test
    void aRunThatLostRedisPastItsBoundStopsWithoutFailingTheJobAndJoinsItAgainOnceRedisIsBack() throws Exception {
        int pages = 60;
        TestSite site = site(pages, Duration.ofMillis(150));
        RedisServer redis = redis(); // its append-only file fsynced on every write: a restart loses nothing
        Http a = serve("a", redis.uri(), Duration.ofSeconds(1));
        String id = a.post("/v2/crawl", "{\"url\": \"" + site.url("/p0") + "\", \"crawlEntireDomain\": true, "
                + "\"sitemap\": \"skip\"}").json().path("id").asText();
        await(() -> a.get("/v2/crawl/" + id).json().path("completed").asInt() >= 5, "some pages");
        redis.kill();
        // the run stops and lets the job go: the jobs list, which reads Redis for each job it holds, answers empty
        await(() -> {
            Http.Answer jobs = a.get("/v1/jobs");
            return jobs.status() == 200 && jobs.json().path("jobs").isEmpty();
        }, "the run to stop");
        Http.Answer away = a.get("/v2/crawl/" + id); // the job is in Redis only now
        assertEquals(503, away.status(), away.body());
        assertEquals("5", away.header("Retry-After"));
        redis.start();
        JsonNode done = a.finished("/v2/crawl/" + id, 120);
        assertEquals("completed", done.path("status").asText(), done.toString());
        List<String> urls = new ArrayList<>();
        done.path("data").forEach(d -> urls.add(d.path("metadata").path("url").asText()));
        assertEquals(pages, urls.size(), urls.toString());
        assertEquals(pages, urls.stream().distinct().count(), "each page once: " + urls);
    }

    @Test
    void onARedisClusterAJobIsSharedEachPageFetchedOnce() throws Exception {
        RedisCluster cluster = RedisCluster.start(dir.resolve("cluster"));
        running.add(cluster);
        int pages = 40;
        TestSite site = site(pages, Duration.ofMillis(100));
        Http a = serve("a", cluster.uris().get(0)); // each server given another node
        Http b = serve("b", cluster.uris().get(1));
        String id = b.post("/v2/crawl", "{\"url\": \"" + site.url("/p0") + "\", \"crawlEntireDomain\": true, "
                + "\"sitemap\": \"skip\"}").json().path("id").asText();
        JsonNode onB = b.finished("/v2/crawl/" + id, 120);
        JsonNode onA = a.finished("/v2/crawl/" + id, 120);
        assertEquals("completed", onA.path("status").asText(), onA.toString());
        assertEquals(pages, onA.path("completed").asInt(), onA.toString());
        assertEquals(onA.path("data"), onB.path("data"), "both servers answer with the same documents");
        int[] fetches = site.fetchesPerCrossLinkedPage(pages);
        assertTrue(IntStream.of(fetches).allMatch(n -> n == 1), "each page fetched once");
        try (RedisCrawl crawl = RedisCrawl.connect(cluster.uri(), SharedJobs.crawlId(id))) {
            assertEquals(2, crawl.status().processes().size(), "both servers joined the crawl");
        }
    }

    @Test
    void aNativeCrawlOnASharedServerIsThatServersOwnWithItsFilesAndItsFolderKept() throws Exception {
        int pages = 20;
        TestSite site = site(pages, Duration.ZERO);
        String redis = redis().uri();
        Http a = serve("a", redis);
        Http b = serve("b", redis);
        Http.Answer created = a.post("/v1/crawls", "{\"root\": [\"" + site.url("/p0") + "\"], \"ignore-robots\": "
                + "true, \"output\": \"records.jsonl\"}");
        assertEquals(201, created.status(), created.body());
        String id = created.json().path("id").asText();
        await(() -> a.get("/v1/crawls/" + id).json().path("state").asText().equals("completed"), "the native job");
        JsonNode status = a.get("/v1/crawls/" + id).json();
        assertEquals(pages, status.at("/ledger/recorded").asLong(), status.toString());
        assertEquals(pages, a.get("/v1/crawls/" + id + "/files/records.jsonl").body().lines().count());
        assertEquals(404, b.get("/v1/crawls/" + id).status(), "its files are a's: b does not know it");
        assertTrue(Files.exists(dir.resolve("a").resolve(id).resolve("state.db")), "kept in a's folder");
        Thread.sleep(1500); // a's next look at the jobs in Redis, which do not list it, leaves it be
        assertEquals(200, a.get("/v1/crawls/" + id).status());
        assertTrue(IntStream.of(site.fetchesPerCrossLinkedPage(pages)).allMatch(n -> n == 1), "each page once");
    }

    private static void await(BooleanSupplier ok, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!ok.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("waited 60 s for " + what);
            Thread.sleep(50);
        }
    }
}
