package dev.loomcrawl.cli;

import dev.loomcrawl.config.RunSettings;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.output.WholeFile;
import dev.loomcrawl.report.TextReport;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.CrawlSummary;
import picocli.CommandLine;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * How {@code crawl}, {@code resume} and {@code recrawl} print their text report, as the rows report and report-urls
 * say ({@link #take}). Where the report
 * goes (standard output, or standard error when an output takes standard output) gets the whole of it, the seed's
 * report, unless that is a terminal: there the line per URL (thousands for a site, a megabyte for the JDK docs) is
 * left out, and one line says how to have it. {@code --report-urls} prints the URL lines anyway; {@code --report FILE}
 * writes the whole report to FILE and leaves them out of the stream, terminal or not. Neither is saved with a crawl:
 * each run says how its report is shown.
 */
final class ReportOptions {
    /** Where the whole report is written (null: nowhere but where it is printed): the row report. */
    Path file;

    /** Whether the line per URL is printed even on a terminal: the row report-urls. */
    boolean urls;

    /**
     * Checks that FILE can be written and is none of the run's other files (its outputs, its state): a usage
     * error before anything is crawled, rather than a report lost at the end.
     */
    void check(CommandLine cli, Outputs.Plan plan, Path state) {
        if (file == null) return;
        try {
            WholeFile.check(file);
        } catch (OutputException e) {
            throw OutputOptions.usage(cli, "--report: " + e.getMessage());
        }
        Map<String, Path> files = OutputOptions.files(plan.files(), state);
        files.put("--report", file);
        OutputOptions.refuseSharedFiles(cli, files, plan.files().warc());
    }

    /** Takes the crawl job's report settings (its options, or its configuration file's) for these options'. */
    void take(RunSettings run) {
        file = run.report();
        urls = run.reportUrls();
    }

    /** Whether {@code out} gets the line per URL: not on a terminal, nor next to --report FILE, unless asked. */
    boolean urlLinesTo(PrintWriter out) {
        return urls || file == null && !Terminal.isScreen(out);
    }

    /**
     * Prints the report of the records handed over sorted by URL, read once: {@code head} (say, "Interrupted"), the
     * text report, then {@code tail} (the content outputs' line), to {@code out} and to FILE, if given (whole there);
     * then, when {@code out} did not get the URL lines, where they are. A FILE that cannot be written throws
     * {@link OutputException}.
     */
    void print(Consumer<Consumer<CrawlRecord>> records, CrawlSummary summary, PrintWriter out, List<String> head,
               List<String> tail) {
        boolean urlLines = urlLinesTo(out);
        if (file == null) {
            head.forEach(out::println);
            long n = TextReport.write(records, summary, urlLines ? List.of(out) : List.of(),
                    urlLines ? List.of() : List.of(out));
            tail.forEach(out::println);
            if (!urlLines && n > 0) {
                // no thousands separator, as every count of the report above (the seed's %d)
                out.printf(Locale.ROOT, "%d URL line%s not shown: --report FILE writes them, --report-urls prints "
                        + "them%n", n, n == 1 ? "" : "s");
            }
            out.flush();
            return;
        }
        WholeFile.write(file, stream -> {
            PrintWriter whole = new PrintWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8));
            for (String line : head) {
                whole.println(line);
                out.println(line);
            }
            TextReport.write(records, summary, urlLines ? List.of(whole, out) : List.of(whole),
                    urlLines ? List.of() : List.of(out));
            for (String line : tail) {
                whole.println(line);
                out.println(line);
            }
            whole.flush();
            if (whole.checkError()) throw new IOException("write failed");
        });
        if (!urlLines) out.println("The whole report, with a line per URL: " + file);
        out.flush();
    }
}
