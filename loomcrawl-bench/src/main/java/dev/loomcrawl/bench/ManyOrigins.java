package dev.loomcrawl.bench;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.run.CrawlRunner;
import dev.loomcrawl.run.RunningCrawl;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One crawl over many origins (test sites on loopback ports), one of which answers every request after a
 * delay. Prints when the fast origins were done, when the slow one was, and the whole crawl's time: a
 * per-origin scheduler should finish in about the slow origin's own queue time, not the sum of everyone's.
 *
 * <pre>java -cp loomcrawl-bench.jar dev.loomcrawl.bench.ManyOrigins [ORIGINS] [PAGES] [SLOW_MS] [PER_HOST]</pre>
 */
public final class ManyOrigins {
    public static void main(String[] args) {
        int origins = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        int pages = args.length > 1 ? Integer.parseInt(args[1]) : 40;
        Duration slow = Duration.ofMillis(args.length > 2 ? Long.parseLong(args[2]) : 2000);
        int perHost = args.length > 3 ? Integer.parseInt(args[3]) : 2;
        List<TestSite> sites = new ArrayList<>();
        try {
            for (int i = 0; i < origins; i++) {
                TestSite.Builder b = TestSite.builder();
                Map<String, String> site = TestSite.crossLinked(pages, 5);
                if (i == 0) {
                    site.forEach((path, html) -> b.route(path, new Route.Delay(slow, Route.Respond.html(html))));
                    b.route("/robots.txt", new Route.Delay(slow, new Route.Respond(404, Map.of(), new byte[0])));
                } else {
                    b.pages(site);
                }
                sites.add(b.start());
            }
            CrawlConfig.Builder config = CrawlConfig.builder().maxTasks(100).perHost(perHost);
            sites.forEach(s -> config.root(s.url("/p0")));
            Map<Integer, Long> lastDone = new ConcurrentHashMap<>();
            AtomicLong start = new AtomicLong();
            CrawlSummary summary;
            try (RunningCrawl run = CrawlRunner.of(config.build()).listener(f -> lastDone.merge(
                    f.record().url().port(), System.nanoTime() - start.get(), Math::max)).start()) {
                start.set(System.nanoTime());
                summary = run.crawl().summary();
            }
            double slowDone = lastDone.get(sites.getFirst().port()) / 1e9;
            double fastDone = sites.stream().skip(1).mapToLong(s -> lastDone.get(s.port())).max().orElse(0) / 1e9;
            // the slow origin alone: robots.txt, then its pages perHost at a time
            double slowOwnQueue = slow.toMillis() / 1e3 * (1 + Math.ceil((double) pages / perHost));
            System.out.printf(Locale.ROOT, "%d origins x %d pages, origin 0 answers after %d ms, --per-host %d%n",
                    origins, pages, slow.toMillis(), perHost);
            System.out.printf(Locale.ROOT, "URLs %d | fast origins done %.2f s | slow origin done %.2f s "
                            + "(its own queue: %.1f s) | crawl %.2f s | %d x slow would be %.0f s%n",
                    summary.done(), fastDone, slowDone, slowOwnQueue, summary.elapsed().toNanos() / 1e9,
                    origins, origins * slowOwnQueue);
        } finally {
            sites.forEach(TestSite::close);
        }
    }
}
