package dev.loomcrawl.cli;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.config.ConfigCodec;
import dev.loomcrawl.config.ConfigTarget;
import dev.loomcrawl.config.CrawlJob;
import dev.loomcrawl.render.chromium.RenderSettings;
import dev.loomcrawl.state.StateException;
import dev.loomcrawl.store.sqlite.SqliteCrawlStore;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code loomcrawl resume FILE}: the next run of a crawl started with {@code crawl --state FILE}. */
@Command(name = "resume", sortOptions = false, usageHelpAutoWidth = true,
        description = {"Continue the crawl whose state is in FILE, then print its report.",
                "It runs with its saved configuration; the report covers all its runs.",
                "URLs finished in earlier runs are not fetched again; those that were in flight when a run was "
                        + "killed are. Limits and --max-tasks may be changed; the new values are saved.",
                "The crawl's outputs (--output, --links, --items, --warc) are appended to, each finished URL once; "
                        + "the HTML report (--html-report) is written again, of all runs."},
        footerHeading = "%nExamples:%n",
        footer = {"  loomcrawl resume crawl.db",
                "  loomcrawl resume --max-pages 50000 --max-tasks 20 crawl.db",
                "",
                Main.EXIT_CODES, "A FILE that cannot be used (missing, read-only, not a crawl's state) is exit code 1."})
class ResumeCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The state file given to 'crawl --state'.")
    Path file;

    @Option(names = {"--max-tasks", "--max_tasks"}, paramLabel = "N",
            description = "Fetches in flight at once (default: the saved value).")
    Integer maxTasks;

    @Option(names = "--max-body-memory", paramLabel = "SIZE", converter = Converters.SizeConverter.class,
            description = "Response bodies held in memory at once (default: a quarter of the heap; not saved with "
                    + "the crawl: each run has its own).")
    Long maxBodyMemory;

    @CommandLine.Mixin
    LimitOptions limits = new LimitOptions();

    @Option(names = "--no-progress", description = "No progress on standard error (a live line on a terminal, "
            + "else a line every 5 seconds).")
    boolean noProgress;

    @CommandLine.Mixin
    ReportOptions report = new ReportOptions();

    @Option(names = "--save-cookies", paramLabel = "FILE",
            description = "Write the crawl's cookies to FILE at the end, as a Netscape cookies.txt.")
    Path saveCookies;

    @CommandLine.Mixin
    LogOptions log = new LogOptions();

    @Override
    public Integer call() {
        log.configure(false);
        SqliteCrawlStore store;
        try {
            store = SqliteCrawlStore.open(file);
        } catch (StateException e) {
            return CrawlRun.failed(spec.commandLine(), e);
        }
        try (store) {
            CrawlConfig config = overridden(store.config());
            CrawlJob saved; // what every run of the crawl opens, scrapes and renders
            Outputs.Plan plan;
            RenderSettings render;
            try {
                ConfigTarget kept = new ConfigTarget();
                ConfigCodec.decodeKept(kept, store.settings());
                saved = kept.job(config);
                plan = Outputs.Plan.of(saved.outputs(), saved.scrape().fieldNames(),
                        !noProgress && !log.quiet);
                render = RenderSettings.of(saved.render());
            } catch (IllegalArgumentException e) {
                throw new StateException("state file " + file + ": its settings cannot be used: " + e.getMessage(), e);
            }
            if (!ConfigCodec.encode(config).equals(ConfigCodec.encode(store.config()))) store.saveConfig(config);
            report.check(spec.commandLine(), plan, file);
            beforeRun(store);
            return CrawlRun.run(Backend.StateFile.resume(file, store), config, plan, report,
                    saved.scrape().scraper(), render, spec, saveCookies);
        } catch (StateException e) {
            return CrawlRun.failed(spec.commandLine(), e);
        }
    }

    /** What the run does first, with the state open: nothing for a resume; a re-crawl starts its pass. */
    void beforeRun(SqliteCrawlStore store) {}

    private CrawlConfig overridden(CrawlConfig saved) {
        try {
            ConfigTarget target = new ConfigTarget();
            ConfigCodec.decodeInto(target, ConfigCodec.encode(saved));
            CommandLineSettings.apply(spec.commandLine().getParseResult(), target);
            return target.build();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), OptionNames.flags(e));
        }
    }
}
