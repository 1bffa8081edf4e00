package dev.loomcrawl.bench;

import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Serves, until killed, a site whose every page makes the crawler wait, on one origin or spread over ORIGINS
 * origins (as a broad crawl meets them): origin {@code o} listens on 127.0.0.{@code 1 + o % 10} (the first on
 * PORT, the others on ephemeral ports), its {@code /} links to its share of the PAGES pages, {@code /p0} ..
 * {@code /p(K-1)}, and each page is answered after DELAY_MS; {@code /robots.txt} is a 404 at once. It prints
 * every origin's root URL, one a line, the first one's origin first. With the crawler in another process
 * ({@code scripts/bench/in-flight}), the crawler's memory is its own.
 *
 * <p>DELAY_MS {@code hold} makes the roots, then the pages, wait until they are let go, so that a script can
 * measure the crawler while a known number of fetches wait: {@code /_waiting} on the first origin says how many
 * requests are being held now, {@code /_release?roots} lets the roots be answered, {@code /_release?pages} the
 * pages. Nothing is held longer than ten minutes.
 *
 * <pre>java -cp loomcrawl-bench/target/loomcrawl-bench.jar dev.loomcrawl.bench.WaitingSite PAGES DELAY_MS|hold PORT [ORIGINS]</pre>
 */
public final class WaitingSite {
    private static final int ADDRESSES = 10; // 127.0.0.1 .. 127.0.0.10
    private static final Duration LONGEST_HOLD = Duration.ofMinutes(10);

    private final AtomicInteger waiting = new AtomicInteger();
    private final CountDownLatch roots = new CountDownLatch(1);
    private final CountDownLatch pages = new CountDownLatch(1);

    private WaitingSite() {}

    public static void main(String[] args) throws InterruptedException, UnknownHostException {
        // The JDK's server closes a connection once it has answered if 200 others are idle (its default): the
        // crawler, which pooled it, would meet the close on its next request and retry. A site that keeps its
        // connections (as nginx does, within its keepalive_timeout) measures the crawler, not reconnects.
        System.setProperty("sun.net.httpserver.maxIdleConnections", "1000000");
        int pages = Integer.parseInt(args[0]);
        boolean hold = args[1].equals("hold");
        Duration delay = hold ? Duration.ZERO : Duration.ofMillis(Long.parseLong(args[1]));
        int port = Integer.parseInt(args[2]);
        int origins = args.length > 3 ? Integer.parseInt(args[3]) : 1;
        WaitingSite site = new WaitingSite();
        List<TestSite> servers = new ArrayList<>();
        StringBuilder urls = new StringBuilder();
        for (int o = 0; o < origins; o++) {
            int share = pages / origins + (o < pages % origins ? 1 : 0);
            InetAddress address = InetAddress.getByAddress(new byte[] {127, 0, 0, (byte) (1 + o % ADDRESSES)});
            TestSite server = TestSite.builder().address(address).port(o == 0 ? port : 0).recording(false)
                    .generated(site.routes(share, hold, delay, o == 0)).start();
            servers.add(server);
            urls.append(server.url("/")).append('\n');
        }
        System.out.print(urls);
        System.out.flush();
        Thread.currentThread().join(); // until killed
    }

    /** One origin's routes: its root linking to its {@code share} of the pages, and those pages. */
    private java.util.function.Function<String, Route> routes(int share, boolean hold, Duration delay, boolean first) {
        StringBuilder index = new StringBuilder("<html><body>");
        for (int i = 0; i < share; i++) index.append("<a href=/p").append(i).append('>').append(i).append("</a>\n");
        Route.Respond home = Route.Respond.html(index.append("</body></html>").toString());
        Route robots = new Route.Respond(404, Map.of(), new byte[0]);
        return target -> {
            if (target.equals("/robots.txt")) return robots;
            if (first && target.equals("/_waiting")) return Route.Respond.html(waiting.get() + "\n");
            if (first && target.startsWith("/_release?")) {
                (target.endsWith("roots") ? roots : pages).countDown();
                return Route.Respond.html("released\n");
            }
            if (target.equals("/")) return hold ? held(roots, home) : home;
            if (!target.startsWith("/p")) return null;
            Route.Respond page = Route.Respond.html("<p>" + target.substring(2) + "</p>");
            return hold ? held(this.pages, page) : new Route.Delay(delay, page);
        };
    }

    /** {@code answer}, once {@code gate} is open (or the longest hold has passed); counted as waiting meanwhile. */
    private Route held(CountDownLatch gate, Route.Respond answer) {
        return new Route.Dynamic(request -> {
            waiting.incrementAndGet();
            try {
                gate.await(LONGEST_HOLD.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                waiting.decrementAndGet();
            }
            return answer;
        });
    }
}
