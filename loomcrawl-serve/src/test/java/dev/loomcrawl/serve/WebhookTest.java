package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Webhooks of a real serve on 127.0.0.1, received by a real HTTP server: each event once, signed; a failing
 * receiver retried, then given up, while the crawl goes on without it; a receiver the guard refuses never called.
 */
class WebhookTest {
    private static final String SECRET = "a-test-secret";
    @TempDir
    Path dir;
    @RegisterExtension
    final Running running = new Running();

    /** One delivery as received. */
    record Received(Map<String, String> headers, byte[] body, JsonNode json) {}

    /** A receiver on 127.0.0.1 that answers each delivery with what {@code answer} says, after {@code hold}. */
    private final class Receiver implements AutoCloseable {
        final List<Received> got = new CopyOnWriteArrayList<>();
        final HttpServer server;
        volatile int status = 200;
        /** Answered 500 whatever {@link #status} says, as many as there are. */
        final java.util.concurrent.atomic.AtomicInteger failFirst = new java.util.concurrent.atomic.AtomicInteger();
        final List<Integer> answers = new CopyOnWriteArrayList<>();
        final CountDownLatch hold = new CountDownLatch(1);

        Receiver(boolean held) throws Exception {
            if (!held) hold.countDown();
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
            server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
            server.createContext("/hook", x -> {
                byte[] body = x.getRequestBody().readAllBytes();
                Map<String, String> h = new HashMap<>();
                x.getRequestHeaders().forEach((k, v) -> h.put(k.toLowerCase(java.util.Locale.ROOT), v.getFirst()));
                got.add(new Received(h, body, Json.MAPPER.readTree(body)));
                try {
                    hold.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                int answer = failFirst.getAndDecrement() > 0 ? 500 : status;
                answers.add(answer);
                x.sendResponseHeaders(answer, -1);
                x.close();
            });
            server.start();
            running.add(this);
        }

        String url() {
            return "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
        }

        List<Received> of(String type) {
            return got.stream().filter(r -> r.json.path("type").asText().equals(type)).toList();
        }

        void await(Predicate<Receiver> done, int seconds) throws InterruptedException {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (!done.test(this)) {
                if (System.nanoTime() > end) throw new AssertionError("the receiver got: " + types());
                Thread.sleep(50);
            }
        }

        List<String> types() {
            return got.stream().map(r -> r.json.path("type").asText()).toList();
        }

        @Override
        public void close() {
            hold.countDown();
            server.stop(0);
        }
    }

    private Http serve(boolean allowPrivate, List<String> allowOrigins, WebhookOptions hooks) throws Exception {
        Files.createDirectories(dir);
        ServeOptions d = ServeOptions.defaults(0, dir.resolve("data"));
        Serve s = Serve.start(new ServeOptions(d.host(), 0, d.data(), Set.of(), allowPrivate, allowOrigins, d.keep(),
                100, 2, 1, 4, d.maxBody(), d.maxJobTime(), hooks));
        running.add(s);
        return Http.of(s);
    }

    private WebhookOptions hooks(Duration timeout, Duration retryFor) throws Exception {
        Path key = dir.resolve("key");
        Files.createDirectories(dir);
        Files.writeString(key, SECRET + "\n");
        return new WebhookOptions(key, timeout, retryFor);
    }

    private TestSite site(int pages) {
        TestSite site = TestSite.builder().pages(TestSite.crossLinked(pages, 3)).start();
        running.add(site);
        return site;
    }

    private static String signature(byte[] body) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return "sha256=" + HexFormat.of().formatHex(mac.doFinal(body));
    }

    @Test
    void eachEventOfACrawlArrivesOnceSignedWithItsMetadataAndHeaders() throws Exception {
        TestSite site = site(20);
        Receiver receiver = new Receiver(false);
        Http http = serve(true, List.of(), hooks(Duration.ofSeconds(10), Duration.ofMinutes(1)));
        Http.Answer started = http.post("/v2/crawl", "{\"url\": \"" + site.url("/p0") + "\", \"crawlEntireDomain\": "
                + "true, \"sitemap\": \"skip\", \"webhook\": {\"url\": \"" + receiver.url() + "\", \"headers\": "
                + "{\"Authorization\": \"Bearer token-1\"}, \"metadata\": {\"project\": \"docs\", \"n\": 7}}}");
        assertEquals(200, started.status(), started.body());
        String id = started.json().path("id").asText();
        JsonNode done = http.finished("/v2/crawl/" + id, 60);
        assertEquals("completed", done.path("status").asText(), done.toString());
        receiver.await(r -> !r.of("crawl.completed").isEmpty(), 30);

        assertEquals(1, receiver.of("crawl.started").size(), receiver.types().toString());
        assertEquals(20, receiver.of("crawl.page").size(), receiver.types().toString());
        assertEquals(1, receiver.of("crawl.completed").size(), receiver.types().toString());
        assertEquals(22, receiver.got.size(), receiver.types().toString());
        assertEquals("crawl.completed", receiver.got.getLast().json.path("type").asText(), "the last event is last");
        Set<String> pages = new HashSet<>();
        Set<String> deliveries = new HashSet<>();
        for (Received r : receiver.got) {
            assertEquals(signature(r.body), r.headers.get("x-loomcrawl-signature"), r.json.toString());
            assertEquals(signature(r.body), r.headers.get("x-firecrawl-signature"));
            assertEquals("Bearer token-1", r.headers.get("authorization"));
            assertEquals(id, r.json.path("id").asText());
            assertEquals("docs", r.json.path("metadata").path("project").asText());
            assertEquals(7, r.json.path("metadata").path("n").asInt());
            assertTrue(r.json.path("success").asBoolean());
            assertTrue(deliveries.add(r.json.path("webhookId").asText()), "one webhookId a delivery");
            if (r.json.path("type").asText().equals("crawl.page")) {
                JsonNode doc = r.json.path("data").get(0);
                assertTrue(pages.add(doc.path("metadata").path("sourceURL").asText()), "each page once: " + doc);
                assertTrue(doc.path("markdown").asText().length() > 0, doc.toString());
            } else {
                assertEquals(0, r.json.path("data").size(), r.json.toString());
            }
        }
        assertEquals(20, pages.size());
        String metrics = http.get("/metrics").body();
        assertTrue(metrics.contains("loomcrawl_serve_webhooks_total{outcome=\"delivered\"} 22"), metrics);
    }

    @Test
    void aNativeCrawlsPageEventsArriveEachOnceSignedOneAUrl() throws Exception {
        TestSite site = site(20);
        Receiver receiver = new Receiver(false);
        Http http = serve(true, List.of(), hooks(Duration.ofSeconds(10), Duration.ofMinutes(1)));
        Http.Answer created = http.post("/v1/crawls", "{\"root\": [\"" + site.url("/p0") + "\"], \"ignore-robots\": "
                + "true, \"webhook\": {\"url\": \"" + receiver.url() + "\", \"metadata\": {\"run\": 3}}}");
        assertEquals(201, created.status(), created.body());
        String id = created.json().path("id").asText();
        receiver.await(r -> !r.of("crawl.completed").isEmpty(), 120);
        assertEquals(1, receiver.of("crawl.started").size(), receiver.types().toString());
        assertEquals(20, receiver.of("crawl.page").size(), receiver.types().toString());
        assertEquals(22, receiver.got.size(), receiver.types().toString());
        assertEquals("crawl.completed", receiver.got.getLast().json.path("type").asText(), "the last event is last");
        Set<String> urls = new HashSet<>();
        for (Received r : receiver.got) {
            assertEquals(signature(r.body), r.headers.get("x-loomcrawl-signature"), r.json.toString());
            assertEquals(id, r.json.path("id").asText());
            assertEquals(3, r.json.path("metadata").path("run").asInt());
            if (!r.json.path("type").asText().equals("crawl.page")) continue;
            JsonNode page = r.json.path("data").get(0);
            assertEquals("ok", page.path("outcome").asText(), page.toString());
            assertEquals(200, page.path("status").asInt(), page.toString());
            assertTrue(urls.add(page.path("url").asText()), "each URL once: " + page);
        }
        assertEquals(20, urls.size());
    }

    @Test
    void eventsChosenAndABatchsTypesAndACancelledJobFails() throws Exception {
        TestSite site = site(5);
        Receiver receiver = new Receiver(false);
        Http http = serve(true, List.of(), hooks(Duration.ofSeconds(10), Duration.ofMinutes(1)));
        Http.Answer batch = http.post("/v2/batch/scrape", "{\"urls\": [\"" + site.url("/p1") + "\", \""
                + site.url("/p2") + "\"], \"webhook\": {\"url\": \"" + receiver.url() + "\", \"events\": "
                + "[\"page\", \"completed\"]}}");
        assertEquals(200, batch.status(), batch.body());
        receiver.await(r -> !r.of("batch_scrape.completed").isEmpty(), 60);
        assertEquals(List.of(), receiver.of("batch_scrape.started"), "not asked for");
        assertEquals(2, receiver.of("batch_scrape.page").size(), receiver.types().toString());

        Http.Answer crawl = http.post("/v2/crawl", "{\"url\": \"" + site.url("/p0") + "\", \"webhook\": \""
                + receiver.url() + "\", \"delay\": 30, \"sitemap\": \"skip\", \"crawlEntireDomain\": true}");
        String id = crawl.json().path("id").asText();
        receiver.await(r -> !r.of("crawl.started").isEmpty(), 60);
        assertEquals(200, http.delete("/v2/crawl/" + id).status());
        receiver.await(r -> !r.of("crawl.failed").isEmpty(), 60);
        JsonNode failed = receiver.of("crawl.failed").getFirst().json;
        assertEquals(false, failed.path("success").asBoolean());
        assertEquals("cancelled", failed.path("error").asText(), failed.toString());
    }

    @Test
    void aFailingReceiverIsRetriedThenGivenUpWhileTheCrawlGoesOnWithoutIt() throws Exception {
        TestSite site = site(30);
        Receiver receiver = new Receiver(true); // holds every delivery until the crawl is over
        receiver.status = 500;
        Http http = serve(true, List.of(), hooks(Duration.ofSeconds(50), Duration.ofSeconds(2)));
        Http.Answer started = http.post("/v2/crawl", "{\"url\": \"" + site.url("/p0") + "\", \"crawlEntireDomain\": "
                + "true, \"sitemap\": \"skip\", \"webhook\": {\"url\": \"" + receiver.url() + "\", \"events\": "
                + "[\"page\", \"completed\"]}}");
        String id = started.json().path("id").asText();
        JsonNode done = http.finished("/v2/crawl/" + id, 60);
        // the crawl finished while the receiver had answered nothing
        assertEquals("completed", done.path("status").asText(), done.toString());
        assertEquals(30, done.path("completed").asInt());
        assertTrue(receiver.got.size() >= 1 && receiver.got.size() <= Webhooks.CONCURRENCY,
                "attempts in flight are bounded: " + receiver.got.size());
        receiver.hold.countDown();
        receiver.await(r -> http.get("/metrics").body().contains("loomcrawl_serve_webhooks_total{outcome=\"given_up\"} "
                + "31"), 120);
        Map<String, Integer> attempts = new HashMap<>();
        for (Received r : receiver.got) attempts.merge(r.json.path("webhookId").asText(), 1, Integer::sum);
        // the receiver is down after its first failures: the events held then are not each tried again (31 events,
        // each tried twice within --webhook-retry-for 2s, were 62 requests), but probed by one at a time
        assertTrue(receiver.got.size() <= Webhooks.CONCURRENCY + Webhooks.Breaker.TRIP + 5,
                receiver.got.size() + " attempts for 31 events: " + attempts);
        if (!receiver.of("crawl.completed").isEmpty()) { // probed, if its window met a probe's turn
            assertEquals("crawl.completed", receiver.got.getLast().json.path("type").asText(), "the last is last");
        }
        assertTrue(http.get("/metrics").body().contains("loomcrawl_serve_webhooks_pending 0"));
    }

    @Test
    void deliveriesHeldWhileTheReceiverIsDownAreEachDeliveredOnceItIsBack() throws Exception {
        TestSite site = site(40);
        Receiver receiver = new Receiver(false);
        receiver.failFirst.set(6); // down after the first three, then found up again by a probe
        Http http = serve(true, List.of(), hooks(Duration.ofSeconds(20), Duration.ofMinutes(2)));
        Http.Answer started = http.post("/v2/crawl", "{\"url\": \"" + site.url("/p0") + "\", \"crawlEntireDomain\": "
                + "true, \"sitemap\": \"skip\", \"webhook\": {\"url\": \"" + receiver.url() + "\", \"events\": "
                + "[\"page\", \"completed\"]}}");
        String id = started.json().path("id").asText();
        assertEquals(40, http.finished("/v2/crawl/" + id, 60).path("completed").asInt());
        receiver.await(r -> !r.of("crawl.completed").isEmpty(), 120);
        Map<String, Integer> delivered = new HashMap<>();
        for (int i = 0; i < receiver.got.size(); i++) {
            if (receiver.answers.get(i) == 200) {
                delivered.merge(receiver.got.get(i).json.path("webhookId").asText(), 1, Integer::sum);
            }
        }
        assertEquals(41, delivered.size(), "every event delivered: " + receiver.types());
        delivered.values().forEach(n -> assertEquals(1, n, "each once: " + delivered));
        assertEquals("crawl.completed", receiver.got.getLast().json.path("type").asText(), "the last event is last");
        receiver.await(r -> http.get("/metrics").body()
                .contains("loomcrawl_serve_webhooks_total{outcome=\"delivered\"} 41"), 30);
    }

    @Test
    void aReceiverTheGuardRefusesIsRefusedWithTheRequestAndABadWebhookIsA400() throws Exception {
        TestSite site = site(3);
        Receiver receiver = new Receiver(false);
        Http http = serve(false, List.of("127.0.0.1:" + site.port()), hooks(Duration.ofSeconds(5),
                Duration.ofSeconds(5)));
        String root = site.url("/p0");
        Http.Answer a = http.post("/v2/crawl", "{\"url\": \"" + root + "\", \"webhook\": \"" + receiver.url() + "\"}");
        assertEquals(403, a.status(), a.body());
        assertTrue(a.json().path("error").asText().contains("'webhook'"), a.body());
        a = http.post("/v2/crawl", "{\"url\": \"" + root + "\", \"webhook\": {\"url\": \"http://localhost:"
                + receiver.server.getAddress().getPort() + "/hook\"}}");
        assertEquals(403, a.status(), a.body());
        assertTrue(a.json().path("error").asText().contains("'webhook.url'"), a.body());
        a = http.post("/v2/batch/scrape", "{\"urls\": [\"" + root + "\"], \"webhook\": \"http://10.0.0.1/x\"}");
        assertEquals(403, a.status(), a.body());
        for (String bad : List.of("{\"url\": \"" + root + "\", \"events\": [\"paged\"]}", "{\"url\": \"ftp://x/\"}",
                "{\"url\": \"" + root + "\", \"headers\": {\"Content-Type\": \"text/plain\"}}",
                "{\"url\": \"" + root + "\", \"headers\": {\"X-A\": \"a\\r\\nX-B: b\"}}",
                "{\"url\": \"" + root + "\", \"metadata\": [1]}", "{\"url\": \"" + root + "\", \"secret\": 1}")) {
            a = http.post("/v2/crawl", "{\"url\": \"" + root + "\", \"webhook\": " + bad + "}");
            assertEquals(400, a.status(), bad + ": " + a.body());
            assertTrue(a.message().contains("webhook"), a.body());
        }
        assertEquals(0, receiver.got.size());
    }
}
