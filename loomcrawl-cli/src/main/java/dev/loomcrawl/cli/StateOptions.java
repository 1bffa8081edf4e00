package dev.loomcrawl.cli;

import dev.loomcrawl.config.StateSettings;
import dev.loomcrawl.spill.SpillDirectory;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.nio.file.Files;
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

    @Option(names = "--spill-dir", paramLabel = "DIR",
            description = "Without --state: where the queue and the report's records go once they outgrow memory "
                    + "(deleted at the end). Default: the temporary directory, or /var/tmp when that is a tmpfs.")
    Path spillDir;

    /** Where a crawl without a state file spills; a bad --spill-dir (a file, not writable) is a usage error. */
    static Path spillDir(CommandLine.Model.CommandSpec spec, StateSettings state) {
        Path spillDir = state.spillDir();
        if (spillDir == null) return SpillDirectory.defaultBase();
        if (Files.exists(spillDir) && (!Files.isDirectory(spillDir) || !Files.isWritable(spillDir))) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--spill-dir must be a directory this process can write to: '" + spillDir + "'");
        }
        return spillDir;
    }

    /** --state-links alone is a usage error. */
    static void refuseLinksWithoutState(CommandLine.Model.CommandSpec spec, StateSettings state) {
        if (state.file() == null && state.links()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--state-links needs --state FILE");
        }
    }
}
