package dev.loomcrawl.cli;

import dev.loomcrawl.config.StateSettings;
import dev.loomcrawl.spill.SpillDirectory;
import picocli.CommandLine;

import java.nio.file.Files;
import java.nio.file.Path;

/** The checks of where a crawl's state lives: {@code --state FILE} (resumed by {@code loomcrawl resume FILE}), the spill. */
final class StateOptions {
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
