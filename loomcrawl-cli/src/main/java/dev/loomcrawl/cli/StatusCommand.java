package dev.loomcrawl.cli;

import dev.loomcrawl.redis.CrawlStatus;
import dev.loomcrawl.redis.ProcessStatus;
import dev.loomcrawl.redis.RedisCrawl;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code loomcrawl status redis://... --crawl-id NAME [--watch]}: one view of a shared crawl, whichever processes
 * work on it: done, queued, in flight, errors and pages/s over all of them, then each process as it last said
 * (alive, ended, or gone: silent for more than 5 s). With {@code --watch}, the view is printed again every second
 * (pages/s then over that second) until the crawl is over.
 */
@Command(name = "status", sortOptions = false, usageHelpAutoWidth = true,
        description = "Print how the shared crawl at the Redis URI stands now, over every process, and each process.",
        footerHeading = "%nExamples:%n",
        footer = {"  loomcrawl status redis://localhost:6379 --crawl-id docs",
                "  loomcrawl status redis://localhost:6379 --crawl-id docs --watch",
                "",
                "Exit codes: 0 printed, 1 Redis unreachable or no such crawl, 2 usage error."})
final class StatusCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "URI", description = "The Redis URI given to 'crawl --frontier'.")
    String uri;

    @Option(names = "--crawl-id", paramLabel = "NAME", required = true, description = "The shared crawl's name.")
    String crawlId;

    @Option(names = "--watch", description = "Print the view again every second until the crawl is over.")
    boolean watch;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Override
    public Integer call() throws InterruptedException {
        Logging.configure(0);
        CommandLine cli = spec.commandLine();
        if (!uri.startsWith("redis://") && !uri.startsWith("rediss://")) {
            throw new CommandLine.ParameterException(cli, "status takes a Redis URI (redis://host:port), not '" + uri
                    + "'");
        }
        PrintWriter out = cli.getOut();
        try (RedisCrawl crawl = RedisCrawl.connect(uri, crawlId)) {
            if (crawl.config().isEmpty()) {
                cli.getErr().println("loomcrawl: " + crawl.describe() + " does not exist");
                return Main.FAILED;
            }
            CrawlStatus before = crawl.status();
            print(out, crawl.describe(), before, null);
            while (watch && !before.finished()) {
                Thread.sleep(1000);
                CrawlStatus now = crawl.status();
                out.println();
                print(out, crawl.describe(), now, before);
                before = now;
            }
        }
        return Main.FINISHED;
    }

    /** The view; with {@code before} (watching), pages/s are over the time since it, else averages. */
    static void print(PrintWriter out, String crawl, CrawlStatus s, CrawlStatus before) {
        long end = s.finished() ? s.finishedMs() : s.nowMs();
        out.println(crawl + (s.finished() ? ": finished after " : ": running for ") + time(end - s.createdMs()));
        double rate = before == null ? s.pagesPerSecond() : rate(s.done() - before.done(), s.nowMs() - before.nowMs());
        out.println(String.format(Locale.ROOT, "%,d done, %,d queued, %,d in flight, %,d errors, %,.1f pages/s",
                s.done(), s.queued(), s.inFlight(), s.errors(), rate));
        out.println(String.format(Locale.ROOT, "%-14s %-6s %-20s %8s %9s %7s %9s %8s %10s", "process", "state", "host",
                "pid", "done", "errors", "in flight", "pages/s", "last seen"));
        Map<String, Long> doneBefore = new HashMap<>();
        if (before != null) before.processes().forEach(p -> doneBefore.put(p.id(), p.done()));
        for (ProcessStatus p : s.processes()) {
            double pRate = before == null || !doneBefore.containsKey(p.id()) ? p.pagesPerSecond()
                    : rate(p.done() - doneBefore.get(p.id()), s.nowMs() - before.nowMs());
            out.println(String.format(Locale.ROOT, "%-14s %-6s %-20s %8d %,9d %,7d %,9d %,8.1f %10s", p.id(), p.state(),
                    p.host(), p.pid(), p.done(), p.errors(), p.state().equals("alive") ? p.inFlight() : 0, pRate,
                    time(Math.max(0, s.nowMs() - p.lastSeenMs())) + " ago"));
        }
        out.flush();
    }

    private static double rate(long pages, long ms) {
        return ms <= 0 ? 0 : pages * 1000.0 / ms;
    }

    private static String time(long ms) {
        long s = ms / 1000;
        if (s < 60) return s + " s";
        if (s < 3600) return String.format(Locale.ROOT, "%dm %02ds", s / 60, s % 60);
        return String.format(Locale.ROOT, "%dh %02dm", s / 3600, s / 60 % 60);
    }
}
