package dev.loomcrawl.bench;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.CrawlSummary;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * The seed's argument, measured: a crawl whose every fetch waits {@code DELAY_MS} on the server, with
 * {@code IN_FLIGHT} fetches at once, the workers on virtual threads or, with
 * {@code -Dloomcrawl.bench.platformThreads=true}, on platform threads. Prints pages/s against the ideal
 * ({@code in flight / delay}) and the process's peak RSS. The server (the test kit's, in this process) parks a
 * virtual thread per waiting request.
 *
 * <pre>java [-Dloomcrawl.bench.platformThreads=true] -cp loomcrawl-bench.jar dev.loomcrawl.bench.ManyInFlight IN_FLIGHT PAGES DELAY_MS</pre>
 */
public final class ManyInFlight {
    public static void main(String[] args) throws Exception {
        int inFlight = Integer.parseInt(args[0]);
        int pages = Integer.parseInt(args[1]);
        Duration delay = Duration.ofMillis(args.length > 2 ? Long.parseLong(args[2]) : 1000);
        TestSite.Builder b = TestSite.builder();
        StringBuilder index = new StringBuilder("<html><body>");
        for (int i = 0; i < pages; i++) {
            b.route("/p" + i, new Route.Delay(delay, Route.Respond.html("<p>" + i + "</p>")));
            index.append("<a href=/p").append(i).append(">").append(i).append("</a>\n");
        }
        b.page("/", index.append("</body></html>").toString());
        b.route("/robots.txt", new Route.Respond(404, Map.of(), new byte[0]));
        try (TestSite site = b.start();
             Crawler crawler = Crawler.create(CrawlConfig.builder().root(site.url("/")).maxTasks(inFlight)
                     .perHost(inFlight).connectTimeout(Duration.ofSeconds(60)).build())) {
            CrawlSummary summary = crawler.crawl();
            double secs = summary.elapsed().toNanos() / 1e9;
            double ideal = inFlight / (delay.toMillis() / 1000.0);
            double rate = (summary.done() - 1) / secs; // the root answers at once
            System.out.printf(Locale.ROOT, "| %s | %d | %d | %.1f | %.0f | %.0f%% | %d |%n",
                    Boolean.getBoolean("loomcrawl.bench.platformThreads") ? "platform" : "virtual", inFlight,
                    summary.done(), secs, rate, 100 * rate / ideal, peakRssMb());
        }
    }

    private static long peakRssMb() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmHWM:")) return Long.parseLong(line.replaceAll("\\D", "")) / 1024;
        }
        return -1;
    }
}
