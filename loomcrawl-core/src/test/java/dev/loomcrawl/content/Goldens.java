package dev.loomcrawl.content;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;

/**
 * The golden files of src/test/resources/content/markdown: for each construct, {@code <construct>.html} (a body
 * fragment) and {@code <construct>.md} (its Markdown, checked by hand), read with the base URI
 * {@value #BASE}.
 */
final class Goldens {
    static final String BASE = "https://docs.example.org/guide/page.html";

    private Goldens() {
    }

    /** The HTML files, sorted. */
    static List<Path> inputs() {
        URL dir = Goldens.class.getResource("/content/markdown");
        if (dir == null) throw new IllegalStateException("no content/markdown test resources");
        try (Stream<Path> files = Files.list(Path.of(dir.toURI()))) {
            return files.filter(f -> f.toString().endsWith(".html")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The body of an HTML file, parsed with the golden base URI. */
    static Element body(Path html) {
        return Jsoup.parse(read(html), BASE).body();
    }

    /** The expected Markdown of an HTML file. */
    static String expected(Path html) {
        return read(html.resolveSibling(html.getFileName().toString().replace(".html", ".md")));
    }

    static String name(Path html) {
        return html.getFileName().toString().replace(".html", "");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
