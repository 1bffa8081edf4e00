package dev.loomcrawl.cli;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.CrawlSummary;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.output.CrawlOutput;
import dev.loomcrawl.output.HtmlReport;
import dev.loomcrawl.output.ItemFile;
import dev.loomcrawl.output.LineFormat;
import dev.loomcrawl.output.LinkFile;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.output.RecordFile;
import dev.loomcrawl.output.WarcOutput;
import picocli.CommandLine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * The outputs of one crawl, opened and attached to its crawler, and their close path. {@link #finish} ends them
 * after the crawl (the HTML report learns the crawl's duration); {@link #close} ends them in any case. Both are
 * idempotent, and a shutdown hook closes them too if the JVM exits some other way (SIGTERM), so records, links
 * and WARC captures handed over are written whole and flushed. A write failure ends as one line: the
 * {@link OutputException}'s message.
 */
final class Outputs implements AutoCloseable {
    /** What to open, checked by {@link OutputOptions}. Null means "not asked for". */
    record Plan(String records, LineFormat recordFormat, String links, LineFormat linkFormat,
                String items, LineFormat itemFormat, java.util.List<String> itemFields, Path warc,
                long warcMaxSize, Path htmlReport, boolean progress) {}

    private final List<CrawlOutput> opened = new ArrayList<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final CommandLine cli;
    private HtmlReport report;
    private Progress progress;
    private Thread hook;

    private Outputs(CommandLine cli) {
        this.cli = cli;
    }

    static Outputs open(Plan plan, CrawlConfig config, Crawler crawler, CommandLine cli) {
        Outputs outputs = new Outputs(cli);
        try {
            if (plan.records() != null) {
                outputs.attach(crawler, "--output", () -> plan.records().equals(OutputOptions.STDOUT)
                        ? RecordFile.open(new WriterStream(cli.getOut()), "standard output", plan.recordFormat())
                        : RecordFile.open(Path.of(plan.records()), plan.recordFormat()));
            }
            if (plan.links() != null) {
                outputs.attach(crawler, "--links", () -> plan.links().equals(OutputOptions.STDOUT)
                        ? LinkFile.open(new WriterStream(cli.getOut()), "standard output", plan.linkFormat())
                        : LinkFile.open(Path.of(plan.links()), plan.linkFormat()));
            }
            if (plan.items() != null) {
                outputs.attach(crawler, "--items", () -> plan.items().equals(OutputOptions.STDOUT)
                        ? ItemFile.open(new WriterStream(cli.getOut()), "standard output", plan.itemFormat(),
                                plan.itemFields())
                        : ItemFile.open(Path.of(plan.items()), plan.itemFormat(), plan.itemFields()));
            }
            if (plan.warc() != null) {
                outputs.attach(crawler, "--warc",
                        () -> WarcOutput.open(plan.warc(), plan.warcMaxSize(), warcInfo(config)));
            }
            if (plan.htmlReport() != null) {
                outputs.report = outputs.attach(crawler, "--html-report", () -> HtmlReport.open(plan.htmlReport()));
            }
        } catch (CommandLine.ParameterException e) {
            outputs.closeQuietly();
            throw e;
        }
        if (plan.progress()) {
            outputs.progress = Progress.start(crawler, cli.getErr(), Terminal.stderrIsTerminal());
            crawler.addListener(outputs.progress);
        }
        outputs.hook = new Thread(outputs::closeQuietly, "loomcrawl-outputs-shutdown");
        Runtime.getRuntime().addShutdownHook(outputs.hook);
        return outputs;
    }

    /** Ends the outputs after the crawl; the HTML report gets the crawl's duration and whether it was cut short. */
    void finish(CrawlSummary summary) {
        if (progress != null) progress.close();
        if (report != null) report.finish(summary);
        close();
    }

    /** Writes and closes every output; throws the first failure (one line) once all are closed. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) return;
        removeHook();
        RuntimeException first = null;
        if (progress != null) progress.close();
        for (CrawlOutput output : opened) {
            try {
                output.close();
            } catch (RuntimeException e) {
                if (first == null) first = e;
            }
        }
        if (first != null) throw first;
    }

    private void closeQuietly() {
        try {
            close();
        } catch (RuntimeException e) {
            cli.getErr().println("loomcrawl: " + e.getMessage());
            cli.getErr().flush();
        }
    }

    private void removeHook() {
        if (hook == null || Thread.currentThread() == hook) return;
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook is running or will run, and close() is idempotent
        }
    }

    /** Opens an output and attaches it; one that cannot be opened is a usage error naming its option. */
    private <T extends CrawlOutput> T attach(Crawler crawler, String option, Supplier<T> open) {
        T output;
        try {
            output = open.get();
        } catch (OutputException e) {
            throw OutputOptions.usage(cli, option + ": " + e.getMessage());
        }
        opened.add(output);
        crawler.addListener(output);
        return output;
    }

    /** The warcinfo fields that describe this crawl. */
    static Map<String, String> warcInfo(CrawlConfig config) {
        Map<String, String> info = new LinkedHashMap<>();
        info.put("http-header-user-agent", config.userAgent());
        info.put("description", "loomcrawl crawl from "
                + String.join(" ", config.roots().stream().map(Object::toString).toList()));
        return info;
    }
}
