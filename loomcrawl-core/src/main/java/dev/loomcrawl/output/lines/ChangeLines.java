package dev.loomcrawl.output.lines;

import dev.loomcrawl.url.WebUrl;

import java.util.List;

/**
 * What a pass of a re-crawl found of each URL, as lines: {@code {"url": ..., "change": ...}} in JSON Lines, or
 * {@code url,change} rows under a header in CSV. The changes are those of {@code report --changes}: {@code new},
 * {@code changed}, {@code template-changed}, {@code unchanged}, {@code not-modified}, {@code gone}, {@code failed}, {@code not-revisited}.
 */
public final class ChangeLines {
    private record Row(WebUrl url, String change) {}

    private static final List<Column<Row>> COLUMNS = List.of(
            new Column<>("url", r -> r.url().toString()), new Column<>("change", Row::change));

    private ChangeLines() {}

    /** What comes before the first line: CSV's header row, or nothing. */
    public static byte[] header(LineFormat format) {
        return format == LineFormat.CSV ? CsvLines.header(COLUMNS) : new byte[0];
    }

    /** One URL's line, ending with a line break. */
    public static byte[] line(LineFormat format, WebUrl url, String change) {
        return switch (format) {
            case JSONL -> JsonLines.line(COLUMNS, new Row(url, change));
            case CSV -> CsvLines.line(COLUMNS, new Row(url, change));
            case TEXT -> (change + " " + url + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        };
    }
}
