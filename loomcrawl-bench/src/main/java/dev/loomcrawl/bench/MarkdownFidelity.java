package dev.loomcrawl.bench;

import com.vladsch.flexmark.html2md.converter.FlexmarkHtmlConverter;
import com.vladsch.flexmark.util.data.MutableDataSet;
import dev.loomcrawl.content.Markdown;
import dev.loomcrawl.content.RoundTrip;
import java.io.IOException;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;

/**
 * How faithful and how fast HTML to Markdown is: loomcrawl's {@link Markdown} against flexmark-java's
 * {@code FlexmarkHtmlConverter}, on pages sampled from documentation sites. Each page's {@code <body>} is converted
 * by both, and each Markdown read back with {@link RoundTrip} (commonmark-java with GitHub tables): whether the
 * text read back is the page's, how many {@code <pre>} come back as code blocks with exactly their text, how many
 * tables come back as tables with their rows, width and cells. Prints a Markdown table, one row per site and
 * converter, and a row timing jsoup's {@code Element.text()} on the same pages, for scale: a walk over the same
 * page that writes only its text.
 *
 * <p>Both get the same parsed page; flexmark gets it with the elements loomcrawl skips (scripts, noscript, hidden
 * elements...) already removed, so that both are measured against the same text (the removal is not timed).
 * Time is per conversion of a parsed page (the parse is not timed), after the site's first
 * {@value #WARM_UP_PAGES} pages were converted untimed to warm the JIT; each page is parsed, converted and read
 * back once, then converted P more times (the converters in turn), its time being the fastest of those, which keeps
 * out most of what other processes on the machine cost. One page is in memory at a time.
 *
 * <pre>
 * java -cp loomcrawl-bench.jar dev.loomcrawl.bench.MarkdownFidelity [--pages N|all] [--passes P] [NAME=DIR...]
 * </pre>
 * Without NAME=DIR, the four doc sets of scripts/bench/docs-server (those installed). N pages per site (default
 * 200; all: every page), evenly spaced over its sorted list of HTML files; P timed passes (default 5; 0 measures
 * fidelity only).
 */
public final class MarkdownFidelity {
    /** How many pages of each site are converted, untimed, before it is measured. */
    private static final int WARM_UP_PAGES = 100;
    private static final List<String> DEFAULT_SITES = List.of(
        "python=/usr/share/doc/python3-doc/html",
        "jdk=/usr/share/doc/openjdk-17-doc/api",
        "boost=/usr/share/doc/libboost1.81-doc/doc/html",
        "postgres=/usr/share/doc/postgresql-doc-15/html");

    private MarkdownFidelity() {
    }

    /**
     * A converter measured: its name, what it does with a page's body, whether it gets the body without skipped
     * elements, and whether its output is Markdown (else it is only timed, as a reference).
     */
    private record Converter(String name, Function<Element, String> convert, boolean visibleOnly, boolean markdown) {
    }

    /** A sampled page: its body, and the same without skipped elements. */
    private record Page(Path file, Element body, Element visible) {
    }

    /** One converter's totals on one site. */
    private static final class Totals {
        int pages;
        int textEqual;
        int codeBlocks;
        int codeKept;
        int tables;
        int tablesKept;
        final List<Double> millis = new ArrayList<>();
        final List<String> firstProblems = new ArrayList<>();
    }

    public static void main(String[] args) throws IOException {
        int pages = 200;
        int passes = 5;
        List<String> sites = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--pages" -> pages = args[++i].equals("all") ? 0 : Integer.parseInt(args[i]);
                case "--passes" -> passes = Integer.parseInt(args[++i]);
                default -> sites.add(args[i]);
            }
        }
        if (sites.isEmpty()) sites = DEFAULT_SITES;
        FlexmarkHtmlConverter flexmark = FlexmarkHtmlConverter.builder(new MutableDataSet()
            .set(FlexmarkHtmlConverter.OUTPUT_ATTRIBUTES_ID, false)
            .set(FlexmarkHtmlConverter.SETEXT_HEADINGS, false)
            .set(FlexmarkHtmlConverter.TYPOGRAPHIC_QUOTES, false)
            .set(FlexmarkHtmlConverter.TYPOGRAPHIC_SMARTS, false)
            .toImmutable()).build();
        List<Converter> converters = List.of(
            new Converter("loomcrawl", Markdown::of, false, true),
            new Converter("flexmark 0.64.8", flexmark::convert, true, true),
            new Converter("(jsoup text(), not Markdown)", Element::text, false, false));
        System.err.printf(Locale.ROOT, "MarkdownFidelity: %s pages per site, %d timed passes, Java %s, %d CPUs, "
            + "load average %s%n", pages == 0 ? "all" : String.valueOf(pages), passes, Runtime.version(),
            Runtime.getRuntime().availableProcessors(), loadAverage());
        StringBuilder table = new StringBuilder()
            .append("| site | converter | pages | text equal | code blocks kept | tables kept ")
            .append("| mean ms | p50 ms | p99 ms |\n")
            .append("|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (String site : sites) {
            int eq = site.indexOf('=');
            String name = eq < 0 ? Path.of(site).getFileName().toString() : site.substring(0, eq);
            Path dir = Path.of(eq < 0 ? site : site.substring(eq + 1));
            if (!Files.isDirectory(dir)) {
                System.err.println("skipped " + name + ": no " + dir);
                continue;
            }
            List<Path> files = sample(dir, pages);
            warmUp(name, dir, files, converters);
            List<Totals> results = measure(name, dir, files, converters, passes);
            for (int c = 0; c < converters.size(); c++) {
                Converter converter = converters.get(c);
                if (converter.markdown() || passes > 0) table.append(row(name, converter, results.get(c)));
            }
        }
        System.out.print(table);
    }

    private static String row(String site, Converter converter, Totals t) {
        double[] ms = t.millis.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        String fidelity = !converter.markdown() ? "| | | " : String.format(Locale.ROOT, "| %.1f%% | %d / %d | %d / %d ",
            100.0 * t.textEqual / Math.max(1, t.pages), t.codeKept, t.codeBlocks, t.tablesKept, t.tables);
        String time = ms.length == 0 ? "| | | |" : String.format(Locale.ROOT, "| %.3f | %.3f | %.3f |",
            Arrays.stream(ms).average().orElse(0), percentile(ms, 0.5), percentile(ms, 0.99));
        return String.format(Locale.ROOT, "| %s | %s | %d %s%s%n", site, converter.name(),
            converter.markdown() ? t.pages : ms.length, fidelity, time);
    }

    /** The value at fraction q of sorted (nearest rank). */
    private static double percentile(double[] sorted, double q) {
        if (sorted.length == 0) return 0;
        return sorted[Math.clamp((long) Math.ceil(sorted.length * q) - 1, 0, sorted.length - 1)];
    }

    /** n files of dir (all when n is 0), evenly spaced over its sorted HTML files. */
    private static List<Path> sample(Path dir, int n) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir, FileVisitOption.FOLLOW_LINKS)) {
            files = walk.filter(p -> p.toString().endsWith(".html") || p.toString().endsWith(".htm"))
                .sorted().toList();
        }
        int take = n == 0 ? files.size() : Math.min(n, files.size());
        List<Path> sample = new ArrayList<>(take);
        for (int i = 0; i < take; i++) sample.add(files.get((int) ((long) i * files.size() / take)));
        return sample;
    }

    /** A file parsed, with a base URI under the site's name. */
    private static Page parse(String name, Path dir, Path file) throws IOException {
        String base = "https://docs.example.org/" + name + "/" + dir.relativize(file).toString().replace('\\', '/');
        Element body = Jsoup.parse(file.toFile(), null, base).body();
        return new Page(file, body, RoundTrip.visible(body));
    }

    /**
     * Scores and times every converter on each file, one page in memory at a time: an untimed conversion that is
     * read back, then the timed passes.
     */
    private static List<Totals> measure(String name, Path dir, List<Path> files, List<Converter> converters,
                                        int passes) throws IOException {
        List<Totals> totals = new ArrayList<>();
        for (int c = 0; c < converters.size(); c++) totals.add(new Totals());
        for (Path file : files) {
            Page page = parse(name, dir, file);
            long[] fastest = new long[converters.size()];
            Arrays.fill(fastest, Long.MAX_VALUE);
            for (int pass = 0; pass <= passes; pass++) {
                for (int c = 0; c < converters.size(); c++) {
                    Converter converter = converters.get(c);
                    Element input = converter.visibleOnly() ? page.visible() : page.body();
                    long start = System.nanoTime();
                    String markdown = converter.convert().apply(input);
                    long took = System.nanoTime() - start;
                    if (pass > 0) fastest[c] = Math.min(fastest[c], took);
                    if (pass == 0 && converter.markdown()) score(totals.get(c), page, markdown);
                }
            }
            for (int c = 0; c < converters.size(); c++) {
                if (passes > 0) totals.get(c).millis.add(fastest[c] / 1e6);
            }
        }
        for (int c = 0; c < converters.size(); c++) {
            for (String problem : totals.get(c).firstProblems) {
                System.err.println(converters.get(c).name() + ": " + problem);
            }
        }
        return totals;
    }

    /** Converts the first pages of a site with every converter, untimed, so that the JIT has compiled them. */
    private static void warmUp(String name, Path dir, List<Path> files, List<Converter> converters)
        throws IOException {
        for (Path file : files.subList(0, Math.min(WARM_UP_PAGES, files.size()))) {
            Page page = parse(name, dir, file);
            for (Converter converter : converters) {
                converter.convert().apply(converter.visibleOnly() ? page.visible() : page.body());
            }
        }
    }

    private static void score(Totals t, Page page, String markdown) {
        RoundTrip.Check check = RoundTrip.check(page.body(), markdown);
        t.pages++;
        if (check.textEqual()) t.textEqual++;
        t.codeBlocks += check.codeBlocks();
        t.codeKept += check.codeKept();
        t.tables += check.tables();
        t.tablesKept += check.tablesKept();
        if (!check.problems().isEmpty() && t.firstProblems.size() < 3) {
            t.firstProblems.add(page.file() + ": " + check.problems().getFirst());
        }
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException | RuntimeException e) {
            return "?";
        }
    }
}
