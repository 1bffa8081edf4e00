package dev.loomcrawl.bench;

import dev.loomcrawl.extract.JsoupLinkExtractor;
import dev.loomcrawl.extract.LinkExtractor;
import dev.loomcrawl.extract.ParsedPage;
import dev.loomcrawl.extract.StreamingLinkExtractor;
import dev.loomcrawl.url.WebUrl;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Link extraction speed, jsoup's DOM versus the streaming pass, on a fixed sample of real pages: every 25th
 * page (in path order) of the Python 3.11 docs and every 250th of the JDK 17 API docs (Debian's
 * {@code python3-doc} and {@code openjdk-17-doc}; 63 pages, about 1.9 MB). One invocation extracts one page;
 * the {@code bytes} counter adds that page's size, so JMH reports it as bytes per second for the one
 * benchmark thread: divide by 10^6 for MB/s per core. {@link CpuTime} gives the same per CPU-second.
 * The warm-up is longer than the other benchmarks': the streaming pass takes ~15 s to reach full speed.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@Warmup(iterations = 4, time = 4)
@Measurement(iterations = 3, time = 4)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ExtractBenchmark {
    static final Path PYTHON_DOCS = Path.of("/usr/share/doc/python3-doc/html");
    static final Path JDK_DOCS = Path.of("/usr/share/doc/openjdk-17-doc/api");

    @Param({"jsoup", "streaming"})
    public String extractor;

    private LinkExtractor impl;
    private byte[][] pages;
    private WebUrl[] urls;

    /** Bytes extracted, reported by JMH as a rate (bytes/s). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Bytes {
        public long bytes;
        int next;

        @Setup(Level.Iteration)
        public void reset() {
            bytes = 0;
        }
    }

    /**
     * The same bytes and the CPU time this thread spent (between consecutive calls, so JMH's own loop is
     * included, under 1%). On a shared machine wall-clock rates fall with the load of other processes;
     * {@code cpuBytes / cpuNanos * 1000} is MB per CPU-second, the per-core rate without them.
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class CpuTime {
        private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
        public long cpuNanos;
        public long cpuBytes;
        private long last;

        @Setup(Level.Iteration)
        public void reset() {
            cpuNanos = 0;
            cpuBytes = 0;
            last = THREADS.getCurrentThreadCpuTime();
        }

        void add(long bytes) {
            long now = THREADS.getCurrentThreadCpuTime();
            cpuNanos += now - last;
            last = now;
            cpuBytes += bytes;
        }
    }

    @Setup(Level.Trial)
    public void load() throws IOException {
        impl = extractor.equals("jsoup") ? new JsoupLinkExtractor() : new StreamingLinkExtractor();
        List<Path> sample = new ArrayList<>(sample(PYTHON_DOCS, 25));
        sample.addAll(sample(JDK_DOCS, 250));
        pages = new byte[sample.size()][];
        urls = new WebUrl[sample.size()];
        long total = 0;
        for (int i = 0; i < pages.length; i++) {
            pages[i] = Files.readAllBytes(sample.get(i));
            urls[i] = WebUrl.parse("http://127.0.0.1:8000" + sample.get(i));
            total += pages[i].length;
        }
        System.out.printf("%n%d pages, %d bytes%n", pages.length, total);
    }

    static List<Path> sample(Path root, int every) {
        if (!Files.isDirectory(root)) {
            throw new IllegalStateException(root + " is missing: apt-get install python3-doc openjdk-17-doc");
        }
        try (Stream<Path> files = Files.walk(root, FileVisitOption.FOLLOW_LINKS)) {
            List<Path> all = files.filter(p -> p.toString().endsWith(".html")).sorted().toList();
            List<Path> picked = new ArrayList<>();
            for (int i = 0; i < all.size(); i += every) picked.add(all.get(i));
            return picked;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Benchmark
    public ParsedPage extract(Bytes counter, CpuTime cpu) {
        int i = counter.next;
        counter.next = i + 1 == pages.length ? 0 : i + 1;
        counter.bytes += pages[i].length;
        cpu.add(pages[i].length); // counts this page with the CPU time up to now: one page ahead, negligible
        return impl.extract(pages[i], null, urls[i]);
    }
}
