package dev.loomcrawl.cli;

import dev.loomcrawl.config.OutputSettings;
import dev.loomcrawl.run.CrawlOutputs;
import dev.loomcrawl.run.OutputPlan;
import dev.loomcrawl.output.lines.LineFormat;
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
    private final Thread hook;

    private Outputs(CrawlOutputs outputs, CommandLine cli) {
        this.outputs = outputs;
        this.cli = cli;
        this.hook = new Thread(this::closeQuietly, "loomcrawl-outputs-shutdown");
    }

    /**
     * Guards the outputs the runner opened (null: none) until they are finished: a shutdown hook closes them if the
     * JVM exits before. Closing this removes the hook.
     */
    static Outputs guard(CrawlOutputs opened, CommandLine cli) {
        Outputs outputs = new Outputs(opened, cli);
        if (opened != null) Runtime.getRuntime().addShutdownHook(outputs.hook);
        return outputs;
    }

    /** Says the outputs that could not be closed as one that could not be opened made the runner close them. */
    static void sayClosing(CrawlOutputs.Failed e, CommandLine cli) {
        for (Throwable closing : e.getSuppressed()) say(cli, closing.getMessage());
    }

    /** {@link CrawlOutputs#contentLine} (null: no outputs). */
    String contentLine() {
        return outputs == null ? null : outputs.contentLine();
    }

    /** Removes the shutdown hook: the outputs are finished. */
    @Override
    public void close() {
        if (outputs == null) return;
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) { // the JVM is exiting: the hook runs
        }
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
}
