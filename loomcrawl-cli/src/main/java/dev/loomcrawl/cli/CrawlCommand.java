package dev.loomcrawl.cli;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.RootUrl;
import dev.loomcrawl.config.ConfigCodec;
import dev.loomcrawl.config.ConfigJson;
import dev.loomcrawl.config.ConfigTarget;
import dev.loomcrawl.config.CrawlJob;
import dev.loomcrawl.config.CrawlSettings;
import dev.loomcrawl.config.OutputSettings;
import dev.loomcrawl.config.SettingGroup;
import dev.loomcrawl.config.SettingSpec;
import dev.loomcrawl.config.StateSettings;
import dev.loomcrawl.render.chromium.RenderSettings;
import dev.loomcrawl.scrape.SelectorScraper;
import dev.loomcrawl.state.StateException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.net.InetSocketAddress;
import java.nio.file.Path;
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

    // the command's own options; every other is a row of the settings table (RowOptions), listed before these

    @Option(names = CommandLineSettings.NO_TRAP_GUARDS, description = "Turn off every trap guard (path segments, "
            + "repeats, query parameters and length, URL shapes) except those given as options too.")
    boolean noTrapGuards;

    @Option(names = "--metrics", paramLabel = "HOST:PORT", converter = Converters.AddressConverter.class,
            description = "Serve this process's counters as Prometheus metrics at http://HOST:PORT/metrics while "
                    + "it crawls (pages, errors, body bytes, queued, in flight).")
    InetSocketAddress metrics;

    @Option(names = "--no-progress", description = "No progress on standard error (a live line on a terminal, "
            + "else a line every 5 seconds).")
    boolean noProgress;

    @Option(names = "--config", paramLabel = "FILE", description = "Read the crawl's settings from FILE, a JSON "
            + "object keyed by option names without their dashes (what --print-config prints); options given "
            + "here replace the file's.")
    Path configFile;

    @Option(names = "--print-config", description = "Print the crawl's settings as JSON (every setting, defaults "
            + "included) and exit without crawling.")
    boolean printConfig;

    @CommandLine.Mixin
    LogOptions log = new LogOptions();

    /** The crawl command: its own options, and before them one for each row but the link checker's. */
    static CommandLine commandLine() {
        return RowOptions.commandLine(new CrawlCommand(),
                row -> row.group() != SettingGroup.LINK_CHECK && !row.name().equals("root"), false);
    }

    /**
     * Checks the options (and the configuration file's settings), then runs the crawl on its backend (memory, a new
     * state file, or a crawl shared through Redis) through {@link CrawlRun}, and returns its exit code.
     */
    @Override
    public Integer call() {
        log.configure(false);
        if (given("--strict") && given("--lenient")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Error: --strict, --lenient are mutually "
                    + "exclusive (specify only one)");
        }
        if (roots.isEmpty() && value("--frontier") == null && configFile == null) {
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
        String inconsistent = job.scrape().inconsistency(job.outputs().items() != null); // items without fields...
        if (inconsistent != null) throw new CommandLine.ParameterException(spec.commandLine(), inconsistent);
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
        Outputs.Plan plan = OutputOptions.plan(spec, files, !noProgress && !log.quiet, metrics,
                usage(() -> job.scrape().fieldNames()), state.file());
        ReportOptions report = new ReportOptions();
        report.take(job.run());
        report.check(spec.commandLine(), plan, state.file());
        Path saveCookies = job.run().saveCookies();
        if (state.frontier() != null) {
            int maxTasks = value("--max-tasks"); // without ROOT, this process's own
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

    private boolean given(String option) {
        return spec.commandLine().getParseResult().hasMatchedOption(option);
    }

    /** The value of an option made from a row (its default when not given). */
    @SuppressWarnings("unchecked")
    private <T> T value(String option) {
        return (T) spec.findOption(option).getValue();
    }
}
