package dev.loomcrawl.cli;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.state.StateException;
import dev.loomcrawl.store.sqlite.SqliteCrawlStore;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** {@code --state FILE}: keep the crawl's state in a file, so that {@code loomcrawl resume FILE} can go on with it. */
final class StateOptions {
    @Option(names = "--state", paramLabel = "FILE",
            description = "Keep the frontier, the URLs seen, every record and the configuration in FILE "
                    + "(SQLite), so that 'loomcrawl resume FILE' continues the crawl after Ctrl-C, a crash or a "
                    + "power cut. FILE must not exist yet (or be empty). Outputs are written in step with it, and "
                    + "resume appends to them.")
    Path file;

    @Option(names = "--state-links", description = "With --state, also keep every link of every page (the link graph).")
    boolean links;

    /** --state-links alone is a usage error. */
    void refuseLinksWithoutState(CommandLine.Model.CommandSpec spec) {
        if (file == null && links) throw new CommandLine.ParameterException(spec.commandLine(), "--state-links needs --state FILE");
    }

    /**
     * Runs the crawl on a new state file, with the command's outputs and scraping options saved in it, and
     * returns its exit code. An output that cannot be opened is a usage error, and the new file is removed again.
     */
    int crawl(CrawlConfig config, SavedOptions saved, boolean progress, CommandLine.Model.CommandSpec spec) {
        SqliteCrawlStore store;
        try {
            store = SqliteCrawlStore.create(file, config, links, saved.encode());
        } catch (StateException e) {
            return StatefulCrawl.failed(spec, e);
        }
        try (store) {
            return StatefulCrawl.run(store, config, saved, progress, spec);
        } catch (Outputs.OpenFailed e) { // nothing was crawled: the file holds only the configuration
            SqliteCrawlStore.delete(file); // the usage error is what to report, deleted or not
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
