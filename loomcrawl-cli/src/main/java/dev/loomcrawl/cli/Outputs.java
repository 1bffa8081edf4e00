package dev.loomcrawl.cli;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.config.OutputSettings;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.output.CrawlOutput;
import dev.loomcrawl.report.HtmlReport;
import dev.loomcrawl.output.lines.ItemFile;
import dev.loomcrawl.output.lines.LineFormat;
import dev.loomcrawl.output.lines.LinkFile;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.output.WholeFile;
import dev.loomcrawl.output.lines.RecordFile;
import dev.loomcrawl.output.warc.WaczPackage;
import dev.loomcrawl.output.warc.WarcOutput;
import dev.loomcrawl.output.warc.WarcCitations;
import dev.loomcrawl.output.lines.ContentFile;
import dev.loomcrawl.output.lines.ChunkFile;
import dev.loomcrawl.output.lines.MainTexts;
import dev.loomcrawl.output.pages.ContentDir;
import dev.loomcrawl.journal.Journal;
import dev.loomcrawl.state.CrawlStore;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The outputs of one crawl, opened on its crawler's journal before it runs, and their close path: the journal writes
 * them, with or without a state, each finished URL by the commit that journals it. {@link #finish} ends them after
 * the crawler (the HTML report learns the crawl's duration); {@link #close} ends them in any case. Both are
 * idempotent, and a shutdown hook closes the journal and them too if the JVM exits some other way (a SIGTERM
 * before or after the crawl, when {@link Interrupts} does not handle it). A write failure ends as one line: the
 * {@link OutputException}'s message.
 *
 * <p>With a state, a resumed crawl's files are cut back to the last commit and appended to, and the HTML report is
 * rendered from the state when the run ends, so that it covers every run; without one, it listens to the crawl.
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
            LineFormat records = files.records() == null ? null : files.format() != null ? files.format()
                    : byName(files.records());
            return new Plan(files, records, files.links() == null ? null : byName(files.links()),
                    files.items() == null ? null : byName(files.items()), itemFields, progress, null);
        }

        private static LineFormat byName(String file) {
            return LineFormat.forFileName(file).orElseThrow(() -> new IllegalArgumentException("setting for " + file
                    + ": cannot tell its format from its name"));
        }

        /** Where the text report goes: standard error when an output takes standard output. */
        PrintWriter reportTo(CommandLine cli) {
            boolean stdoutTaken = Stream.of(files.records(), files.links(), files.items(), files.content(),
                    files.chunks()).anyMatch(OutputOptions.STDOUT::equals);
            return stdoutTaken ? cli.getErr() : cli.getOut();
        }
    }

    /** An output failed: "--option: cannot write FILE: reason". */
    static final class Failed extends RuntimeException {
        Failed(String option, OutputException e) {
            super(option + ": " + e.getMessage(), e);
        }
    }

    private final List<CrawlOutput> opened = new ArrayList<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final CommandLine cli;
    private final Plan plan;
    private final Journal journal;
    private final CrawlStore store; // the report's records with a state: not the crawler's listeners
    private HtmlReport report;
    private WarcOutput warc;
    private final List<ContentFile.Counts> contentCounts = new ArrayList<>();
    private ChunkFile chunkFile;
    private String roots = "";
    private Thread hook;

    private Outputs(CommandLine cli, Plan plan, Journal journal, CrawlStore store) {
        this.cli = cli;
        this.plan = plan;
        this.journal = journal;
        this.store = store;
    }

    /**
     * Opens the outputs on the crawler's {@code journal}: created, or, for a resumed crawl, cut back to the last
     * commit and appended to. {@code store} is the crawl's state (null: none), which the HTML report is rendered
     * from. Throws {@link Failed} when a file cannot be opened (or is not as the crawl left it).
     */
    static Outputs open(Plan plan, CrawlConfig config, Journal journal, CrawlStore store, CommandLine cli) {
        Outputs outputs = new Outputs(cli, plan, journal, store);
        OutputSettings files = plan.files();
        outputs.roots = roots(config);
        try {
            if (files.records() != null) {
                outputs.add("--output", () -> files.records().equals(OutputOptions.STDOUT)
                        ? RecordFile.open(new WriterStream(cli.getOut()), "standard output", plan.recordFormat(),
                                journal)
                        : RecordFile.open(Path.of(files.records()), plan.recordFormat(), journal));
            }
            if (files.links() != null) {
                outputs.add("--links", () -> files.links().equals(OutputOptions.STDOUT)
                        ? LinkFile.open(new WriterStream(cli.getOut()), "standard output", plan.linkFormat(), journal)
                        : LinkFile.open(Path.of(files.links()), plan.linkFormat(), journal));
            }
            if (files.items() != null) {
                outputs.add("--items", () -> files.items().equals(OutputOptions.STDOUT)
                        ? ItemFile.open(new WriterStream(cli.getOut()), "standard output", plan.itemFormat(),
                                plan.itemFields(), journal)
                        : ItemFile.open(Path.of(files.items()), plan.itemFormat(), plan.itemFields(), journal));
            }
            if (files.warc() != null) {
                outputs.warc = outputs.add("--warc", () -> WarcOutput.open(files.warc(), files.warcMaxSize(),
                        warcInfo(config), journal));
            }
            boolean ignoreNoindex = config.politeness().ignoreDirectives();
            // one for all the content outputs: a page is the first with its main text for all of them, or none
            MainTexts texts = MainTexts.of(journal);
            if (files.content() != null) {
                outputs.contentCounts.add(outputs.add("--content", () -> files.content().equals(OutputOptions.STDOUT)
                        ? ContentFile.open(new WriterStream(cli.getOut()), "standard output", journal, ignoreNoindex,
                                texts)
                        : ContentFile.open(Path.of(files.content()), journal, ignoreNoindex, texts)).counts());
            }
            if (files.contentDir() != null) {
                outputs.contentCounts.add(outputs.add("--content-dir",
                        () -> ContentDir.open(files.contentDir(), journal, ignoreNoindex, texts)).counts());
            }
            if (files.chunks() != null) { // after the WARC output: the journal writes it first, so chunks can cite it
                WarcCitations citations = outputs.warc == null ? null : outputs.warc.citations();
                ChunkFile.Settings chunking = new ChunkFile.Settings(files.chunkSize(), files.chunkAllKinds());
                outputs.chunkFile = outputs.add("--chunks", () -> files.chunks().equals(OutputOptions.STDOUT)
                        ? ChunkFile.open(new WriterStream(cli.getOut()), "standard output", journal, chunking,
                                ignoreNoindex, citations, texts)
                        : ChunkFile.open(Path.of(files.chunks()), journal, chunking, ignoreNoindex, citations, texts));
                outputs.contentCounts.add(outputs.chunkFile.counts());
            }
            if (files.htmlReport() != null && store == null) {
                outputs.report = outputs.add("--html-report", () -> HtmlReport.open(files.htmlReport()));
            } else if (files.htmlReport() != null) {
                try {
                    HtmlReport.check(files.htmlReport());
                } catch (OutputException e) {
                    throw new Failed("--html-report", e);
                }
            }
            checkWacz(plan);
        } catch (Failed e) {
            outputs.closeQuietly();
            throw e;
        }
        outputs.hook = new Thread(outputs::closeQuietly, "loomcrawl-outputs-shutdown");
        Runtime.getRuntime().addShutdownHook(outputs.hook);
        return outputs;
    }

    /** The WACZ package is written at the end: a path it cannot be written at fails before the crawl. */
    private static void checkWacz(Plan plan) {
        OutputSettings files = plan.files();
        if (files.wacz() == null) return;
        try {
            WholeFile.check(files.wacz());
        } catch (OutputException e) {
            throw new Failed("--wacz", e);
        }
    }

    /**
     * What the content outputs did, as a line for the end of the report ("content: 512 pages, 3 left out as noindex"),
     * or null without one. The outputs see the same pages, so the first one's counts speak for all.
     */
    String contentLine() {
        if (contentCounts.isEmpty()) return null;
        ContentFile.Counts c = contentCounts.getFirst();
        StringBuilder line = new StringBuilder("Content: ").append(c.pages()).append(c.pages() == 1 ? " page" : " pages");
        if (c.noindex() > 0) line.append(", ").append(c.noindex()).append(" left out as noindex");
        if (c.failed() > 0) line.append(", ").append(c.failed()).append(" whose content could not be read");
        if (chunkFile != null && chunkFile.otherKinds() > 0) {
            line.append(", ").append(chunkFile.otherKinds()).append(" not chunked for their kind");
        }
        if (chunkFile != null && chunkFile.duplicates() > 0) {
            line.append(", ").append(chunkFile.duplicates()).append(" not chunked as duplicates");
        }
        return line.toString();
    }

    /** Attaches the HTML report of a crawl without a state to the crawler: it collects the records it lists. */
    void attach(Crawler crawler) {
        if (report != null) crawler.addListener(report);
    }

    /**
     * Ends the outputs after the crawl (after its crawler, with a state). The HTML report gets {@code summary}, the
     * crawl's duration and whether it was cut short; with a state, it is rendered from the state instead: every
     * run's records, and how the crawl stands. {@code summary} is null when the crawl never ran.
     */
    void finish(CrawlSummary summary) {
        OutputSettings files = plan.files();
        if (report != null && summary != null) report.finish(summary);
        close();
        if (files.wacz() != null && warc != null) {
            try { // every WARC file is finished and indexed once closed, a resumed crawl's earlier ones too
                WaczPackage.write(files.wacz(), warc.files(), "loomcrawl crawl of " + roots);
            } catch (OutputException e) {
                throw new Failed("--wacz", e);
            }
        }
        if (store == null || files.htmlReport() == null) return;
        try {
            HtmlReport.write(files.htmlReport(), store::forEachRecord, store.summary());
        } catch (OutputException e) {
            throw new Failed("--html-report", e);
        }
    }

    /**
     * Closes every output, after the journal (closed by its crawler already, unless the JVM is exiting some other
     * way); throws the first failure (one line) once all are closed.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) return;
        removeHook();
        RuntimeException first = null;
        try {
            journal.close(); // what it holds is written first
        } catch (RuntimeException e) {
            first = e;
        }
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

    /** Opens an output; one that cannot be opened is {@link Failed}, naming its option. */
    private <T extends CrawlOutput> T add(String option, Supplier<T> open) {
        T output;
        try {
            output = open.get();
        } catch (OutputException e) {
            throw new Failed(option, e);
        }
        opened.add(output);
        return output;
    }

    private static String roots(CrawlConfig config) {
        return String.join(" ", config.scope().roots().stream().map(Object::toString).toList());
    }

    /** The warcinfo fields that describe this crawl. */
    static Map<String, String> warcInfo(CrawlConfig config) {
        Map<String, String> info = new LinkedHashMap<>();
        info.put("http-header-user-agent", config.http().userAgent());
        info.put("description", "loomcrawl crawl from "
                + String.join(" ", config.scope().roots().stream().map(Object::toString).toList()));
        return info;
    }
}
