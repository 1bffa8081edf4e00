package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.Await;
import dev.loomcrawl.testkit.RedisServer;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code crawl --metrics HOST:PORT}: a real process's counters, scraped over HTTP while it crawls. */
class MetricsTest {
    private static final int PAGES = 300;

    @TempDir
    Path tmp;

    private static String scrape(int port) throws Exception {
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/metrics")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode());
            return response.body();
        }
    }

    private static double value(String metrics, String name) {
        Matcher m = Pattern.compile("(?m)^" + name + " (\\S+)$").matcher(metrics);
        assertTrue(m.find(), name + " in:\n" + metrics);
        return Double.parseDouble(m.group(1));
    }

    /** Starts a crawl with --metrics, scrapes it once some pages are done, then lets it finish. */
    private String scrapeWhileCrawling(TestSite site, String... more) throws Exception {
        int port = TestSite.freePort();
        List<String> args = new ArrayList<>(List.of("crawl", "-q", "--max-tasks", "4", "--metrics",
                "127.0.0.1:" + port));
        args.addAll(List.of(more));
        args.add(site.url("/p0"));
        LoomcrawlProcess crawl = LoomcrawlProcess.start(tmp, args.toArray(String[]::new));
        Await.until("40 requests at the site (or the process to end)",
                () -> site.arrivals() >= 40 || !crawl.process().isAlive());
        String metrics = null;
        for (int tries = 0; metrics == null; tries++) {
            try {
                metrics = scrape(port);
            } catch (java.io.IOException e) { // the server may be a moment behind the first fetches
                if (tries > 50) throw e;
                Thread.sleep(100);
            }
        }
        assertEquals(0, crawl.exit(240), crawl.stderr());
        return metrics;
    }

    @Test
    void aCrawlServesItsCountersAsPrometheusMetrics() throws Exception {
        try (TestSite site = TestSite.builder().generated(TestSite.crossLinkedGenerator(PAGES, 4, Duration.ofMillis(30)))
                .page("/p0", TestSite.crossLinkedPage(0, PAGES, 4) + "<a href=\"/missing\">gone</a>").start()) {
            String metrics = scrapeWhileCrawling(site);
            double pages = value(metrics, "loomcrawl_pages_total");
            assertTrue(pages > 0 && pages < PAGES, "scraped mid-crawl: " + pages);
            assertEquals(1, value(metrics, "loomcrawl_errors_total"), "the 404"); // found on the first page
            assertTrue(value(metrics, "loomcrawl_body_bytes_total") > 0);
            assertTrue(value(metrics, "loomcrawl_queued") > 0);
            assertTrue(value(metrics, "loomcrawl_in_flight") <= 4);
        }
    }

    @Test
    void aSharedCrawlServesTheSameMetricsPerProcess() throws Exception {
        try (RedisServer redis = RedisServer.start(tmp.resolve("redis"));
             TestSite site = TestSite.builder().generated(TestSite.crossLinkedGenerator(PAGES, 4, Duration.ofMillis(30)))
                     .start()) {
            String metrics = scrapeWhileCrawling(site, "--frontier", redis.uri(), "--crawl-id", "metrics");
            assertTrue(value(metrics, "loomcrawl_pages_total") > 0, metrics);
            assertEquals(0, value(metrics, "loomcrawl_errors_total"));
            assertTrue(value(metrics, "loomcrawl_queued") >= 0);
        }
    }

    @Test
    void aMetricsAddressThatIsNotHostAndPortIsAUsageError() {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.run(new String[] {"crawl", "--metrics", "9400", "http://127.0.0.1:1/"},
                new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(2, code);
        assertTrue(err.toString().contains("'9400' is not HOST:PORT"), err.toString());
    }
}
