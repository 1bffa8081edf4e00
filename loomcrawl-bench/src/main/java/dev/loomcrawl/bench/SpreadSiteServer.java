package dev.loomcrawl.bench;

import dev.loomcrawl.testkit.SpreadSite;

import java.time.Duration;

/**
 * Serves the test kit's {@link SpreadSite}: a cross-linked site of PAGES pages spread over ORIGINS origins (one
 * loopback port each), until killed; prints the URL of its first page. For crawls whose keys must spread over a
 * Redis Cluster's masters (scripts/bench/cluster-shards).
 *
 * <pre>java -cp loomcrawl-bench/target/loomcrawl-bench.jar dev.loomcrawl.bench.SpreadSiteServer ORIGINS PAGES [LATENCY_MS]</pre>
 */
public final class SpreadSiteServer {
    private SpreadSiteServer() {}

    public static void main(String[] args) throws InterruptedException {
        int origins = Integer.parseInt(args[0]);
        int pages = Integer.parseInt(args[1]);
        Duration latency = Duration.ofMillis(args.length > 2 ? Long.parseLong(args[2]) : 0);
        SpreadSite site = SpreadSite.start(origins, pages, 4, latency);
        System.out.println(site.url(0));
        Thread.currentThread().join(); // until killed
    }
}
