import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;

/**
 * The same crawl run ROUNDS times in one JVM, through the command line's own entry ({@code Main.run}): the first
 * round pays the JVM's warm-up (interpreted code, the JIT's compiles), the later ones do not. Prints one Markdown
 * row a round: the process's CPU seconds and the wall seconds of that round, and the crawl's own time (the report's
 * "Finished ... in"). Run by scripts/bench/warm-crawls.
 *   java -cp loomcrawl.jar:DIR WarmCrawls ROUNDS crawl [options] URL
 */
public final class WarmCrawls {
    public static void main(String[] args) {
        int rounds = Integer.parseInt(args[0]);
        String[] crawl = Arrays.copyOfRange(args, 1, args.length);
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        System.out.println("| round | CPU s | wall s | crawl s (its report) | exit |");
        System.out.println("|---:|---:|---:|---:|---:|");
        for (int round = 1; round <= rounds; round++) {
            long cpu = os.getProcessCpuTime();
            long wall = System.nanoTime();
            StringWriter out = new StringWriter();
            int exit = dev.loomcrawl.cli.Main.run(crawl, new PrintWriter(out), new PrintWriter(new StringWriter()));
            double cpuSeconds = (os.getProcessCpuTime() - cpu) / 1e9;
            double wallSeconds = (System.nanoTime() - wall) / 1e9;
            String own = out.toString().lines().filter(l -> l.startsWith("Finished "))
                    .map(l -> l.replaceAll("^Finished \\d+ urls in ([0-9.]+) secs.*", "$1")).findFirst().orElse("?");
            System.out.printf(Locale.ROOT, "| %d | %.2f | %.2f | %s | %d |%n", round, cpuSeconds, wallSeconds, own, exit);
        }
        System.exit(0); // the crawl's threads are daemons, but the JVM's exit should not wait for the last of them
    }
}
