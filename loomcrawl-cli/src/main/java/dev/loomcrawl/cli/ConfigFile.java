package dev.loomcrawl.cli;

import dev.loomcrawl.files.InputFile;

import java.io.IOException;
import java.nio.file.Path;

/** A {@code --config} file: a regular file of UTF-8 JSON, at most {@link InputFile#CONFIG}'s size. */
final class ConfigFile {
    private ConfigFile() {}

    /** Its text; an IllegalArgumentException of one line when it is missing, not a file, too large or not UTF-8. */
    static String read(Path file) {
        try {
            return InputFile.CONFIG.read(file);
        } catch (IOException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
    }
}
