package dev.loomcrawl.report;

import dev.loomcrawl.reason.Limit;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.result.Printable;

import java.io.PrintWriter;
import java.io.Writer;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The seed's text report: {@code *** Report ***}, one line per finished URL sorted by URL, the "Finished"
 * line, the counters sorted by name, then the ledger (every URL discovered is recorded, dropped or still
 * queued), Todo, Done and Date. Beyond the seed's counters: {@code dropped_<reason>} (URLs not queued),
 * {@code queued_<limit>} (URLs still queued when a budget such as max-pages stopped the crawl: the ledger's
 * queued column, which the summary counts as dropped by that budget), {@code unfollowed_<reason>} (links not
 * followed), {@code robots_<directive>} (pages with robots directives), {@code skip_<reason>}, {@code fail_<kind>}
 * and {@code not_modified} (304s to a re-crawl's conditional GET: not errors, whatever their content type).
 *
 * <p>The report without its URL lines (a terminal's, where they would flood the screen) is written in the same
 * pass as the whole one ({@link #write(Consumer, CrawlSummary, List, List)}): counted from the same records, the
 * two say the same.
 */
public final class TextReport {
    private static final DateTimeFormatter CTIME = DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.US);

    private TextReport() {}

    public static void write(Collection<CrawlRecord> records, CrawlSummary summary, Writer writer) {
        List<CrawlRecord> sorted = new ArrayList<>(records);
        sorted.sort(Comparator.comparing(r -> r.url().toString()));
        writeSorted(sorted::forEach, summary, writer);
    }

    /**
     * The same report from records that {@code forEachRecord} hands over already sorted by URL, one at a time:
     * for crawls whose records are in a state file rather than in memory.
     */
    public static void writeSorted(Consumer<Consumer<CrawlRecord>> forEachRecord, CrawlSummary summary,
                                   Writer writer) {
        write(forEachRecord, summary, List.of(writer), List.of());
    }

    /**
     * The report of records handed over sorted by URL, read once: each of {@code full} gets all of it, each of
     * {@code summaryOnly} the same without the URL lines. Returns how many records (URL lines) there were.
     */
    public static long write(Consumer<Consumer<CrawlRecord>> forEachRecord, CrawlSummary summary,
                             List<? extends Writer> full, List<? extends Writer> summaryOnly) {
        List<PrintWriter> all = new ArrayList<>();
        List<PrintWriter> withUrls = new ArrayList<>();
        for (Writer w : full) {
            PrintWriter p = new PrintWriter(w);
            all.add(p);
            withUrls.add(p);
        }
        for (Writer w : summaryOnly) all.add(new PrintWriter(w));
        Map<String, Long> stats = new TreeMap<>();
        all.forEach(out -> out.println("*** Report ***"));
        long[] count = {0};
        forEachRecord.accept(r -> {
            String line = line(r, stats);
            for (PrintWriter out : withUrls) out.println(line);
            count[0]++;
        });
        Map<String, Long> dropped = new TreeMap<>(summary.dropped());
        Limit budget = summary.limitReached();
        Long byBudget = budget == null ? null : dropped.remove(budget.label());
        dropped.forEach((reason, n) -> add(stats, "dropped_" + reason, n));
        if (byBudget != null) {
            // a budget's count includes what it left queued, which the ledger counts as queued
            long queued = Math.min(byBudget, summary.todo());
            if (byBudget > queued) add(stats, "dropped_" + budget.label(), byBudget - queued);
            if (queued > 0) add(stats, "queued_" + budget.label(), queued);
        }
        summary.unfollowed().forEach((reason, n) -> add(stats, "unfollowed_" + reason, n));
        double secs = summary.elapsed().toNanos() / 1e9;
        for (PrintWriter out : all) {
            out.printf(Locale.ROOT, "Finished %d urls in %.3f secs (max_tasks=%d) (%.3f urls/sec/task)%n",
                    count[0], secs, summary.maxTasks(), secs > 0 ? count[0] / secs / summary.maxTasks() : 0.0);
            stats.forEach((name, n) -> out.printf(Locale.ROOT, "%10d %s%n", n, name));
            if (summary.discovered() >= 0) out.println(ledger(summary));
            if (summary.focus() != null) summary.focus().lines().forEach(out::println);
            out.println("Todo: " + summary.todo());
            out.println("Done: " + count[0]);
            out.println("Date: " + CTIME.format(summary.finishedAt().atZone(ZoneId.systemDefault())) + " local time");
            out.flush();
        }
        return count[0];
    }

    /**
     * Where every discovered URL went: {@code Ledger: 551 discovered = 549 recorded + 2 dropped + 0 queued}, and
     * what is unaccounted for if it does not add up.
     */
    public static String ledger(CrawlSummary s) {
        long dropped = s.droppedAtDiscovery();
        String line = "Ledger: " + s.discovered() + " discovered = " + s.done() + " recorded + " + dropped
                + " dropped + " + s.todo() + " queued";
        long missing = s.discovered() - s.done() - dropped - s.todo();
        return missing == 0 ? line : line + " (" + missing + " unaccounted for)";
    }

    /** One URL's line of the report, as the seed's url_report prints it. */
    public static String line(CrawlRecord r) {
        return line(r, new TreeMap<>());
    }

    /**
     * One URL's line, counting it into {@code stats} as the seed's url_report does. Printable ({@link Printable}):
     * what a site controls in it (a Content-Type, a charset, an error's words) cannot act on a terminal or make
     * two lines of one.
     */
    static String line(CrawlRecord r, Map<String, Long> stats) {
        return Printable.line(fields(r, stats));
    }

    private static String fields(CrawlRecord r, Map<String, Long> stats) {
        if (r.robots() != null) {
            for (String directive : r.robots().split(",")) add(stats, "robots_" + directive, 1);
        }
        if (r.failed()) {
            add(stats, "fail", 1);
            add(stats, "fail_" + r.errorKind().label(), 1);
            return r.url() + " error " + r.errorKind().label() + ": " + r.error();
        }
        if (r.skipped()) {
            add(stats, "skip", 1);
            add(stats, "skip_" + r.skipReason().label(), 1);
            return r.url() + " skipped " + r.skipReason().label();
        }
        add(stats, "status_" + r.status(), 1);
        if (r.isRedirect()) {
            add(stats, "redirect", 1);
            return r.url() + " " + r.status() + " redirect " + r.nextUrl();
        }
        String type = r.contentType().isEmpty() ? "-" : r.contentType();
        String common = r.url() + " " + r.status() + " " + type + " " + r.encoding() + " " + r.size();
        if (r.status() == 304) { // the capture of an earlier pass still stands: no body, and nothing went wrong
            add(stats, "not_modified", 1);
            return common + " not-modified";
        }
        if (r.contentType().equals("text/html")) {
            add(stats, "html", 1);
            add(stats, "html_bytes", r.size());
            return common + " " + r.numNewUrls() + "/" + r.numUrls();
        }
        if (r.status() == 200) {
            add(stats, "other", 1);
            add(stats, "other_bytes", r.size());
        } else {
            add(stats, "error", 1);
            add(stats, "error_bytes", r.size());
        }
        return common;
    }

    private static void add(Map<String, Long> stats, String name, long n) {
        stats.merge(name, n, Long::sum);
    }
}
