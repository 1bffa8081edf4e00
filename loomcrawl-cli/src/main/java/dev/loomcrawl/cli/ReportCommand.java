package dev.loomcrawl.cli;

import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.report.HtmlReport;
import dev.loomcrawl.run.WriterStream;
import dev.loomcrawl.output.lines.LineFormat;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.output.WholeFile;
import dev.loomcrawl.output.lines.RecordFile;
import dev.loomcrawl.redis.RedisCrawl;
import dev.loomcrawl.output.lines.ChangeLines;
import dev.loomcrawl.report.ChangeReport;
import dev.loomcrawl.report.TextReport;
import dev.loomcrawl.url.WebUrl;
import dev.loomcrawl.state.StateException;
import dev.loomcrawl.store.sqlite.SqliteCrawlStore;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * {@code loomcrawl report FILE|URI}: a crawl's output from its state file, whether the crawl finished, was
 * interrupted or was killed, or from the Redis of a shared crawl (all its processes' records). Records are
 * streamed in URL order, through the same formats as the crawl's outputs: {@code --format jsonl} prints what
 * {@code crawl --output x.jsonl} writes, one line per record.
 */
@Command(name = "report", sortOptions = false, usageHelpAutoWidth = true,
        description = {"Print the report of a crawl's state FILE or of a shared crawl.",
                "FILE is the state of a crawl, finished, interrupted or killed; a Redis URI names a shared crawl."},
        footerHeading = "%nExamples:%n",
        footer = {"  loomcrawl report crawl.db",
                "  loomcrawl report --format jsonl crawl.db > records.jsonl",
                "  loomcrawl report --format html -o report.html crawl.db",
                "  loomcrawl report redis://localhost:6379 --crawl-id docs",
                "  # what the latest pass of a re-crawl found:",
                "  loomcrawl report --changes crawl.db",
                "  # the records of the first pass:",
                "  loomcrawl report --pass 1 --format jsonl crawl.db",
                "",
                "Exit codes: 0 written, 1 FILE refused or unreadable, or OUT not writable, 2 usage error."})
final class ReportCommand implements Callable<Integer> {
    /** The formats this command writes. */
    enum Format { TEXT, JSONL, CSV, HTML }

    /** Where the records come from: a state file or a shared crawl in Redis. */
    private record Source(Consumer<Consumer<CrawlRecord>> records, Supplier<CrawlSummary> summary) {}

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "FILE|URI", description = "The state file given to 'crawl --state', or the Redis "
            + "URI given to 'crawl --frontier' (with --crawl-id).")
    String source;

    @Option(names = "--crawl-id", paramLabel = "NAME", description = "With a Redis URI: the shared crawl's name.")
    String crawlId;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", converter = FormatConverter.class,
            description = "text (the report 'crawl' prints to a pipe or a file), jsonl or csv (one record per line, "
                    + "as 'crawl --output' writes them), or html (the page 'crawl --html-report' writes; needs --out) (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--pass", paramLabel = "N",
            description = "With a state file: the records of pass N of a crawl that was crawled again (1: the first "
                    + "crawl); with --changes, what pass N found. Default: the crawl as it stands (each URL's latest "
                    + "record), and with --changes the latest pass.")
    Integer pass;

    @Option(names = "--changes",
            description = "What a pass found of each URL, in URL order, then the counts: new, changed, "
                    + "template-changed (its main text did not), unchanged, not-modified (304), gone (404 or 410 now, "
                    + "or no page links to it any more), failed, not-revisited. text, jsonl and csv list every URL; "
                    + "html lists those whose content did not stay the same.")
    boolean changes;

    @Option(names = {"-o", "--out"}, paramLabel = "OUT",
            description = "Write to OUT (created or replaced) rather than to standard output.")
    Path out;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Override
    public Integer call() {
        Logging.configure(0);
        CommandLine cli = spec.commandLine();
        if (format == Format.HTML && out == null) {
            throw new CommandLine.ParameterException(cli, "--format html writes a page to open in a browser: name "
                    + "its file with --out FILE");
        }
        boolean redis = source.startsWith("redis://") || source.startsWith("rediss://");
        if (redis != (crawlId != null)) {
            throw new CommandLine.ParameterException(cli, redis ? "a Redis URI needs --crawl-id NAME"
                    : "--crawl-id goes with a Redis URI");
        }
        if (redis && (pass != null || changes)) {
            throw new CommandLine.ParameterException(cli, "a shared crawl has one pass: --pass and --changes take a "
                    + "state file");
        }
        if (out != null) {
            try {
                HtmlReport.check(out); // whatever the format: a file can be written there
            } catch (OutputException e) { // an I/O problem, not a usage error: one line, exit 1
                return CrawlRun.failed(cli, "--out: " + e.getMessage());
            }
        }
        try {
            if (redis) {
                try (RedisCrawl crawl = RedisCrawl.connect(source, crawlId)) {
                    if (crawl.config().isEmpty()) throw new IllegalStateException(crawl.describe() + " does not exist");
                    write(new Source(crawl::forEachRecord, crawl::summary));
                }
            } else {
                try (SqliteCrawlStore store = SqliteCrawlStore.openForReading(Path.of(source))) {
                    int last = store.pass();
                    if (pass != null && (pass < 1 || pass > last)) {
                        throw new CommandLine.ParameterException(cli, "--pass " + pass + ": " + source + " has "
                                + (last == 1 ? "one pass, 1" : "passes 1 to " + last));
                    }
                    int n = pass == null ? last : pass;
                    if (changes) {
                        changes(n, each -> store.forEachChange(n, each));
                    } else if (pass != null) {
                        write(new Source(each -> store.forEachRecord(n, each), () -> store.summary(n)));
                    } else {
                        write(new Source(store::forEachRecord, store::summary));
                    }
                }
            }
            return 0;
        } catch (StateException e) {
            return CrawlRun.failed(cli, e);
        } catch (OutputException e) {
            cli.getErr().println("loomcrawl: " + e.getMessage());
            return 1;
        }
    }

    private void write(Source from) {
        switch (format) {
            case TEXT -> text(from);
            case JSONL -> records(from, LineFormat.JSONL);
            case CSV -> records(from, LineFormat.CSV);
            case HTML -> HtmlReport.write(out, from.records(), from.summary().get());
        }
    }

    /** What pass {@code n} found of each URL, in the format asked for. */
    private void changes(int n, Consumer<BiConsumer<WebUrl, String>> changes) {
        switch (format) {
            case HTML -> ChangeReport.html(n, changes, out);
            case TEXT -> {
                if (out == null) {
                    ChangeReport.text(n, changes, spec.commandLine().getOut());
                    return;
                }
                try (Writer w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
                    ChangeReport.text(n, changes, new PrintWriter(w));
                } catch (IOException e) {
                    throw new OutputException(out.toString(), e);
                }
            }
            case JSONL, CSV -> {
                LineFormat lines = format == Format.JSONL ? LineFormat.JSONL : LineFormat.CSV;
                try (OutputStream o = out == null ? new WriterStream(spec.commandLine().getOut())
                        : new BufferedOutputStream(Files.newOutputStream(out))) {
                    o.write(ChangeLines.header(lines));
                    changes.accept((url, change) -> {
                        try {
                            o.write(ChangeLines.line(lines, url, change));
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    });
                } catch (IOException | UncheckedIOException e) {
                    throw new OutputException(out == null ? "standard output" : out.toString(),
                            e instanceof UncheckedIOException u ? u.getCause() : (IOException) e);
                }
            }
        }
    }

    private void text(Source from) {
        CrawlSummary summary = from.summary().get();
        if (out == null) {
            write(from, summary, spec.commandLine().getOut());
            return;
        }
        try (Writer w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            write(from, summary, w);
        } catch (IOException e) {
            throw new OutputException(out.toString(), e);
        }
    }

    private static void write(Source from, CrawlSummary summary, Writer w) {
        PrintWriter p = new PrintWriter(w);
        if (summary.interrupted()) p.println("Interrupted");
        TextReport.writeSorted(from.records(), summary, p);
    }

    private void records(Source from, LineFormat lineFormat) {
        if (out != null) {
            WholeFile.write(out, stream -> RecordFile.writeAll(stream, lineFormat, from.records()));
            return;
        }
        try {
            RecordFile.writeAll(new WriterStream(spec.commandLine().getOut()), lineFormat, from.records());
        } catch (IOException e) {
            throw new OutputException("standard output", e);
        }
    }

    static final class FormatConverter implements CommandLine.ITypeConverter<Format> {
        @Override
        public Format convert(String value) {
            try {
                return Format.valueOf(value.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not one of text, jsonl, csv, html");
            }
        }
    }
}
