package dev.loomcrawl.bench;

import dev.loomcrawl.store.sqlite.ChunkIndex;
import dev.loomcrawl.store.sqlite.Embedder;
import dev.loomcrawl.store.sqlite.SearchMode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Issue 66's relevance measure: recall@1 and recall@5 of a question set (a kind, a question, its answer pages; the
 * Python docs' set is this module's resource {@code questions/python-docs.tsv}) over a crawl's chunk index, by kind,
 * for BM25 alone, dense alone and fused; and each mode's query latency (p50, p99, max; first page of 10 hits, the
 * query embedded in each). A page counts once: the ranking of chunks is read as a ranking of the distinct pages
 * (URL without its fragment) in their order; a question is answered at k when one of its answer pages is among the
 * first k. The index is caught up with the chunks file and its chunks embedded first (timed, when there are any
 * without a vector).
 *
 * <pre>java -cp loomcrawl-bench.jar dev.loomcrawl.bench.SearchQuality CHUNKS INDEX ROOT [QUESTIONS.tsv]
 *     [--passes P] [--latency-only] [--slowest N]</pre>
 * ROOT is the URL the answer pages' paths are under (http://127.0.0.1:8011/ for the Python docs). With
 * {@code --slowest N}, each mode's N slowest questions follow its latency line (each question's slowest pass).
 */
public final class SearchQuality {
    private static final int DEPTH = 50;

    record Question(String kind, String text, Set<String> answers) {}

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: SearchQuality CHUNKS INDEX ROOT [QUESTIONS.tsv] [--passes P] [--latency-only]"
                    + " [--slowest N]");
            System.exit(2);
        }
        Path chunks = Path.of(args[0]);
        Path indexFile = Path.of(args[1]);
        String root = args[2];
        List<String> rest = Arrays.asList(args).subList(3, args.length);
        String questionsFile = rest.isEmpty() || rest.getFirst().startsWith("--") ? null : rest.getFirst();
        int passes = rest.contains("--passes") ? Integer.parseInt(rest.get(rest.indexOf("--passes") + 1)) : 5;
        boolean latencyOnly = rest.contains("--latency-only");
        int slowest = rest.contains("--slowest") ? Integer.parseInt(rest.get(rest.indexOf("--slowest") + 1)) : 0;
        List<Question> questions = questions(questionsFile);
        Embedder model = Embedder.find().orElseThrow(() -> new IllegalStateException("no embedding model"));
        try (ChunkIndex index = ChunkIndex.open(indexFile, model)) {
            long start = System.nanoTime();
            long chunksIndexed = index.catchUp(chunks);
            double textSeconds = (System.nanoTime() - start) / 1e9;
            long missing = index.unembedded();
            start = System.nanoTime();
            index.embed(Long.MAX_VALUE, done -> {});
            double embedSeconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(Locale.ROOT, "index: %,d chunks (text caught up in %.1f s); embedded %,d in %.1f s%s;"
                    + " file %.1f MB%n", chunksIndexed, textSeconds, missing, embedSeconds,
                    missing == 0 ? "" : String.format(Locale.ROOT, " (%.1f chunks/s)", missing / embedSeconds),
                    Files.size(indexFile) / 1e6);
            if (!latencyOnly) recall(index, questions, root);
            latency(index, questions, passes, slowest);
            long[] times = new long[questions.size() * passes];
            int n = 0;
            for (int p = 0; p < passes; p++) {
                for (Question q : questions) {
                    long at = System.nanoTime();
                    model.query(q.text());
                    times[n++] = System.nanoTime() - at;
                }
            }
            Arrays.sort(times);
            System.out.printf(Locale.ROOT, "the query's vector alone: p50 %.1f ms, p99 %.1f ms (%d queries)%n",
                    times[n / 2] / 1e6, times[(int) Math.ceil(n * 0.99) - 1] / 1e6, n);
        }
    }

    private static void recall(ChunkIndex index, List<Question> questions, String root) {
        Map<String, int[]> counts = new LinkedHashMap<>(); // kind+mode -> {questions, at1, at5}
        List<String> kinds = new ArrayList<>(new LinkedHashSet<>(questions.stream().map(Question::kind).toList()));
        kinds.add("all");
        for (Question q : questions) {
            for (SearchMode mode : SearchMode.values()) {
                List<String> pages = pages(index.search(q.text(), DEPTH, null, mode), root);
                int rank = 0;
                for (int i = 0; i < pages.size() && rank == 0; i++) {
                    if (q.answers().contains(pages.get(i))) rank = i + 1;
                }
                for (String kind : List.of(q.kind(), "all")) {
                    int[] c = counts.computeIfAbsent(kind + " " + mode.label(), k -> new int[3]);
                    c[0]++;
                    if (rank == 1) c[1]++;
                    if (rank >= 1 && rank <= 5) c[2]++;
                }
                if (mode == SearchMode.FUSED && (rank == 0 || rank > 5)) {
                    System.out.printf(Locale.ROOT, "  fused misses (rank %s): [%s] %s -> %s%n",
                            rank == 0 ? "-" : rank, q.kind(), q.text(), pages.subList(0, Math.min(3, pages.size())));
                }
            }
        }
        System.out.println("| kind | questions | BM25 r@1 | BM25 r@5 | dense r@1 | dense r@5 | fused r@1 "
                + "| fused r@5 |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        for (String kind : kinds) {
            StringBuilder row = new StringBuilder("| " + kind + " | " + counts.get(kind + " fused")[0]);
            for (SearchMode m : List.of(SearchMode.LEXICAL, SearchMode.DENSE, SearchMode.FUSED)) {
                int[] c = counts.get(kind + " " + m.label());
                row.append(String.format(Locale.ROOT, " | %.2f | %.2f", c[1] / (double) c[0], c[2] / (double) c[0]));
            }
            System.out.println(row.append(" |"));
        }
    }

    /** The distinct pages of a ranking, as paths under root, in order. */
    private static List<String> pages(ChunkIndex.Page page, String root) {
        Set<String> seen = new LinkedHashSet<>();
        for (ChunkIndex.Hit h : page.hits()) {
            String url = h.url();
            int hash = url.indexOf('#');
            if (hash >= 0) url = url.substring(0, hash);
            seen.add(url.startsWith(root) ? url.substring(root.length()) : url);
        }
        return new ArrayList<>(seen);
    }

    private static void latency(ChunkIndex index, List<Question> questions, int passes, int slowest) {
        for (SearchMode mode : SearchMode.values()) {
            for (Question q : questions) index.search(q.text(), 10, null, mode); // warm up
            long[] times = new long[questions.size() * passes];
            Map<String, Long> worst = new HashMap<>();
            int n = 0;
            for (int p = 0; p < passes; p++) {
                for (Question q : questions) {
                    long start = System.nanoTime();
                    index.search(q.text(), 10, null, mode);
                    long took = System.nanoTime() - start;
                    times[n++] = took;
                    worst.merge(q.text(), took, Math::max);
                }
            }
            Arrays.sort(times);
            System.out.printf(Locale.ROOT, "latency %s: p50 %.1f ms, p99 %.1f ms, max %.1f ms (%d queries)%n",
                    mode.label(), times[n / 2] / 1e6, times[(int) Math.ceil(n * 0.99) - 1] / 1e6,
                    times[n - 1] / 1e6, n);
            worst.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(slowest)
                    .forEach(e -> System.out.printf(Locale.ROOT, "  %.1f ms  %s%n", e.getValue() / 1e6, e.getKey()));
        }
    }

    static List<Question> questions(String file) throws IOException {
        List<Question> out = new ArrayList<>();
        for (String[] f : QuestionSets.rows(file, "/questions/python-docs.tsv")) {
            out.add(new Question(f[0], f[1], new LinkedHashSet<>(Arrays.asList(f[2].split(" ")))));
        }
        return out;
    }
}
