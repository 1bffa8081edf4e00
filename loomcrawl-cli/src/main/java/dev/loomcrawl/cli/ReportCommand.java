package dev.loomcrawl.cli;

import dev.loomcrawl.CrawlSummary;
import dev.loomcrawl.output.HtmlReport;
import dev.loomcrawl.output.LineFormat;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.output.RecordFile;
import dev.loomcrawl.report.TextReport;
import dev.loomcrawl.state.StateException;
import dev.loomcrawl.store.sqlite.SqliteCrawlStore;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code loomcrawl report FILE}: a crawl's output from its state file, whether the crawl finished, was
 * interrupted or was killed. Records are streamed from the file in URL order, through the same formats as the
 * crawl's outputs: {@code --format jsonl} prints what {@code crawl --output x.jsonl} writes, one line per record.
 */
@Command(name = "report", sortOptions = false, usageHelpAutoWidth = true,
        description = "Print the report of the crawl whose state is in FILE (finished, interrupted or killed).",
        footerHeading = "%nExamples:%n",
        footer = {"  loomcrawl report crawl.db",
                "  loomcrawl report --format jsonl crawl.db > records.jsonl",
                "  loomcrawl report --format html -o report.html crawl.db",
                "",
                "Exit codes: 0 written, 1 FILE refused or unreadable, 2 usage error."})
final class ReportCommand implements Callable<Integer> {
    /** The formats this command writes. */
    enum Format { TEXT, JSONL, CSV, HTML }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The state file given to 'crawl --state'.")
    Path file;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", converter = FormatConverter.class,
            description = "text (the seed's report), jsonl or csv (one record per line, as 'crawl --output' writes "
                    + "them), or html (the page 'crawl --html-report' writes; needs --out) (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = {"-o", "--out"}, paramLabel = "OUT",
            description = "Write to OUT (created or replaced) rather than to standard output.")
    Path out;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Override
    public Integer call() {
        Logging.configure(0);
        if (format == Format.HTML && out == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--format html writes a page to open in a "
                    + "browser: name its file with --out FILE");
        }
        try (SqliteCrawlStore store = SqliteCrawlStore.openForReading(file)) {
            if (out != null) {
                try {
                    HtmlReport.check(out); // whatever the format: a file can be written there
                } catch (OutputException e) {
                    throw new CommandLine.ParameterException(spec.commandLine(), "--out: " + e.getMessage());
                }
            }
            switch (format) {
                case TEXT -> text(store);
                case JSONL -> records(store, LineFormat.JSONL);
                case CSV -> records(store, LineFormat.CSV);
                case HTML -> HtmlReport.write(out, store::forEachRecord, store.summary());
            }
            return 0;
        } catch (StateException e) {
            return StatefulCrawl.failed(spec, e);
        } catch (OutputException e) {
            spec.commandLine().getErr().println("loomcrawl: " + e.getMessage());
            return 1;
        }
    }

    private void text(SqliteCrawlStore store) {
        CrawlSummary summary = store.summary();
        if (out == null) {
            write(store, summary, spec.commandLine().getOut());
            return;
        }
        try (Writer w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            write(store, summary, w);
        } catch (IOException e) {
            throw new OutputException(out.toString(), e);
        }
    }

    private static void write(SqliteCrawlStore store, CrawlSummary summary, Writer w) {
        PrintWriter p = new PrintWriter(w);
        if (summary.interrupted()) p.println("Interrupted");
        TextReport.writeSorted(store::forEachRecord, summary, p);
    }

    private void records(SqliteCrawlStore store, LineFormat lineFormat) {
        try (RecordFile records = out == null
                ? RecordFile.open(new WriterStream(spec.commandLine().getOut()), "standard output", lineFormat)
                : RecordFile.open(out, lineFormat)) {
            store.forEachRecord(records::onRecord);
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
