package dev.loomcrawl.cli;

import dev.loomcrawl.state.RevisitPolicy;
import dev.loomcrawl.store.sqlite.SqliteCrawlStore;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.time.Duration;

/**
 * {@code loomcrawl recrawl FILE}: the next pass of a crawl started with {@code crawl --state FILE}, finished or
 * stopped. Every finished URL that is due is fetched again with a conditional GET; the run then goes on as
 * {@code resume} does (options, outputs appended to, report), and a pass cut short is continued by {@code resume}.
 */
@Command(name = "recrawl", sortOptions = false, usageHelpAutoWidth = true,
        description = {"Crawl again the crawl whose state is in FILE (a new pass).",
                "The pass runs with the crawl's saved configuration.",
                "Every URL it finished that is due (--min-age, --adaptive) is revisited with a conditional GET "
                        + "(If-None-Match, If-Modified-Since) and recorded as not-modified, unchanged, changed or "
                        + "gone; new URLs are crawled as usual. 'report --changes FILE' lists what the pass found.",
                "The crawl's outputs are appended to, as 'resume' does; a pass cut short is continued by 'resume'."},
        footerHeading = "%nExamples:%n",
        footer = {"  loomcrawl recrawl crawl.db",
                "  # only the URLs last fetched a day ago or more:",
                "  loomcrawl recrawl --min-age 1d crawl.db",
                "  # each URL when its own interval has passed:",
                "  loomcrawl recrawl --adaptive crawl.db",
                "",
                Main.EXIT_CODES, "A FILE that cannot be used (missing, read-only, not a crawl's state) is exit code 1."})
final class RecrawlCommand extends ResumeCommand {
    @Option(names = "--min-age", paramLabel = "DURATION", defaultValue = "0s",
            converter = Converters.DurationConverter.class,
            description = "Revisit only URLs last fetched at least this long ago (default: every URL).")
    Duration minAge;

    @Option(names = "--adaptive",
            description = "Revisit each URL only when its own interval has passed: 1 day at first, x1.4 after each "
                    + "pass that found it unchanged, x0.8 after one that found it changed, between 1 minute and 365 "
                    + "days (Nutch's adaptive schedule).")
    boolean adaptive;

    @Override
    void beforeRun(SqliteCrawlStore store) {
        if (minAge.isNegative()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--min-age must not be negative");
        }
        int pass = store.startPass(new RevisitPolicy(minAge, adaptive));
        if (!log.quiet) spec.commandLine().getErr().println("loomcrawl: pass " + pass + " of " + file);
    }
}
