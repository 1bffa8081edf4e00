package dev.loomcrawl.bench;

import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;

import java.time.Duration;
import java.util.Map;

/**
 * Serves, until killed, a site whose every page makes the crawler wait: {@code /} links to {@code /p0} ..
 * {@code /p(N-1)}, and each of those is answered after {@code DELAY_MS}; {@code /robots.txt} is a 404 at once.
 * With the crawler in another process ({@code scripts/bench/in-flight}), its peak RSS is the crawler's alone.
 *
 * <pre>java -cp loomcrawl-bench/target/loomcrawl-bench.jar dev.loomcrawl.bench.WaitingSite PAGES DELAY_MS PORT</pre>
 */
public final class WaitingSite {
    private WaitingSite() {}

    public static void main(String[] args) throws InterruptedException {
        int pages = Integer.parseInt(args[0]);
        Duration delay = Duration.ofMillis(Long.parseLong(args[1]));
        int port = Integer.parseInt(args[2]);
        StringBuilder index = new StringBuilder("<html><body>");
        for (int i = 0; i < pages; i++) index.append("<a href=/p").append(i).append('>').append(i).append("</a>\n");
        Route home = Route.Respond.html(index.append("</body></html>").toString());
        Route robots = new Route.Respond(404, Map.of(), new byte[0]);
        TestSite site = TestSite.builder().port(port).recording(false).generated(target -> {
            if (target.equals("/")) return home;
            if (target.equals("/robots.txt")) return robots;
            if (!target.startsWith("/p")) return null;
            return new Route.Delay(delay, Route.Respond.html("<p>" + target.substring(2) + "</p>"));
        }).start();
        System.out.println(site.url("/"));
        Thread.currentThread().join(); // until killed
    }
}
