package dev.loomcrawl.bench;

import dev.loomcrawl.content.MainContent;
import dev.loomcrawl.extract.PageTree;
import dev.loomcrawl.extract.StreamingLinkExtractor;
import dev.loomcrawl.url.WebUrl;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;

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

/**
 * Whether {@link MainContent} finds the documentation body of real documentation pages, and how fast: Debian's
 * Python 3.11 docs (Sphinx), JDK 17 API docs (javadoc), Boost 1.81 docs (BoostBook) and PostgreSQL 15 docs
 * (DocBook), installed by {@code python3-doc}, {@code openjdk-17-doc}, {@code libboost1.81-doc} and
 * {@code postgresql-doc-15}; and, when installed, the Rust standard library's docs (rustdoc, {@code rust-doc}) and
 * MkDocs's own docs ({@code mkdocs-doc}), whose theme writes no generator meta.
 *
 * <p>Each doc set has a known main container, written into its pages by its generator: Sphinx's
 * {@code div[role=main]}, javadoc's {@code main}, BoostBook's top-level div after the navigation bar
 * ({@code body > div} other than {@code div.spirit-nav}), and DocBook's top-level div between
 * {@code div.navheader} and {@code div.navfooter}, rustdoc's {@code section#main-content}, MkDocs's
 * {@code div[role=main]}; and known boilerplate: Sphinx's sidebar, related bars, footer
 * and mobile navigation, javadoc's {@code header}, {@code nav}, {@code footer} and sub-navigation, Boost's logo
 * table, last-revised table and {@code div.spirit-nav}, DocBook's navigation header and footer, rustdoc's sidebar and
 * search form, MkDocs's navigation bar, table of contents and footer. On a sample of
 * pages that have the container (every n-th page in path order), a page passes when the result keeps at least 95% of
 * the container's words (lower-cased words, each counted as often as it occurs on both sides) and holds the text of
 * none of the boilerplate elements (each with 3 words or more, whitespace collapsed, as a substring of the result's
 * text). Also the words of the result that the container does not have.
 *
 * <p>Speed: the time of the link pass recording the page's tree (as a crawl with content does) and of
 * {@code MainContent.of} over that tree, per page, mean and 99th percentile over every page of the Python docs and a
 * sample of the JDK docs (every n-th page in path order): after two warm-up rounds over the pages, each page's fastest
 * of three timed rounds, so that other processes on the machine count for less. Also the share of pages whose
 * content has parts left out (else it is one or more of the page's elements whole).
 *
 * <pre>
 *   java -cp loomcrawl-bench.jar dev.loomcrawl.bench.DocSetContent [--sample N] [--speed-pages N] [--verbose]
 * </pre>
 */
public final class DocSetContent {
    /** A documentation set: where it is, its main container, and its boilerplate. */
    record DocSet(String name, Path root, String container, Function<Document, Element> main,
                  String boilerplate) {}

    private static final List<DocSet> SETS = List.of(
            new DocSet("Python 3.11 (Sphinx)", Path.of("/usr/share/doc/python3-doc/html"), "div[role=main]",
                    d -> d.selectFirst("div[role=main]"),
                    "div.sphinxsidebar, div.related, div.footer, div.mobile-nav"),
            new DocSet("JDK 17 API (javadoc)", Path.of("/usr/share/doc/openjdk-17-doc/api"), "main",
                    d -> d.selectFirst("main"), "header, nav, footer, div.sub-nav"),
            new DocSet("Boost 1.81 (BoostBook)", Path.of("/usr/share/doc/libboost1.81-doc/doc/html"),
                    "body > div other than div.spirit-nav",
                    d -> d.body() == null || d.selectFirst("div.spirit-nav") == null ? null
                            : d.body().selectFirst("> div:not(.spirit-nav)"),
                    "body > table, div.spirit-nav"),
            new DocSet("PostgreSQL 15 (DocBook)", Path.of("/usr/share/doc/postgresql-doc-15/html"),
                    "body > div other than div.navheader, div.navfooter",
                    d -> d.body() == null ? null : d.body().selectFirst("> div:not(.navheader):not(.navfooter)"),
                    "div.navheader, div.navfooter"),
            new DocSet("Rust 1.63 std (rustdoc)", Path.of("/usr/share/doc/rust-doc/html/std"), "section#main-content",
                    d -> d.selectFirst("section#main-content"), "nav.sidebar, nav.sub"),
            new DocSet("MkDocs 1.4 (its own theme, no generator meta)", Path.of("/usr/share/doc/mkdocs/html"),
                    "div[role=main]", d -> d.selectFirst("div[role=main]"), "div.navbar, div.col-md-3, footer"));

    /** Rounds over the speed sample before timing, and rounds timed (a page's time is its fastest of these). */
    private static final int WARM_UP = 2;
    private static final int MEASURED = 3;

    private DocSetContent() {}

    public static void main(String[] args) throws IOException {
        int sample = 20;
        int speedPages = 2000;
        boolean verbose = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--sample" -> sample = Integer.parseInt(args[++i]);
                case "--speed-pages" -> speedPages = Integer.parseInt(args[++i]);
                case "--verbose" -> verbose = true;
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        System.out.println("| doc set | container | pages checked | pass | keep >= 95% of the container's words "
                + "| no boilerplate text | mean kept | mean extra words |");
        System.out.println("|---|---|---:|---:|---:|---:|---:|---:|");
        List<String> failures = new ArrayList<>();
        for (DocSet set : SETS) {
            check(set, sample, verbose, failures);
        }
        if (!failures.isEmpty()) {
            System.out.println();
            System.out.println("Pages that fail:");
            System.out.println();
            failures.forEach(f -> System.out.println("- " + f));
        }
        System.out.println();
        System.out.println("| doc set | pages | link pass with tree mean ms | link pass with tree p99 ms "
                + "| MainContent.of mean ms | MainContent.of p99 ms | results with parts left out |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|");
        speed(SETS.get(0), Integer.MAX_VALUE);
        speed(SETS.get(1), speedPages);
    }

    private static void check(DocSet set, int sample, boolean verbose, List<String> failures) throws IOException {
        List<Path> all = pages(set.root());
        if (all.isEmpty()) {
            System.out.printf("| %s | %s | not installed | | | | | |%n", set.name(), set.container());
            return;
        }
        int stride = Math.max(1, all.size() / sample);
        int checked = 0;
        int pass = 0;
        int kept95 = 0;
        int clean = 0;
        double keptSum = 0;
        double extraSum = 0;
        for (int at = 0; at < all.size() && checked < sample; at += stride) {
            // the first page at or after this position that has the container
            Document doc = null;
            Element container = null;
            Path page = null;
            for (int k = at; k < Math.min(all.size(), at + stride); k++) {
                page = all.get(k);
                doc = parse(page);
                container = set.main().apply(doc);
                if (container != null) {
                    break;
                }
            }
            if (container == null) {
                continue;
            }
            checked++;
            List<String> expected = WordOverlap.words(container.text());
            Elements chrome = doc.select(set.boilerplate());
            String text = MainContent.of(doc).toTextElement(doc.baseUri()).text();
            List<String> got = WordOverlap.words(text);
            List<String> lost = WordOverlap.missing(expected, got);
            List<String> extra = WordOverlap.missing(got, expected);
            double kept = expected.isEmpty() ? 1 : 1 - lost.size() / (double) expected.size();
            String collapsed = SnippetCorpus.collapse(text);
            String leaked = null;
            for (Element e : chrome) {
                String part = SnippetCorpus.collapse(e.text());
                if (WordOverlap.words(part).size() >= 3 && collapsed.contains(part)) {
                    leaked = part;
                    break;
                }
            }
            keptSum += kept;
            extraSum += got.isEmpty() ? 0 : extra.size() / (double) got.size();
            boolean keeps = kept >= 0.95;
            kept95 += keeps ? 1 : 0;
            clean += leaked == null ? 1 : 0;
            if (keeps && leaked == null) {
                pass++;
            } else {
                failures.add(String.format(Locale.ROOT, "%s: kept %.1f%% of %d words%s", set.root().relativize(page),
                        100 * kept, expected.size(), leaked == null ? "" : "; holds boilerplate \""
                                + (leaked.length() > 80 ? leaked.substring(0, 80) + "..." : leaked) + "\""));
            }
            if (verbose) {
                System.err.printf(Locale.ROOT, "%s kept %.3f extra %d: %s%n  missed: %s%n", page, kept, extra.size(),
                        String.join(" ", extra.subList(0, Math.min(40, extra.size()))),
                        String.join(" ", lost.subList(0, Math.min(40, lost.size()))));
            }
        }
        System.out.printf(Locale.ROOT, "| %s | %s | %d | %d | %d | %d | %.1f%% | %.1f%% |%n", set.name(),
                set.container(), checked, pass, kept95, clean, 100 * keptSum / checked, 100 * extraSum / checked);
    }

    private static void speed(DocSet set, int limit) throws IOException {
        List<Path> all = pages(set.root());
        if (all.isEmpty()) {
            return;
        }
        List<Path> sample = new ArrayList<>();
        int stride = Math.max(1, all.size() / Math.min(limit, all.size()));
        for (int i = 0; i < all.size() && sample.size() < limit; i += stride) {
            sample.add(all.get(i));
        }
        List<byte[]> bodies = new ArrayList<>();
        List<WebUrl> urls = new ArrayList<>();
        for (Path p : sample) {
            bodies.add(Files.readAllBytes(p));
            urls.add(WebUrl.parse("http://docs.example" + p)); // the link pass reads http(s) pages only
        }
        StreamingLinkExtractor linkPass = new StreamingLinkExtractor(100_000, false);
        long[] tree = new long[sample.size()];
        long[] extract = new long[sample.size()];
        Arrays.fill(tree, Long.MAX_VALUE);
        Arrays.fill(extract, Long.MAX_VALUE);
        int trimmed = 0;
        for (int round = 0; round < WARM_UP + MEASURED; round++) {
            for (int i = 0; i < sample.size(); i++) {
                long t0 = System.nanoTime();
                PageTree page = linkPass.extract(bodies.get(i), null, urls.get(i), true).tree();
                long t1 = System.nanoTime();
                MainContent.Result result = MainContent.of(page);
                long t2 = System.nanoTime();
                if (round >= WARM_UP) {
                    tree[i] = Math.min(tree[i], t1 - t0);
                    extract[i] = Math.min(extract[i], t2 - t1);
                }
                if (round == 0 && result.leftOut() != null) {
                    trimmed++;
                }
            }
        }
        System.out.printf(Locale.ROOT, "| %s | %d | %.3f | %.3f | %.3f | %.3f | %.0f%% |%n", set.name(),
                sample.size(), mean(tree), p99(tree), mean(extract), p99(extract), 100.0 * trimmed / sample.size());
    }

    private static double mean(long[] nanos) {
        return Arrays.stream(nanos).average().orElse(0) / 1e6;
    }

    private static double p99(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(sorted.length * 0.99) - 1)] / 1e6;
    }

    private static Document parse(Path page) throws IOException {
        return Jsoup.parse(page.toFile(), null, page.toUri().toString());
    }

    private static List<Path> pages(Path root) throws IOException {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(root, FileVisitOption.FOLLOW_LINKS)) {
            return files.filter(p -> p.toString().endsWith(".html")).sorted().toList();
        }
    }
}
