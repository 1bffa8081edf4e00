package dev.loomcrawl.cli;

import dev.loomcrawl.files.InputFile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code check --cache FILE}: the links to other sites that answered fine, with when, so that a repeat run within
 * {@code --max-cache-age} checks only what is new or was broken. Broken links are never kept: they are checked
 * again every run. A text file, a line per URL ({@code SECONDS<TAB>URL}, seconds since the epoch), after a
 * comment line naming the format; written whole to a temporary file that then replaces the old one, so a run
 * killed while writing leaves the last complete cache.
 */
final class CheckCache {
    static final String HEADER = "# loomcrawl check cache 1: seconds since the epoch a URL answered fine, a tab, the URL";

    private final Path file;
    /** URL -> when it answered fine: those still young enough, then this run's. */
    private final Map<String, Long> fine = new LinkedHashMap<>();

    private CheckCache(Path file) {
        this.file = file;
    }

    /**
     * The cache in {@code file} (empty when there is none yet), its entries older than {@code maxAge} at
     * {@code now} left out. Lines that do not parse are skipped; a file that is not a cache is refused, and so is
     * one that is not a regular file or is larger than a cache may be ({@link InputFile#CHECK_CACHE}).
     */
    static CheckCache read(Path file, Duration maxAge, Instant now) {
        CheckCache cache = new CheckCache(file);
        List<String> lines;
        try {
            lines = InputFile.CHECK_CACHE.lines(file);
        } catch (NoSuchFileException e) {
            return cache;
        } catch (IOException | UncheckedIOException e) {
            throw new UncheckedIOException("cannot read the cache " + file + ": " + e.getMessage(),
                    e instanceof IOException io ? io : new IOException(e));
        }
        if (!lines.isEmpty() && !lines.getFirst().startsWith("# loomcrawl check cache")) {
            String why = file + " is not a loomcrawl check cache (its first line is not \"" + HEADER.substring(0, 23)
                    + "...\"); give another --cache file";
            throw new UncheckedIOException(why, new IOException(why));
        }
        long oldest = now.getEpochSecond() - maxAge.toSeconds();
        for (String line : lines) {
            int tab = line.indexOf('\t');
            if (line.startsWith("#") || tab <= 0) continue;
            try {
                long at = Long.parseLong(line, 0, tab, 10);
                if (at > oldest && at <= now.getEpochSecond() + 60) cache.fine.put(line.substring(tab + 1), at);
            } catch (NumberFormatException e) {
                // a damaged line: that URL is checked again
            }
        }
        return cache;
    }

    /** The URLs that answered fine within the maximum age. */
    java.util.Set<String> recentlyFine() {
        return java.util.Set.copyOf(fine.keySet());
    }

    /** This run's URLs that answered fine, at {@code now}. */
    void answeredFine(List<String> urls, Instant now) {
        for (String url : urls) {
            if (url.indexOf('\n') < 0 && url.indexOf('\t') < 0) fine.put(url, now.getEpochSecond());
        }
    }

    /** Writes the cache: to a temporary file beside it, then moved over it. */
    void write() throws IOException {
        List<String> lines = new ArrayList<>(fine.size() + 1);
        lines.add(HEADER);
        fine.forEach((url, at) -> lines.add(at + "\t" + url));
        Path dir = file.toAbsolutePath().getParent();
        Path temp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
        try {
            Files.write(temp, lines, StandardCharsets.UTF_8);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
