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

/**
 * The real documentation sites the differential tests run on: Debian's python3-doc and openjdk-17-doc
 * ({@link #htmlPages()}), and with libboost1.81-doc and postgresql-doc-15 the four of {@link #ALL}.
 */
public final class DocSets {
    private static final List<Path> ROOTS = List.of(
            Path.of("/usr/share/doc/python3-doc/html"), Path.of("/usr/share/doc/openjdk-17-doc/api"));

    /** A documentation site as Debian installs it: its package and the directory of its HTML pages. */
    public record DocSet(String name, Path root) {
        /** Every HTML page of the set, in path order; skips the calling test when the package is not installed. */
        public List<Path> pages() {
            Assumptions.assumeTrue(Files.isDirectory(root),
                    "skipped: the " + name + " package is not installed (scripts/test installs it)");
            try (Stream<Path> files = Files.walk(root, FileVisitOption.FOLLOW_LINKS)) {
                return files.filter(p -> p.toString().endsWith(".html")).sorted().toList();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** The four doc sets of the Markdown and content benches: Python 3.11, JDK 17 API, Boost 1.81, PostgreSQL 15. */
    public static final List<DocSet> ALL = List.of(
            new DocSet("python3-doc", ROOTS.get(0)),
            new DocSet("openjdk-17-doc", ROOTS.get(1)),
            new DocSet("libboost1.81-doc", Path.of("/usr/share/doc/libboost1.81-doc/doc/html")),
            new DocSet("postgresql-doc-15", Path.of("/usr/share/doc/postgresql-doc-15/html")));

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
