package dev.loomcrawl.bench;

import dev.loomcrawl.testkit.TestSite;

/**
 * Serves the test kit's cross-linked site of N pages ({@code /p0} .. {@code /p(N-1)}), each page made when it
 * is asked for, with no request log, until killed: a site of a million pages for whole-crawl benchmarks.
 *
 * <pre>java -cp loomcrawl-bench/target/loomcrawl-bench.jar dev.loomcrawl.bench.GeneratedSite PAGES LINKS PORT</pre>
 */
public final class GeneratedSite {
    private GeneratedSite() {}

    public static void main(String[] args) throws InterruptedException {
        int pages = Integer.parseInt(args[0]);
        int links = Integer.parseInt(args[1]);
        int port = Integer.parseInt(args[2]);
        TestSite site = TestSite.builder().port(port).recording(false)
                .generated(TestSite.crossLinkedGenerator(pages, links)).start();
        System.out.println(site.url("/p0"));
        Thread.currentThread().join(); // until killed
    }
}
