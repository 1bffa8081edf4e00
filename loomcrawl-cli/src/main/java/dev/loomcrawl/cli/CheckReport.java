package dev.loomcrawl.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.loomcrawl.report.LinkCheck;
import dev.loomcrawl.result.Printable;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What {@code loomcrawl check} found, written for people (text, Markdown for a pull-request comment) or machines
 * (one JSON document, JUnit XML with a test case per broken target). Targets and pages of a directory check are
 * shown as file paths.
 *
 * @param broken     the broken targets, most linked first, each with every page linking to it
 * @param checked    URLs checked (fetched or tried)
 * @param notChecked URLs the address guard did not let be checked (local or private addresses)
 * @param fromCache  links to other sites not checked again: the cache says they answered fine recently
 * @param toDo       URLs not checked yet when the check was interrupted; -1 when it was not
 * @param took       how long the check took
 * @param servedRoot the URL a checked directory was served at (its files are shown by path); null for a URL check
 * @param filesUnder what a GitHub annotation puts before a checked directory's file path ("public/"); "" for none
 * @param maxChars   the Markdown and GitHub reports' length at most ({@code --max-report-chars})
 */
record CheckReport(List<LinkCheck.Broken> broken, long checked, long notChecked, long fromCache, int toDo,
                   Duration took, String servedRoot, String filesUnder, int maxChars) {

    /** The output formats of {@code --format}. */
    enum Format { TEXT, JSON, JUNIT, MARKDOWN, GITHUB }

    /** Room kept under {@link #maxChars} for the last line, which counts what did not fit. */
    private static final int LAST_LINE = 200;

    /** Pages the text and Markdown reports name per target; the JSON and JUnit reports name them all. */
    static final int PAGES_SHOWN = 3;

    boolean incomplete() {
        return toDo >= 0;
    }

    /** Broken links: a target once per page linking to it. */
    long links() {
        return broken.stream().mapToLong(LinkCheck.Broken::pages).sum();
    }

    /** Pages holding at least one broken link. */
    int pages() {
        Set<String> pages = new HashSet<>();
        for (LinkCheck.Broken b : broken) pages.addAll(b.linkedFrom());
        return pages.size();
    }

    /** 0 when no broken link was found, else 1 (an interrupted check's exit code is the signal's). */
    int exitCode() {
        return broken.isEmpty() ? 0 : 1;
    }

    void write(Format format, PrintWriter out) {
        switch (format) {
            case TEXT -> text(out);
            case JSON -> json(out);
            case JUNIT -> junit(out);
            case MARKDOWN -> markdown(out);
            case GITHUB -> github(out);
        }
        out.flush();
    }

    /** One line per broken target ("404 gone.html, linked from 2 pages: a.html, b.html"), then the summary. */
    private void text(PrintWriter out) {
        if (incomplete()) out.println("Interrupted: what was found so far");
        for (LinkCheck.Broken b : broken) {
            out.println(status(b) + " " + shown(b.target()) + ", linked from " + linkedFrom(b, s -> s));
        }
        out.println(summary());
    }

    /** The one-line summary. */
    String summary() {
        String counts = String.format(Locale.ROOT, "%,d URL%s checked in %s", checked, checked == 1 ? "" : "s",
                seconds())
                + (fromCache == 0 ? "" : String.format(Locale.ROOT, "; %,d fine in the cache, not checked again",
                fromCache))
                + (notChecked == 0 ? "" : String.format(Locale.ROOT, "; %,d not checked: local or private "
                + "address%s, which --allow-private checks", notChecked, notChecked == 1 ? "" : "es"))
                + (incomplete() ? String.format(Locale.ROOT, "; incomplete: interrupted with %,d URL%s not checked "
                + "yet", toDo, toDo == 1 ? "" : "s") : "");
        if (broken.isEmpty()) return "No broken links" + (incomplete() ? " found so far" : "") + " (" + counts + ").";
        long links = links();
        int pages = pages();
        return String.format(Locale.ROOT, "%,d broken link%s to %,d target%s on %,d page%s%s (%s).", links,
                links == 1 ? "" : "s", broken.size(), broken.size() == 1 ? "" : "s", pages, pages == 1 ? "" : "s",
                incomplete() ? " so far" : "", counts);
    }

    private String seconds() {
        return String.format(Locale.ROOT, "%.1f s", took.toMillis() / 1000.0);
    }

    /** "index.html" or "2 pages: a.html, b.html" or "3,904 pages: a, b, c, …", each page as {@code style} shows it. */
    private String linkedFrom(LinkCheck.Broken b, java.util.function.UnaryOperator<String> style) {
        List<String> from = b.linkedFrom();
        if (b.pages() == 1 && from.size() == 1) return style.apply(shown(from.getFirst()));
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%,d pages: ", b.pages()));
        for (int i = 0; i < Math.min(PAGES_SHOWN, from.size()); i++) {
            if (i > 0) s.append(", ");
            s.append(style.apply(shown(from.get(i))));
        }
        if (b.pages() > PAGES_SHOWN) s.append(", …");
        return s.toString();
    }

    /**
     * One JSON document: {@code complete}, the counts, and {@code broken}: each target with its {@code status}
     * (the HTTP status as a number) or {@code error} (a failure's kind, or {@code missing-fragment}), and every
     * page linking to it.
     */
    private void json(PrintWriter out) {
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeBooleanField("complete", !incomplete());
            g.writeNumberField("checked", checked);
            g.writeNumberField("not_checked", notChecked);
            g.writeNumberField("from_cache", fromCache);
            if (incomplete()) g.writeNumberField("not_checked_yet", toDo);
            g.writeNumberField("seconds", took.toMillis() / 1000.0);
            g.writeNumberField("broken_links", links());
            g.writeNumberField("broken_targets", broken.size());
            g.writeNumberField("pages_with_broken_links", pages());
            g.writeArrayFieldStart("broken");
            for (LinkCheck.Broken b : broken) {
                g.writeStartObject();
                g.writeStringField("target", shown(b.target()));
                if (isStatus(b.status())) {
                    g.writeNumberField("status", Integer.parseInt(b.status()));
                } else {
                    g.writeStringField("error", status(b));
                }
                g.writeNumberField("pages", b.pages());
                g.writeArrayFieldStart("linked_from");
                for (String page : b.linkedFrom()) g.writeString(shown(page));
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.println();
    }

    /**
     * JUnit XML, as CI systems read it: a test case per broken target, failed, naming the pages linking to it; a
     * check without broken links is one passing case, and an interrupted one has an error case saying so.
     */
    private void junit(PrintWriter out) {
        int tests = Math.max(1, broken.size()) + (incomplete() ? 1 : 0);
        out.println("<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
        out.printf(Locale.ROOT, "<testsuites name=\"loomcrawl check\" tests=\"%d\" failures=\"%d\" errors=\"%d\" "
                + "time=\"%.3f\">%n", tests, broken.size(), incomplete() ? 1 : 0, took.toMillis() / 1000.0);
        out.printf(Locale.ROOT, "  <testsuite name=\"links\" tests=\"%d\" failures=\"%d\" errors=\"%d\" "
                + "time=\"%.3f\">%n", tests, broken.size(), incomplete() ? 1 : 0, took.toMillis() / 1000.0);
        for (LinkCheck.Broken b : broken) {
            out.println("    <testcase classname=\"links\" name=\"" + xml(shown(b.target())) + "\">");
            out.println("      <failure type=\"" + xml(status(b)) + "\" message=\"" + xml(status(b) + ", linked from "
                    + b.pages() + " page" + (b.pages() == 1 ? "" : "s")) + "\">"
                    + xml(String.join("\n", b.linkedFrom().stream().map(this::shown).toList())) + "</failure>");
            out.println("    </testcase>");
        }
        if (broken.isEmpty()) {
            out.println("    <testcase classname=\"links\" name=\"" + xml(summary()) + "\"/>");
        }
        if (incomplete()) {
            out.println("    <testcase classname=\"links\" name=\"check complete\">");
            out.println("      <error type=\"interrupted\" message=\"" + xml(summary()) + "\"/>");
            out.println("    </testcase>");
        }
        out.println("  </testsuite>");
        out.println("</testsuites>");
    }

    /**
     * A heading with the summary, then a table of the broken targets (for a pull-request comment), most linked first,
     * as many as fit {@link #maxChars}; a last line counts the others.
     */
    private void markdown(PrintWriter out) {
        StringBuilder head = new StringBuilder();
        head.append("### ").append(broken.isEmpty() ? "No broken links" : "Broken links")
                .append(incomplete() ? " (incomplete: interrupted)" : "").append("\n\n").append(summary()).append('\n');
        if (broken.isEmpty()) {
            out.print(head);
            return;
        }
        head.append("\n| Status | Link | Linked from |\n|---|---|---|\n");
        List<String> rows = new java.util.ArrayList<>(broken.size());
        for (LinkCheck.Broken b : broken) {
            rows.add("| " + cell(status(b)) + " | " + code(shown(b.target())) + " | " + linkedFrom(b, CheckReport::code)
                    + " |\n");
        }
        capped(out, head.toString(), rows, "");
    }

    /**
     * GitHub Actions workflow commands: for each broken target, an error annotation on each page linking to it (on
     * the page's file, for a directory's check), then a notice with the summary; as many as fit {@link #maxChars}.
     */
    private void github(PrintWriter out) {
        List<String> lines = new java.util.ArrayList<>();
        for (LinkCheck.Broken b : broken) {
            for (String page : b.linkedFrom()) {
                String file = servedRoot != null && page.startsWith(servedRoot) ? filesUnder + fileOf(shown(page)) : null;
                String message = status(b) + " " + shown(b.target()) + (file != null ? "" : ", linked from "
                        + shown(page));
                lines.add("::error " + (file == null ? "" : "file=" + property(file) + ",") + "title="
                        + property("Broken link") + "::" + data(message) + "\n");
            }
        }
        capped(out, "", lines, "::notice title=" + property("Link check") + "::" + data(summary()) + "\n");
    }

    /**
     * {@code head}, then as many of {@code items} as fit {@link #maxChars} with room for the last line, then
     * {@code last}, and a line counting the items left out when any were.
     */
    private void capped(PrintWriter out, String head, List<String> items, String last) {
        StringBuilder report = new StringBuilder(head);
        int shown = 0;
        for (String item : items) {
            if (report.length() + item.length() + last.length() + LAST_LINE > maxChars) break;
            report.append(item);
            shown++;
        }
        out.print(report);
        int left = items.size() - shown;
        if (left > 0) {
            String what = String.format(Locale.ROOT, "%,d more not shown, to stay under --max-report-chars %,d; "
                    + "--format json lists them all", left, maxChars);
            out.print(head.isEmpty() ? "::warning title=" + property("Link check") + "::" + data(what) + "\n"
                    : "\n" + what + ".\n");
        }
        out.print(last);
        out.flush();
    }

    /** A path shown for a page ("docs/a.html#x"): its file ("docs/a.html", "index.html" for the folder itself). */
    private static String fileOf(String shownPage) {
        String path = shownPage.replaceFirst("[?#].*$", "");
        return path.isEmpty() || path.endsWith("/") ? path + "index.html" : path;
    }

    /** A workflow command's message: %, CR and LF escaped as GitHub reads them. */
    private static String data(String s) {
        return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
    }

    /** A workflow command's property value: also : and , escaped. */
    private static String property(String s) {
        return data(s).replace(":", "%3A").replace(",", "%2C");
    }

    /** What went wrong, as the report shows it (a status, or a failure's kind: words of ours, printable). */
    private static String status(LinkCheck.Broken b) {
        return Printable.line(b.status());
    }

    private static boolean isStatus(String status) {
        return !status.isEmpty() && status.length() <= 3 && status.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    /** A URL or path in a Markdown table cell: code, its backticks and pipes made harmless. */
    private static String code(String s) {
        return "`" + Printable.url(s).replace("`", "%60").replace("|", "%7C") + "`";
    }

    private static String cell(String s) {
        return s.replace("|", "\\|");
    }

    /**
     * Text in an XML attribute or element: markup escaped, line breaks and tabs as references (an attribute's value
     * would have them turned into spaces), and what XML 1.0 cannot hold (other control characters, a lone surrogate,
     * U+FFFE and U+FFFF) as U+FFFD. What the report puts here is printable already; this keeps the document whole
     * whatever it is given.
     */
    static String xml(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); ) {
            int c = s.codePointAt(i);
            i += Character.charCount(c);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\n' -> b.append("&#10;");
                case '\r' -> b.append("&#13;");
                case '\t' -> b.append("&#9;");
                default -> {
                    boolean xmlChar = c >= 0x20 && c <= 0xd7ff || c >= 0xe000 && c <= 0xfffd || c >= 0x10000;
                    b.appendCodePoint(xmlChar ? c : 0xfffd);
                }
            }
        }
        return b.toString();
    }

    /**
     * A URL of the served directory as its file path (and fragment); any other URL as it is. Either is printable
     * ({@link Printable}): a path's escapes are decoded only where that gives printable text (a malformed one, or one
     * of a control character, stays as written), and a fragment, which a link's target keeps as the page wrote it,
     * has what is not printable percent-escaped.
     */
    String shown(String url) {
        if (servedRoot == null || !url.startsWith(servedRoot)) return Printable.url(url);
        String rest = url.substring(servedRoot.length());
        int hash = rest.indexOf('#');
        String fragment = hash < 0 ? "" : rest.substring(hash);
        String path = hash < 0 ? rest : rest.substring(0, hash);
        int query = path.indexOf('?');
        path = Printable.decodedPath(query < 0 ? path : path.substring(0, query));
        return (path.isEmpty() ? "./" : path) + Printable.url(fragment);
    }
}
