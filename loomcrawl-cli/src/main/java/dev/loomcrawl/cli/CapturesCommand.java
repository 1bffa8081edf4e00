package dev.loomcrawl.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.loomcrawl.result.Printable;
import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code loomcrawl captures FILE...}: what a crawl's archive holds, without a WARC tool: one line per response
 * capture of its WARC files or WACZ (time, status, content type, size, URL), or JSON Lines; with {@code --url}, the
 * latest capture of that URL, its HTTP headers and, with {@code --body}, its body as text. Records are read one at a
 * time ({@link ArchiveReader}); a body is streamed, never held.
 */
@Command(name = "captures", sortOptions = false, usageHelpAutoWidth = true,
        description = {"List or print the responses in WARC files or a WACZ.",
                "The files are those --warc wrote, or a WACZ (--wacz).",
                "One line per response captured: its time (UTC), HTTP status, content type, size in bytes (as "
                        + "received) and URL; 'revisit' in place of the size for a capture stored as a revisit of an "
                        + "earlier one.",
                "With --url, print the HTTP headers of that URL's latest response in full, and with --body its body "
                        + "as text. docs/archives.md shows how to open an archive in ReplayWeb.page or pywb."},
        footerHeading = "%nExamples:%n",
        footer = {"  loomcrawl captures crawl-00000.warc.gz crawl-00001.warc.gz",
                "  loomcrawl captures --json crawl.wacz > captures.jsonl",
                "  loomcrawl captures crawl.wacz --url https://example.com/ --body",
                "",
                "Exit codes: 0 printed, 1 a FILE missing or not a WARC file or WACZ, or no capture of --url, "
                        + "2 usage error."})
final class CapturesCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "FILE", arity = "1..*",
            description = "WARC files (.warc.gz or .warc) written by --warc, or a WACZ written by --wacz.")
    List<Path> files;

    @Option(names = "--json", description = "One JSON object per capture (JSON Lines): time, status, content_type, "
            + "size, url, revisit, file.")
    boolean json;

    @Option(names = "--url", paramLabel = "URL", description = "Print this URL's latest response in full: its "
            + "status line and headers.")
    String url;

    @Option(names = "--body", description = "With --url: print the body too, after a blank line, decoded (gzip, "
            + "deflate) as text in the charset it names (else UTF-8); a body that is not text is refused.")
    boolean body;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    /** A capture found for --url: where its record is, and its date. */
    private record Found(Path file, ArchiveReader.Place place, Instant date) {}

    @Override
    public Integer call() {
        Logging.configure(0);
        CommandLine cli = spec.commandLine();
        if (body && url == null) throw new CommandLine.ParameterException(cli, "--body goes with --url URL");
        if (json && url != null) throw new CommandLine.ParameterException(cli, "--json lists captures; --url prints one");
        PrintWriter out = cli.getOut();
        try {
            if (url == null) {
                for (Path file : files) ArchiveReader.read(file, (record, place) -> list(record, place, out));
                out.flush();
                return Main.FINISHED;
            }
            return show(out, cli.getErr());
        } catch (ArchiveReader.Unreadable e) {
            out.flush();
            cli.getErr().println("loomcrawl: " + Printable.line(e.getMessage()));
            return Main.FAILED;
        } catch (UncheckedIOException e) {
            out.flush();
            cli.getErr().println("loomcrawl: cannot read the archive: " + Printable.line(e.getCause().getMessage()));
            return Main.FAILED;
        }
    }

    /** One capture's line (or JSON object); records other than responses and revisits are passed over. */
    private boolean list(WarcRecord record, ArchiveReader.Place place, PrintWriter out) throws IOException {
        if (!(record instanceof WarcResponse) && !(record instanceof WarcRevisit)) return true;
        HttpResponse http = record instanceof WarcResponse r ? r.http() : ((WarcRevisit) record).http();
        String target = ((org.netpreserve.jwarc.WarcTargetRecord) record).target();
        boolean revisit = record instanceof WarcRevisit;
        long size = revisit ? -1 : http.body().size();
        String type = type(http);
        if (json) {
            StringWriter line = new StringWriter();
            try (JsonGenerator g = new JsonFactory().createGenerator(line)) {
                g.writeStartObject();
                g.writeStringField("time", record.date().toString());
                g.writeNumberField("status", http.status());
                if (type.isEmpty()) g.writeNullField("content_type");
                else g.writeStringField("content_type", type);
                if (revisit) g.writeNullField("size");
                else g.writeNumberField("size", size);
                g.writeStringField("url", target);
                g.writeBooleanField("revisit", revisit);
                g.writeStringField("file", place.warc());
                g.writeEndObject();
            }
            out.println(line);
        } else {
            out.println(Printable.line(record.date().truncatedTo(ChronoUnit.SECONDS) + " " + http.status() + " "
                    + (type.isEmpty() ? "-" : type) + " " + (revisit ? "revisit" : Long.toString(size)) + " "
                    + target));
        }
        return true;
    }

    /** The response's media type without parameters, lower case; empty when it names none. */
    private static String type(HttpResponse http) {
        String type = http.headers().first("Content-Type").orElse("");
        int semicolon = type.indexOf(';');
        return (semicolon < 0 ? type : type.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
    }

    /** Finds the latest response record of --url in the files, then reads it again to print it. */
    private int show(PrintWriter out, PrintWriter err) throws ArchiveReader.Unreadable {
        Found[] latest = {null};
        for (Path file : files) {
            ArchiveReader.read(file, (record, place) -> {
                if (record instanceof WarcResponse r && r.target().equals(url)
                        && (latest[0] == null || !r.date().isBefore(latest[0].date()))) {
                    latest[0] = new Found(file, place, r.date());
                }
                return true;
            });
        }
        if (latest[0] == null) {
            err.println("loomcrawl: no capture of " + Printable.line(url) + " in " + String.join(", ",
                    files.stream().map(Path::toString).toList()));
            return Main.FAILED;
        }
        Found found = latest[0];
        int[] exit = {Main.FINISHED};
        ArchiveReader.read(found.file(), (record, place) -> {
            if (!place.equals(found.place())) return true;
            exit[0] = print(((WarcResponse) record).http(), out, err);
            return false;
        });
        out.flush();
        return exit[0];
    }

    /** The status line and headers, each line printable; with --body, a blank line and the body as text. */
    private int print(HttpResponse http, PrintWriter out, PrintWriter err) throws IOException {
        out.println(Printable.line(http.version() + " " + http.status() + " " + http.reason()));
        for (Map.Entry<String, List<String>> header : http.headers().map().entrySet()) {
            for (String value : header.getValue()) out.println(Printable.line(header.getKey() + ": " + value));
        }
        if (!body) return Main.FINISHED;
        String type = type(http);
        if (!isText(type)) {
            out.flush();
            err.println("loomcrawl: the body of " + Printable.line(url) + " is " + Printable.line(type)
                    + ", not text: --body prints text only");
            return Main.FAILED;
        }
        out.println();
        Charset charset = charset(http.headers().first("Content-Type").orElse(""));
        boolean screen = Terminal.isScreen(out);
        try (Reader text = new InputStreamReader(http.bodyDecoded().stream(), charset)) {
            char[] chunk = new char[8192];
            for (int n; (n = text.read(chunk)) > 0; ) {
                String s = new String(chunk, 0, n);
                out.write(screen ? Printable.lines(s) : s); // a site's bytes do not act on a terminal
            }
        }
        return Main.FINISHED;
    }

    /** Text a person reads: text/*, and the JSON, XML and JavaScript types; a body that names no type too. */
    private static boolean isText(String type) {
        return type.isEmpty() || type.startsWith("text/") || type.endsWith("json") || type.endsWith("xml")
                || type.endsWith("javascript") || type.endsWith("+json") || type.endsWith("+xml");
    }

    /** The charset a Content-Type names, else (or when the JDK does not know it, as a browser falls back) UTF-8. */
    private static Charset charset(String contentType) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?i);\\s*charset\\s*=\\s*\"?([^\";\\s]+)")
                .matcher(contentType);
        try {
            return m.find() ? Charset.forName(m.group(1)) : StandardCharsets.UTF_8;
        } catch (IllegalArgumentException e) {
            return StandardCharsets.UTF_8;
        }
    }
}
