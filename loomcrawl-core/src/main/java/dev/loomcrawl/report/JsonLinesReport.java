package dev.loomcrawl.report;

import dev.loomcrawl.CrawlRecord;

import java.io.PrintWriter;
import java.io.Writer;
import java.util.List;
import java.util.function.Consumer;

/**
 * Records as JSON Lines: one object per record, with the fields of {@link RecordFields} ({@code url},
 * {@code status}, ... {@code skip_reason}), null where a record has no value.
 */
public final class JsonLinesReport {
    private JsonLinesReport() {}

    public static void write(Consumer<Consumer<CrawlRecord>> forEachRecord, Writer writer) {
        PrintWriter out = new PrintWriter(writer);
        forEachRecord.accept(r -> out.println(line(r)));
        out.flush();
    }

    static String line(CrawlRecord r) {
        StringBuilder sb = new StringBuilder(256).append('{');
        List<Object> values = RecordFields.values(r);
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) sb.append(',');
            string(sb, RecordFields.NAMES.get(i));
            sb.append(':');
            Object v = values.get(i);
            if (v instanceof String s) string(sb, s);
            else sb.append(v); // numbers, booleans, null
        }
        return sb.append('}').toString();
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (ch < 0x20) sb.append(String.format("\\u%04x", (int) ch));
                    else sb.append(ch);
                }
            }
        }
        sb.append('"');
    }
}
