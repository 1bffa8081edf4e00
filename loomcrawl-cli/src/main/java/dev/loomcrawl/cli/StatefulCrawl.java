package dev.loomcrawl.cli;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.CrawlSummary;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.report.TextReport;
import dev.loomcrawl.state.CrawlStore;
import dev.loomcrawl.state.StateException;
import picocli.CommandLine;

import java.io.PrintWriter;

/**
 * One run of a crawl whose state is in a file, for {@code crawl --state} and {@code resume}: the crawl, then
 * the report of all its runs, read back from the file in URL order (records are never all in memory). A state
 * failure (a full disk, a read-only file) ends it with one line on standard error and exit code 1.
 */
final class StatefulCrawl {
    private StatefulCrawl() {}

    static int run(CrawlStore store, CrawlConfig config, CommandLine.Model.CommandSpec spec) {
        CrawlSummary summary;
        try (Crawler crawler = Crawler.create(config, store); Interrupts interrupts = Interrupts.install(crawler, spec)) {
            summary = crawler.crawl();
        } catch (RuntimeException e) {
            StateException cause = stateCause(e);
            if (cause == null) throw e;
            return failed(spec, cause);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (summary.interrupted()) out.println("Interrupted");
        try {
            TextReport.writeSorted(store::forEachRecord, store.summary(), out);
        } catch (StateException e) {
            return failed(spec, e);
        }
        return summary.interrupted() ? 130 : 0;
    }

    /** Prints the state failure's one line and returns the exit code for a failed crawl. */
    static int failed(CommandLine.Model.CommandSpec spec, StateException e) {
        spec.commandLine().getErr().println("loomcrawl: " + e.getMessage());
        return 1;
    }

    private static StateException stateCause(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof StateException s) return s;
        }
        return null;
    }
}
