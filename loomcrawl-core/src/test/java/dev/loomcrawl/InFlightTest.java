package dev.loomcrawl;

import dev.loomcrawl.testkit.RecordedRequest;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Many fetches waiting at once, on one origin and spread over several (on several loopback addresses, as a broad
 * crawl meets them): the crawl finishes whole, each page asked for once; on one origin, over no more connections
 * than fetches in flight.
 */
class InFlightTest {

    /** An origin whose / links to /p0 .. /p(pages-1), each answered after 20 ms. */
    private static TestSite waitingSite(InetAddress address, int pages) {
        StringBuilder index = new StringBuilder("<html><body>");
        for (int i = 0; i < pages; i++) index.append("<a href=/p").append(i).append(">").append(i).append("</a>\n");
        return TestSite.builder().address(address).page("/", index.append("</body></html>").toString())
                .generated(target -> target.startsWith("/p")
                        ? new Route.Delay(Duration.ofMillis(20), Route.Respond.html("<p>" + target + "</p>")) : null)
                .start();
    }

    private static void assertFetchedOnceEach(TestSite site, int pages) {
        for (int i = 0; i < pages; i++) assertEquals(1, site.requestCount("/p" + i), site.url("/p" + i));
    }

    private static long connections(TestSite site) {
        return site.requests().stream().map(RecordedRequest::remotePort).distinct().count();
    }

    @Test
    void hundredsInFlightToOneOriginFinishOverReusedConnections() throws Exception {
        int pages = 600;
        int inFlight = 150;
        try (TestSite site = waitingSite(InetAddress.getLoopbackAddress(), pages)) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")).maxTasks(inFlight).perHost(inFlight));
            assertEquals(pages + 1, run.records().size());
            run.records().values().forEach(r -> assertEquals(200, r.status(), r.url().toString()));
            assertFetchedOnceEach(site, pages);
            assertTrue(connections(site) <= inFlight, connections(site) + " connections");
        }
    }

    @Test
    void fetchesSpreadOverManyOriginsOnSeveralLoopbackAddresses() throws Exception {
        int origins = 24;
        int pages = 20;
        int perHost = 5;
        List<TestSite> sites = new ArrayList<>();
        try {
            CrawlConfig.Builder config = CrawlConfig.builder().maxTasks(origins * perHost).perHost(perHost);
            for (int o = 0; o < origins; o++) {
                InetAddress address = InetAddress.getByAddress(new byte[] {127, 0, 0, (byte) (1 + o % 4)});
                sites.add(waitingSite(address, pages));
                config.root(sites.getLast().url("/"));
            }
            CrawlRun run = CrawlRun.of(config);
            assertEquals(origins * (pages + 1), run.records().size());
            run.records().values().forEach(r -> assertEquals(200, r.status(), r.url().toString()));
            for (TestSite site : sites) assertFetchedOnceEach(site, pages);
            assertEquals(4, sites.stream().map(s -> s.url("/").split(":")[1]).distinct().count(), "four addresses");
        } finally {
            sites.forEach(TestSite::close);
        }
    }
}
