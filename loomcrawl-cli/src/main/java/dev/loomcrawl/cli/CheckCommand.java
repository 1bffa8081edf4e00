package dev.loomcrawl.cli;

import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.SimpleFileServer;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.result.CrawlException;
import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.RootUrl;
import dev.loomcrawl.report.LinkCheck;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code loomcrawl check URL|DIR}: crawls the pages in scope, checks (without crawling) the links that leave
 * it, and prints the broken links grouped by the page that contains them. A directory is served on a loopback
 * port and checked offline, and reported by file path: nothing but that port's origin is fetched (its links to
 * other sites, and to other servers on this machine or network, are not checked, whatever the options). Links
 * the address guard refuses (local or private addresses other than the root's origin) are counted as not
 * checked, not as broken.
 */
@Command(name = "check", sortOptions = false, usageHelpAutoWidth = true,
        description = "Find broken links: crawl a site (or a built static site in a directory) and check every "
                + "link on it, including links to other sites.",
        footerHeading = "%nExamples:%n",
        footer = {"  loomcrawl check https://example.com/docs/", "  loomcrawl check ./public",
                "", "Exit codes: 0 no broken links, 1 broken links found, 2 usage error, 3 the check itself failed,",
                "130 interrupted (Ctrl-C), 143 stopped by SIGTERM (what was found so far is printed)."})
final class CheckCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "URL|DIR", description = "A site's URL, or a directory holding a static site.")
    String target;

    @Option(names = {"--max-tasks", "--max_tasks"}, paramLabel = "N", defaultValue = "32",
            description = "Checks in flight at once (default: ${DEFAULT-VALUE}).")
    int maxTasks;

    @Option(names = "--per-host", paramLabel = "N", defaultValue = "4",
            description = "Checks in flight at once on one origin (default: ${DEFAULT-VALUE}).")
    int perHost;

    @Option(names = {"--max-tries", "--max_tries"}, paramLabel = "N", defaultValue = "2",
            description = "Attempts per link on network errors (default: ${DEFAULT-VALUE}).")
    int maxTries;

    @Option(names = "--exclude", paramLabel = "REGEX", description = "Neither crawl nor check URLs matching it. "
            + "Repeatable.")
    List<String> excludes = new java.util.ArrayList<>();

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
        try {
            String root = target;
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
            CrawlConfig config = config(root, server == null);
            LinkCheck check = new LinkCheck();
            AtomicReference<CrawlRecord> rootRecord = new AtomicReference<>();
            CrawlSummary summary;
            int toDo;
            Interrupts signals;
            try (Crawler crawler = Crawler.create(config);
                 Interrupts interrupts = signals = Interrupts.install(crawler, err)) {
                crawler.addListener(check).addListener(CrawlListener.ofRecords(r -> {
                    if (r.depth() == 0 && r.referrer() == null) rootRecord.set(r);
                }));
                summary = crawler.crawl();
                toDo = crawler.queued();
            }
            if (summary.interrupted()) { // what was found so far, said to be incomplete
                report(check, servedRoot(server, root), out, toDo);
                return signals.exitCode();
            }
            CrawlRecord first = rootRecord.get();
            if (first == null || first.failed() || !first.answered() || first.statusAtLeast(400)) {
                err.println("loomcrawl: check failed: " + root + " could not be fetched: "
                        + (first == null ? "no answer" : first.failed() ? first.error() : "status " + first.status()));
                return 3;
            }
            return report(check, servedRoot(server, root), out, -1);
        } catch (CrawlException | UncheckedIOException e) {
            err.println("loomcrawl: check failed: " + e.getMessage());
            return 3;
        } finally {
            if (server != null) server.stop(0);
        }
    }

    private CrawlConfig config(String root, boolean online) {
        try {
            CrawlConfig.Builder b = CrawlConfig.builder().root(root).maxTasks(maxTasks).perHost(perHost)
                    .maxTries(maxTries).checkLinks(online).insecure(insecure).allowPrivate(allowPrivate && online);
            if (!online) b.include("^" + java.util.regex.Pattern.quote(root.substring(0, root.indexOf('/', 8) + 1)));
            excludes.forEach(b::exclude);
            resolve.forEach(b::resolve);
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** The directory's URL on the port serving it, or null when a URL is checked. */
    private static String servedRoot(HttpServer server, String root) {
        return server == null ? null : root.substring(0, root.lastIndexOf('/') + 1);
    }

    /**
     * Prints the broken links page by page; 0 when there are none, else 1. A check stopped by a signal
     * ({@code toDo} >= 0 URLs left unchecked) begins with {@code Interrupted} and says its result is incomplete.
     */
    private static int report(LinkCheck check, String servedRoot, PrintWriter out, int toDo) {
        boolean incomplete = toDo >= 0;
        if (incomplete) out.println("Interrupted");
        Map<String, List<LinkCheck.Broken>> pages = check.byPage();
        int broken = 0;
        for (Map.Entry<String, List<LinkCheck.Broken>> page : pages.entrySet()) {
            out.println(shown(page.getKey(), servedRoot));
            for (LinkCheck.Broken b : page.getValue()) {
                out.printf("  %-8s %s%n", b.status(), shown(b.target(), servedRoot));
                broken++;
            }
        }
        String counts = counts(check) + (incomplete ? "; incomplete: interrupted with " + toDo + " URL"
                + (toDo == 1 ? "" : "s") + " not checked yet" : "");
        if (broken == 0) {
            out.println("No broken links" + (incomplete ? " found so far" : "") + " (" + counts + ").");
            return 0;
        }
        out.println(broken + " broken link" + (broken == 1 ? "" : "s") + " on " + pages.size() + " page"
                + (pages.size() == 1 ? "" : "s") + (incomplete ? " so far" : "") + " (" + counts + ").");
        return 1;
    }

    private static String counts(LinkCheck check) {
        long refused = check.notChecked();
        return check.checked() + " URLs checked" + (refused == 0 ? "" : "; " + refused + " not checked: local or "
                + "private address" + (refused == 1 ? "" : "es") + ", which --allow-private checks");
    }

    /** A URL of the served directory as its file path; any other URL as it is. */
    private static String shown(String url, String servedRoot) {
        if (servedRoot == null || !url.startsWith(servedRoot)) return url;
        String path = URLDecoder.decode(url.substring(servedRoot.length()).replace("+", "%2B"), StandardCharsets.UTF_8);
        int query = path.indexOf('?');
        path = query < 0 ? path : path.substring(0, query);
        return path.isEmpty() ? "./" : path;
    }

    private static HttpServer serve(Path dir) {
        HttpServer server = SimpleFileServer.createFileServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                dir.toAbsolutePath().normalize(), SimpleFileServer.OutputLevel.NONE);
        server.start();
        return server;
    }
}
