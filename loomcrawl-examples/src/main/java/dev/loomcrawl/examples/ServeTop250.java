package dev.loomcrawl.examples;

import dev.loomcrawl.testkit.TestSite;
import dev.loomcrawl.testkit.Top250;

/**
 * Serves the Top-250 fixture (the seed's scraping example, locally) on 127.0.0.1 until stopped, to try the
 * command line's scraping options on.
 *
 * <pre>java -cp ... dev.loomcrawl.examples.ServeTop250 [PORT]</pre>
 */
public final class ServeTop250 {
    public static void main(String[] args) throws InterruptedException {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8250;
        TestSite site = TestSite.builder().port(port).pages(Top250.pages()).start();
        System.out.println("serving " + site.url("/top250?start=0") + " (Ctrl-C to stop)");
        Thread.currentThread().join();
    }
}
