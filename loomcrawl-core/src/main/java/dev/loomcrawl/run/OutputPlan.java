package dev.loomcrawl.run;

import dev.loomcrawl.config.OutputSettings;
import dev.loomcrawl.output.lines.LineFormat;

import java.util.List;
import java.util.stream.Stream;

/**
 * What {@link CrawlOutputs} opens: the files of a crawl's outputs, and the formats their names (or the format asked
 * for) say. A format is null where its file is not asked for.
 *
 * @param itemFields the scraped fields' names, in order (the items file's columns)
 */
public record OutputPlan(OutputSettings files, LineFormat recordFormat, LineFormat linkFormat, LineFormat itemFormat,
                         List<String> itemFields) {
    private static final String STDOUT = OutputSettings.STDOUT;

    public OutputPlan {
        itemFields = List.copyOf(itemFields);
    }

    /**
     * The plan of outputs checked when the crawl began (a resumed crawl's), their formats by their names. A name
     * whose format cannot be told is an IllegalArgumentException.
     */
    public static OutputPlan of(OutputSettings files, List<String> itemFields) {
        LineFormat records = files.records() == null ? null : files.format() != null ? files.format()
                : byName(files.records());
        return new OutputPlan(files, records, files.links() == null ? null : byName(files.links()),
                files.items() == null ? null : byName(files.items()), itemFields);
    }

    /**
     * The outputs {@code o} asks for, checked as the command line checks its options: each line file's format told
     * by its name (or {@code format}), content and chunks JSON Lines, no setting that applies to an output not
     * given. A mistake is an IllegalArgumentException of one line naming the options. Standard output, and two
     * outputs on one file, are the caller's to check.
     */
    public static OutputPlan checked(OutputSettings o, List<String> itemFields) {
        LineFormat recordFormat = o.records() == null ? null : recordFormat(o);
        LineFormat linkFormat = o.links() == null ? null : lineFormat("--links", o.links());
        LineFormat itemFormat = o.items() == null ? null : lineFormat("--items", o.items());
        if (o.content() != null) jsonLinesOnly("--content", o.content());
        if (o.chunks() != null) jsonLinesOnly("--chunks", o.chunks());
        if (o.chunkAllKinds() && o.chunks() == null) {
            throw new IllegalArgumentException("--chunk-all-kinds applies to --chunks, which is not given");
        }
        if (o.format() != null && o.records() == null) {
            throw new IllegalArgumentException("--format applies to --output, which is not given");
        }
        return new OutputPlan(o, recordFormat, linkFormat, itemFormat, itemFields);
    }

    /** A WACZ package is made of the WARC files: one without them is an IllegalArgumentException. */
    public static void checkWacz(OutputSettings o) {
        if (o.wacz() != null && o.warc() == null) {
            throw new IllegalArgumentException("--wacz packages the WARC files of --warc: give --warc PATH too");
        }
    }

    /** Whether an output writes to standard output (the text report then goes to standard error). */
    public boolean takesStandardOutput() {
        return Stream.of(files.records(), files.links(), files.items(), files.content(), files.chunks())
                .anyMatch(STDOUT::equals);
    }

    private static LineFormat byName(String file) {
        return LineFormat.forFileName(file).orElseThrow(() -> new IllegalArgumentException("setting for " + file
                + ": cannot tell its format from its name"));
    }

    private static LineFormat recordFormat(OutputSettings o) {
        if (o.format() != null) return o.format();
        if (STDOUT.equals(o.records())) return LineFormat.JSONL;
        return LineFormat.forFileName(o.records()).orElseThrow(() -> new IllegalArgumentException("--output: cannot "
                + "tell the format of '" + o.records() + "' from its name; name it .jsonl, .ndjson, .csv or .txt, "
                + "or add --format jsonl|csv|text"));
    }

    /** JSON Lines or CSV, by the file's extension; JSON Lines on standard output. */
    private static LineFormat lineFormat(String option, String file) {
        if (STDOUT.equals(file)) return LineFormat.JSONL;
        return LineFormat.forFileName(file).filter(f -> f != LineFormat.TEXT).orElseThrow(() ->
                new IllegalArgumentException(option + ": cannot tell the format of '" + file + "' from its name; "
                        + "name it .jsonl, .ndjson or .csv"));
    }

    /** --content and --chunks are JSON Lines: a file named as CSV or text is a mistake. */
    private static void jsonLinesOnly(String option, String file) {
        if (STDOUT.equals(file)) return;
        LineFormat format = LineFormat.forFileName(file).orElse(LineFormat.JSONL);
        if (format != LineFormat.JSONL) {
            throw new IllegalArgumentException(option + " writes JSON Lines: name the file .jsonl or .ndjson, not '"
                    + file + "'");
        }
    }
}
