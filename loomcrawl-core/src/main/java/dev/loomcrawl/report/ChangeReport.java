package dev.loomcrawl.report;

import dev.loomcrawl.output.WholeFile;
import dev.loomcrawl.url.WebUrl;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * What one pass of a re-crawl found ({@code report --changes}): one line per URL in URL order, then the counts,
 * as text; or an HTML page with the counts and a table of every URL whose content did not stay the same (a
 * template change is counted, not listed).
 */
public final class ChangeReport {
    /** The kinds, in the order the counts are printed. */
    static final List<String> KINDS = List.of("new", "changed", "template-changed", "unchanged", "not-modified",
            "gone", "failed", "not-revisited");

    private ChangeReport() {}

    /** Text: {@code changed http://...} per URL, then {@code Pass 2: 1 new, 3 changed, ...}. */
    public static void text(int pass, Consumer<BiConsumer<WebUrl, String>> changes, PrintWriter out) {
        Map<String, Long> counts = new TreeMap<>();
        changes.accept((url, change) -> {
            out.println(change + " " + url);
            counts.merge(change, 1L, Long::sum);
        });
        out.println(countsLine(pass, counts));
        out.flush();
    }

    /** The counts line of what pass {@code pass} found, as {@link #text} ends with it. */
    public static String countsLine(int pass, Consumer<BiConsumer<WebUrl, String>> changes) {
        Map<String, Long> counts = new TreeMap<>();
        changes.accept((url, change) -> counts.merge(change, 1L, Long::sum));
        return countsLine(pass, counts);
    }

    /** The pass's counts, every kind named: {@code Pass 2: 1 new, 3 changed, 40 unchanged, ...}. */
    static String countsLine(int pass, Map<String, Long> counts) {
        StringBuilder b = new StringBuilder("Pass ").append(pass).append(':');
        for (String kind : KINDS) {
            b.append(kind.equals(KINDS.getFirst()) ? " " : ", ").append(counts.getOrDefault(kind, 0L)).append(' ')
                    .append(kind);
        }
        return b.toString();
    }

    /**
     * An HTML page: the counts, then every URL that is new, changed or gone (or failed), with its change; written
     * as {@link WholeFile} writes one.
     */
    public static void html(int pass, Consumer<BiConsumer<WebUrl, String>> changes, Path path) {
        WholeFile.check(path);
        Map<String, Long> counts = new TreeMap<>();
        WholeFile.write(path, stream -> {
            PrintWriter out = new PrintWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8));
            out.println("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>loomcrawl: pass "
                    + pass + "</title><style>body{font:14px sans-serif;margin:2em}td,th{padding:2px 8px;text-align:"
                    + "left}tr:nth-child(even){background:#f4f4f4}</style></head><body>");
            out.println("<h1>What pass " + pass + " found</h1><table><tr><th>change</th><th>URL</th></tr>");
            changes.accept((url, change) -> {
                counts.merge(change, 1L, Long::sum);
                if (!change.equals("unchanged") && !change.equals("not-modified") && !change.equals("not-revisited")
                        && !change.equals("template-changed")) { // what the page says stayed the same
                    String u = escape(url.toString());
                    out.println("<tr><td>" + change + "</td><td><a href=\"" + u + "\">" + u + "</a></td></tr>");
                }
            });
            out.println("</table><h2>Counts</h2><table>");
            for (String kind : KINDS) {
                out.println("<tr><th>" + kind + "</th><td id=\"count-" + kind + "\">" + counts.getOrDefault(kind, 0L)
                        + "</td></tr>");
            }
            out.println("</table></body></html>");
            out.flush();
            if (out.checkError()) throw new IOException("write failed");
        });
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
