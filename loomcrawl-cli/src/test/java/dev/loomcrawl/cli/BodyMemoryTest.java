package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Many large pages at once, with the defaults and the launcher's heap (512 MiB): 50 sites, each serving four pages
 * of 10 MiB, two with a Content-Length and two chunked. A hundred fetches at a time held a gigabyte of bodies and the crawl died out of memory in seconds;
 * the body memory bound makes fetches wait for room instead, and every page is fetched and recorded.
 */
@Timeout(300)
class BodyMemoryTest {
    private static final int SITES = 50;
    private static final int PAGES = 4;
    private static final byte[] BIG = ("<p>big</p>\n".repeat((10 << 20) / 11)).getBytes(StandardCharsets.US_ASCII);

    @TempDir
    Path tmp;

    @Test
    void fiftySitesOfTenMebibytePagesFitTheDefaultHeap() throws Exception {
        List<TestSite> sites = new ArrayList<>();
        try {
            List<String> args = new ArrayList<>(List.of("crawl", "--no-progress", "--output",
                    tmp.resolve("r.jsonl").toString()));
            for (int s = 0; s < SITES; s++) {
                TestSite.Builder b = TestSite.builder();
                StringBuilder links = new StringBuilder();
                for (int p = 0; p < PAGES; p++) {
                    // half with a Content-Length (the array sized at once), half chunked (grown as bytes come)
                    if (p % 2 == 0) b.resource("/big" + p, "text/html", BIG);
                    else b.route("/big" + p, new Route.Huge(10 << 20, false));
                    links.append("<a href=/big").append(p).append(">").append(p).append("</a>");
                }
                TestSite site = b.page("/", links.toString()).start();
                sites.add(site);
                args.add(site.url("/"));
            }
            LoomcrawlProcess crawl = LoomcrawlProcess.startWithHeap("512m", tmp, args.toArray(String[]::new));
            int exit = crawl.exit(240);
            String err = crawl.stderr();
            assertEquals(0, exit, err);
            assertFalse(err.contains("OutOfMemoryError") || err.contains("out of memory"), err);
            List<String> records = Files.readAllLines(tmp.resolve("r.jsonl"));
            assertEquals(SITES * (PAGES + 1), records.size());
            long fetched = records.stream().filter(r -> r.contains("\"status\":200")).count();
            assertEquals(SITES * (PAGES + 1), fetched, String.join("\n", records.stream()
                    .filter(r -> !r.contains("\"status\":200")).limit(5).toList()));
            for (TestSite site : sites) {
                for (int p = 0; p < PAGES; p++) assertTrue(site.answeredCount("/big" + p) >= 1);
            }
        } finally {
            for (TestSite site : sites) site.close();
        }
    }
}
