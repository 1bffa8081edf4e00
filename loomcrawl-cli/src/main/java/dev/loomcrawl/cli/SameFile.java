package dev.loomcrawl.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.regex.Pattern;

/** Whether two output options name one file: paths compared absolute and normalised, real where they exist. */
final class SameFile {
    private static final String WARC_NUMBER = "-\\d{5}\\.warc\\.gz";

    private SameFile() {}

    /** The path absolute and normalised; its real path where it (or its directory) exists, so links compare equal. */
    static Path normal(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        try {
            return absolute.toRealPath();
        } catch (IOException e) {
            Path parent = absolute.getParent();
            if (parent == null) return absolute;
            try {
                return parent.toRealPath().resolve(absolute.getFileName());
            } catch (IOException e2) {
                return absolute;
            }
        }
    }

    /**
     * Whether {@code file} (normalised) is one of the files {@code --warc PATH} writes: PATH-00000.warc.gz...,
     * or, when PATH is a directory, NAME-00000.warc.gz files in it.
     */
    static boolean isWarcFile(Path warc, Path file) {
        Path base = normal(warc);
        String name = file.getFileName() == null ? "" : file.getFileName().toString();
        if (Files.isDirectory(base)) return base.equals(file.getParent()) && name.matches(".*" + WARC_NUMBER);
        return Objects.equals(base.getParent(), file.getParent())
                && name.matches(Pattern.quote(String.valueOf(base.getFileName())) + WARC_NUMBER);
    }
}
