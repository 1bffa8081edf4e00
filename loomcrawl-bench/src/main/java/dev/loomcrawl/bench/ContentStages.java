package dev.loomcrawl.bench;

import dev.loomcrawl.content.MainContent;
import dev.loomcrawl.content.Markdown;
import dev.loomcrawl.content.MarkdownAndText;
import dev.loomcrawl.content.PageContents;
import dev.loomcrawl.content.PageKinds;
import dev.loomcrawl.content.PlainText;
import dev.loomcrawl.extract.PageTree;
import dev.loomcrawl.extract.ParsedPage;
import dev.loomcrawl.extract.StreamingLinkExtractor;
import dev.loomcrawl.output.lines.MainTexts;
import dev.loomcrawl.result.PageContent;
import dev.loomcrawl.result.PageKind;
import dev.loomcrawl.url.WebUrl;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What each step of making a page's content costs, one thread, and what it makes, page by page: for optimising the
 * content code without changing its output (docs/content.md, "Speed of a crawl with content").
 *
 * <p>Reads every page of Debian's JDK 17 API docs and Python 3.11 docs (with the URLs a crawl of
 * {@code scripts/bench/docs-server} gives them) and, when given, the {@code source.html} page in each folder of a
 * folder such as Mozilla Readability's {@code test/test-pages}. Each round times, per page, in thread CPU time: the
 * link pass without and with recording the tree (the difference is the recording), {@code MainContent.of},
 * {@code Markdown.of} and {@code PlainText.of}, the two at once ({@code MarkdownAndText.of}, as the crawl makes them,
 * which must give the same strings), {@code PageContents.of} (the crawl's call: the main content found again and the
 * two at once, helped by what finding it read; the same strings too), and the page's line of {@code --content} (its
 * URL, text and Markdown) encoded as JSON, by the crawler's encoder from the text and Markdown as written and by
 * jackson's (which must give the same bytes); and, apart, the page's kind ({@code PageKinds.of}, in a pass of its
 * own: {@code PageContents.of} counts the kind's signals in its Markdown and text walk) and the digest of its main
 * text that the content outputs tell duplicates by. With {@code --digests FILE}, the last round writes a line per
 * page: its URL, whether main content was found, and digests (the first 8 bytes of SHA-256) of its text and
 * Markdown; two such files from two builds say whether any page's content changed ({@code diff}).
 *
 * <pre>
 *   java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp loomcrawl-bench.jar dev.loomcrawl.bench.ContentStages \
 *       [--rounds N] [--digests FILE] [--pages DIR]
 * </pre>
 */
public final class ContentStages {
    private record Page(String url, byte[] body) {}

    private ContentStages() {}

    public static void main(String[] args) throws IOException, NoSuchAlgorithmException {
        int rounds = 3;
        Path digests = null;
        List<Page> pages = new ArrayList<>();
        load(pages, Path.of("/usr/share/doc/openjdk-17-doc/api"), "http://127.0.0.1:8017/");
        load(pages, Path.of("/usr/share/doc/python3-doc/html"), "http://127.0.0.1:8011/");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--digests" -> digests = Path.of(args[++i]);
                case "--pages" -> loadSources(pages, Path.of(args[++i]));
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        StreamingLinkExtractor extractor = new StreamingLinkExtractor();
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        System.out.println("| round | link pass s | + recording the tree s | main content s | Markdown s | text s "
                + "| both at once s | PageContents.of s | its kind s | main-text digest s | JSON s "
                + "| JSON by jackson s |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        Map<PageKind, Integer> kinds = new TreeMap<>();
        long hashes = 0;
        for (int r = 0; r < rounds; r++) {
            long[] spent = new long[11];
            boolean last = r == rounds - 1;
            PrintWriter out = digests != null && last ? new PrintWriter(Files.newBufferedWriter(digests)) : null;
            int index = 0;
            for (Page p : pages) {
                WebUrl url = WebUrl.parse(p.url);
                long t0 = cpu.getCurrentThreadCpuTime();
                extractor.extract(p.body, null, url, false);
                long t1 = cpu.getCurrentThreadCpuTime();
                ParsedPage parsed = extractor.extract(p.body, null, url, true);
                PageTree tree = parsed.tree();
                long t2 = cpu.getCurrentThreadCpuTime();
                MainContent.Result main = MainContent.of(tree);
                long t3 = cpu.getCurrentThreadCpuTime();
                // the two at once before the two apart on every other page, so that neither finds the tree in the
                // caches more often than the other
                boolean bothFirst = (++index & 1) == 0;
                long b0 = cpu.getCurrentThreadCpuTime();
                MarkdownAndText both = bothFirst ? MarkdownAndText.of(tree, main.roots(), main.leftOut(),
                        main.leftOutOfText(), PageContents.baseUri(tree, p.url)) : null;
                long b1 = cpu.getCurrentThreadCpuTime();
                String markdown = Markdown.of(tree, main.roots(), main.leftOut(), PageContents.baseUri(tree, p.url));
                long t4 = cpu.getCurrentThreadCpuTime();
                String text = PlainText.of(tree, main.roots(), main.leftOut(), main.leftOutOfText());
                long t5 = cpu.getCurrentThreadCpuTime();
                if (!bothFirst) both = MarkdownAndText.of(tree, main.roots(), main.leftOut(),
                        main.leftOutOfText(), PageContents.baseUri(tree, p.url));
                long b2 = cpu.getCurrentThreadCpuTime();
                if (!both.markdown().equals(markdown) || !both.text().equals(text)) {
                    throw new IllegalStateException("Markdown and text at once unlike apart: " + p.url);
                }
                long p0 = cpu.getCurrentThreadCpuTime();
                PageContent page = PageContents.of(tree, p.url, null);
                long p1 = cpu.getCurrentThreadCpuTime();
                if (!page.markdown().equals(markdown) || !page.text().equals(text)) {
                    throw new IllegalStateException("PageContents.of unlike Markdown.of and PlainText.of: " + p.url);
                }
                long k0 = cpu.getCurrentThreadCpuTime();
                PageKind kind = PageKinds.of(200, main, page.textAsWritten(), parsed.facts());
                long k1 = cpu.getCurrentThreadCpuTime();
                long digest = MainTexts.digest(page);
                long k2 = cpu.getCurrentThreadCpuTime();
                if (last) kinds.merge(kind, 1, Integer::sum);
                hashes += digest; // kept, so that the digest is not optimised away
                long t5c = cpu.getCurrentThreadCpuTime();
                int[] length = new int[1];
                byte[] line = JsonLinesSpeed.byHand(p.url, page.textAsWritten(), page.markdownAsWritten(), length);
                long t6 = cpu.getCurrentThreadCpuTime();
                byte[] jackson = JsonLinesSpeed.byJackson(p.url, text, markdown);
                long t7 = cpu.getCurrentThreadCpuTime();
                if (!Arrays.equals(line, 0, length[0], jackson, 0, jackson.length)) {
                    throw new IllegalStateException("JSON unlike jackson's: " + p.url);
                }
                spent[0] += t1 - t0;
                spent[1] += (t2 - t1) - (t1 - t0);
                spent[2] += t3 - t2;
                spent[3] += t4 - b1;
                spent[4] += t5 - t4;
                spent[5] += t6 - t5c;
                spent[6] += t7 - t6;
                spent[7] += (b1 - b0) + (b2 - t5);
                spent[8] += p1 - p0;
                spent[9] += k1 - k0;
                spent[10] += k2 - k1;
                if (out != null) {
                    out.println(p.url + "\t" + main.found() + "\t" + digest(sha, text) + "\t" + digest(sha, markdown));
                }
            }
            if (out != null) out.close();
            System.out.printf("| %d | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.3f | %.3f | %.2f | %.2f |%n",
                    r, spent[0] / 1e9, spent[1] / 1e9, spent[2] / 1e9, spent[3] / 1e9, spent[4] / 1e9, spent[7] / 1e9,
                    spent[8] / 1e9, spent[9] / 1e9, spent[10] / 1e9, spent[5] / 1e9, spent[6] / 1e9);
        }
        System.out.println();
        System.out.println(pages.size() + " pages; kinds (last round): " + kinds + " (" + (hashes & 1) + ")");
    }

    private static String digest(MessageDigest sha, String s) {
        byte[] d = sha.digest(s.getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(d, 0, 8);
    }

    /** Every .html page under root, in path order, with the URL a crawl from prefix gives it. */
    private static void load(List<Page> pages, Path root, String prefix) throws IOException {
        if (!Files.isDirectory(root)) {
            System.err.println("missing (skipped): " + root);
            return;
        }
        try (Stream<Path> files = Files.walk(root, FileVisitOption.FOLLOW_LINKS)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".html")).sorted().toList()) {
                pages.add(new Page(prefix + root.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p)));
            }
        }
    }

    /** Each folder's source.html under dir, as Mozilla Readability's test pages are laid out. */
    private static void loadSources(List<Page> pages, Path dir) throws IOException {
        try (Stream<Path> folders = Files.list(dir)) {
            for (Path d : folders.sorted().toList()) {
                Path source = d.resolve("source.html");
                if (Files.isRegularFile(source)) {
                    pages.add(new Page("http://fakehost/test/" + d.getFileName() + "/", Files.readAllBytes(source)));
                }
            }
        }
    }
}
