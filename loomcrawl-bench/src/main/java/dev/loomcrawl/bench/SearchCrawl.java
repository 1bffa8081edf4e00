package dev.loomcrawl.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.loomcrawl.store.sqlite.ChunkIndex;

import java.io.BufferedReader;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The latency of issue 51's {@code search_crawl} over a crawl's chunks: builds a {@link ChunkIndex} from a chunks file
 * (timed), then runs a fixed set of queries derived from the chunks (headings, and pairs of words), first page of 10
 * hits: on one thread, on one thread each after a catchUp that finds nothing new (as a search tool over a crawl still
 * running may do), and on several threads at once; prints p50/p99/max latency, the index's size, and the JVM's heap
 * and RSS after the searches. The queries depend only on the set of chunks, not on the order the crawl wrote them.
 *
 * <pre>java -cp loomcrawl-bench.jar dev.loomcrawl.bench.SearchCrawl CHUNKS INDEX [--queries N] [--passes P]
 *     [--threads T]</pre>
 */
public final class SearchCrawl {
    private static final Pattern WORD = Pattern.compile("\\b[a-z][a-z]{3,14}\\b");

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: SearchCrawl CHUNKS INDEX [--queries N] [--passes P] [--threads T]");
            System.exit(2);
        }
        Path chunks = Path.of(args[0]);
        Path indexFile = Path.of(args[1]);
        int queries = option(args, "--queries", 200);
        int passes = option(args, "--passes", 5);
        int threads = option(args, "--threads", 4);
        for (String suffix : new String[] {"", "-wal", "-shm"}) Files.deleteIfExists(Path.of(indexFile + suffix));

        long start = System.nanoTime();
        long indexed;
        long skipped;
        try (ChunkIndex index = ChunkIndex.open(indexFile)) {
            indexed = index.catchUp(chunks);
            skipped = index.skippedLines();
        }
        double buildSeconds = (System.nanoTime() - start) / 1e9;
        System.out.printf(Locale.ROOT, "index: %,d chunks (%,d lines skipped) from %,d bytes in %.1f s; file %.1f MB%n",
                indexed, skipped, Files.size(chunks), buildSeconds, Files.size(indexFile) / 1e6);

        List<String> set = queries(chunks, queries);
        System.out.println("queries: " + set.size() + ", e.g. " + set.subList(0, Math.min(6, set.size())));
        try (ChunkIndex index = ChunkIndex.open(indexFile)) {
            for (String q : set) index.search(q, 10, null); // warm up: JIT, page cache
            long[] one = time(index, set, passes, 1, null);
            long[] caught = time(index, set, passes, 1, chunks);
            long hits = set.stream().filter(q -> !index.search(q, 10, null).hits().isEmpty()).count();
            long[] many = time(index, set, passes, threads, null);
            System.gc();
            long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            System.out.printf(Locale.ROOT, "queries with a hit: %d of %d%n", hits, set.size());
            report("1 thread", one);
            report("1 thread, catchUp (nothing new) then search", caught);
            report(threads + " threads", many);
            System.out.printf(Locale.ROOT, "memory: heap used after GC %.1f MB (max %.0f MB); %s%n", heap / 1e6,
                    Runtime.getRuntime().maxMemory() / 1e6, rss());
        }
    }

    /** Each search's time, sorted; with {@code chunks}, each search follows a catchUp, as a search tool's may. */
    private static long[] time(ChunkIndex index, List<String> set, int passes, int threads, Path chunks)
            throws Exception {
        List<String> runs = new ArrayList<>();
        for (int p = 0; p < passes; p++) runs.addAll(set);
        long[] nanos = new long[runs.size()];
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int first = t;
                done.add(pool.submit(() -> {
                    for (int i = first; i < runs.size(); i += threads) {
                        long s = System.nanoTime();
                        if (chunks != null) index.catchUp(chunks);
                        index.search(runs.get(i), 10, null);
                        nanos[i] = System.nanoTime() - s;
                    }
                }));
            }
            for (Future<?> f : done) f.get();
        }
        Arrays.sort(nanos);
        return nanos;
    }

    private static void report(String what, long[] sorted) {
        System.out.printf(Locale.ROOT, "latency, %s, %,d searches: p50 %.2f ms, p99 %.2f ms, max %.2f ms%n", what,
                sorted.length, at(sorted, 0.50), at(sorted, 0.99), sorted[sorted.length - 1] / 1e6);
    }

    private static double at(long[] sorted, double q) {
        return sorted[(int) Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] / 1e6;
    }

    /**
     * Three quarters of the queries are headings (every k-th of the distinct headings, sorted), the rest pairs of
     * words of four letters or more from the chunks' text, drawn with a fixed seed from the sorted distinct words.
     */
    static List<String> queries(Path chunks, int n) throws IOException {
        TreeSet<String> headings = new TreeSet<>();
        Map<String, Integer> words = new TreeMap<>();
        JsonFactory json = new JsonFactory();
        try (BufferedReader in = Files.newBufferedReader(chunks)) {
            for (String line; (line = in.readLine()) != null; ) {
                try (JsonParser p = json.createParser(line)) {
                    if (p.nextToken() != JsonToken.START_OBJECT) continue;
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String name = p.currentName();
                        JsonToken v = p.nextToken();
                        if (name.equals("headings") && v == JsonToken.START_ARRAY) {
                            while (p.nextToken() == JsonToken.VALUE_STRING) headings.add(clean(p.getText()));
                        } else if (name.equals("markdown") && v == JsonToken.VALUE_STRING) {
                            Matcher m = WORD.matcher(p.getText().toLowerCase(Locale.ROOT));
                            while (m.find()) words.merge(m.group(), 1, Integer::sum);
                        } else {
                            p.skipChildren();
                        }
                    }
                }
            }
        }
        headings.removeIf(String::isBlank);
        List<String> set = new ArrayList<>();
        int wanted = n * 3 / 4;
        List<String> h = new ArrayList<>(headings);
        for (int i = 0; i < wanted && !h.isEmpty(); i++) set.add(h.get((int) ((long) i * h.size() / wanted)));
        List<String> common = words.entrySet().stream().filter(e -> e.getValue() >= 3).map(Map.Entry::getKey).toList();
        Random random = new Random(51);
        while (set.size() < n && !common.isEmpty()) {
            set.add(common.get(random.nextInt(common.size())) + " " + common.get(random.nextInt(common.size())));
        }
        return set;
    }

    /** A heading as someone would type it: Sphinx's permalink mark and its link left out. */
    private static String clean(String heading) {
        return heading.replaceAll("\\[¶]\\([^)]*\\)", "").replace("¶", "").strip();
    }

    private static String rss() throws IOException {
        StringBuilder b = new StringBuilder();
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:") || line.startsWith("VmHWM:")) {
                String[] parts = line.split("\\s+");
                if (!b.isEmpty()) b.append(", ");
                b.append(parts[0], 0, parts[0].length() - 1).append(' ')
                        .append(String.format(Locale.ROOT, "%.0f MB", Long.parseLong(parts[1]) / 1e3));
            }
        }
        return b.toString();
    }

    private static int option(String[] args, String name, int otherwise) {
        for (int i = 2; i + 1 < args.length; i++) if (args[i].equals(name)) return Integer.parseInt(args[i + 1]);
        return otherwise;
    }
}
