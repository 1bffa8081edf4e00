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
                    + "power cut. FILE must not exist yet (or be empty).")
    Path file;

    @Option(names = "--state-links", description = "With --state, also keep every link of every page (the link graph).")
    boolean links;

    /** Runs the crawl on a new state file when --state was given and returns its exit code; null when it was not. */
    Integer crawl(CrawlConfig config, CommandLine.Model.CommandSpec spec) {
        if (file == null) {
            if (links) throw new CommandLine.ParameterException(spec.commandLine(), "--state-links needs --state FILE");
            return null;
        }
        SqliteCrawlStore store;
        try {
            store = SqliteCrawlStore.create(file, config, links);
        } catch (StateException e) {
            return StatefulCrawl.failed(spec, e);
        }
        try (store) {
            return StatefulCrawl.run(store, config, spec);
        }
    }
}
