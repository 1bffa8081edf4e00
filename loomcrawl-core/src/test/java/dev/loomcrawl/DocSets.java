package dev.loomcrawl;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The two real documentation sites the differential tests run on: Debian's python3-doc and openjdk-17-doc. */
public final class DocSets {
    private static final List<Path> ROOTS = List.of(
            Path.of("/usr/share/doc/python3-doc/html"), Path.of("/usr/share/doc/openjdk-17-doc/api"));

    private DocSets() {}

    /** Every HTML page of both sites; skips the calling test when they are not installed. */
    public static List<Path> htmlPages() {
        Assumptions.assumeTrue(ROOTS.stream().allMatch(Files::isDirectory),
                "skipped: the python3-doc and openjdk-17-doc packages are not installed (scripts/test installs them)");
        List<Path> pages = new ArrayList<>();
        for (Path root : ROOTS) {
            try (Stream<Path> files = Files.walk(root, FileVisitOption.FOLLOW_LINKS)) {
                files.filter(p -> p.toString().endsWith(".html")).forEach(pages::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return pages;
    }

    /** A page's bytes. */
    public static byte[] read(Path page) {
        try {
            return Files.readAllBytes(page);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
