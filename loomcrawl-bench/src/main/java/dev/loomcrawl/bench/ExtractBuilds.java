package dev.loomcrawl.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The link pass ({@code StreamingLinkExtractor.extract(body, null, url, tree)}) over every 10th page of the JDK 17
 * API docs (as {@link ContentBenchmark} samples them), for two or more builds in one JVM: each build's bench jar in a
 * class loader of its own, reached by reflection on what every build has ({@code StreamingLinkExtractor},
 * {@code WebUrl}, {@code ParsedPage}, {@code PageTree}), so that an older build's jar without this class can be
 * measured. Each build runs the pass twice a round, recording each page's {@code PageTree} as a {@code --content}
 * crawl does and not, as the crawl without content does ({@code --tree} or {@code --no-tree}: only one); the runs take
 * turns every 25 pages, so that the load of other processes on a shared machine falls on all of them alike. Prints
 * each round's thread CPU time per build and mode, the median and the minimum, each median as a share of the first's,
 * each build's time as a share of the first build's in the same round and mode (the median of the rounds'), and what
 * the tree costs each build (the median of the rounds' differences between its two modes). Before timing, every
 * build's trees are compared node by node with the first build's (names, parents, subtree ends, text, attributes),
 * and the links counted: a build that makes something else stops the run.
 *
 * <pre>
 *   java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xmx2g -cp loomcrawl-bench.jar dev.loomcrawl.bench.ExtractBuilds \
 *       [--rounds N] [--warmup N] [--tree|--no-tree] NAME=BENCH_JAR NAME=BENCH_JAR...
 * </pre>
 */
public final class ExtractBuilds {
    /** Pages a run extracts before the next run takes its turn. */
    private static final int SLICE = 25;

    private record Build(String name, Object extractor, Method extract, Object[] urls, Method tree, Method links) {}

    private ExtractBuilds() {}

    public static void main(String[] args) throws Exception {
        int rounds = 16;
        int warmup = 4;
        boolean[] modes = {true, false};
        List<String> specs = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--tree" -> modes = new boolean[]{true};
                case "--no-tree" -> modes = new boolean[]{false};
                default -> specs.add(args[i]);
            }
        }
        if (specs.isEmpty()) throw new IllegalArgumentException("give NAME=BENCH_JAR at least once");
        List<Path> sample = ExtractBenchmark.sample(ExtractBenchmark.JDK_DOCS, 10);
        byte[][] pages = new byte[sample.size()][];
        String[] urls = new String[sample.size()];
        long bytes = 0;
        for (int i = 0; i < pages.length; i++) {
            pages[i] = Files.readAllBytes(sample.get(i));
            urls[i] = "http://127.0.0.1:8017/" + ExtractBenchmark.JDK_DOCS.relativize(sample.get(i));
            bytes += pages[i].length;
        }
        System.out.printf("%d pages, %d bytes%n", pages.length, bytes);
        List<Build> builds = new ArrayList<>();
        for (String spec : specs) builds.add(load(spec, urls));
        for (boolean tree : modes) check(builds, pages, tree);
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        int runs = builds.size() * modes.length; // run k: build k / modes.length, mode k % modes.length
        double[][] ms = new double[runs][rounds];
        for (int r = -warmup; r < rounds; r++) {
            double[] spent = new double[runs];
            // the runs take turns every SLICE pages, not every pass: the load of other processes, which changes over
            // tenths of a second on a shared machine, then falls on every run of a round alike
            for (int from = 0, turn = 0; from < pages.length; from += SLICE, turn++) {
                int to = Math.min(pages.length, from + SLICE);
                for (int i = 0; i < runs; i++) {
                    int k = (turn + i) % runs; // each run goes first in turn
                    Build build = builds.get(k / modes.length);
                    boolean tree = modes[k % modes.length];
                    long t0 = cpu.getCurrentThreadCpuTime();
                    for (int p = from; p < to; p++) {
                        build.extract.invoke(build.extractor, pages[p], null, build.urls[p], tree);
                    }
                    spent[k] += (cpu.getCurrentThreadCpuTime() - t0) / 1e6;
                }
            }
            StringBuilder line = new StringBuilder(r < 0 ? "warm-up" : "round " + r);
            for (int k = 0; k < runs; k++) {
                if (r >= 0) ms[k][r] = spent[k];
                line.append(String.format("  %s%s %.1f", builds.get(k / modes.length).name,
                        modes[k % modes.length] ? "+tree" : "", spent[k]));
            }
            System.out.println(line);
        }
        double first = ContentBuilds.median(ms[0]);
        // a round's runs are seconds apart, so the share of a build's time in the same round and mode as the first
        // build's moves less with the load than either time does
        System.out.println("| build | tree | CPU ms per pass, median | min | share of the first row "
                + "| share of the first build's, the rounds' median |");
        System.out.println("|---|---|---:|---:|---:|---:|");
        for (int k = 0; k < runs; k++) {
            double[] share = new double[rounds];
            for (int r = 0; r < rounds; r++) share[r] = ms[k][r] / ms[k % modes.length][r];
            System.out.printf("| %s | %s | %.1f | %.1f | %.1f%% | %.1f%% |%n", builds.get(k / modes.length).name,
                    modes[k % modes.length], ContentBuilds.median(ms[k]), Arrays.stream(ms[k]).min().orElse(0),
                    100 * ContentBuilds.median(ms[k]) / first, 100 * ContentBuilds.median(share));
        }
        if (modes.length == 2) { // what recording the tree costs: the rounds' differences, which the load shifts less
            for (int b = 0; b < builds.size(); b++) {
                double[] cost = new double[rounds];
                for (int r = 0; r < rounds; r++) cost[r] = ms[2 * b][r] - ms[2 * b + 1][r];
                System.out.printf("%s: the tree costs %.1f ms per pass (median of the rounds' differences)%n",
                        builds.get(b).name, ContentBuilds.median(cost));
            }
        }
    }

    private static Build load(String spec, String[] urls) throws Exception {
        ClassLoader loader = ContentBuilds.loaderOf(spec);
        Class<?> extractorType = Class.forName("dev.loomcrawl.extract.StreamingLinkExtractor", true, loader);
        Class<?> urlType = Class.forName("dev.loomcrawl.url.WebUrl", true, loader);
        Class<?> pageType = Class.forName("dev.loomcrawl.extract.ParsedPage", true, loader);
        Method parse = urlType.getMethod("parse", String.class);
        Object[] parsed = new Object[urls.length];
        for (int i = 0; i < urls.length; i++) parsed[i] = parse.invoke(null, urls[i]);
        Method extract = extractorType.getMethod("extract", byte[].class, String.class, urlType, boolean.class);
        return new Build(ContentBuilds.nameOf(spec), extractorType.getConstructor().newInstance(), extract, parsed,
                pageType.getMethod("tree"), pageType.getMethod("links"));
    }

    /** Fails unless every build finds as many links and records the same trees as the first. */
    private static void check(List<Build> builds, byte[][] pages, boolean tree) throws Exception {
        for (int i = 0; i < pages.length; i++) {
            String expected = null;
            for (Build b : builds) {
                Object page = b.extract.invoke(b.extractor, pages[i], null, b.urls[i], tree);
                String made = ((List<?>) b.links.invoke(page)).size() + " links\n" + describe(b.tree.invoke(page));
                if (expected == null) {
                    expected = made;
                } else if (!expected.equals(made)) {
                    throw new IllegalStateException(b.name + " made something else of " + b.urls[i]);
                }
            }
        }
        System.out.println("every build made the same links" + (tree ? " and trees" : ""));
    }

    /** The tree node by node, through the accessors every build has; "" for none. */
    private static String describe(Object tree) throws Exception {
        if (tree == null) return "";
        Class<?> t = tree.getClass();
        Method size = t.getMethod("size");
        Method parent = t.getMethod("parent", int.class);
        Method end = t.getMethod("end", int.class);
        Method name = t.getMethod("name", int.class);
        Method text = t.getMethod("textOf", int.class);
        Method attributes = t.getMethod("attributes", int.class);
        Method attributeName = t.getMethod("attributeName", int.class, int.class);
        Method attributeValue = t.getMethod("attributeValue", int.class, int.class);
        StringBuilder s = new StringBuilder();
        for (int n = 0, count = (int) size.invoke(tree); n < count; n++) {
            Object nodeName = name.invoke(tree, n);
            s.append(parent.invoke(tree, n)).append(' ').append(end.invoke(tree, n)).append(' ');
            if (nodeName == null) {
                s.append('"').append(text.invoke(tree, n)).append('"');
            } else {
                s.append(nodeName);
                for (int a = 0, k = (int) attributes.invoke(tree, n); a < k; a++) {
                    s.append(' ').append(attributeName.invoke(tree, n, a)).append('=')
                            .append(attributeValue.invoke(tree, n, a));
                }
            }
            s.append('\n');
        }
        return s.toString();
    }
}
