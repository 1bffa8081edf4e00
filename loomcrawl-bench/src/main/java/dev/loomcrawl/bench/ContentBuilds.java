package dev.loomcrawl.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@link ContentBenchmark}'s pass, for two or more builds in one JVM, alternating round by round: each build's bench
 * jar in a class loader of its own, so that the load of other processes on a shared machine falls on every build
 * alike, which separate JMH runs minutes apart do not give. Prints each round's thread CPU time per build, then the
 * median and the minimum, and each build's median as a share of the first's; and whether the builds made the same
 * thing (the sum of the pages' main-text digests and content lines' lengths: a quick check, not a byte comparison).
 *
 * <pre>
 *   java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xmx3g -cp loomcrawl-bench.jar dev.loomcrawl.bench.ContentBuilds \
 *       [--rounds N] [--warmup N] NAME=BENCH_JAR NAME=BENCH_JAR...
 * </pre>
 */
public final class ContentBuilds {
    private record Build(String name, Object bench, Object counter, Method pass) {}

    private ContentBuilds() {}

    public static void main(String[] args) throws Exception {
        int rounds = 10;
        int warmup = 3;
        List<Build> builds = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                default -> builds.add(load(args[i]));
            }
        }
        if (builds.size() < 1) throw new IllegalArgumentException("give NAME=BENCH_JAR at least once");
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        double[][] ms = new double[builds.size()][rounds];
        long[] sums = new long[builds.size()]; // what a pass makes: its digests and line lengths added up
        for (int r = -warmup; r < rounds; r++) {
            StringBuilder line = new StringBuilder(r < 0 ? "warm-up" : "round " + r);
            for (int b = 0; b < builds.size(); b++) {
                // every other round in the other order, so that no build always runs after the same one
                int k = (r & 1) == 0 ? b : builds.size() - 1 - b;
                Build build = builds.get(k);
                long t0 = cpu.getCurrentThreadCpuTime();
                long made = (long) build.pass.invoke(build.bench, build.counter);
                double spent = (cpu.getCurrentThreadCpuTime() - t0) / 1e6;
                if (sums[k] != made && sums[k] != 0) {
                    throw new IllegalStateException(build.name + " changed its output");
                }
                sums[k] = made;
                if (r >= 0) ms[k][r] = spent;
                line.append(String.format("  %s %.1f", build.name, spent));
            }
            System.out.println(line);
        }
        System.out.println("what a pass makes (digests and line lengths added up): " + Arrays.toString(sums)
                + (Arrays.stream(sums).distinct().count() == 1 ? ", the same for every build" : ", NOT the same"));
        double first = median(ms[0]);
        System.out.println("| build | CPU ms per pass, median | min | share of " + builds.get(0).name + " |");
        System.out.println("|---|---:|---:|---:|");
        for (int b = 0; b < builds.size(); b++) {
            System.out.printf("| %s | %.1f | %.1f | %.1f%% |%n", builds.get(b).name, median(ms[b]),
                    Arrays.stream(ms[b]).min().orElse(0), 100 * median(ms[b]) / first);
        }
    }

    private static Build load(String spec) throws Exception {
        ClassLoader loader = loaderOf(spec);
        Class<?> type = Class.forName(ContentBenchmark.class.getName(), true, loader);
        Class<?> counterType = Class.forName(ContentBenchmark.CpuTime.class.getName(), true, loader);
        Object bench = type.getConstructor().newInstance();
        type.getMethod("load").invoke(bench);
        Object counter = counterType.getConstructor().newInstance();
        return new Build(nameOf(spec), bench, counter, type.getMethod("pass", counterType));
    }

    /** The NAME of a NAME=BENCH_JAR argument. */
    static String nameOf(String spec) {
        int eq = spec.indexOf('=');
        if (eq < 1) throw new IllegalArgumentException("not NAME=BENCH_JAR: " + spec);
        return spec.substring(0, eq);
    }

    /** A class loader of its own for the BENCH_JAR of a NAME=BENCH_JAR argument (over the platform's classes only). */
    static ClassLoader loaderOf(String spec) throws Exception {
        URL jar = Path.of(spec.substring(nameOf(spec).length() + 1)).toUri().toURL();
        return new URLClassLoader(new URL[]{jar}, ClassLoader.getPlatformClassLoader());
    }

    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }
}
