package dev.loomcrawl.bench;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.fetch.JettyFetcher;
import dev.loomcrawl.url.WebUrl;

import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToLongFunction;

/**
 * Fetches one list of URLs with Jetty's HttpClient (through loomcrawl's own {@link JettyFetcher}) and with the
 * JDK's java.net.http client, at the same concurrency, one virtual thread per fetch, and prints requests/s,
 * MB/s and CPU seconds for each. No parsing: this isolates the HTTP client.
 *
 * <pre>java -cp loomcrawl-bench.jar dev.loomcrawl.bench.HttpClientShootout URLS_FILE [CONCURRENCY] [ROUNDS]</pre>
 */
public final class HttpClientShootout {
    public static void main(String[] args) throws Exception {
        List<String> urls = Files.readAllLines(Path.of(args[0])).stream().filter(s -> s.startsWith("http")).toList();
        int concurrency = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        System.out.printf("%d URLs, %d in flight, best of %d rounds after one warm-up%n", urls.size(), concurrency, rounds);

        CrawlConfig config = CrawlConfig.builder().root(urls.getFirst()).maxTasks(concurrency).http2(false).build();
        try (JettyFetcher jetty = new JettyFetcher(config.clientSetup())) {
            run("jetty-12", urls, concurrency, rounds, url -> switch (jetty.fetch(WebUrl.parse(url))) {
                case FetchResult.Response r -> r.wireBody().length;
                case FetchResult.Failure f -> -1;
            });
        }
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            HttpClient jdk = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(executor)
                    .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(10)).build();
            run("java.net.http", urls, concurrency, rounds, url -> {
                try {
                    HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                            .header("Accept-Encoding", "gzip, deflate, br").timeout(Duration.ofSeconds(60)).build();
                    HttpResponse<InputStream> response = jdk.send(request, HttpResponse.BodyHandlers.ofInputStream());
                    try (InputStream in = response.body()) {
                        return in.readAllBytes().length;
                    }
                } catch (Exception e) {
                    return -1;
                }
            });
        }
    }

    private static void run(String name, List<String> urls, int concurrency, int rounds, ToLongFunction<String> fetch)
            throws InterruptedException {
        round(urls, concurrency, fetch); // warm-up: JIT and connection pool
        double best = 0;
        String line = "";
        for (int i = 0; i < rounds; i++) {
            var cpu0 = cpuNanos();
            long t0 = System.nanoTime();
            long[] result = round(urls, concurrency, fetch);
            double secs = (System.nanoTime() - t0) / 1e9;
            double cpu = (cpuNanos() - cpu0) / 1e9;
            double rps = urls.size() / secs;
            if (rps > best) {
                best = rps;
                line = String.format(Locale.ROOT, "%-14s %8.0f req/s %8.1f MB/s  cpu %5.2f s  (%d failed)",
                        name, rps, result[0] / secs / 1e6, cpu, result[1]);
            }
        }
        System.out.println(line);
    }

    private static long[] round(List<String> urls, int concurrency, ToLongFunction<String> fetch)
            throws InterruptedException {
        AtomicLong bytes = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        Semaphore permits = new Semaphore(concurrency);
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (String url : urls) {
                permits.acquire();
                threads.execute(() -> {
                    try {
                        long n = fetch.applyAsLong(url);
                        if (n < 0) failed.incrementAndGet();
                        else bytes.addAndGet(n);
                    } finally {
                        permits.release();
                    }
                });
            }
        }
        return new long[] {bytes.get(), failed.get()};
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
