package dev.loomcrawl.cli;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.CrawlListener;
import dev.loomcrawl.CrawlRecord;
import dev.loomcrawl.CrawlSummary;
import dev.loomcrawl.CrawlException;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.RootUrl;
import dev.loomcrawl.report.RootOutcomes;
import dev.loomcrawl.report.TextReport;
import dev.loomcrawl.scope.ScopeKind;
import dev.loomcrawl.scrape.SelectorScraper;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;

/** {@code loomcrawl crawl [options] ROOT...}: the seed's crawl.py, with its options and its report. */
@Command(name = "crawl", sortOptions = false, usageHelpAutoWidth = true,
        description = "Crawl from the ROOT URLs, then print a report of every URL fetched.",
        footerHeading = "%nExamples:%n",
        footer = {
                "  loomcrawl crawl https://docs.python.org/3/",
                "  loomcrawl crawl --max-tasks 20 --exclude '\\.pdf$' example.com",
                "  loomcrawl crawl --lenient --max-redirect 5 -v www.example.com",
                "  loomcrawl crawl --resolve staging.example.com:80:10.0.0.5 http://staging.example.com/",
                "  loomcrawl crawl --frontier redis://localhost:6379 --crawl-id docs https://docs.example.com/",
                "  loomcrawl crawl --frontier redis://localhost:6379 --crawl-id docs   (another process joins)",
                "",
                "Press Ctrl-C once to stop taking new URLs and finish those in flight, twice to abort them.",
                Main.EXIT_CODES})
final class CrawlCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "ROOT", arity = "0..*",
            description = "URLs to start from; one without a scheme gets http://. Required, but for a process "
                    + "joining a shared crawl (--frontier).")
    List<String> roots = new ArrayList<>();

    @Option(names = {"--max-tasks", "--max_tasks"}, paramLabel = "N", defaultValue = "100",
            description = "Fetches in flight at once (default: ${DEFAULT-VALUE}).")
    int maxTasks;

    @Option(names = {"--max-redirect", "--max_redirect"}, paramLabel = "N", defaultValue = "10",
            description = "Redirects followed from one URL (default: ${DEFAULT-VALUE}).")
    int maxRedirect;

    @Option(names = {"--max-tries", "--max_tries"}, paramLabel = "N", defaultValue = "4",
            description = "Attempts per URL on network errors (default: ${DEFAULT-VALUE}).")
    int maxTries;

    @Option(names = "--exclude", paramLabel = "REGEX",
            description = "Skip URLs in which REGEX is found. Repeatable.")
    List<String> excludes = new ArrayList<>();

    @Option(names = "--include", paramLabel = "REGEX",
            description = "Only follow URLs in which one such REGEX is found. Repeatable.")
    List<String> includes = new ArrayList<>();

    @CommandLine.ArgGroup(exclusive = true)
    HostMatching hostMatching;

    static final class HostMatching {
        @Option(names = "--strict", description = "Hosts must equal a root's, but for a leading www. (default).")
        boolean strict;
        @Option(names = "--lenient", description = "Hosts need only share a root's last two labels.")
        boolean lenient;
    }

    @Option(names = "--scope", paramLabel = "KIND", defaultValue = "host",
            converter = ScopeConverter.class,
            description = "host: the roots' hosts; domain: their registrable domains (public suffix list); "
                    + "prefix: their hosts, under the roots' directories (default: ${DEFAULT-VALUE}).")
    ScopeKind scope;

    @Option(names = "--user-agent", paramLabel = "UA", description = "User-Agent header (default: "
            + "loomcrawl/<version> (+project URL)).")
    String userAgent;

    @Option(names = "--connect-timeout", paramLabel = "DURATION", defaultValue = "10s",
            converter = Converters.DurationConverter.class, description = "(default: ${DEFAULT-VALUE}).")
    Duration connectTimeout;

    @Option(names = "--idle-timeout", paramLabel = "DURATION", defaultValue = "30s",
            converter = Converters.DurationConverter.class,
            description = "Longest silence from a server (default: ${DEFAULT-VALUE}).")
    Duration idleTimeout;

    @Option(names = "--fetch-timeout", paramLabel = "DURATION", defaultValue = "60s",
            converter = Converters.DurationConverter.class,
            description = "Total deadline per attempt, body included (default: ${DEFAULT-VALUE}).")
    Duration fetchTimeout;

    @Option(names = "--max-body", paramLabel = "SIZE", defaultValue = "10MiB",
            converter = Converters.SizeConverter.class,
            description = "Body cap; longer bodies are cut and marked truncated (default: ${DEFAULT-VALUE}).")
    long maxBody;

    @Option(names = "--resolve", paramLabel = "HOST:PORT:ADDR",
            description = "Connect to ADDR for HOST:PORT instead of resolving it, as curl does. Repeatable.")
    List<String> resolve = new ArrayList<>();

    @Option(names = "--no-http2", description = "Only speak HTTP/1.1.")
    boolean noHttp2;

    @Option(names = {"-k", "--insecure"}, description = "Accept any TLS certificate (self-signed, expired...).")
    boolean insecure;

    @CommandLine.Mixin
    PolitenessOptions politeness = new PolitenessOptions();

    @CommandLine.Mixin
    LimitOptions limits = new LimitOptions();

    @CommandLine.Mixin
    ScrapeOptions scrape = new ScrapeOptions();

    @CommandLine.Mixin
    OutputOptions outputs = new OutputOptions();

    @CommandLine.Mixin
    StateOptions state = new StateOptions();

    @CommandLine.Mixin
    FrontierOptions frontier = new FrontierOptions();

    @CommandLine.Mixin
    LogOptions log = new LogOptions();

    @Override
    public Integer call() {
        log.configure(false);
        if (roots.isEmpty() && !frontier.given()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Missing required parameter: 'ROOT'");
        }
        for (String root : roots) {
            try {
                RootUrl.parse(root);
            } catch (IllegalArgumentException e) {
                throw new Main.BadInput(spec.commandLine(), e.getMessage());
            }
        }
        CrawlConfig config = roots.isEmpty() ? null : usage(this::config);
        SelectorScraper scraper = usage(scrape::scraper);
        scrape.refuseInconsistent(spec, outputs.items != null);
        if (frontier.given()) {
            if (state.file != null) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--state and --frontier cannot be "
                        + "combined: a shared crawl keeps its state in Redis");
            }
            state.refuseLinksWithoutState(spec);
            // other processes may have fetched the roots: this one does not judge them (exit 3)
            return frontier.crawl(config, maxTasks, spec, (crawler, joined) -> crawl(crawler, joined, scraper, false));
        }
        if (state.file != null) {
            Outputs.Plan plan = outputs.plan(spec, log.quiet, scrape.fieldNames(), state.file);
            return state.crawl(config, SavedOptions.of(plan, scrape), plan.progress(), spec);
        }
        state.refuseLinksWithoutState(spec);
        try (Crawler crawler = Crawler.create(config)) {
            return crawl(crawler, config, scraper, true);
        }
    }

    /**
     * Runs the crawl with the outputs asked for, prints its report and returns the exit code. A failure that
     * stops the crawl (an output on a full disk) is one line after the report, which covers the URLs finished
     * until then; with {@code judgeRoots}, so is each root's failure when none of them succeeded.
     */
    private int crawl(Crawler crawler, CrawlConfig config, SelectorScraper scraper, boolean judgeRoots) {
        ConcurrentLinkedQueue<CrawlRecord> records = new ConcurrentLinkedQueue<>();
        RootOutcomes rootOutcomes = new RootOutcomes(config);
        CrawlSummary summary;
        RuntimeException failure = null;
        long start = System.nanoTime();
        try (Interrupts interrupts = Interrupts.install(crawler, spec);
             Outputs opened = outputs.open(config, crawler, spec, log.quiet, scrape.fieldNames())) {
            crawler.addListener(CrawlListener.ofRecords(records::add)).addListener(rootOutcomes).pageHandler(scraper);
            try {
                summary = crawler.crawl();
            } catch (CrawlException e) {
                failure = e;
                summary = new CrawlSummary(records.size(), crawler.queued(), Duration.ofNanos(System.nanoTime() - start),
                        config.maxTasks(), false, Instant.now(), null, Map.of());
            }
            try {
                opened.finish(summary);
            } catch (RuntimeException e) { // the output that stopped the crawl fails again as it closes
                if (failure == null) failure = e;
            }
        }
        var out = outputs.reportTo(spec);
        if (summary.interrupted()) out.println("Interrupted");
        TextReport.write(records, summary, out);
        out.flush();
        PrintWriter err = spec.commandLine().getErr();
        if (failure != null) {
            err.println("loomcrawl: " + failure.getMessage());
            return Main.FAILED;
        }
        if (summary.interrupted()) return Main.INTERRUPTED;
        return judgeRoots ? judged(rootOutcomes, err) : Main.FINISHED;
    }

    /** Exit code 3, with one line per root saying why, when no root produced a successful response; else 0. */
    static int judged(RootOutcomes rootOutcomes, PrintWriter err) {
        List<String> why = rootOutcomes.explanations();
        why.forEach(line -> err.println("loomcrawl: " + line));
        return why.isEmpty() ? Main.FINISHED : Main.NO_ROOT_SUCCEEDED;
    }

    /** The crawl's configuration from the options; a bad value throws IllegalArgumentException naming it. */
    private CrawlConfig config() {
        CrawlConfig.Builder b = CrawlConfig.builder().roots(roots).maxTasks(maxTasks).maxRedirects(maxRedirect)
                .maxTries(maxTries).scope(scope).lenient(hostMatching != null && hostMatching.lenient)
                .connectTimeout(connectTimeout).idleTimeout(idleTimeout).fetchTimeout(fetchTimeout)
                .maxBodyBytes(maxBody).http2(!noHttp2).insecure(insecure);
        if (userAgent != null) b.userAgent(userAgent);
        excludes.forEach(b::exclude);
        includes.forEach(b::include);
        resolve.forEach(b::resolve);
        politeness.applyTo(b);
        limits.applyTo(b);
        return b.build();
    }

    /** Runs a step that validates options, turning its IllegalArgumentException into a usage error. */
    private <T> T usage(java.util.function.Supplier<T> step) {
        try {
            return step.get();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    static final class ScopeConverter implements CommandLine.ITypeConverter<ScopeKind> {
        @Override
        public ScopeKind convert(String value) {
            try {
                return ScopeKind.valueOf(value.trim().toUpperCase(java.util.Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not one of host, domain, prefix");
            }
        }
    }
}
