package dev.loomcrawl.bench;

import dev.loomcrawl.content.PageContents;
import dev.loomcrawl.extract.PageFacts;
import dev.loomcrawl.extract.PageTree;
import dev.loomcrawl.extract.ParsedPage;
import dev.loomcrawl.extract.StreamingLinkExtractor;
import dev.loomcrawl.output.lines.Column;
import dev.loomcrawl.output.lines.JsonLines;
import dev.loomcrawl.output.lines.MainTexts;
import dev.loomcrawl.result.PageContent;
import dev.loomcrawl.url.WebUrl;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The content stage of a {@code --content} crawl, on one thread, over every 10th page (in path order) of Debian's JDK
 * 17 API docs, the site whose content costs the most (about a thousand pages and 27 MB): from the tree the link pass
 * recorded (made once, before the measurement), {@code PageContents.of} (the main content, the Markdown and text in
 * one walk, the kind), the main text's digest ({@code MainTexts.digest}, for {@code duplicate_of}) and the page's
 * line of the content output (its columns as {@code ContentFile} writes them, encoded by {@link JsonLines}). One
 * operation is one pass over all the pages. Under the crawler's JIT and collector (C1, serial: the launcher's
 * options), where a loop over characters costs what it costs in a crawl.
 *
 * <p>{@link CpuTime} gives the thread's CPU time per pass, which the load of other processes on a shared machine
 * changes less than the wall time JMH reports: {@code cpuNanos / passes}.
 * <pre>
 *   scripts/bench/jmh ContentBenchmark
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@Warmup(iterations = 4, time = 5)
@Measurement(iterations = 6, time = 5)
@Fork(value = 1, jvmArgsAppend = {"-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx2g"})
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ContentBenchmark {
    /** A page's URL, tree and facts, as the crawl's link pass leaves them. */
    private record Page(String url, PageTree tree, PageFacts facts) {}

    /** A page and its content, as the content output makes its line. */
    private record Line(String url, PageContent content) {}

    /** ContentFile's columns, but for the fetch time (a fixed one) and duplicate_of (null there as well). */
    private static final List<Column<Line>> COLUMNS = List.of(
            new Column<>("url", Line::url),
            new Column<>("title", l -> l.content.facts().title()),
            new Column<>("description", l -> l.content.facts().description()),
            new Column<>("lang", l -> l.content.facts().lang()),
            new Column<>("published", l -> l.content.facts().published()),
            new Column<>("modified", l -> l.content.facts().modified()),
            new Column<>("author", l -> l.content.facts().author()),
            new Column<>("canonical", l -> l.content.facts().canonical()),
            new Column<>("fetched", l -> "2026-11-27T00:00:00.000Z"),
            new Column<>("main", l -> l.content.main()),
            new Column<>("kind", l -> l.content.kind().label()),
            new Column<>("text", l -> l.content.textAsWritten()),
            new Column<>("markdown", l -> l.content.markdownAsWritten()),
            new Column<>("duplicate_of", l -> null));

    private Page[] pages;

    /** Thread CPU time spent in the passes measured, and how many passes. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class CpuTime {
        private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
        public long cpuNanos;
        public long passes;

        @Setup(Level.Iteration)
        public void reset() {
            cpuNanos = 0;
            passes = 0;
        }
    }

    @Setup(Level.Trial)
    public void load() throws IOException {
        List<Path> sample = ExtractBenchmark.sample(ExtractBenchmark.JDK_DOCS, 10);
        StreamingLinkExtractor extractor = new StreamingLinkExtractor();
        pages = new Page[sample.size()];
        long bytes = 0;
        for (int i = 0; i < pages.length; i++) {
            byte[] body = Files.readAllBytes(sample.get(i));
            String url = "http://127.0.0.1:8017/" + ExtractBenchmark.JDK_DOCS.relativize(sample.get(i));
            ParsedPage parsed = extractor.extract(body, null, WebUrl.parse(url), true);
            pages[i] = new Page(url, parsed.tree(), parsed.facts());
            bytes += body.length;
        }
        System.out.printf("%n%d pages, %d bytes%n", pages.length, bytes);
    }

    @Benchmark
    public long pass(CpuTime cpu) {
        long start = CpuTime.THREADS.getCurrentThreadCpuTime();
        long sum = 0;
        for (Page p : pages) {
            PageContent content = PageContents.of(p.tree, p.url, p.facts, 200);
            sum += MainTexts.digest(content);
            sum += JsonLines.linePieces(COLUMNS, new Line(p.url, content)).length(); // as the content file makes it
        }
        cpu.cpuNanos += CpuTime.THREADS.getCurrentThreadCpuTime() - start;
        cpu.passes++;
        return sum;
    }
}
