package dev.loomcrawl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two real {@code loomcrawl serve} processes started with {@code --frontier} on one real redis-server: a crawl job
 * created on one is crawled by both (each page fetched once, from the site's log) and answered for by both, the
 * same; with the server that created it killed (SIGKILL) mid-crawl, the other finishes it, each page in its results
 * once; and a second server does not slow a job below the rate one server alone crawls it at.
 */
@Tag("alone") // two serve JVMs crawling at once: no other test class beside it (the pom says)
class SharedServeTest extends SharedCrawlFixture {
    private static final int PAGES = 60;

    final List<ServeProcess> servers = new ArrayList<>();

    @AfterEach // before the fixture's redis-server is stopped
    void stopServers() throws Exception {
        for (ServeProcess s : servers) {
            s.process().process().destroyForcibly();
            s.process().exit(30);
        }
    }

    private ServeProcess serve(String name) throws Exception {
        Path keys = tmp.resolve("keys");
        if (!Files.exists(keys)) Files.writeString(keys, "test-key\n");
        ServeProcess s = ServeProcess.start(tmp, TestSite.freePort(), "--data", tmp.resolve(name).toString(),
                "--allow-private", "--api-key-file", keys.toString(), "--frontier", redis.uri(),
                "--lease-time", "3s");
        servers.add(s);
        return s;
    }

    /** Every page answered after 150 ms: some seconds of crawling, long enough for the second server to join. */
    private static TestSite site() {
        return TestSite.builder().generated(TestSite.crossLinkedGenerator(PAGES, 3, Duration.ofMillis(150))).start();
    }

    private static String crawl(ServeProcess s, TestSite site) throws Exception {
        return s.post("/v2/crawl", "{\"url\": \"" + site.url("/p0") + "\", \"crawlEntireDomain\": true, "
                + "\"sitemap\": \"skip\"}").path("id").asText();
    }

    @Test
    void aJobCreatedOnOneServerIsCrawledByBothEachPageOnceAndBothAnswerTheSame() throws Exception {
        try (TestSite site = site()) {
            ServeProcess a = serve("a");
            ServeProcess b = serve("b");
            String id = crawl(a, site);
            JsonNode onA = a.waitForEnd(id, Duration.ofSeconds(120));
            JsonNode onB = b.waitForEnd(id, Duration.ofSeconds(120));

            int[] fetches = site.fetchesPerCrossLinkedPage(PAGES);
            assertTrue(IntStream.of(fetches).allMatch(n -> n == 1), "every page fetched once; not once: "
                    + IntStream.range(0, PAGES).filter(i -> fetches[i] != 1).boxed().toList());
            for (JsonNode status : List.of(onA, onB)) {
                assertEquals("completed", status.path("status").asText(), status.toString());
                assertEquals(PAGES, status.path("completed").asInt(), status.toString());
                assertEquals(PAGES, status.path("total").asInt(), status.toString());
            }
            assertEquals(urls(onA), urls(onB), "both servers answer with the same documents");
            assertEveryPageOnce(site, urls(onA));
            // the job's crawl in Redis, as `loomcrawl status` sees it: both servers took part, and did every page
            JsonNode crawl = status("serve-" + id);
            assertEquals(2, crawl.path("processes").size(), crawl.toString());
            System.out.println("pages per server: " + crawl.path("processes").findValues("done"));
            assertEquals(PAGES, crawl.path("done").asInt(), crawl.toString());
            assertTrue(b.process().stderr().contains("job " + id + " joined"), b.process().stderr());
            assertTrue(b.process().stderr().contains("job " + id + " started"), b.process().stderr());
            // the job ends once: on one server, which logs it completed (and sends its webhook); the other stops
            int ended = count(a.process().stderr(), "job " + id + " completed: ")
                    + count(b.process().stderr(), "job " + id + " completed: ");
            assertEquals(1, ended, a.process().stderr() + "\n----\n" + b.process().stderr());
            assertEquals(0, count(a.process().stderr() + b.process().stderr(), "\tat "), "no stack trace");
        }
    }

    @Test
    void theServerThatCreatedAJobKilledMidCrawlTheOtherFinishesItEachPageOnce() throws Exception {
        try (TestSite site = site()) {
            ServeProcess a = serve("a");
            ServeProcess b = serve("b");
            String id = crawl(a, site);
            waitFor(b, () -> b.process().stderr().contains("job " + id + " started"), "b to join the job");
            waitForPages(b, id, 15);
            a.process().process().destroyForcibly(); // SIGKILL: its leases run out after --lease-time 3s
            a.process().exit(30);

            JsonNode done = b.waitForEnd(id, Duration.ofSeconds(120));
            assertEquals("completed", done.path("status").asText(), done.toString());
            assertEquals(PAGES, done.path("completed").asInt(), done.toString());
            assertEveryPageOnce(site, urls(done));
            int[] fetches = site.fetchesPerCrossLinkedPage(PAGES);
            assertTrue(IntStream.of(fetches).allMatch(n -> n >= 1), "every page fetched");
            assertEquals(0, count(b.process().stderr(), "\tat "), "no stack trace: " + b.process().stderr());
        }
    }

    /**
     * Issue 70: a job shared by two servers goes no slower than the same job on one server alone, at the same
     * politeness (Firecrawl's default, two fetches at a time on a host, kept in Redis for the whole job). The site
     * answers each page after 100 ms, so that the job is bound by its two slots (ideal 20 pages/s, whatever the
     * number of servers), not by this machine's cores: what is measured is how the servers share the slots. A rate
     * is taken once the job runs (its first quarter's pages in: the start, a cold JVM, and the second server's join at
     * its next look at Redis left out), up to the poll that saw it completed; polls are 0.1 s apart. The tolerance,
     * 20%, is five times the most the ratio of the two fell below 1 in the runs measured (0.97 to 1.04 in nine, at
     * load 1 to 7: docs/benchmarks.md), and less than what a second server costs that holds a slot past its fetches.
     */
    @Test
    void aSecondServerDoesNotSlowASharedJobBelowOneServersRate() throws Exception {
        int pages = 240;
        try (TestSite site = TestSite.builder()
                .generated(TestSite.crossLinkedGenerator(pages, 3, Duration.ofMillis(100))).start()) {
            ServeProcess a = serve("a");
            double alone = pagesPerSecond(a, crawl(a, site), pages);
            ServeProcess b = serve("b");
            String id = crawl(a, site);
            double shared = pagesPerSecond(a, id, pages);
            JsonNode crawl = status("serve-" + id);
            List<Integer> done = crawl.path("processes").findValues("done").stream().map(JsonNode::asInt).toList();
            System.out.printf("one server %.1f pages/s, two %.1f (%.2f times), pages per server %s%n", alone, shared,
                    shared / alone, done);
            assertEquals(2, done.size(), "both servers took part: " + crawl);
            assertTrue(done.stream().allMatch(n -> n > 0), "each server fetched pages: " + done);
            assertTrue(shared >= 0.8 * alone, String.format("two servers %.1f pages/s against one's %.1f: more than "
                    + "20%% slower%n%s%n----%n%s", shared, alone, a.process().stderr(), b.process().stderr()));
        }
    }

    /**
     * Job {@code id}'s pages a second from the first poll that saw a quarter of its {@code pages} in to the poll that
     * saw it completed with all of them.
     */
    private static double pagesPerSecond(ServeProcess s, String id, int pages) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        long from = 0;
        int fromPages = 0;
        while (true) {
            JsonNode status = s.get("/v2/crawl/" + id);
            long now = System.nanoTime();
            int completed = status.path("completed").asInt();
            if (from == 0 && completed >= pages / 4) {
                from = now;
                fromPages = completed;
            }
            if (!status.path("status").asText().equals("scraping")) {
                assertEquals("completed", status.path("status").asText(), status.toString());
                assertEquals(pages, completed, status.toString());
                return (completed - fromPages) / ((now - from) / 1e9);
            }
            if (now > deadline) throw new AssertionError("still scraping after 60 s: " + status);
            Thread.sleep(100);
        }
    }

    private JsonNode status(String crawlId) throws Exception {
        java.io.StringWriter out = new java.io.StringWriter(), err = new java.io.StringWriter();
        int code = Main.run(new String[] {"status", redis.uri(), "--crawl-id", crawlId, "--json"},
                new java.io.PrintWriter(out, true), new java.io.PrintWriter(err, true));
        assertEquals(0, code, err.toString());
        return ServeProcess.JSON.readTree(out.toString());
    }

    /** The URLs of every document of the job, in order, from its status pages. */
    private static List<String> urls(JsonNode first) {
        List<String> urls = new ArrayList<>();
        first.path("data").forEach(d -> urls.add(d.path("metadata").path("url").asText()));
        assertTrue(first.path("next").isNull(), "all on one page: " + first.path("next"));
        return urls;
    }

    private static void assertEveryPageOnce(TestSite site, List<String> urls) {
        assertEquals(PAGES, urls.size(), urls.toString());
        assertEquals(PAGES, urls.stream().distinct().count(), "each page once: " + urls);
        for (int i = 0; i < PAGES; i++) assertTrue(urls.contains(site.url("/p" + i)), "/p" + i);
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1)) n++;
        return n;
    }

    private static void waitFor(ServeProcess s, java.util.function.BooleanSupplier ok, String what)
            throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!ok.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("waited for " + what + ": "
                    + s.process().stderr());
            Thread.sleep(20);
        }
    }

    private static void waitForPages(ServeProcess s, String id, int pages) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            JsonNode status = s.get("/v2/crawl/" + id);
            if (status.path("completed").asInt() >= pages) {
                assertEquals("scraping", status.path("status").asText(), "the crawl is to be cut mid-way");
                return;
            }
            if (System.nanoTime() > deadline) throw new AssertionError("too few pages: " + status);
            Thread.sleep(20);
        }
    }
}
