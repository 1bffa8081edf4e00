package dev.loomcrawl.testkit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A cross-linked site spread over several origins: {@code origins} {@link TestSite}s on loopback ports of their
 * own, page {@code /p<i>} served by site {@code i % origins} and linking, by absolute URL, to {@code /p0}, to
 * the next page and to {@code links} others, wherever they live. A crawl of it touches as many origins (and
 * so, in Redis, as many hash tags) as there are sites. Each site keeps its own request log.
 */
public final class SpreadSite implements AutoCloseable {
    private final int pages;
    private volatile int[] ports; // set once every site has started, before any page is asked for
    private final List<TestSite> sites = new ArrayList<>();

    private SpreadSite(int pages, int origins) {
        this.pages = pages;
    }

    /** Starts {@code origins} sites sharing {@code pages} pages, each answered {@code latency} after it is asked. */
    public static SpreadSite start(int origins, int pages, int links, Duration latency) {
        SpreadSite spread = new SpreadSite(pages, origins);
        int[] ports = new int[origins];
        for (int s = 0; s < origins; s++) {
            int site = s;
            // an ephemeral port each; pages are made when asked for, once every site's port is known
            spread.sites.add(TestSite.builder().generated(target -> {
                if (!target.matches("/p\\d{1,9}")) return null;
                long i = Long.parseLong(target.substring(2));
                if (i >= pages || i % origins != site || !target.equals("/p" + i)) return null;
                Route page = Route.Respond.html(spread.page((int) i, links));
                return latency.isZero() ? page : new Route.Delay(latency, page);
            }).start());
            ports[s] = spread.sites.getLast().port();
        }
        spread.ports = ports;
        return spread;
    }

    /** The absolute URL of page {@code i}, on the site that serves it. */
    public String url(int i) {
        return "http://127.0.0.1:" + ports[i % ports.length] + "/p" + i;
    }

    /** Every site, in order (site {@code s} serves the pages {@code i} with {@code i % origins == s}). */
    public List<TestSite> sites() {
        return List.copyOf(sites);
    }

    /** How many requests, over every site, arrived so far. */
    public int arrivals() {
        return sites.stream().mapToInt(TestSite::arrivals).sum();
    }

    /** How many times each page was requested, by page number (robots.txt and other targets not counted). */
    public int[] fetchesPerPage() {
        int[] counts = new int[pages];
        for (TestSite site : sites) {
            site.requests().forEach(r -> {
                if (r.target().matches("/p\\d{1,9}")) {
                    long i = Long.parseLong(r.target().substring(2));
                    if (i < pages) counts[(int) i]++;
                }
            });
        }
        return counts;
    }

    private String page(int i, int links) {
        List<String> anchors = new ArrayList<>();
        anchors.add("<a href=\"" + url(0) + "\">home</a>");
        anchors.add("<a href=\"" + url((i + 1) % pages) + "\">next</a>");
        for (int k = 1; k <= links; k++) {
            anchors.add("<a href=\"" + url((int) ((i * 7L + k * 13L) % pages)) + "\">link " + k + "</a>");
        }
        return "<!doctype html><html><head><title>page " + i + "</title></head><body>"
                + String.join("\n", anchors) + "</body></html>";
    }

    @Override
    public void close() {
        sites.forEach(TestSite::close);
    }
}
