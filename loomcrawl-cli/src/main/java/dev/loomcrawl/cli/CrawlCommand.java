package dev.loomcrawl.cli;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.RootUrl;
import dev.loomcrawl.config.ConfigCodec;
import dev.loomcrawl.config.ConfigJson;
import dev.loomcrawl.config.ConfigTarget;
import dev.loomcrawl.config.CrawlJob;
import dev.loomcrawl.config.CrawlSettings;
import dev.loomcrawl.config.OutputSettings;
import dev.loomcrawl.config.SettingSpec;
import dev.loomcrawl.config.StateSettings;
import dev.loomcrawl.render.chromium.RenderSettings;
import dev.loomcrawl.scope.ScopeKind;
import dev.loomcrawl.scrape.SelectorScraper;
import dev.loomcrawl.state.StateException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code loomcrawl crawl [options] ROOT...}: the crawl.py of "A Web Crawler With asyncio Coroutines" (500 Lines or
 * Less, the seed loomcrawl grew from), with its options and its report.
 */
@Command(name = "crawl", sortOptions = false, usageHelpAutoWidth = true,
        description = {"Crawl from the ROOT URLs, then print a report.",
                "On a terminal the report is its summary (--report-urls adds a line per URL fetched, --report FILE "
                        + "writes them to FILE); to a pipe or a file, a line per URL fetched and then the summary.",
                "loomcrawl rebuilds the crawler of \"A Web Crawler With asyncio Coroutines\" (500 Lines or Less): its "
                        + "options (--max-tasks, --max-redirect, --max-tries, --exclude, --strict/--lenient) and its "
                        + "report, with more counters; docs/outputs.md says what each counter of the report means."},
        footerHeading = "%nExamples:%n",
        footer = {
                "  loomcrawl crawl https://docs.python.org/3/",
                "  loomcrawl crawl --report report.txt https://docs.python.org/3/",
                "  loomcrawl crawl --max-tasks 20 --exclude '\\.pdf$' example.com",
                "  loomcrawl crawl --lenient --max-redirect 5 -v www.example.com",
                "  loomcrawl crawl --resolve staging.example.com:80:10.0.0.5 \\",
                "      http://staging.example.com/",
                "  loomcrawl crawl --frontier redis://localhost:6379 --crawl-id docs \\",
                "      https://docs.example.com/",
                "  # another process joins that crawl:",
                "  loomcrawl crawl --frontier redis://localhost:6379 --crawl-id docs",
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
            description = "Attempts per URL on network errors; a refused connection is tried again only on a "
                    + "site that has answered in this run (default: ${DEFAULT-VALUE}).")
    int maxTries;

    @Option(names = "--retry-backoff", paramLabel = "DURATION", defaultValue = "500ms",
            converter = Converters.DurationConverter.class, description = "Wait before the first retry of a URL; "
                    + "each later one doubles, with jitter (default: ${DEFAULT-VALUE}).")
    Duration retryBackoff;

    @Option(names = "--retry-backoff-max", paramLabel = "DURATION", defaultValue = "10s",
            converter = Converters.DurationConverter.class,
            description = "Longest wait between two tries of a URL (default: ${DEFAULT-VALUE}).")
    Duration retryBackoffMax;

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

    @Option(names = "--max-body-memory", paramLabel = "SIZE", converter = Converters.SizeConverter.class,
            description = "Response bodies held in memory at once, by every fetch in flight together; past it "
                    + "fetches wait for room (default: a quarter of the heap, 128MiB with the launcher's).")
    Long maxBodyMemory;

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
    ReportOptions report = new ReportOptions();

    @CommandLine.Mixin
    SessionOptions session = new SessionOptions();

    @CommandLine.Mixin
    StateOptions state = new StateOptions();

    @CommandLine.Mixin
    RenderOptions render = new RenderOptions();

    @CommandLine.Mixin
    FrontierOptions frontier = new FrontierOptions();

    @CommandLine.Mixin
    LogOptions log = new LogOptions();

    @Option(names = "--config", paramLabel = "FILE", description = "Read the crawl's settings from FILE, a JSON "
            + "object keyed by option names without their dashes (what --print-config prints); options given "
            + "here replace the file's.")
    Path configFile;

    @Option(names = "--print-config", description = "Print the crawl's settings as JSON (every setting, defaults "
            + "included) and exit without crawling.")
    boolean printConfig;

    /**
     * Checks the options (and the configuration file's settings), then runs the crawl on its backend (memory, a new
     * state file, or a crawl shared through Redis) through {@link CrawlRun}, and returns its exit code.
     */
    @Override
    public Integer call() {
        log.configure(false);
        if (roots.isEmpty() && !frontier.given() && configFile == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Missing required parameter: 'ROOT', "
                    + "the URL to crawl from, such as 'loomcrawl crawl https://example.com/'");
        }
        for (String root : roots) {
            try {
                RootUrl.parse(root);
            } catch (IllegalArgumentException e) {
                throw new Main.BadInput(spec.commandLine(), OptionNames.flags(e));
            }
        }
        ConfigTarget target = usage(this::target);
        CrawlConfig config = roots.isEmpty() && configFile == null ? null : usage(() -> config(target));
        CrawlJob job = usage(() -> target.job(config));
        if (printConfig) {
            if (config == null) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--print-config needs ROOT URLs or "
                        + "--config FILE: a shared crawl's settings are in Redis");
            }
            spec.commandLine().getOut().print(ConfigJson.write(job));
            spec.commandLine().getOut().flush();
            return Main.FINISHED;
        }
        SelectorScraper scraper = usage(() -> job.scrape().scraper());
        ScrapeOptions.refuseInconsistent(spec, job.scrape(), job.outputs().items() != null);
        StateSettings state = job.state();
        if (state.frontier() != null && state.file() != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--state and --frontier cannot be "
                    + "combined: a shared crawl keeps its state in Redis");
        }
        StateOptions.refuseLinksWithoutState(spec, state);
        Path spillDir = StateOptions.spillDir(spec, state);
        if (state.frontier() != null) FrontierOptions.check(spec, state, config != null);
        RenderSettings render = usage(() -> RenderSettings.of(job.render()));
        // with a state, paths are absolute: resume may run elsewhere
        OutputSettings files = state.file() == null ? job.outputs() : job.outputs().absolute();
        Outputs.Plan plan = OutputOptions.plan(spec, files, !outputs.noProgress && !log.quiet, outputs.metrics,
                usage(() -> job.scrape().fieldNames()), state.file());
        report.take(job.run());
        report.check(spec.commandLine(), plan, state.file());
        Path saveCookies = job.run().saveCookies();
        if (state.frontier() != null) {
            Backend.Shared shared = FrontierOptions.join(state, config, maxTasks, spillDir, spec.commandLine());
            if (shared == null) return Main.FINISHED; // the shared crawl is over: nothing left to do
            try (shared) {
                return CrawlRun.run(shared, shared.config(), plan, report, scraper, render, spec, saveCookies);
            }
        }
        if (state.file() != null) {
            Backend.StateFile stateFile;
            try { // what every run of the crawl opens, scrapes and renders is kept beside its configuration
                stateFile = Backend.StateFile.create(state.file(), config, state.links(),
                        ConfigCodec.encodeKept(new CrawlJob(config, files, job.scrape(), job.render(), state,
                                job.run())));
            } catch (StateException e) {
                return CrawlRun.failed(spec.commandLine(), e);
            }
            try (stateFile) {
                return CrawlRun.run(stateFile, config, plan, report, scraper, render, spec, saveCookies);
            }
        }
        return CrawlRun.run(new Backend.Memory(spillDir), config, plan, report, scraper, render, spec, saveCookies);
    }

    /**
     * The crawl job's settings: the configuration file's, then the options given, which replace them; a bad value
     * throws IllegalArgumentException naming it.
     */
    private ConfigTarget target() {
        ConfigTarget target = new ConfigTarget();
        CommandLine.ParseResult given = spec.commandLine().getParseResult();
        if (configFile != null) {
            try {
                ConfigJson.readInto(target, ConfigFile.read(configFile),
                        CommandLineSettings.given(given, !roots.isEmpty()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--config " + configFile + ": " + e.getMessage(), e);
            }
        }
        SettingSpec root = CrawlSettings.named("root").orElseThrow();
        roots.forEach(r -> root.write().accept(target, r));
        CommandLineSettings.apply(given, target);
        return target;
    }

    /** The crawl's configuration; a bad value throws IllegalArgumentException naming it. */
    private static CrawlConfig config(ConfigTarget target) {
        CrawlConfig config = target.build();
        config.session().check(); // a missing password or file is one line now, not a failure mid-crawl
        return config;
    }

    /** Runs a step that validates options, turning its IllegalArgumentException into a usage error. */
    private <T> T usage(java.util.function.Supplier<T> step) {
        try {
            return step.get();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), OptionNames.flags(e));
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
