package dev.loomcrawl.output.lines;

import dev.loomcrawl.result.Printable;
import dev.loomcrawl.internal.text.Utf16;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Encodes items as CSV rows with commons-csv: RFC 4180 quoting, CRLF line ends, a header row of column names;
 * null is an empty field.
 */
final class CsvLines {
    private static final CSVFormat CSV = CSVFormat.RFC4180;

    private CsvLines() {}

    static <T> byte[] header(List<Column<T>> columns) {
        List<Object> names = new ArrayList<>(columns.size());
        for (Column<T> c : columns) names.add(c.name());
        return row(names);
    }

    /**
     * One item as one complete CSV record (quoted fields may hold line breaks). A string's control characters that
     * CSV cannot escape and a terminal would act on (ESC, a carriage return, C1's CSI and NEL) are written as
     * {@link Printable#lines} escapes them, so that a site's text cannot rewrite the screen of who shows the file;
     * every other character is kept as the site wrote it.
     */
    static <T> byte[] line(List<Column<T>> columns, T item) {
        List<Object> values = new ArrayList<>(columns.size());
        for (Column<T> c : columns) {
            Object v = c.value().apply(item);
            values.add(v instanceof String s ? Printable.lines(s) : v);
        }
        return row(values);
    }

    private static byte[] row(List<Object> values) {
        StringWriter out = new StringWriter(256);
        try (CSVPrinter printer = new CSVPrinter(out, CSV)) {
            printer.printRecord(values);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        // a lone surrogate as U+FFFD, where the encoder would write '?'
        return Utf16.wellFormed(out.toString()).getBytes(StandardCharsets.UTF_8);
    }
}
