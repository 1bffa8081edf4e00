package dev.loomcrawl.cli;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.config.StateSettings;
import dev.loomcrawl.redis.RedisCrawl;
import picocli.CommandLine;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * {@code --frontier redis://... --crawl-id NAME}: this process joins a crawl shared through Redis with every other
 * process given the same name (docs/distributed.md). The first one saves the crawl's options; a later one gives
 * the same options, or no ROOT and no crawl options at all, and takes them from Redis.
 */
final class FrontierOptions {
    /** How long a process given no ROOT waits for the crawl to be started by another. */
    private static final Duration JOIN_WAIT = Duration.ofSeconds(30);

    /**
     * Checks the crawl job's frontier settings (these options, or a configuration file's), before anything is opened;
     * {@code rootsGiven} false: the crawl's options come from Redis.
     */
    static void check(CommandLine.Model.CommandSpec spec, StateSettings state, boolean rootsGiven) {
        CommandLine cli = spec.commandLine();
        String uri = state.frontier();
        if (!uri.startsWith("redis://") && !uri.startsWith("rediss://")) {
            throw new CommandLine.ParameterException(cli, "--frontier takes a Redis URI, "
                    + "redis://[user:pass@]host:port[/db]: '" + uri + "'");
        }
        if (state.crawlId() == null) throw new CommandLine.ParameterException(cli, "--frontier needs --crawl-id NAME");
        if (state.leaseTime().toMillis() < 1000) {
            throw new CommandLine.ParameterException(cli, "--lease-time must be at least 1s");
        }
        if (state.redisOutage().toMillis() < 1000) {
            throw new CommandLine.ParameterException(cli, "--redis-outage must be at least 1s");
        }
        if (!rootsGiven) refuseCrawlOptions(spec);
    }

    /**
     * Joins the shared crawl with the {@code proposed} configuration (null when no ROOT was given: the saved one
     * is taken, waiting for another process to start the crawl); returns its backend, which holds the crawl's
     * configuration, or null when the crawl is already finished (said on standard error).
     */
    static Backend.Shared join(StateSettings state, CrawlConfig proposed, int maxTasks, Path spillDir,
                               CommandLine cli) {
        String uri = state.frontier();
        String crawlId = state.crawlId();
        RedisCrawl crawl;
        try {
            crawl = RedisCrawl.connect(uri, crawlId, state.redisOutage());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cli, OptionNames.flags(e));
        }
        try {
            if (proposed == null && crawl.config().isEmpty()) {
                cli.getErr().println("loomcrawl: waiting up to " + JOIN_WAIT.toSeconds() + " s for "
                        + crawl.describe() + " to be started by a process given ROOT URLs");
            }
            CrawlConfig config = crawl.join(proposed, maxTasks, JOIN_WAIT);
            if (crawl.finished()) {
                cli.getErr().println("loomcrawl: " + crawl.describe() + " is already finished; "
                        + "'loomcrawl report " + uri + " --crawl-id " + crawlId + "' prints its report");
                crawl.close();
                return null;
            }
            return new Backend.Shared(crawl, config, state.leaseTime(), spillDir);
        } catch (RuntimeException e) {
            crawl.close();
            throw e;
        }
    }

    /** Without ROOT, the crawl's options come from Redis: options that would change them are refused. */
    private static void refuseCrawlOptions(CommandLine.Model.CommandSpec spec) {
        // the saved settings but max-tasks, each process's own (as the run group's are)
        List<String> given = spec.commandLine().getParseResult().matchedOptions().stream()
                .filter(o -> o.longestName().equals(CommandLineSettings.NO_TRAP_GUARDS)
                        || CommandLineSettings.settingOf(o).filter(s -> s.ofConfig() && !s.name().equals("max-tasks"))
                        .isPresent())
                .map(CommandLine.Model.OptionSpec::longestName).distinct().toList();
        if (!given.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "without ROOT, a process takes the shared "
                    + "crawl's options from Redis, so " + String.join(", ", given) + " cannot be given; give the "
                    + "ROOT URLs and all the crawl's options, or neither");
        }
    }
}
