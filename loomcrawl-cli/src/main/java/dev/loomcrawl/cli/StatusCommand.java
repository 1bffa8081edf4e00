package dev.loomcrawl.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.loomcrawl.redis.CrawlStatus;
import dev.loomcrawl.redis.ProcessStatus;
import dev.loomcrawl.redis.RedisCrawl;
import dev.loomcrawl.result.Printable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code loomcrawl status redis://... --crawl-id NAME [--watch]}: one view of a shared crawl, whichever processes
 * work on it: done, queued, in flight, errors and pages/s over all of them, then each process as it last said
 * (alive, ended, or gone: silent for more than 5 s). With {@code --watch}, the view is printed again every second
 * (pages/s then over that second) until the crawl is over and each process has said its last word
 * ({@link dev.loomcrawl.redis.CrawlStatus#settled}); with {@code --json}, as one JSON object on a line.
 */
@Command(name = "status", sortOptions = false, usageHelpAutoWidth = true,
        description = {"Print how a shared crawl (at a Redis URI) stands now.",
                "It says how the crawl stands over every process, then each process's part."},
        footerHeading = "%nExamples:%n",
        footer = {"  loomcrawl status redis://localhost:6379 --crawl-id docs",
                "  loomcrawl status redis://localhost:6379 --crawl-id docs --watch",
                "  loomcrawl status redis://localhost:6379 --crawl-id docs --json",
                "",
                "Exit codes: 0 printed, 1 Redis unreachable or no such crawl, 2 usage error."})
final class StatusCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "URI", description = "The Redis URI given to 'crawl --frontier'.")
    String uri;

    @Option(names = "--crawl-id", paramLabel = "NAME", required = true, description = "The shared crawl's name.")
    String crawlId;

    @Option(names = "--watch", description = "Print the view again every second until the crawl is over and each "
            + "process has ended or gone (at most 5 s more).")
    boolean watch;

    @Option(names = "--json", description = "Print the view as one JSON object on one line (snake_case keys, as "
            + "the records'); with --watch, one a second (JSON Lines).")
    boolean json;

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
            show(out, crawl.describe(), before, null);
            while (watch && !before.settled()) { // until each process has said its last word too
                Thread.sleep(1000);
                CrawlStatus now = crawl.status();
                if (!json) out.println();
                show(out, crawl.describe(), now, before);
                before = now;
            }
        }
        return Main.FINISHED;
    }

    private void show(PrintWriter out, String describe, CrawlStatus s, CrawlStatus before) {
        if (json) printJson(out, crawlId, s, before);
        else print(out, describe, s, before);
    }

    /** Host and pid of a process, in one column: a long host name is cut, the pid never. */
    static final int HOST_PID = 15;

    /**
     * The view; with {@code before} (watching), pages/s are over the time since it, else averages. A process's row
     * fits 79 columns, so that an 80-column terminal does not wrap it.
     */
    static void print(PrintWriter out, String crawl, CrawlStatus s, CrawlStatus before) {
        long end = s.finished() ? s.finishedMs() : s.nowMs();
        out.println(crawl + (s.finished() ? ": finished after " : ": running for ") + time(end - s.createdMs()));
        out.println(String.format(Locale.ROOT, "%,d done, %,d queued, %,d in flight, %,d errors, %,.1f pages/s",
                s.done(), s.queued(), s.inFlight(), s.errors(), rate(s, before)));
        String row = "%-13s %-5s %-" + HOST_PID + "s %8s %6s %9s %7s %9s";
        out.println(String.format(Locale.ROOT, row, "process", "state", "host:pid", "done", "errors", "in flight",
                "pages/s", "last seen"));
        Map<String, Double> rates = rates(s, before);
        for (ProcessStatus p : s.processes()) {
            out.println(String.format(Locale.ROOT, row, p.id(), p.state(), hostPid(p),
                    String.format(Locale.ROOT, "%,d", p.done()), String.format(Locale.ROOT, "%,d", p.errors()),
                    String.format(Locale.ROOT, "%,d", inFlight(p)),
                    String.format(Locale.ROOT, "%,.1f", rates.get(p.id())),
                    ago(Math.max(0, s.nowMs() - p.lastSeenMs()))));
        }
        out.flush();
    }

    /**
     * The view as one JSON object on one line: the crawl's counts, then each process's. Times are ISO-8601 UTC;
     * {@code finished_at} is null while the crawl runs.
     */
    static void printJson(PrintWriter out, String crawlId, CrawlStatus s, CrawlStatus before) {
        Map<String, Double> rates = rates(s, before);
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeStringField("crawl_id", crawlId);
            g.writeBooleanField("finished", s.finished());
            long end = s.finished() ? s.finishedMs() : s.nowMs();
            g.writeNumberField("seconds", Math.max(0, end - s.createdMs()) / 1000.0);
            g.writeNumberField("done", s.done());
            g.writeNumberField("queued", s.queued());
            g.writeNumberField("in_flight", s.inFlight());
            g.writeNumberField("errors", s.errors());
            g.writeNumberField("pages_per_second", round(rate(s, before)));
            g.writeStringField("created_at", Instant.ofEpochMilli(s.createdMs()).toString());
            if (s.finished()) g.writeStringField("finished_at", Instant.ofEpochMilli(s.finishedMs()).toString());
            else g.writeNullField("finished_at");
            g.writeArrayFieldStart("processes");
            for (ProcessStatus p : s.processes()) {
                g.writeStartObject();
                g.writeStringField("id", p.id());
                g.writeStringField("state", p.state());
                g.writeStringField("host", p.host());
                g.writeNumberField("pid", p.pid());
                g.writeNumberField("done", p.done());
                g.writeNumberField("errors", p.errors());
                g.writeNumberField("in_flight", inFlight(p));
                g.writeNumberField("pages_per_second", round(rates.get(p.id())));
                g.writeStringField("started_at", Instant.ofEpochMilli(p.startedMs()).toString());
                g.writeStringField("last_seen_at", Instant.ofEpochMilli(p.lastSeenMs()).toString());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.println();
        out.flush();
    }

    /** The crawl's pages/s: over the time since {@code before} (watching), else since it was created. */
    private static double rate(CrawlStatus s, CrawlStatus before) {
        return before == null ? s.pagesPerSecond() : rate(s.done() - before.done(), s.nowMs() - before.nowMs());
    }

    /** Each process's pages/s, by id, as {@link #rate(CrawlStatus, CrawlStatus)} has the crawl's. */
    private static Map<String, Double> rates(CrawlStatus s, CrawlStatus before) {
        Map<String, Long> doneBefore = new HashMap<>();
        if (before != null) before.processes().forEach(p -> doneBefore.put(p.id(), p.done()));
        Map<String, Double> rates = new HashMap<>();
        for (ProcessStatus p : s.processes()) {
            rates.put(p.id(), before == null || !doneBefore.containsKey(p.id()) ? p.pagesPerSecond()
                    : rate(p.done() - doneBefore.get(p.id()), s.nowMs() - before.nowMs()));
        }
        return rates;
    }

    /** Visits a process holds: none once it ended or is gone (its last word may have been mid-crawl). */
    private static int inFlight(ProcessStatus p) {
        return p.state().equals("alive") ? p.inFlight() : 0;
    }

    private static double round(double rate) {
        return Math.round(rate * 10) / 10.0;
    }

    /** {@code host:pid} in {@link #HOST_PID} columns: a longer host name is cut, ending in '~'. */
    static String hostPid(ProcessStatus p) {
        String pid = ":" + p.pid();
        String host = Printable.line(p.host());
        int room = HOST_PID - pid.length();
        if (host.length() > room) host = host.substring(0, Math.max(0, room - 1)) + "~";
        return host + pid;
    }

    /** How long ago, in at most 9 columns: seconds under a minute, then minutes, then hours. */
    private static String ago(long ms) {
        long s = ms / 1000;
        if (s < 60) return s + " s ago";
        if (s < 3600) return s / 60 + "m ago";
        return Math.min(s / 3600, 99_999) + "h ago";
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
