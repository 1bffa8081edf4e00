package dev.loomcrawl.cli;

import dev.loomcrawl.config.OutputSettings;
import dev.loomcrawl.run.OutputPlan;
import dev.loomcrawl.output.lines.LineFormat;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The crawl command's output options, as a picocli mixin: records, link graph, WARC, HTML report, progress. Each
 * but the progress line and the metrics is a row of the settings table, which the crawl's {@link OutputSettings}
 * are read from. {@link #plan} checks them, and every file is opened before the crawl starts, so a bad value or an
 * unwritable path is a one-line usage error (exit 2) rather than a failure after an hour of crawling.
 */
final class OutputOptions {
    static final String STDOUT = OutputSettings.STDOUT;

    @Option(names = "--output", paramLabel = "FILE",
            description = "Write one record per finished URL to FILE as it finishes, in the format its extension"
                    + " names: jsonl or ndjson (JSON Lines), csv, txt (report lines). '-' writes to standard output"
                    + " (the report then goes to standard error).")
    String output;

    @Option(names = "--format", paramLabel = "FORMAT", converter = FormatConverter.class,
            description = "Format of --output: jsonl, csv or text (default: by extension; jsonl for '-').")
    LineFormat format;

    @Option(names = "--links", paramLabel = "FILE",
            description = "Write every link found (from, to, element, attribute, anchor text, rel, in scope) to FILE,"
                    + " as JSON Lines (extension jsonl or ndjson) or CSV (csv). '-' writes to standard output.")
    String links;

    @Option(names = "--warc", paramLabel = "PATH",
            description = "Archive every response in WARC 1.1 files named PATH-00000.warc.gz, PATH-00001.warc.gz"
                    + " and so on (PATH's folders are made if missing); when PATH is a directory, timestamped files go"
                    + " in it.")
    Path warc;

    @Option(names = "--warc-max-size", paramLabel = "SIZE", defaultValue = "1GiB",
            converter = Converters.SizeConverter.class,
            description = "Start a new WARC file rather than grow one past SIZE (default: ${DEFAULT-VALUE}).")
    long warcMaxSize;

    @Option(names = "--wacz", paramLabel = "FILE",
            description = "When the crawl (or each run of it) ends, package the --warc files into FILE, a WACZ 1.1.1 "
                    + "that ReplayWeb.page opens: the WARC files, one CDXJ index, the pages, a manifest of hashes.")
    Path wacz;

    @Option(names = "--html-report", paramLabel = "FILE",
            description = "Write a self-contained HTML report to FILE when the crawl ends: charts, hosts,"
                    + " broken links.")
    Path htmlReport;

    @Option(names = "--items", paramLabel = "FILE",
            description = "Write the items scraped by --item/--field to FILE, as JSON Lines (extension jsonl or"
                    + " ndjson) or CSV (csv). '-' writes to standard output.")
    String items;

    @Option(names = "--content", paramLabel = "FILE",
            description = "Write what each HTML page says to FILE, as JSON Lines: its title, description, language, "
                    + "dates and author, and its main content (menus, footers, sidebars left out) as plain text and "
                    + "as Markdown. noindex pages are left out. '-' writes to standard output.")
    String content;

    @Option(names = "--content-dir", paramLabel = "DIR",
            description = "Write each HTML page's main content as a Markdown file under DIR, its path mirroring the "
                    + "URL's (DIR/host/path.md), with a front matter (url, title, fetched).")
    Path contentDir;

    @Option(names = "--chunks", paramLabel = "FILE",
            description = "Write each HTML page's Markdown cut into chunks for retrieval to FILE, as JSON Lines: at "
                    + "headings, then paragraphs, never inside a table row, a code block only when it is longer than a "
                    + "chunk (each piece a fence of its own); each with its headings and, with --warc, the WARC file, "
                    + "offset and record id of its capture. '-' writes to standard output.")
    String chunks;

    @Option(names = "--chunk-size", paramLabel = "N", defaultValue = "2000",
            description = "The longest chunk of --chunks, in characters (default: ${DEFAULT-VALUE}); no chunk is "
                    + "longer.")
    int chunkSize;

    @Option(names = "--chunk-all-kinds",
            description = "Chunk every page --chunks is given, whatever its kind: by default pages that are no "
                    + "content (navigation such as indexes and tables of contents, error pages, soft 404s, challenges, "
                    + "access denied and consent walls, empty pages) are left out.")
    boolean chunkAllKinds;

    @Option(names = "--metrics", paramLabel = "HOST:PORT", converter = Converters.AddressConverter.class,
            description = "Serve this process's counters as Prometheus metrics at http://HOST:PORT/metrics while "
                    + "it crawls (pages, errors, body bytes, queued, in flight).")
    InetSocketAddress metrics;

    @Option(names = "--no-progress", description = "No progress on standard error (a live line on a terminal, "
            + "else a line every 5 seconds).")
    boolean noProgress;

    /**
     * Checks the outputs (the options, or a configuration file's) and says what to open; a bad combination is a
     * usage error, and so are two outputs on one file. With a state ({@code state} not null), outputs are files,
     * which resume appends to: standard output is refused.
     *
     * @param itemFields the scraped fields' names, in order (the items file's columns)
     */
    static Outputs.Plan plan(CommandSpec spec, OutputSettings o, boolean progress, InetSocketAddress metrics,
                             List<String> itemFields, Path state) {
        CommandLine cli = spec.commandLine();
        boolean withState = state != null;
        OutputPlan checked;
        try {
            checked = OutputPlan.checked(o, itemFields);
        } catch (IllegalArgumentException e) {
            throw usage(cli, OptionNames.flags(e));
        }
        List<String> streams = Stream.of(o.records(), o.links(), o.items(), o.content(), o.chunks())
                .filter(STDOUT::equals).toList();
        if (streams.size() > 1) {
            throw usage(cli, "only one of --output, --links, --items, --content and --chunks can write to standard "
                    + "output");
        }
        if (withState && !streams.isEmpty()) {
            throw usage(cli, "with --state, outputs are files, which 'loomcrawl resume' appends to: name a file "
                    + "instead of '-' (or print records later with 'loomcrawl report --format jsonl')");
        }
        if (o.warc() != null && o.warc().toString().equals(STDOUT)) throw usage(cli, "--warc needs a path, not '-'");
        try {
            OutputPlan.checkWacz(o);
        } catch (IllegalArgumentException e) {
            throw usage(cli, OptionNames.flags(e));
        }
        refuseSharedFiles(cli, files(o, state), o.warc());
        return new Outputs.Plan(o, checked.recordFormat(), checked.linkFormat(), checked.itemFormat(), itemFields,
                progress, metrics);
    }

    /**
     * The files of a run's outputs and state, by option, in this order (two of them on one file would garble both);
     * standard output is no file.
     */
    static Map<String, Path> files(OutputSettings o, Path state) {
        Map<String, Path> files = new LinkedHashMap<>();
        if (o.records() != null && !STDOUT.equals(o.records())) files.put("--output", Path.of(o.records()));
        if (o.links() != null && !STDOUT.equals(o.links())) files.put("--links", Path.of(o.links()));
        if (o.items() != null && !STDOUT.equals(o.items())) files.put("--items", Path.of(o.items()));
        if (o.content() != null && !STDOUT.equals(o.content())) files.put("--content", Path.of(o.content()));
        if (o.chunks() != null && !STDOUT.equals(o.chunks())) files.put("--chunks", Path.of(o.chunks()));
        if (o.htmlReport() != null) files.put("--html-report", o.htmlReport());
        if (o.wacz() != null) files.put("--wacz", o.wacz());
        if (state != null) files.put("--state", state);
        return files;
    }

    /**
     * A usage error naming the first two options of {@code files} that name one file (symbolic links resolved), or
     * one that names a file of {@code warc} (null: none).
     */
    static void refuseSharedFiles(CommandLine cli, Map<String, Path> files, Path warc) {
        Map<Path, String> seen = new LinkedHashMap<>();
        for (Map.Entry<String, Path> file : files.entrySet()) {
            Path real = SameFile.normal(file.getValue());
            String other = seen.putIfAbsent(real, file.getKey());
            if (other != null) {
                throw usage(cli, other + " and " + file.getKey() + " both name " + real + ": give each its own file");
            }
            if (warc != null && SameFile.isWarcFile(warc, real)) {
                throw usage(cli, file.getKey() + " names " + real + ", one of the files of --warc " + warc
                        + ": give each its own file");
            }
        }
    }

    static CommandLine.ParameterException usage(CommandLine cli, String message) {
        return new CommandLine.ParameterException(cli, message);
    }

    static final class FormatConverter implements CommandLine.ITypeConverter<LineFormat> {
        @Override
        public LineFormat convert(String value) {
            try {
                return LineFormat.valueOf(value.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not one of jsonl, csv, text");
            }
        }
    }
}
