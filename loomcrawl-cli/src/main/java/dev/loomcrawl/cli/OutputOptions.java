package dev.loomcrawl.cli;

import dev.loomcrawl.config.OutputSettings;
import dev.loomcrawl.run.OutputPlan;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The checks of the crawl command's outputs: records, link graph, WARC, HTML report. Each is a row of the settings
 * table (its option made from it, {@link RowOptions}), which the crawl's {@link OutputSettings} are read from.
 * {@link #plan} checks them, and every file is opened before the crawl starts, so a bad value or an
 * unwritable path is a one-line usage error (exit 2) rather than a failure after an hour of crawling.
 */
final class OutputOptions {
    static final String STDOUT = OutputSettings.STDOUT;

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
}
