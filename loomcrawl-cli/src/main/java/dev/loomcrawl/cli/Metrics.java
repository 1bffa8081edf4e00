package dev.loomcrawl.cli;

import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.result.FinishedUrl;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;

/**
 * {@code crawl --metrics HOST:PORT}: this process's counters as Prometheus metrics, served at
 * {@code http://HOST:PORT/metrics} (the Prometheus Java client's server) while the crawl runs. Counted from the
 * records this process finishes, like the progress line: {@code loomcrawl_pages_total},
 * {@code loomcrawl_errors_total} (failed fetches and 4xx/5xx answers), {@code loomcrawl_body_bytes_total}; and,
 * asked of the crawler when scraped, {@code loomcrawl_queued} (in a shared crawl: over every process, up to a
 * second old) and {@code loomcrawl_in_flight} (this process's).
 */
final class Metrics implements CrawlListener, AutoCloseable {
    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Counter pages = Counter.builder().name("loomcrawl_pages")
            .help("URLs this process finished (one record each)").register(registry);
    private final Counter errors = Counter.builder().name("loomcrawl_errors")
            .help("Finished URLs whose fetch failed or was answered 4xx/5xx").register(registry);
    private final Counter bytes = Counter.builder().name("loomcrawl_body_bytes")
            .help("Body bytes of the URLs this process finished").register(registry);
    private final HTTPServer server;

    private Metrics(InetSocketAddress address) throws IOException {
        server = HTTPServer.builder().hostname(address.getHostString()).port(address.getPort()).registry(registry)
                .buildAndStart();
    }

    /**
     * Listens on {@code address} at once, before the crawl makes anything that lasts (its state file): an address
     * that is taken fails the start with nothing to clean up. The crawler's gauges come with {@link #watch}.
     *
     * @throws UncheckedIOException when the address cannot be listened on (taken, not local)
     */
    static Metrics listen(InetSocketAddress address) {
        try {
            return new Metrics(address);
        } catch (IOException e) {
            throw new UncheckedIOException("--metrics: cannot listen on " + address.getHostString() + ":"
                    + address.getPort() + ": " + e.getMessage(), e);
        }
    }

    /** Serves {@code crawler}'s gauges too; add this to the crawler as a listener for the counters. */
    void watch(Crawler crawler) {
        GaugeWithCallback.builder().name("loomcrawl_queued").help("URLs queued (in a shared crawl: over every process)")
                .callback(c -> c.call(crawler.queued())).register(registry);
        GaugeWithCallback.builder().name("loomcrawl_in_flight").help("URLs this process is fetching or parsing")
                .callback(c -> c.call(crawler.inFlight())).register(registry);
    }

    /** The port served on (the one asked for, or the one the system chose for port 0). */
    int port() {
        return server.getPort();
    }

    @Override
    public void onFinished(FinishedUrl finished) {
        CrawlRecord record = finished.record();
        pages.inc();
        bytes.inc(record.size());
        if (record.failed() || record.statusAtLeast(400)) errors.inc();
    }

    @Override
    public void close() {
        server.close();
    }
}
