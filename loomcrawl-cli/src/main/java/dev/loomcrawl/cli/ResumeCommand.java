package dev.loomcrawl.cli;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.config.ConfigCodec;
import dev.loomcrawl.config.ConfigTarget;
import dev.loomcrawl.config.CrawlJob;
import dev.loomcrawl.config.RunSettings;
import dev.loomcrawl.config.SettingGroup;
import dev.loomcrawl.config.SettingSpec;
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

    // the command's own options; the crawl settings it may change are rows of the settings table (resumeRows)

    @Option(names = CommandLineSettings.NO_TRAP_GUARDS, description = "Turn off every trap guard (path segments, "
            + "repeats, query parameters and length, URL shapes) except those given as options too.")
    boolean noTrapGuards;

    @Option(names = "--no-progress", description = "No progress on standard error (a live line on a terminal, "
            + "else a line every 5 seconds).")
    boolean noProgress;

    @CommandLine.Mixin
    LogOptions log = new LogOptions();

    /**
     * The rows a resumed crawl may change: --max-tasks and the limits (saved with the crawl, so that later runs keep
     * them), and this run's own but the cookies it starts with, which the state holds.
     */
    static boolean resumeRow(SettingSpec row) {
        return row.name().equals("max-tasks") || row.group() == SettingGroup.LIMITS
                || row.group() == SettingGroup.RUN && !row.name().equals("cookies");
    }

    /** The resume command: its own options, and before them one for each of {@link #resumeRow}. */
    static CommandLine commandLine(ResumeCommand command) {
        return RowOptions.commandLine(command, ResumeCommand::resumeRow, true);
    }

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
            ConfigTarget given = overridden(store.config());
            CrawlConfig config = usage(given::build);
            RunSettings run = given.run();
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
            ReportOptions report = new ReportOptions();
            report.take(run);
            report.check(spec.commandLine(), plan, file);
            beforeRun(store);
            return CrawlRun.run(Backend.StateFile.resume(file, store), config, plan, report,
                    saved.scrape().scraper(), render, spec, run.saveCookies());
        } catch (StateException e) {
            return CrawlRun.failed(spec.commandLine(), e);
        }
    }

    /** What the run does first, with the state open: nothing for a resume; a re-crawl starts its pass. */
    void beforeRun(SqliteCrawlStore store) {}

    /** The saved configuration with the options given set over it. */
    private ConfigTarget overridden(CrawlConfig saved) {
        return usage(() -> {
            ConfigTarget target = new ConfigTarget();
            ConfigCodec.decodeInto(target, ConfigCodec.encode(saved));
            CommandLineSettings.apply(spec.commandLine().getParseResult(), target);
            return target;
        });
    }

    /** Runs a step that sets the options given, turning its IllegalArgumentException into a usage error. */
    private <T> T usage(java.util.function.Supplier<T> step) {
        try {
            return step.get();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), OptionNames.flags(e));
        }
    }
}
