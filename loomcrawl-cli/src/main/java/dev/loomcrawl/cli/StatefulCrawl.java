package dev.loomcrawl.cli;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.CrawlSummary;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.report.RootOutcomes;
import dev.loomcrawl.report.TextReport;
import dev.loomcrawl.state.CrawlStore;
import dev.loomcrawl.state.StateException;
import dev.loomcrawl.state.StoreWithOutputs;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * One run of a crawl whose state is in a file, for {@code crawl --state} and {@code resume}: its outputs opened
 * in step with the state (appended to when resumed), the crawl, the HTML report rendered from the state, then the
 * report of all its runs, read back from the file in URL order (records are never all in memory). A state or
 * output failure (a full disk, a read-only file) ends it with the report of what was committed and one line on
 * standard error, exit code 1. When no root (in any run) produced a successful response, one line per root says
 * why, and the exit code is 3.
 */
final class StatefulCrawl {
    private StatefulCrawl() {}

    /** Runs the crawl; throws {@link Outputs.OpenFailed}, before crawling, when an output cannot be opened. */
    static int run(CrawlStore store, CrawlConfig config, SavedOptions saved, boolean progress,
                   CommandLine.Model.CommandSpec spec) {
        StoreWithOutputs state = new StoreWithOutputs(store);
        Outputs outputs = Outputs.openInStep(saved.plan(progress), config, state, spec.commandLine());
        CrawlSummary summary;
        // closed in reverse order: the crawler (its state writer, the outputs' only writer) before the outputs
        try (outputs; Crawler crawler = Crawler.create(config, state);
             Interrupts interrupts = Interrupts.install(crawler, spec)) {
            outputs.attach(crawler);
            crawler.pageHandler(saved.scraper());
            summary = crawler.crawl();
        } catch (RuntimeException e) {
            StateException cause = stateCause(e);
            if (cause == null) throw e;
            reportQuietly(store, spec.commandLine().getOut());
            return failed(spec, cause);
        }
        PrintWriter out = spec.commandLine().getOut();
        RootOutcomes roots = new RootOutcomes(config);
        try {
            outputs.finishFromState(store);
            if (summary.interrupted()) out.println("Interrupted");
            TextReport.writeSorted(each -> store.forEachRecord(r -> {
                roots.add(r); // a root may have succeeded in an earlier run
                each.accept(r);
            }), store.summary(), out);
            out.flush();
        } catch (StateException e) {
            return failed(spec, e);
        } catch (OutputException e) {
            spec.commandLine().getErr().println("loomcrawl: --html-report: " + e.getMessage());
            return Main.FAILED;
        }
        if (summary.interrupted()) return Main.INTERRUPTED;
        return CrawlCommand.judged(roots, spec.commandLine().getErr());
    }

    /** The library's advice to resume, said as the command to run. */
    private static final String RESUME = "resume the crawl from ";

    /** Prints the state failure's one line and returns the exit code for a failed crawl. */
    static int failed(CommandLine.Model.CommandSpec spec, StateException e) {
        String message = e.getMessage();
        int resume = message.lastIndexOf(RESUME);
        if (resume >= 0) {
            message = message.substring(0, resume) + "run 'loomcrawl resume "
                    + message.substring(resume + RESUME.length()) + "'";
        }
        spec.commandLine().getErr().println("loomcrawl: " + message);
        return Main.FAILED;
    }

    /** The report of what the state holds, after a failure; nothing if the state cannot be read either. */
    private static void reportQuietly(CrawlStore store, PrintWriter out) {
        StringWriter report = new StringWriter();
        try {
            TextReport.writeSorted(store::forEachRecord, store.summary(), report);
        } catch (RuntimeException e) {
            return; // the failure's own line says what went wrong
        }
        out.print(report);
        out.flush();
    }

    private static StateException stateCause(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof StateException s) return s;
        }
        return null;
    }
}
