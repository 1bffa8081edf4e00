package dev.loomcrawl.output;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.journal.Journal;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** Real crawls of test sites with outputs attached, for the output tests. */
public final class Crawls {
    private Crawls() {}

    /** A crawl from {@code path} with one try per URL and short backoffs. */
    public static CrawlConfig.Builder from(TestSite site, String path) {
        return CrawlConfig.builder().root(site.url(path)).maxTries(1)
                .retryBackoff(Duration.ofMillis(5), Duration.ofMillis(50));
    }

    /** Opens an output on a crawler's journal, as a crawl's outputs are opened. */
    @FunctionalInterface
    public interface Opens<T extends CrawlOutput> {
        T open(Journal journal);
    }

    public static CrawlSummary run(CrawlConfig.Builder config, CrawlListener... listeners) {
        try (Crawler crawler = Crawler.builder(config.build()).build()) {
            for (CrawlListener l : listeners) crawler.addListener(l);
            return crawler.crawl();
        }
    }

    /**
     * Runs a crawl with outputs opened on its journal, as the command line does: opened before the crawl, closed
     * after the crawler (even when the crawl throws). Returns the crawl's summary; the outputs are closed.
     */
    @SafeVarargs
    public static CrawlSummary runWith(CrawlConfig.Builder config, Opens<? extends CrawlOutput>... outputs) {
        return crawlWith(config, -1, outputs);
    }

    /**
     * {@link #runWith} that cancels the crawl, as a second Ctrl-C does, once {@code after} records are in: the
     * fetches in flight are aborted part-way through.
     */
    @SafeVarargs
    public static CrawlSummary cancelledAfterWith(int after, CrawlConfig.Builder config,
                                                  Opens<? extends CrawlOutput>... outputs) {
        return crawlWith(config, after, outputs);
    }

    private static CrawlSummary crawlWith(CrawlConfig.Builder config, int cancelAfter,
                                          Opens<? extends CrawlOutput>[] outputs) {
        List<CrawlOutput> opened = new ArrayList<>();
        try {
            try (Crawler crawler = Crawler.builder(config.build()).build()) {
                for (Opens<? extends CrawlOutput> o : outputs) opened.add(o.open(crawler.journal()));
                if (cancelAfter > 0) {
                    AtomicInteger seen = new AtomicInteger();
                    crawler.addListener(r -> {
                        if (seen.incrementAndGet() == cancelAfter) Thread.ofVirtual().start(crawler::cancel);
                    });
                }
                return crawler.crawl();
            }
        } finally {
            for (CrawlOutput o : opened) o.close();
        }
    }

    /**
     * Runs a crawl and cancels it, as a second Ctrl-C does, once {@code after} records are in: the fetches in
     * flight are aborted part-way through.
     */
    public static CrawlSummary cancelledAfter(int after, CrawlConfig.Builder config, CrawlListener... listeners) {
        try (Crawler crawler = Crawler.builder(config.build()).build()) {
            for (CrawlListener l : listeners) crawler.addListener(l);
            AtomicInteger seen = new AtomicInteger();
            crawler.addListener(r -> {
                if (seen.incrementAndGet() == after) Thread.ofVirtual().start(crawler::cancel);
            });
            return crawler.crawl();
        }
    }

    /** A site of {@code pages} pages under "/", the first {@code fast} quick and the rest slow. */
    public static TestSite slowSite(int pages, int fast, Duration delay) {
        TestSite.Builder b = TestSite.builder();
        StringBuilder links = new StringBuilder();
        for (int i = 0; i < pages; i++) {
            String html = "<!doctype html><title>page " + i + "</title><p>page " + i + ", \"quoted\", a,comma</p>"
                    + "<a href=/>home</a>";
            b.route("/p" + i, i < fast ? Route.Respond.html(html) : new Route.Delay(delay, Route.Respond.html(html)));
            links.append("<a href=/p").append(i).append(">page ").append(i).append("</a>\n");
        }
        return b.page("/", links.toString()).start();
    }

    /** A port on 127.0.0.1 that nothing listens on, held so for the JVM's life: connections to it are refused. */
    public static int closedPort() {
        return TestSite.closedPort();
    }
}
