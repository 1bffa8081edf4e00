package dev.loomcrawl.cli;

import java.nio.file.StandardCopyOption;
import java.nio.file.Path;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.charset.StandardCharsets;
import java.io.IOException;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.result.CrawlException;
import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.result.Printable;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.run.CrawlRunner;
import dev.loomcrawl.run.Ended;
import dev.loomcrawl.run.RunningCrawl;
import dev.loomcrawl.render.chromium.ChromiumRenderer;
import dev.loomcrawl.render.chromium.RenderSettings;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.run.CrawlOutputs;
import dev.loomcrawl.report.RecordSpill;
import dev.loomcrawl.report.RootOutcomes;
import dev.loomcrawl.scrape.SelectorScraper;
import dev.loomcrawl.state.CrawlStore;
import dev.loomcrawl.state.StateException;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The command line's one crawl path, for {@code crawl}, {@code crawl --state}, {@code resume} and {@code crawl
 * --frontier} alike: a configuration and an open {@link Backend} in, an exit code out. {@link #run} opens the
 * outputs, crawls, finishes the outputs, prints the report and judges the roots, and every failure from there on
 * ends here too (a state file that cannot be created or opened is its command's, said through {@link #failed}).
 * A failure that stops the crawl (a full disk under the state or an output, a state file gone read-only, Redis
 * gone) is the report of what was done, then one line on standard error, exit 1; Ctrl-C is {@code Interrupted},
 * the report, exit 130, and SIGTERM the same with exit 143 ({@link Interrupts}); no root producing a successful response is the report, one line per root, exit 3.
 * A crawl with a state file that stops with URLs still queued ends with the command that goes on with it
 * ({@link GoOn}).
 */
final class CrawlRun {
    private CrawlRun() {}

    /**
     * Runs the crawl and returns its exit code. An output that cannot be opened is a failure (exit 1), said in one
     * line before anything is fetched; a new crawl's new state file is removed again. Pages are rendered as
     * {@code render} says (null: none is). The browser is started first: without one, one line says
     * how to install it (exit 2), before anything is opened or fetched. {@code saveCookies}, when not null, is where
     * the crawl's cookies are written at the end. {@code report} says how the text report is printed.
     */
    static int run(Backend backend, CrawlConfig config, Outputs.Plan plan, ReportOptions report,
                   SelectorScraper scraper, RenderSettings render, CommandSpec spec, Path saveCookies) {
        CommandLine cli = spec.commandLine();
        // what can fail at the start fails before anything is crawled, and a new crawl's state file goes with it
        Metrics metrics;
        try {
            metrics = plan.metrics() == null ? null : Metrics.listen(plan.metrics());
        } catch (UncheckedIOException e) {
            if (!backend.resumed()) backend.discard();
            return failed(cli, e.getMessage());
        }
        ChromiumRenderer renderer;
        try {
            renderer = render == null ? null : ChromiumRenderer.start(render);
        } catch (IllegalStateException e) {
            if (metrics != null) metrics.close();
            if (!backend.resumed()) backend.discard();
            cli.getErr().println("loomcrawl: " + e.getMessage());
            cli.getErr().flush();
            return Main.USAGE;
        }
        try (metrics; renderer) {
            return runWith(backend, config, plan, report, scraper, renderer, metrics, spec, saveCookies);
        }
    }

    private static int runWith(Backend backend, CrawlConfig config, Outputs.Plan plan, ReportOptions report,
                               SelectorScraper scraper, ChromiumRenderer renderer, Metrics metrics, CommandSpec spec,
                               Path saveCookies) {
        CommandLine cli = spec.commandLine();
        CrawlRunner runner = CrawlRunner.of(config).in(backend.place()).outputs(plan.outputs(), cli.getOut());
        if (scraper != null) runner.pageHandler(scraper);
        if (renderer != null) runner.renderer(renderer);
        if (saveCookies != null) runner.saveCookies(saveCookies);
        RunningCrawl run;
        try {
            run = runner.start();
        } catch (StateException e) {
            return failed(cli, e);
        } catch (CrawlOutputs.Failed e) { // nothing was crawled
            Outputs.sayClosing(e, cli);
            if (!backend.resumed()) backend.discard();
            return failed(cli, e.getMessage());
        }
        // unless the backend's store keeps them: in memory, then sorted runs on disk past RecordSpill.DEFAULT_RUN
        try (run; RecordSpill collected = new RecordSpill(backend.spillDir(), RecordSpill.DEFAULT_RUN)) {
            Crawler crawler = run.crawler();
            LongAdder items = new LongAdder();
            if (scraper != null) crawler.addListener(CrawlListener.ofItems(item -> items.increment()));
            if (metrics != null) {
                metrics.watch(crawler);
                crawler.addListener(metrics);
            }
            if (backend.store() == null) crawler.addListener(CrawlListener.ofRecords(collected::add));
            Ended ended;
            Interrupts interrupts;
            try (Outputs outputs = Outputs.guard(run.outputs(), cli)) {
                // closed as the crawl ends, in reverse order: the progress line, then Ctrl-C and SIGTERM
                interrupts = Interrupts.install(crawler, cli.getErr());
                Progress progress = plan.progress() ? Progress.start(crawler, cli.getErr()) : null;
                if (progress != null) crawler.addListener(progress);
                ended = run.crawl(interrupts, progress);
            }
            CrawlSummary summary = ended.summary();
            PrintWriter out = plan.reportTo(cli);
            RootOutcomes roots = new RootOutcomes(config);
            if (ended instanceof Ended.Failed failed) {
                reportQuietly(backend, collected, summary, roots, report, out);
                StateException state = RunningCrawl.stateCause(failed.failure());
                int exit = state != null ? failed(cli, state) : failed(cli, failed.failure().getMessage());
                boolean advised = state != null && state.resumeFrom() != null; // its line said to resume already
                if (backend instanceof Backend.StateFile s && !advised
                        && (summary == null || summary.todo() > 0)) {
                    GoOn.afterFailure(s.file(), cli.getErr());
                }
                return exit;
            }
            try {
                report(backend, collected, summary, roots, report, out, tail(backend, scraper, items, run));
            } catch (StateException e) {
                out.flush();
                return failed(cli, e);
            } catch (OutputException e) {
                out.flush();
                return failed(cli, e.getMessage());
            }
            int exit = summary.interrupted() ? interrupts.exitCode()
                    : backend.judgesRoots() ? judged(roots, cli.getErr()) : Main.FINISHED;
            if (backend instanceof Backend.StateFile s) {
                GoOn.say(s.file(), config.limits(), summary, s.resumed(), spec.name().equals("resume"), cli.getErr());
            }
            return exit;
        }
    }

    /**
     * What the report ends with, after its Date line: the items a scraping crawl scraped (this run's, for a crawl
     * with a state: earlier runs' are in the items file, not in the state), what the content outputs wrote, and
     * what a re-crawl's pass found so far ({@link Backend#passLine}).
     */
    private static List<String> tail(Backend backend, SelectorScraper scraper, LongAdder items, RunningCrawl run) {
        List<String> tail = new ArrayList<>();
        if (scraper != null && scraper.scrapesItems()) {
            tail.add("Items: " + items.sum() + (backend.resumed() ? " (this run)" : ""));
        }
        String content = run.outputs() == null ? null : run.outputs().contentLine();
        if (content != null) tail.add(content);
        String pass = backend.passLine();
        if (pass != null) tail.add(pass);
        return tail;
    }

    /**
     * The report, printed as {@code options} say ({@link ReportOptions}: on a terminal, without the URL lines):
     * "Interrupted" if it was, every run's records read back from the backend's store, or the records this process
     * collected, and the summary of the crawl (of all its runs, from a store), then {@code tail}. {@code roots}
     * takes each record.
     */
    private static void report(Backend backend, RecordSpill collected, CrawlSummary summary, RootOutcomes roots,
                               ReportOptions options, PrintWriter out, List<String> tail) {
        CrawlStore store = backend.store();
        CrawlSummary reported = store == null ? summary // a store's summary of every run, this run's focus report
                : store.summary().withFocus(summary == null ? null : summary.focus());
        List<String> head = summary != null && summary.interrupted() ? List.of("Interrupted") : List.of();
        if (store == null) {
            options.print(each -> collected.forEachSorted(r -> {
                roots.add(r);
                each.accept(r);
            }), reported, out, head, tail);
        } else {
            options.print(each -> store.forEachRecord(r -> {
                roots.add(r); // a root may have succeeded in an earlier run
                each.accept(r);
            }), reported, out, head, tail);
        }
    }

    /** The report of what was done, after a failure; nothing if a store cannot be read either. */
    private static void reportQuietly(Backend backend, RecordSpill collected, CrawlSummary summary,
                                      RootOutcomes roots, ReportOptions options, PrintWriter out) {
        StringWriter report = new StringWriter();
        // held back, then printed as the stream it goes to would have it (and FILE written if it can be)
        PrintWriter buffer = Terminal.isScreen(out) ? new Terminal.Screen(report) : new PrintWriter(report);
        try {
            report(backend, collected, summary, roots, options, buffer, List.of());
        } catch (RuntimeException e) {
            return; // the failure's own line says what went wrong
        }
        out.print(report);
        out.flush();
    }

    /** Exit code 3, with one line per root saying why, when no root produced a successful response; else 0. */
    private static int judged(RootOutcomes roots, PrintWriter err) {
        List<String> why = roots.explanations();
        why.forEach(line -> err.println("loomcrawl: " + Printable.line(line))); // a root's error: a site's words
        return why.isEmpty() ? Main.FINISHED : Main.NO_ROOT_SUCCEEDED;
    }

    /** Prints a failure's one line and returns the exit code of a failed crawl. */
    static int failed(CommandLine cli, String message) {
        cli.getErr().println("loomcrawl: " + message);
        return Main.FAILED;
    }

    /**
     * Prints a state's failure in one line and returns the exit code of a failed crawl. The library's advice to
     * resume the crawl from a file is said as the command that does it.
     */
    static int failed(CommandLine cli, StateException e) {
        return failed(cli, e.resumeFrom() == null ? e.getMessage()
                : e.withoutAdvice() + "run 'loomcrawl resume " + e.resumeFrom() + "'");
    }
}
