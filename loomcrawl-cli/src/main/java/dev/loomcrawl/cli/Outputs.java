package dev.loomcrawl.cli;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.config.OutputSettings;
import dev.loomcrawl.journal.Journal;
import dev.loomcrawl.output.crawl.CrawlOutputs;
import dev.loomcrawl.output.crawl.OutputPlan;
import dev.loomcrawl.output.lines.LineFormat;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.state.CrawlStore;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * The outputs of one crawl of the command line: the library's {@link CrawlOutputs} (which assembles them) writing
 * '-' to the command's standard output, and their close path. A shutdown hook closes the journal and them too if
 * the JVM exits some other way (a SIGTERM before or after the crawl, when {@link Interrupts} does not handle it). A
 * write failure ends as one line: the {@link CrawlOutputs.Failed}'s message.
 */
final class Outputs implements AutoCloseable {
    /**
     * What to open, checked by {@link OutputOptions}: the files, and the formats their names (or the format asked
     * for) say. Null means "not asked for".
     */
    record Plan(OutputSettings files, LineFormat recordFormat, LineFormat linkFormat, LineFormat itemFormat,
                List<String> itemFields, boolean progress, InetSocketAddress metrics) {
        /**
         * The plan of outputs checked when the crawl began (a resumed crawl's), their formats by their names; no
         * metrics. A name whose format cannot be told is an IllegalArgumentException.
         */
        static Plan of(OutputSettings files, List<String> itemFields, boolean progress) {
            OutputPlan p = OutputPlan.of(files, itemFields);
            return new Plan(files, p.recordFormat(), p.linkFormat(), p.itemFormat(), itemFields, progress, null);
        }

        /** The library's part: the files and their formats. */
        OutputPlan outputs() {
            return new OutputPlan(files, recordFormat, linkFormat, itemFormat, itemFields);
        }

        /** Where the text report goes: standard error when an output takes standard output. */
        PrintWriter reportTo(CommandLine cli) {
            return outputs().takesStandardOutput() ? cli.getErr() : cli.getOut();
        }
    }

    private final CrawlOutputs outputs;
    private final CommandLine cli;
    private Thread hook;

    private Outputs(CrawlOutputs outputs, CommandLine cli) {
        this.outputs = outputs;
        this.cli = cli;
    }

    /**
     * Opens the outputs on the crawler's {@code journal} ({@link CrawlOutputs#open}). Throws
     * {@link CrawlOutputs.Failed} when a file cannot be opened (or is not as the crawl left it).
     */
    static Outputs open(Plan plan, CrawlConfig config, Journal journal, CrawlStore store, CommandLine cli) {
        CrawlOutputs opened;
        try {
            opened = CrawlOutputs.open(plan.outputs(), config, journal, store, cli.getOut());
        } catch (CrawlOutputs.Failed e) {
            for (Throwable closing : e.getSuppressed()) say(cli, closing.getMessage());
            throw e;
        }
        Outputs outputs = new Outputs(opened, cli);
        outputs.hook = new Thread(outputs::closeQuietly, "loomcrawl-outputs-shutdown");
        Runtime.getRuntime().addShutdownHook(outputs.hook);
        return outputs;
    }

    /** {@link CrawlOutputs#contentLine}. */
    String contentLine() {
        return outputs.contentLine();
    }

    /** {@link CrawlOutputs#attach}. */
    void attach(Crawler crawler) {
        outputs.attach(crawler);
    }

    /** {@link CrawlOutputs#finish}; the shutdown hook is no longer needed. */
    void finish(CrawlSummary summary) {
        removeHook();
        outputs.finish(summary);
    }

    /** Closes every output ({@link CrawlOutputs#close}); idempotent. */
    @Override
    public void close() {
        removeHook();
        outputs.close();
    }

    private void closeQuietly() {
        try {
            outputs.close();
        } catch (RuntimeException e) {
            say(cli, e.getMessage());
        }
    }

    private static void say(CommandLine cli, String message) {
        cli.getErr().println("loomcrawl: " + message);
        cli.getErr().flush();
    }

    private void removeHook() {
        if (hook == null || Thread.currentThread() == hook) return;
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook is running or will run, and close() is idempotent
        }
        hook = null;
    }
}
