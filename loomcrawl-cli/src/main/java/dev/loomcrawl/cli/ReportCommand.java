package dev.loomcrawl.cli;

import dev.loomcrawl.CrawlSummary;
import dev.loomcrawl.report.CsvReport;
import dev.loomcrawl.report.JsonLinesReport;
import dev.loomcrawl.report.TextReport;
import dev.loomcrawl.state.StateException;
import dev.loomcrawl.store.sqlite.SqliteCrawlStore;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code loomcrawl report FILE}: a crawl's output from its state file, whether the crawl finished, was
 * interrupted or was killed. Records are streamed from the file in URL order.
 */
@Command(name = "report", sortOptions = false, usageHelpAutoWidth = true,
        description = "Print the report of the crawl whose state is in FILE (finished, interrupted or killed).",
        footerHeading = "%nExamples:%n",
        footer = {"  loomcrawl report crawl.db",
                "  loomcrawl report --format jsonl crawl.db > records.jsonl",
                "  loomcrawl report redis://localhost:6379 --crawl-id docs",
                "",
                "Exit codes: 0 printed, 1 FILE refused or unreadable, 2 usage error."})
final class ReportCommand implements Callable<Integer> {
    /** The formats this command writes. */
    enum Format { TEXT, JSONL, CSV }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "FILE|URI", description = "The state file given to 'crawl --state', or the Redis "
            + "URI given to 'crawl --frontier' (with --crawl-id).")
    String source;

    @Option(names = "--crawl-id", paramLabel = "NAME", description = "With a Redis URI: the shared crawl's name.")
    String crawlId;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", converter = FormatConverter.class,
            description = "text (the seed's report), jsonl (one JSON object per record) or csv (default: "
                    + "${DEFAULT-VALUE}).")
    Format format;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Override
    public Integer call() {
        Logging.configure(0);
        PrintWriter out = spec.commandLine().getOut();
        if (source.startsWith("redis://") || source.startsWith("rediss://")) {
            if (crawlId == null) throw new CommandLine.ParameterException(spec.commandLine(), "a Redis URI needs --crawl-id NAME");
            return SharedCrawlReport.print(source, crawlId, format, out);
        }
        if (crawlId != null) throw new CommandLine.ParameterException(spec.commandLine(), "--crawl-id goes with a Redis URI");
        try (SqliteCrawlStore store = SqliteCrawlStore.openForReading(Path.of(source))) {
            switch (format) {
                case TEXT -> {
                    CrawlSummary summary = store.summary();
                    if (summary.interrupted()) out.println("Interrupted");
                    TextReport.writeSorted(store::forEachRecord, summary, out);
                }
                case JSONL -> JsonLinesReport.write(store::forEachRecord, out);
                case CSV -> CsvReport.write(store::forEachRecord, out);
            }
            return 0;
        } catch (StateException e) {
            return StatefulCrawl.failed(spec, e);
        }
    }

    static final class FormatConverter implements CommandLine.ITypeConverter<Format> {
        @Override
        public Format convert(String value) {
            String v = value.trim().toLowerCase(Locale.ROOT);
            if (v.equals("html")) {
                throw new CommandLine.TypeConversionException("'html' is not available in this build yet (the HTML "
                        + "report comes with the outputs work); use text, jsonl or csv");
            }
            try {
                return Format.valueOf(v.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not one of text, jsonl, csv");
            }
        }
    }
}
