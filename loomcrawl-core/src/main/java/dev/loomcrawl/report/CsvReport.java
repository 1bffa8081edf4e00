package dev.loomcrawl.report;

import dev.loomcrawl.CrawlRecord;

import java.io.PrintWriter;
import java.io.Writer;
import java.util.List;
import java.util.function.Consumer;

/**
 * Records as CSV (RFC 4180): a header row of {@link RecordFields} names, then one row per record; fields with
 * a comma, quote or line break are quoted, and a missing value is an empty field.
 */
public final class CsvReport {
    private CsvReport() {}

    public static void write(Consumer<Consumer<CrawlRecord>> forEachRecord, Writer writer) {
        PrintWriter out = new PrintWriter(writer);
        out.print(String.join(",", RecordFields.NAMES) + "\r\n");
        forEachRecord.accept(r -> out.print(row(RecordFields.values(r)) + "\r\n"));
        out.flush();
    }

    static String row(List<Object> values) {
        StringBuilder sb = new StringBuilder(256);
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) sb.append(',');
            Object v = values.get(i);
            if (v == null) continue;
            String s = v.toString();
            if (s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
                sb.append('"').append(s.replace("\"", "\"\"")).append('"');
            } else {
                sb.append(s);
            }
        }
        return sb.toString();
    }
}
