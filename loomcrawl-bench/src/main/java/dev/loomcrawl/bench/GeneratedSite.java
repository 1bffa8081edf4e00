package dev.loomcrawl.bench;

import dev.loomcrawl.testkit.TestSite;

import java.time.Duration;

/**
 * Serves the test kit's cross-linked site of N pages ({@code /p0} .. {@code /p(N-1)}), each page made when it
 * is asked for, with no request log, until killed: a site of a million pages for whole-crawl benchmarks.
 * With LATENCY_MS, every page is answered that long after it is asked for (the network, not the CPU, then
 * bounds a crawl).
 *
 * <pre>java -cp loomcrawl-bench/target/loomcrawl-bench.jar dev.loomcrawl.bench.GeneratedSite PAGES LINKS PORT [LATENCY_MS]</pre>
 */
public final class GeneratedSite {
    private GeneratedSite() {}

    public static void main(String[] args) throws InterruptedException {
        int pages = Integer.parseInt(args[0]);
        int links = Integer.parseInt(args[1]);
        int port = Integer.parseInt(args[2]);
        Duration latency = Duration.ofMillis(args.length > 3 ? Long.parseLong(args[3]) : 0);
        TestSite site = TestSite.builder().port(port).recording(false)
                .generated(TestSite.crossLinkedGenerator(pages, links, latency)).start();
        System.out.println(site.url("/p0"));
        Thread.currentThread().join(); // until killed
    }
}
