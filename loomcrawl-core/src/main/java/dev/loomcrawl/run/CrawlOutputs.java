package dev.loomcrawl.run;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.config.OutputSettings;
import dev.loomcrawl.journal.Journal;
import dev.loomcrawl.output.CrawlOutput;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.output.WholeFile;
import dev.loomcrawl.output.lines.ChunkFile;
import dev.loomcrawl.output.lines.ContentFile;
import dev.loomcrawl.output.lines.ItemFile;
import dev.loomcrawl.output.lines.LinkFile;
import dev.loomcrawl.output.lines.MainTexts;
import dev.loomcrawl.output.lines.RecordFile;
import dev.loomcrawl.output.pages.ContentDir;
import dev.loomcrawl.output.warc.WaczPackage;
import dev.loomcrawl.output.warc.WarcCitations;
import dev.loomcrawl.output.warc.WarcOutput;
import dev.loomcrawl.report.HtmlReport;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.state.CrawlStore;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * The outputs of one crawl, assembled in one place from its {@link OutputSettings}: records, links, items, WARC,
 * content, the content directory, chunks, the HTML report, the WACZ package. Opened on the crawler's journal before
 * it runs, which writes them, with or without a state, each finished URL by the commit that journals it.
 * {@link #finish} ends them after the crawler (the HTML report learns the crawl's duration, the WACZ package is
 * written); {@link #close} ends them in any case. Both are idempotent. A write failure is a {@link Failed} of one
 * line naming the output's option.
 *
 * <p>With a state, a resumed crawl's files are cut back to the last commit and appended to, and the HTML report is
 * rendered from the state when the run ends, so that it covers every run; without one, it listens to the crawl.
 * The command line's crawls and the service's jobs open their outputs here.
 */
public final class CrawlOutputs implements AutoCloseable {
    /** An output failed: "--option: cannot write FILE: reason". */
    public static final class Failed extends RuntimeException {
        private final String setting;

        Failed(String setting, OutputException e) {
            super("--" + setting + ": " + e.getMessage(), e);
            this.setting = setting;
        }

        /** The output's setting ({@code output}, {@code warc}...): the option without its dashes. */
        public String setting() {
            return setting;
        }
    }

    private final List<CrawlOutput> opened = new ArrayList<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final OutputPlan plan;
    private final Journal journal;
    private final CrawlStore store; // the report's records with a state: not the crawler's listeners
    private HtmlReport report;
    private WarcOutput warc;
    private final List<ContentFile.Counts> contentCounts = new ArrayList<>();
    private ChunkFile chunkFile;
    private String roots = "";

    private CrawlOutputs(OutputPlan plan, Journal journal, CrawlStore store) {
        this.plan = plan;
        this.journal = journal;
        this.store = store;
    }

    /**
     * Opens the outputs on the crawler's {@code journal}: created, or, for a resumed crawl, cut back to the last
     * commit and appended to. {@code store} is the crawl's state (null: none), which the HTML report is rendered
     * from; {@code stdout} is where an output given as {@code -} writes (null: none may). Throws {@link Failed} when
     * a file cannot be opened (or is not as the crawl left it), after closing those opened.
     */
    public static CrawlOutputs open(OutputPlan plan, CrawlConfig config, Journal journal, CrawlStore store,
                                    PrintWriter stdout) {
        CrawlOutputs outputs = new CrawlOutputs(plan, journal, store);
        OutputSettings files = plan.files();
        outputs.roots = roots(config);
        try {
            if (files.records() != null) {
                outputs.add("output", () -> stdout(files.records())
                        ? RecordFile.open(stream(stdout), "standard output", plan.recordFormat(), journal)
                        : RecordFile.open(Path.of(files.records()), plan.recordFormat(), journal));
            }
            if (files.links() != null) {
                outputs.add("links", () -> stdout(files.links())
                        ? LinkFile.open(stream(stdout), "standard output", plan.linkFormat(), journal)
                        : LinkFile.open(Path.of(files.links()), plan.linkFormat(), journal));
            }
            if (files.items() != null) {
                outputs.add("items", () -> stdout(files.items())
                        ? ItemFile.open(stream(stdout), "standard output", plan.itemFormat(), plan.itemFields(),
                                journal)
                        : ItemFile.open(Path.of(files.items()), plan.itemFormat(), plan.itemFields(), journal));
            }
            if (files.warc() != null) {
                outputs.warc = outputs.add("warc", () -> WarcOutput.open(files.warc(), files.warcMaxSize(),
                        warcInfo(config), journal));
            }
            boolean ignoreNoindex = config.politeness().ignoreDirectives();
            // one for all the content outputs: a page is the first with its main text for all of them, or none
            MainTexts texts = MainTexts.of(journal);
            if (files.content() != null) {
                outputs.contentCounts.add(outputs.add("content", () -> stdout(files.content())
                        ? ContentFile.open(stream(stdout), "standard output", journal, ignoreNoindex, texts)
                        : ContentFile.open(Path.of(files.content()), journal, ignoreNoindex, texts)).counts());
            }
            if (files.contentDir() != null) {
                outputs.contentCounts.add(outputs.add("content-dir",
                        () -> ContentDir.open(files.contentDir(), journal, ignoreNoindex, texts)).counts());
            }
            if (files.chunks() != null) { // after the WARC output: the journal writes it first, so chunks can cite it
                WarcCitations citations = outputs.warc == null ? null : outputs.warc.citations();
                ChunkFile.Settings chunking = new ChunkFile.Settings(files.chunkSize(), files.chunkAllKinds());
                outputs.chunkFile = outputs.add("chunks", () -> stdout(files.chunks())
                        ? ChunkFile.open(stream(stdout), "standard output", journal, chunking, ignoreNoindex,
                                citations, texts)
                        : ChunkFile.open(Path.of(files.chunks()), journal, chunking, ignoreNoindex, citations, texts));
                outputs.contentCounts.add(outputs.chunkFile.counts());
            }
            if (files.htmlReport() != null && store == null) {
                outputs.report = outputs.add("html-report", () -> HtmlReport.open(files.htmlReport()));
            } else if (files.htmlReport() != null) {
                check("html-report", files.htmlReport());
            }
            if (files.wacz() != null) check("wacz", files.wacz()); // written at the end: a bad path fails first
        } catch (Failed e) {
            try {
                outputs.close();
            } catch (RuntimeException c) { // said after the failure to open, which is the one thrown
                e.addSuppressed(c);
            }
            throw e;
        }
        return outputs;
    }

    private static boolean stdout(String file) {
        return file.equals(OutputSettings.STDOUT);
    }

    private static WriterStream stream(PrintWriter stdout) {
        if (stdout == null) throw new IllegalArgumentException("no output may write to standard output here");
        return new WriterStream(stdout);
    }

    private static void check(String setting, Path file) {
        try {
            if (setting.equals("html-report")) HtmlReport.check(file);
            else WholeFile.check(file);
        } catch (OutputException e) {
            throw new Failed(setting, e);
        }
    }

    /**
     * What the content outputs did, as a line for the end of the report ("content: 512 pages, 3 left out as noindex"),
     * or null without one. The outputs see the same pages, so the first one's counts speak for all.
     */
    public String contentLine() {
        if (contentCounts.isEmpty()) return null;
        ContentFile.Counts c = contentCounts.getFirst();
        StringBuilder line = new StringBuilder("Content: ").append(c.pages())
                .append(c.pages() == 1 ? " page" : " pages");
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
    public void attach(Crawler crawler) {
        if (report != null) crawler.addListener(report);
    }

    /**
     * Ends the outputs after the crawl (after its crawler, with a state). The HTML report gets {@code summary}, the
     * crawl's duration and whether it was cut short; with a state, it is rendered from the state instead: every
     * run's records, and how the crawl stands. {@code summary} is null when the crawl never ran.
     */
    public void finish(CrawlSummary summary) {
        OutputSettings files = plan.files();
        if (report != null && summary != null) report.finish(summary);
        close();
        if (files.wacz() != null && warc != null) {
            try { // every WARC file is finished and indexed once closed, a resumed crawl's earlier ones too
                Path chunks = files.chunks() == null || stdout(files.chunks()) ? null : Path.of(files.chunks());
                WaczPackage.write(files.wacz(), warc.files(), "loomcrawl crawl of " + roots, chunks);
            } catch (OutputException e) {
                throw new Failed("wacz", e);
            }
        }
        if (store == null || files.htmlReport() == null) return;
        try {
            HtmlReport.write(files.htmlReport(), store::forEachRecord, store.summary());
        } catch (OutputException e) {
            throw new Failed("html-report", e);
        }
    }

    /**
     * Closes every output, after the journal (closed by its crawler already, unless the process is exiting some
     * other way); throws the first failure (one line) once all are closed.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) return;
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

    /** Opens an output; one that cannot be opened is {@link Failed}, naming its setting. */
    private <T extends CrawlOutput> T add(String setting, Supplier<T> open) {
        T output;
        try {
            output = open.get();
        } catch (OutputException e) {
            throw new Failed(setting, e);
        }
        opened.add(output);
        return output;
    }

    private static String roots(CrawlConfig config) {
        return String.join(" ", config.scope().roots().stream().map(Object::toString).toList());
    }

    /** The warcinfo fields that describe this crawl. */
    public static Map<String, String> warcInfo(CrawlConfig config) {
        Map<String, String> info = new LinkedHashMap<>();
        info.put("http-header-user-agent", config.http().userAgent());
        info.put("description", "loomcrawl crawl from " + roots(config));
        return info;
    }
}
