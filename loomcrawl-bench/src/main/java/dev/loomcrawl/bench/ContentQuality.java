package dev.loomcrawl.bench;

import dev.loomcrawl.bench.Extractors.Extractor;
import dev.loomcrawl.bench.WordOverlap.Score;
import dev.loomcrawl.content.MainContent;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * How well main-content extractors ({@link Extractors}) find an article, on Mozilla Readability's test pages (its
 * repository's {@code test/test-pages/NAME/source.html}, with the article Readability finds in
 * {@code expected.html}): each page's extracted text against the expected article's text, as precision, recall and
 * F1 over bags of lower-cased words (the headline, as in trafilatura's evaluations) and over 3-word shingles
 * ({@link WordOverlap}), then their means over the pages; the pages where loomcrawl's F1 is below 0.8; and each
 * extractor's mean time per page after a warm-up round (loomcrawl's and Readability4J's on an already parsed document,
 * the jsoup parse being its own row; boilerpipe's with its own parse, as it takes HTML).
 *
 * <p>With {@code --trafilatura DIR} it also scores them on trafilatura's evaluation corpus ({@link SnippetCorpus}),
 * an independent set: its annotations are not any extractor's output.
 *
 * <pre>
 *   java -cp CLASSPATH dev.loomcrawl.bench.ContentQuality PAGES_DIR [--rounds N] [--trafilatura DIR] [--pages]
 *   java -cp CLASSPATH dev.loomcrawl.bench.ContentQuality PAGES_DIR --diff NAME
 * </pre>
 * {@code --pages} prints every page's F1 per extractor; {@code --diff NAME} prints, for one page, the blocks loomcrawl
 * kept, the words it kept that the expected article does not have and those it missed.
 */
public final class ContentQuality {
    /** The address Readability's tests give every page. */
    private static final String URL = "http://fakehost/test/page.html";

    record Page(String name, String html, List<String> expected) {}

    private ContentQuality() {}

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println(
                    "usage: ContentQuality PAGES_DIR [--rounds N] [--trafilatura DIR] [--pages] [--diff NAME]");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        int rounds = 3;
        boolean perPage = false;
        String diff = null;
        Path trafilatura = null;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--pages" -> perPage = true;
                case "--diff" -> diff = args[++i];
                case "--trafilatura" -> trafilatura = Path.of(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        List<Page> pages = pages(dir);
        if (diff != null) {
            String name = diff;
            diff(pages.stream().filter(p -> p.name().equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no page " + name)));
            return;
        }
        readabilityPages(dir, pages, rounds, perPage);
        if (trafilatura != null) {
            SnippetCorpus.evaluate(trafilatura, Extractors.ALL, perPage);
        }
    }

    private static void readabilityPages(Path dir, List<Page> pages, int rounds, boolean perPage) {
        List<Extractor> extractors = Extractors.ALL;
        int n = pages.size();
        int e = extractors.size();
        Score[][] words = new Score[e][n];
        Score[][] shingles = new Score[e][n];
        int[] failures = new int[e];
        for (int x = 0; x < e; x++) {
            for (int p = 0; p < n; p++) {
                Page page = pages.get(p);
                String text = extractors.get(x).run(page.html(), Jsoup.parse(page.html(), URL), URL);
                if (text == null) {
                    failures[x]++;
                    text = "";
                }
                List<String> got = WordOverlap.words(text);
                words[x][p] = Score.of(got, page.expected());
                shingles[x][p] = Score.of(WordOverlap.shingles(got), WordOverlap.shingles(page.expected()));
            }
        }
        double[] millis = new double[e];
        double parseMillis = 0;
        for (int round = 0; round <= rounds; round++) {
            for (int x = 0; x < e; x++) {
                long extractNanos = 0;
                long parseNanos = 0;
                for (Page page : pages) {
                    long t0 = System.nanoTime();
                    Document doc = Jsoup.parse(page.html(), URL);
                    long t1 = System.nanoTime();
                    extractors.get(x).run(page.html(), doc, URL);
                    extractNanos += System.nanoTime() - t1;
                    parseNanos += t1 - t0;
                }
                if (round > 0) {
                    millis[x] += extractNanos / 1e6 / n / rounds;
                    parseMillis += parseNanos / 1e6 / n / rounds / e;
                }
            }
        }
        System.out.printf(Locale.ROOT, "Mozilla Readability's test pages (%s): %d pages. Words lower-cased; P, R and "
                + "F1 are means over the pages; time per page after a warm-up round, mean of %d rounds.%n%n",
                dir, n, rounds);
        System.out.println("| extractor | P (words) | R (words) | F1 (words) | P (3-shingles) | R (3-shingles) "
                + "| F1 (3-shingles) | ms/page | failed |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (int x = 0; x < e; x++) {
            Extractor ex = extractors.get(x);
            System.out.printf(Locale.ROOT, "| %s | %.3f | %.3f | **%.3f** | %.3f | %.3f | %.3f | %.2f%s | %d |%n",
                    ex.name(), mean(words[x], 0), mean(words[x], 1), mean(words[x], 2), mean(shingles[x], 0),
                    mean(shingles[x], 1), mean(shingles[x], 2), millis[x],
                    ex.givenDocument() ? "" : " (with its own parse)", failures[x]);
        }
        System.out.printf(Locale.ROOT, "| (jsoup's parse, which the others are given) | | | | | | | %.2f | |%n",
                parseMillis);
        int ours = Extractors.LOOMCRAWL;
        System.out.println();
        System.out.println("Pages where loomcrawl's F1 (words) is below 0.8:");
        System.out.println();
        System.out.println("| page | P | R | F1 | Readability4J F1 | boilerpipe F1 |");
        System.out.println("|---|---:|---:|---:|---:|---:|");
        for (int p = 0; p < n; p++) {
            Score s = words[ours][p];
            if (s.f1() < 0.8) {
                System.out.printf(Locale.ROOT, "| %s | %.2f | %.2f | %.2f | %.2f | %.2f |%n", pages.get(p).name(),
                        s.precision(), s.recall(), s.f1(), words[1][p].f1(), words[2][p].f1());
            }
        }
        if (perPage) {
            System.out.println();
            System.out.println("| page | body | Readability4J | boilerpipe | loomcrawl |");
            System.out.println("|---|---:|---:|---:|---:|");
            for (int p = 0; p < n; p++) {
                System.out.printf(Locale.ROOT, "| %s | %.2f | %.2f | %.2f | %.2f |%n", pages.get(p).name(),
                        words[0][p].f1(), words[1][p].f1(), words[2][p].f1(), words[3][p].f1());
            }
        }
    }

    private static double mean(Score[] scores, int which) {
        double sum = 0;
        for (Score s : scores) {
            sum += which == 0 ? s.precision() : which == 1 ? s.recall() : s.f1();
        }
        return sum / scores.length;
    }

    private static List<Page> pages(Path dir) throws IOException {
        List<Page> pages = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(dir)) {
            for (Path d : dirs.sorted().toList()) {
                Path source = d.resolve("source.html");
                Path expected = d.resolve("expected.html");
                if (Files.isRegularFile(source) && Files.isRegularFile(expected)) {
                    String article = Jsoup.parse(Files.readString(expected, StandardCharsets.UTF_8), URL).text();
                    pages.add(new Page(d.getFileName().toString(), Files.readString(source, StandardCharsets.UTF_8),
                            WordOverlap.words(article)));
                }
            }
        }
        if (pages.isEmpty()) {
            throw new IllegalArgumentException("no NAME/source.html with NAME/expected.html under " + dir);
        }
        return pages;
    }

    private static void diff(Page page) {
        MainContent.Result result = MainContent.of(Jsoup.parse(page.html(), URL));
        Element content = result.toTextElement(URL);
        List<String> got = WordOverlap.words(content.text());
        System.out.printf("found: %s; %d block(s), %s%n", result.found(), result.roots().length,
                result.leftOut() == null ? "nothing left out of them" : "some of them left out");
        for (Element block : content.children()) {
            System.out.printf("  block <%s class='%s' id='%s'>: %d words%n", block.normalName(), block.className(),
                    block.id(), WordOverlap.words(block.text()).size());
        }
        System.out.println(Score.of(got, page.expected()));
        System.out.println("kept, not expected: " + String.join(" ", WordOverlap.missing(got, page.expected())));
        System.out.println("expected, missed: " + String.join(" ", WordOverlap.missing(page.expected(), got)));
    }
}
