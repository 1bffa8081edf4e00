package dev.loomcrawl.cli;

import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.SimpleFileServer;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.LinkCheckSettings;
import dev.loomcrawl.fetch.HttpSettings;
import dev.loomcrawl.result.CrawlException;
import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.run.CrawlRunner;
import dev.loomcrawl.run.Ended;
import dev.loomcrawl.run.RunningCrawl;
import dev.loomcrawl.RootUrl;
import dev.loomcrawl.report.LinkCheck;
import dev.loomcrawl.report.RootOutcomes;
import dev.loomcrawl.result.Printable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code loomcrawl check URL|DIR}: crawls the pages in scope, checks (without crawling) the links that leave
 * it, and prints the broken links grouped by target, with the pages that link to each. A directory is served on a
 * loopback port and checked offline, and reported by file path: nothing but that port's origin is fetched (its
 * links to other sites, and to other servers on this machine or network, are not checked, whatever the options).
 * Links the address guard refuses (local or private addresses other than the root's origin) are counted as not
 * checked, not as broken. Exclude and include patterns apply to pages and link targets alike: what they leave out
 * is neither crawled nor checked.
 */
@Command(name = "check", sortOptions = false, usageHelpAutoWidth = true,
        description = {"Find broken links: crawl a site and check every link on it.",
                "",
                "For a URL: the pages under the URL's host are crawled and each link on them is checked, links to "
                        + "other sites too (a HEAD request, or GET when HEAD answers an error; not crawled "
                        + "further), unless --exclude-external.",
                "For a directory (a built static site): it is served on 127.0.0.1 and its pages and files are "
                        + "checked offline; links to other sites are not checked. Problems are shown by file path.",
                "A link is broken when it fails (no such host, refused, timed out...) or answers 400 or more "
                        + "(see --accept); with --check-fragments, also when the #fragment it names is not on "
                        + "the page.", ""},
        footerHeading = "%nExamples:%n",
        footer = {"  loomcrawl check https://example.com/docs/",
                "  loomcrawl check --exclude-external --format junit ./public > links.xml",
                "  loomcrawl check --remap 'https://docs.example.com/ http://localhost:8000/' \\",
                "      http://localhost:8000/",
                "", "Exit codes: 0 no broken links, 1 broken links found, 2 usage error,",
                "3 the check itself failed, 130 interrupted (Ctrl-C), 143 stopped by SIGTERM",
                "(130 and 143 print what was found so far, marked incomplete)."})
final class CheckCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "URL|DIR", description = "A site's URL, or a directory holding a static site.")
    String target;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            converter = FormatConverter.class,
            description = "text (default), json (one JSON document), junit (JUnit XML: a test case per broken "
                    + "target), markdown (for a pull-request comment, cut at --max-report-chars) or github (GitHub "
                    + "Actions annotations: an error on each page's file per broken link), on standard output or "
                    + "to --output.")
    CheckReport.Format format;

    @Option(names = "--max-report-chars", paramLabel = "N", defaultValue = "60000",
            description = "The markdown and github reports' length at most: the broken targets that do not fit are "
                    + "counted on a last line instead (default: 60000, under GitHub's 65,536-character comment "
                    + "limit).")
    int maxReportChars;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the report to FILE (standard "
            + "output then gets its one-line summary).")
    Path output;

    @Option(names = "--offline", description = "Check without the network: only a directory's own pages and files "
            + "(what a directory's check does anyway); refused for a URL.")
    boolean offline;

    @Option(names = "--exclude", paramLabel = "REGEX", description = "Neither crawl nor check URLs matching it "
            + "(found anywhere in the URL; a directory's files are served at a loopback address). Repeatable.")
    List<String> excludes = new java.util.ArrayList<>();

    @Option(names = "--include", paramLabel = "REGEX", description = "Crawl and check only URLs matching one of "
            + "these (and the root). Repeatable.")
    List<String> includes = new java.util.ArrayList<>();

    @Option(names = {"--exclude-external", "--internal-only"},
            description = "Do not check links to other sites (a URL check); a directory check never does.")
    boolean internalOnly;

    @Option(names = "--accept", paramLabel = "STATUSES", converter = StatusesConverter.class,
            description = "Statuses that count as fine, such as 200..299,403 (default: all below 400). A redirect "
                    + "is judged by where it leads.")
    IntPredicate accept;

    @Option(names = "--check-fragments", description = "Also report links to page.html#part when the page has no "
            + "element with that id (nor an <a> with that name); pages of the site only, each fetched once.")
    boolean checkFragments;

    @Option(names = "--remap", paramLabel = "'FROM TO'", description = "Check links starting with the URL FROM as "
            + "if they started with TO, such as a local build's server for its published URLs. Repeatable.")
    List<String> remaps = new java.util.ArrayList<>();

    @Option(names = "--cache", paramLabel = "FILE", description = "Keep the links to other sites that answered fine "
            + "in FILE, and do not check them again while younger than --max-cache-age.")
    Path cache;

    @Option(names = "--max-cache-age", paramLabel = "DURATION", defaultValue = "1d",
            converter = Converters.DurationConverter.class,
            description = "How long a fine result in --cache stands (default: ${DEFAULT-VALUE}).")
    Duration maxCacheAge;

    @Option(names = {"--max-tasks", "--max_tasks"}, paramLabel = "N", defaultValue = "32",
            description = "Checks in flight at once (default: ${DEFAULT-VALUE}).")
    int maxTasks;

    @Option(names = "--per-host", paramLabel = "N", defaultValue = "4",
            description = "Checks in flight at once on one origin (default: ${DEFAULT-VALUE}). A host answering "
                    + "429 or 503 is slowed down and asked again after its Retry-After.")
    int perHost;

    @Option(names = {"--max-tries", "--max_tries"}, paramLabel = "N", defaultValue = "2",
            description = "Attempts per link on network errors and 429/503 (default: ${DEFAULT-VALUE}). A host "
                    + "name that does not resolve, or a site that never answered and refuses connections or times "
                    + "out, is not tried again, and its other links fail at once.")
    int maxTries;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "20s",
            converter = Converters.DurationConverter.class,
            description = "Longest wait for one request, connecting included (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = {"-k", "--insecure"}, description = "Accept any TLS certificate.")
    boolean insecure;

    @Option(names = "--resolve", paramLabel = "HOST:PORT:ADDR",
            description = "Connect to ADDR for HOST:PORT instead of resolving it, as curl does. Repeatable.")
    List<String> resolve = new java.util.ArrayList<>();

    @Option(names = "--allow-private", description = "Also check links to loopback, private and link-local "
            + "addresses other than the root's own origin (never done for a directory).")
    boolean allowPrivate;

    @CommandLine.Mixin
    LogOptions log = new LogOptions();

    @Override
    public Integer call() {
        log.configure(true);
        Path dir = Path.of(target);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        HttpServer server = null;
        long start = System.nanoTime();
        try {
            String root = target;
            if (offline && !Files.isDirectory(dir)) {
                throw new Main.BadInput(spec.commandLine(), "--offline checks a directory without the network; "
                        + target + " is not one (for a site's own links only, use --exclude-external)");
            }
            if (maxReportChars < 1000) {
                throw new Main.BadInput(spec.commandLine(), "--max-report-chars must be 1000 or more, got "
                        + maxReportChars);
            }
            if (Files.isDirectory(dir)) {
                server = serve(dir);
                root = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
                if (Files.exists(dir.resolve("index.html"))) root += "index.html"; // not "/" as well: one page, one URL
            } else if (Files.exists(dir)) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        target + " is a file; give a directory or a URL");
            } else if (RootUrl.isLocalPath(target)) {
                throw new Main.BadInput(spec.commandLine(), "no such directory: " + target);
            }
            CheckCache cached = cache == null ? null : CheckCache.read(cache, maxCacheAge, Instant.now());
            Set<String> recentlyFine = cached == null ? Set.of() : cached.recentlyFine();
            CrawlConfig config = config(root, server == null, recentlyFine);
            LinkCheck check = new LinkCheck(accept, checkFragments, recentlyFine);
            RootOutcomes roots = new RootOutcomes(config); // says why the root failed, as crawl says it
            AtomicReference<CrawlRecord> rootRecord = new AtomicReference<>();
            CrawlSummary summary;
            int toDo;
            Interrupts signals;
            RunningCrawl run = CrawlRunner.of(config).listener(check).listener(roots)
                    .listener(CrawlListener.ofRecords(r -> {
                        if (r.depth() == 0 && r.referrer() == null) rootRecord.set(r);
                    })).start();
            try (run) {
                Interrupts interrupts = signals = Interrupts.install(run.crawler(), err);
                Progress progress = Terminal.stderrIsTerminal() ? Progress.start(run.crawler(), err) : null;
                if (progress != null) run.crawler().addListener(progress);
                Ended ended = run.crawl(interrupts, progress);
                if (ended instanceof Ended.Failed failed) {
                    err.println("loomcrawl: check failed: " + failed.failure().getMessage());
                    return 3;
                }
                summary = ended.summary();
                toDo = (int) summary.todo();
            }
            if (cached != null) save(cached, check, err);
            CheckReport report = report(check, server, root, summary.interrupted() ? toDo : -1, start);
            if (summary.interrupted()) { // what was found so far, said to be incomplete
                write(report, out);
                return signals.exitCode();
            }
            CrawlRecord first = rootRecord.get();
            if (first == null || first.failed() || !first.answered() || first.statusAtLeast(400)) {
                List<String> why = first == null ? List.of() : roots.explanations();
                err.println("loomcrawl: check failed: " + Printable.line(!why.isEmpty() ? why.getFirst() : root
                        + " could not be fetched: " + (first == null ? "no answer"
                        : first.failed() ? first.error() : "status " + first.status())));
                return 3;
            }
            write(report, out);
            return report.exitCode();
        } catch (CrawlException | UncheckedIOException e) {
            err.println("loomcrawl: check failed: " + e.getMessage());
            return 3;
        } finally {
            if (server != null) server.stop(0);
        }
    }

    /** The report on standard output, or to --output with its summary on standard output. */
    private void write(CheckReport report, PrintWriter out) {
        if (output == null) {
            report.write(format, out);
            return;
        }
        try (PrintWriter file = new PrintWriter(Files.newBufferedWriter(output, java.nio.charset.StandardCharsets.UTF_8))) {
            report.write(format, file);
            if (file.checkError()) throw new IOException("the file could not be written");
        } catch (IOException e) {
            throw new UncheckedIOException("--output: cannot write " + output + ": " + e.getMessage(), e);
        }
        out.println(report.summary());
    }

    private CrawlConfig config(String root, boolean online, Set<String> recentlyFine) {
        try {
            Duration connect = timeout.compareTo(HttpSettings.CONNECT_TIMEOUT) < 0 ? timeout : HttpSettings.CONNECT_TIMEOUT;
            CrawlConfig.Builder b = CrawlConfig.builder().root(root).maxTasks(maxTasks).perHost(perHost)
                    .maxTries(maxTries).checkLinks(online && !internalOnly).checkFragments(checkFragments)
                    .recentlyFine(recentlyFine).insecure(insecure).allowPrivate(allowPrivate && online)
                    .connectTimeout(connect).fetchTimeout(timeout)
                    .idleTimeout(timeout.compareTo(HttpSettings.IDLE_TIMEOUT) < 0 ? timeout : HttpSettings.IDLE_TIMEOUT);
            // a directory's server alone: any URL not on its origin (another port of 127.0.0.1 too) is left out
            if (!online) b.exclude(notStartingWith(root.substring(0, root.indexOf('/', 8) + 1)));
            excludes.forEach(b::exclude);
            includes.forEach(b::include);
            resolve.forEach(b::resolve);
            for (String spec : remaps) {
                LinkCheckSettings.Remap r = LinkCheckSettings.Remap.parse(spec);
                b.remap(r.from(), r.to());
            }
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), OptionNames.flags(e));
        }
    }

    /**
     * A pattern found in exactly the URLs that do not start with {@code prefix}, without look-ahead, which the
     * patterns' engine (RE2) has not: at each character, the URL ends there or has another one
     * ({@code ^(?:$|[^h]|h(?:$|[^t]|t(...))))}).
     */
    static String notStartingWith(String prefix) {
        StringBuilder p = new StringBuilder("^");
        for (int i = 0; i < prefix.length(); i++) {
            String c = "\\x{" + Integer.toHexString(prefix.charAt(i)) + "}";
            p.append("(?:$|[^").append(c).append(']');
            if (i < prefix.length() - 1) p.append('|').append(c);
        }
        return p.append(")".repeat(prefix.length())).toString();
    }

    /** The cache with this run's fine links to other sites, written; a cache that cannot be written is said. */
    private static void save(CheckCache cached, LinkCheck check, PrintWriter err) {
        cached.answeredFine(check.outsideFine(), Instant.now());
        try {
            cached.write();
        } catch (IOException e) {
            err.println("loomcrawl: the cache was not saved: " + e.getMessage());
        }
    }

    /** The checked directory as a GitHub annotation names files: relative to here, with a slash; "" for a URL. */
    private String annotated(HttpServer server) {
        if (server == null) return "";
        Path here = Path.of("").toAbsolutePath();
        Path dir = Path.of(target).toAbsolutePath().normalize();
        String relative = dir.startsWith(here) ? here.relativize(dir).toString() : dir.toString();
        return relative.isEmpty() ? "" : relative + "/";
    }

    private CheckReport report(LinkCheck check, HttpServer server, String root, int toDo, long start) {
        String servedRoot = server == null ? null : root.substring(0, root.lastIndexOf('/') + 1);
        return new CheckReport(check.broken(), check.checked(), check.notChecked(), check.fromCache(), toDo,
                Duration.ofNanos(System.nanoTime() - start), servedRoot, annotated(server), maxReportChars);
    }

    private static HttpServer serve(Path dir) {
        HttpServer server = SimpleFileServer.createFileServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                dir.toAbsolutePath().normalize(), SimpleFileServer.OutputLevel.NONE);
        server.start();
        return server;
    }

    /** {@code --format}'s names, in any case. */
    static final class FormatConverter implements CommandLine.ITypeConverter<CheckReport.Format> {
        @Override
        public CheckReport.Format convert(String value) {
            try {
                return CheckReport.Format.valueOf(value.strip().toUpperCase(java.util.Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not text, json, junit, markdown "
                        + "or github");
            }
        }
    }

    /** {@code --accept 200..299,403}: statuses and ranges of them, separated by commas. */
    static final class StatusesConverter implements CommandLine.ITypeConverter<IntPredicate> {
        @Override
        public IntPredicate convert(String value) {
            java.util.BitSet statuses = new java.util.BitSet(1000);
            for (String part : value.split(",")) {
                String p = part.strip();
                int dots = p.indexOf("..");
                try {
                    int from = Integer.parseInt(dots < 0 ? p : p.substring(0, dots).strip());
                    int to = dots < 0 ? from : Integer.parseInt(p.substring(dots + 2).strip());
                    if (from < 100 || to > 999 || from > to) throw new NumberFormatException();
                    statuses.set(from, to + 1);
                } catch (NumberFormatException e) {
                    throw new CommandLine.TypeConversionException("'" + p + "' is not a status (100 to 999) or a range "
                            + "of them such as 200..299");
                }
            }
            return statuses::get;
        }
    }
}
