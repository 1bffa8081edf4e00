package dev.loomcrawl.bench;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.limits.LimitSettings;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.run.CrawlRunner;
import dev.loomcrawl.run.Ended;
import dev.loomcrawl.run.RunningCrawl;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Issue 67's measure of a focused crawl: for each question of a set (site, kind, question, answer pages; this
 * module's resource {@code questions/focus.tsv}), the place in the crawl's order at which an answer page was fetched,
 * for a crawl focused on the question ({@code --focus}, a budget of {@code --budget} pages, never stopping early) and
 * for a breadth-first crawl of the whole site (one per site: its order does not depend on the question); and the
 * requests each made (every fetch: the pages, robots.txt). Prints the share of questions answered within 25, 50, 100
 * and 200 pages, by site and by kind, and each question's places.
 *
 * <pre>java -cp loomcrawl-bench.jar dev.loomcrawl.bench.FocusQuality SITE=ROOT... [--questions FILE]
 *     [--budget N] [--no-model] [--focused-only] [--kind lexical|paraphrase|deep]</pre>
 * {@code --no-model}: the focused crawls judge by the question's words only ({@code focus-words-only}), not with the
 * embedding model on the class path; {@code --focused-only}: no breadth-first crawls (their order does not change
 * from run to run); {@code --kind}: only the questions of that kind. It prints what the focused crawls cost: CPU and
 * wall seconds each, and the process's peak resident memory.
 * Each SITE=ROOT names a site of the set and its start page (python=http://127.0.0.1:8011/index.html); the answer
 * pages' paths are under the start page's origin.
 */
public final class FocusQuality {
    static final int[] WITHIN = {25, 50, 100, 200};

    record Question(String site, String kind, String text, Set<String> answers) {}

    /** A crawl's pages in the order they finished, and the requests it made. */
    record Crawl(List<String> order, long requests, double seconds) {
        /** The 1-based place of the first answer page fetched, or 0 when none was. */
        int place(String base, Set<String> answers) {
            for (int i = 0; i < order.size(); i++) {
                String u = order.get(i);
                if (u.startsWith(base) && answers.contains(u.substring(base.length()))) return i + 1;
            }
            return 0;
        }
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> roots = new LinkedHashMap<>();
        String file = null;
        int budget = 200;
        boolean model = true;
        boolean breadth = true; // false: the breadth-first crawls are left out (their order is the same every run)
        String kind = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--questions" -> file = args[++i];
                case "--budget" -> budget = Integer.parseInt(args[++i]);
                case "--no-model" -> model = false;
                case "--focused-only" -> breadth = false;
                case "--kind" -> kind = args[++i];
                default -> {
                    String[] kv = args[i].split("=", 2);
                    roots.put(kv[0], kv[1]);
                }
            }
        }
        String onlyKind = kind;
        List<Question> questions = questions(file).stream().filter(q -> roots.containsKey(q.site()))
                .filter(q -> onlyKind == null || q.kind().equals(onlyKind)).toList();
        Map<String, Crawl> breadthFirst = new LinkedHashMap<>();
        for (String site : breadth ? roots.keySet() : Set.<String>of()) {
            Crawl c = crawl(roots.get(site), null, -1, false);
            breadthFirst.put(site, c);
            System.out.printf(Locale.ROOT, "breadth-first %s: %d pages, %d requests, %.1f s%n", site, c.order().size(),
                    c.requests(), c.seconds());
        }
        System.out.println("site\tkind\tquestion\tfocused place\tbreadth-first place\tfocused requests\tfocused s"
                + "\tfocused CPU s");
        Cost cost = new Cost();
        Map<String, int[][]> byGroup = new TreeMap<>(); // group -> [focused, bfs][within index], plus count
        Map<String, long[]> requests = new TreeMap<>();
        for (Question q : questions) {
            String root = roots.get(q.site());
            String base = root.substring(0, root.indexOf('/', root.indexOf("://") + 3) + 1);
            double cpu = Cost.cpuSeconds();
            Crawl focused = crawl(root, q.text(), budget, model);
            cpu = Cost.cpuSeconds() - cpu;
            cost.add(focused.seconds(), cpu);
            int f = focused.place(base, q.answers());
            Crawl bfs = breadthFirst.get(q.site());
            int b = bfs == null ? 0 : bfs.place(base, q.answers());
            System.out.printf(Locale.ROOT, "%s\t%s\t%s\t%s\t%s\t%d\t%.2f\t%.2f%n", q.site(), q.kind(), q.text(),
                    f == 0 ? "-" : f, b == 0 ? "-" : b, focused.requests(), focused.seconds(), cpu);
            for (String group : List.of("all", "site " + q.site(), "kind " + q.kind())) {
                int[][] g = byGroup.computeIfAbsent(group, k -> new int[3][WITHIN.length + 1]);
                g[2][0]++;
                for (int w = 0; w < WITHIN.length; w++) {
                    if (f > 0 && f <= WITHIN[w]) g[0][w]++;
                    if (b > 0 && b <= WITHIN[w]) g[1][w]++;
                }
                if (b > 0) g[1][WITHIN.length]++; // the whole site, breadth-first
                if (f > 0) g[0][WITHIN.length]++;
                long[] r = requests.computeIfAbsent(group, k -> new long[2]);
                r[0] += focused.requests();
                r[1] += bfs == null ? 0 : bfs.requests();
            }
        }
        System.out.println();
        System.out.println(cost.summary(model));
        System.out.println("| questions | n | focused ≤25 | ≤50 | ≤100 | ≤200 | breadth-first ≤25 | ≤50 | ≤100 | ≤200 "
                + "| whole site | focused requests | breadth-first requests (whole site) |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (Map.Entry<String, int[][]> e : byGroup.entrySet()) {
            int[][] g = e.getValue();
            int n = g[2][0];
            StringBuilder row = new StringBuilder("| " + e.getKey() + " | " + n);
            for (int w = 0; w < WITHIN.length; w++) row.append(" | ").append(pct(g[0][w], n));
            for (int w = 0; w < WITHIN.length; w++) row.append(" | ").append(pct(g[1][w], n));
            row.append(" | ").append(pct(g[1][WITHIN.length], n));
            long[] r = requests.get(e.getKey());
            row.append(" | ").append(r[0] / n).append(" | ").append(r[1] / n).append(" |");
            System.out.println(row);
        }
    }

    private static String pct(int k, int n) {
        return String.format(Locale.ROOT, "%d%%", Math.round(100.0 * k / n));
    }

    /** A crawl from {@code root}, focused on {@code question} (null: breadth-first), of at most {@code pages}. */
    static Crawl crawl(String root, String question, int pages, boolean model) {
        CrawlConfig.Builder b = CrawlConfig.builder().root(root)
                .limits(LimitSettings.defaults().toBuilder().maxPages(pages).build());
        if (question != null) b.focus(question).focusPatience(-1).focusModel(model);
        List<String> order = new ArrayList<>();
        Set<String> origins = new LinkedHashSet<>();
        long start = System.nanoTime();
        try (RunningCrawl run = CrawlRunner.of(b.build()).listener(f -> {
            CrawlRecord r = f.record();
            synchronized (order) {
                order.add(r.url().toString());
                origins.add(r.url().origin().toString());
            }
        }).start()) {
            Ended ended = run.crawl();
            if (ended instanceof Ended.Failed failed) throw failed.failure();
            long fetched;
            synchronized (order) {
                fetched = order.size() + origins.size(); // each URL recorded, and each origin's robots.txt
            }
            return new Crawl(List.copyOf(order), fetched, (System.nanoTime() - start) / 1e9);
        }
    }

    /** What the focused crawls cost: wall and CPU seconds (the whole process's), and the heap in use at most. */
    static final class Cost {
        private final List<double[]> crawls = new ArrayList<>();
        private long heap;

        static double cpuSeconds() {
            return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                    .getOperatingSystemMXBean()).getProcessCpuTime() / 1e9;
        }

        void add(double wall, double cpu) {
            crawls.add(new double[] {wall, cpu});
            Runtime r = Runtime.getRuntime();
            heap = Math.max(heap, r.totalMemory() - r.freeMemory());
        }

        String summary(boolean model) {
            double wall = 0, cpu = 0, first = crawls.isEmpty() ? 0 : crawls.getFirst()[1];
            for (double[] c : crawls) {
                wall += c[0];
                cpu += c[1];
            }
            int n = Math.max(1, crawls.size());
            return String.format(Locale.ROOT, "focused crawls (%s): %d, on average %.2f s wall, %.2f CPU s; the first "
                    + "(with the model's loading, if any) %.2f CPU s; heap in use at most %d MB (sampled after each, "
                    + "garbage included); the process's peak resident memory %s",
                    model ? "with the model, if installed" : "without the model", crawls.size(), wall / n, cpu / n,
                    first, heap >> 20, peakResident());
        }

        /** The process's peak resident set (Linux's VmHWM), or "unknown". */
        static String peakResident() {
            try {
                for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/status"))) {
                    if (line.startsWith("VmHWM:")) return line.substring(6).strip();
                }
            } catch (IOException | RuntimeException e) {
                // not Linux: said so below
            }
            return "unknown";
        }
    }

    static List<Question> questions(String file) throws IOException {
        List<Question> out = new ArrayList<>();
        for (String[] f : QuestionSets.rows(file, "/questions/focus.tsv")) {
            out.add(new Question(f[0], f[1], f[2], new LinkedHashSet<>(Arrays.asList(f[3].split(" ")))));
        }
        return out;
    }
}
