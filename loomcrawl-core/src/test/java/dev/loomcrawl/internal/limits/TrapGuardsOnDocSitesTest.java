package dev.loomcrawl.internal.limits;

import dev.loomcrawl.limits.LimitSettings;
import dev.loomcrawl.internal.limits.CrawlLimits;
import dev.loomcrawl.reason.DropReason;
import dev.loomcrawl.extract.Link;
import dev.loomcrawl.extract.StreamingLinkExtractor;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real sites stay whole: every page of four documentation sites (Debian's python3-doc, openjdk-17-doc,
 * libboost1.81-doc and postgresql-doc-15) and every link in them to a file that exists passes the default
 * trap guards, and session-id stripping changes none of them. Each URL is offered once, as the seen set
 * would, to one {@link CrawlLimits} per site, so the URL-shape counts add up as in a whole crawl. A site that
 * is not installed is skipped (scripts/test-deps.sh installs the first two).
 */
class TrapGuardsOnDocSitesTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({"python, /usr/share/doc/python3-doc/html", "jdk, /usr/share/doc/openjdk-17-doc/api",
            "boost, /usr/share/doc/libboost1.81-doc", "postgresql, /usr/share/doc/postgresql-doc-15/html"})
    void defaultTrapGuardsDropNoUrlOfARealDocumentationSite(String name, Path root) throws IOException {
        Assumptions.assumeTrue(Files.isDirectory(root), "skipped: " + root + " is not installed");
        WebUrl base = WebUrl.parse("http://" + name + ".docs.test/");
        StreamingLinkExtractor extractor = new StreamingLinkExtractor();
        CrawlLimits limits = new CrawlLimits(LimitSettings.defaults());
        Set<WebUrl> seen = new LinkedHashSet<>();
        Map<String, Integer> droppedExisting = new TreeMap<>();
        Map<String, Integer> droppedMissing = new TreeMap<>();
        int existing = 0;
        int changedByNormalize = 0;
        for (Path page : htmlPages(root)) {
            WebUrl url = base.resolve(relative(root, page));
            List<WebUrl> found = new ArrayList<>();
            found.add(url);
            for (Link link : extractor.extract(Files.readAllBytes(page), null, url).links()) {
                if (link.fetchable() && link.target().host().equals(base.host())) found.add(link.target());
            }
            for (WebUrl u : found) {
                WebUrl normal = limits.normalize(u);
                if (normal != u) changedByNormalize++;
                if (!seen.add(normal)) continue;
                boolean exists = Files.exists(fileOf(root, normal));
                if (exists) existing++;
                DropReason reason = limits.dropReason(normal, 1);
                if (reason != null) (exists ? droppedExisting : droppedMissing).merge(reason.label(), 1, Integer::sum);
            }
        }
        System.out.printf("%s: %d distinct URLs on the site, %d of existing files; dropped: existing %s, "
                + "missing %s; changed by normalize: %d; the most %s%n", name, seen.size(), existing,
                droppedExisting, droppedMissing, changedByNormalize, mostOfEach(seen));
        assertTrue(existing > 100, "too few pages found under " + root + ": " + existing);
        assertEquals(Map.of(), droppedExisting, "URLs of existing files dropped by the default guards");
        assertEquals(0, changedByNormalize, "URLs changed by session-id stripping");
    }

    /** How close the site comes to each guard: the most segments, repeats, query characters, URLs per shape. */
    private static Map<String, Object> mostOfEach(Set<WebUrl> urls) {
        Map<String, Integer> shapes = new TreeMap<>();
        int segments = 0, repeats = 0, pieceRepeats = 0, query = 0, parameterRepeats = 0;
        for (WebUrl u : urls) {
            segments = Math.max(segments, u.segments().size());
            repeats = Math.max(repeats, TrapGuards.mostRepeats(u.segments()));
            pieceRepeats = Math.max(pieceRepeats, TrapGuards.mostRepeats(TrapGuards.pathAndQueryPieces(u)));
            if (u.query() != null) {
                query = Math.max(query, u.query().length());
                int names = TrapGuards.mostRepeats(TrapGuards.parameterNames(u.query()));
                parameterRepeats = Math.max(parameterRepeats, names);
            }
            String pathAndQuery = u.path() + (u.query() == null ? "" : u.query());
            if (pathAndQuery.chars().anyMatch(Character::isDigit)) shapes.merge(UrlShapes.shape(u), 1, Integer::sum);
        }
        Map.Entry<String, Integer> top = shapes.entrySet().stream().max(Map.Entry.comparingByValue()).orElse(null);
        Map<String, Object> most = new java.util.LinkedHashMap<>();
        most.put("path-segments", segments);
        most.put("segment-repeats", repeats);
        most.put("piece-repeats", pieceRepeats);
        most.put("query-length", query);
        most.put("parameter-repeats", parameterRepeats);
        most.put("urls-per-shape", top == null ? 0 : top.getValue() + " (" + top.getKey() + ")");
        return most;
    }

    private static List<Path> htmlPages(Path root) {
        try (Stream<Path> files = Files.walk(root, FileVisitOption.FOLLOW_LINKS)) {
            return files.filter(p -> p.toString().endsWith(".html") || p.toString().endsWith(".htm")).sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String relative(Path root, Path page) {
        StringBuilder ref = new StringBuilder();
        for (Path part : root.relativize(page)) {
            if (!ref.isEmpty()) ref.append('/');
            ref.append(part.toString().replace("%", "%25").replace(" ", "%20").replace("#", "%23")
                    .replace("?", "%3F"));
        }
        return ref.toString();
    }

    /** The file a URL of the site names: its path, decoded, under the root ({@code dir/} is dir/index.html). */
    private static Path fileOf(Path root, WebUrl url) {
        String path;
        try {
            path = URLDecoder.decode(url.path().replace("+", "%2B"), StandardCharsets.UTF_8).substring(1);
        } catch (IllegalArgumentException e) { // a '%' not followed by two hex digits stays as it is
            path = url.path().substring(1);
        }
        Path file = root.resolve(path);
        return path.isEmpty() || path.endsWith("/") ? file.resolve("index.html") : file;
    }
}
