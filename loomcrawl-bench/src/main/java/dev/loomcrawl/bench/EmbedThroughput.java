package dev.loomcrawl.bench;

import dev.loomcrawl.store.sqlite.Embedder;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * What the embedding model costs a focused crawl (issue 67): texts embedded a second by {@code Embedder.passages},
 * in batches, for the texts a focused crawl would embed: link texts (a few words) and paragraphs of main text cut at
 * 400 and 1,500 characters, taken from the HTML pages under a folder; and the heap in use after.
 *
 * <pre>java -cp loomcrawl-bench.jar dev.loomcrawl.bench.EmbedThroughput DIR [TEXTS] [BATCH]</pre>
 */
public final class EmbedThroughput {
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 256;
        int batch = args.length > 2 ? Integer.parseInt(args[2]) : 32;
        List<String> anchors = new ArrayList<>();
        List<String> paragraphs = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".html")).sorted().toList()) {
                Document d = Jsoup.parse(f.toFile(), "UTF-8");
                for (Element a : d.select("a[href]")) if (a.text().length() > 3) anchors.add(a.text());
                for (Element p : d.select("p")) if (p.text().length() > 300) paragraphs.add(p.text());
                if (anchors.size() >= n && paragraphs.size() >= n) break;
            }
        }
        Embedder model = Embedder.find().orElseThrow(() -> new IllegalStateException("no embedding model"));
        model.passages(List.of("warm up")); // loads the model
        measure(model, "link texts", anchors.subList(0, Math.min(n, anchors.size())), batch, Integer.MAX_VALUE);
        measure(model, "paragraphs cut at 400 chars", paragraphs.subList(0, Math.min(n, paragraphs.size())), batch,
                400);
        measure(model, "paragraphs cut at 1500 chars", paragraphs.subList(0, Math.min(n / 4, paragraphs.size())),
                batch, 1500);
        Runtime rt = Runtime.getRuntime();
        System.out.printf(Locale.ROOT, "heap in use after: %d MB%n", (rt.totalMemory() - rt.freeMemory()) >> 20);
    }

    private static void measure(Embedder model, String what, List<String> texts, int batch, int cut) {
        List<String> cutTexts = texts.stream().map(t -> t.length() > cut ? t.substring(0, cut) : t).toList();
        long chars = cutTexts.stream().mapToLong(String::length).sum();
        long start = System.nanoTime();
        long cpu = cpu();
        for (int i = 0; i < cutTexts.size(); i += batch) {
            model.passages(cutTexts.subList(i, Math.min(cutTexts.size(), i + batch)));
        }
        double s = (System.nanoTime() - start) / 1e9;
        double cpuS = (cpu() - cpu) / 1e9;
        System.out.printf(Locale.ROOT, "%s: %d texts (%d chars each on average), batches of %d: %.1f texts/s "
                + "(%.2f s, %.2f CPU s)%n", what, cutTexts.size(), chars / Math.max(1, cutTexts.size()), batch,
                cutTexts.size() / s, s, cpuS);
    }

    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
