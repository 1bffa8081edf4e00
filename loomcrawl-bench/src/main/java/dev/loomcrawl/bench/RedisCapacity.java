package dev.loomcrawl.bench;

import dev.loomcrawl.reason.DropReason;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.redis.RedisCrawl;
import dev.loomcrawl.redis.RedisFrontier;
import dev.loomcrawl.url.WebUrl;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What a shared crawl costs Redis in memory: offers N URLs over H origins to a {@link RedisFrontier} (queued and
 * seen), then drops N more (seen only: a limit dropped them), and prints Redis's {@code used_memory} after each
 * step, so that bytes per queued URL and per seen URL can be read off (docs/distributed.md, "Capacity").
 * <pre>java -cp loomcrawl-bench.jar dev.loomcrawl.bench.RedisCapacity redis://127.0.0.1:6391 1000000 1000</pre>
 */
public final class RedisCapacity {
    private RedisCapacity() {}

    public static void main(String[] args) throws Exception {
        String uri = args[0];
        int urls = Integer.parseInt(args[1]);
        int origins = Integer.parseInt(args[2]);
        CrawlConfig config = CrawlConfig.builder().root("http://o0.test/").build();
        try (RedisCrawl crawl = RedisCrawl.connect(uri, "capacity")) {
            crawl.join(config, 0, Duration.ofSeconds(1));
            try (RedisFrontier frontier = crawl.frontier(config, Duration.ofSeconds(30))) {
                long empty = usedMemory(uri);
                long start = System.nanoTime();
                run(urls, i -> frontier.offer(visit(i, origins, "p")));
                long queued = usedMemory(uri);
                System.out.printf("offered %,d URLs over %,d origins in %.1f s: used_memory %,d -> %,d bytes, "
                        + "%.0f bytes per queued (and seen) URL%n", urls, origins, (System.nanoTime() - start) / 1e9,
                        empty, queued, (queued - empty) / (double) urls);
                run(urls, i -> frontier.drop(visit(i, origins, "d"), DropReason.MAX_DEPTH));
                long seen = usedMemory(uri);
                System.out.printf("dropped %,d more: used_memory %,d bytes, %.0f bytes per seen-only URL%n", urls,
                        seen, (seen - queued) / (double) urls);
            }
        }
    }

    /** A URL like those of a documentation site: a few path segments and a page name. */
    private static Visit visit(int i, int origins, String prefix) {
        WebUrl url = WebUrl.parse("http://o" + (i % origins) + ".test/docs/api/java.base/java/util/" + prefix + i
                + "/ConcurrentHashMap.KeySetView.html");
        return new Visit(url, 10, 3, WebUrl.parse("http://o" + (i % origins) + ".test/docs/api/index.html"));
    }

    private interface Step {
        void run(int i) throws Exception;
    }

    /** Runs {@code n} steps on 16 virtual threads (the connection pipelines what they send at once). */
    private static void run(int n, Step step) throws Exception {
        AtomicLong next = new AtomicLong();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int t = 0; t < 16; t++) {
                pool.submit(() -> {
                    for (long i; (i = next.getAndIncrement()) < n; ) step.run((int) i);
                    return null;
                });
            }
        }
    }

    private static long usedMemory(String uri) throws Exception {
        String port = uri.substring(uri.lastIndexOf(':') + 1);
        Process p = new ProcessBuilder("redis-cli", "-p", port, "INFO", "memory").start();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith("used_memory:")) return Long.parseLong(line.substring(12).trim());
            }
        }
        throw new IllegalStateException("no used_memory from redis-cli");
    }
}
