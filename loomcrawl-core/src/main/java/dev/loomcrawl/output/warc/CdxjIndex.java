package dev.loomcrawl.output.warc;

import org.netpreserve.jwarc.cdx.CdxFormat;
import org.netpreserve.jwarc.cdx.CdxWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * The CDXJ index of a WARC file, as pywb and ReplayWeb.page read it: one line per response, resource and revisit
 * record, {@code SURT TIMESTAMP {"url", "mime", "status", "digest", "length", "offset", "filename"}}, sorted
 * (revisits have mime {@code warc/revisit}). Written by jwarc's {@link CdxWriter} from the WARC file itself, so it
 * always describes the file as it is on disk; {@code filename} is the WARC file's name without its directory.
 */
public final class CdxjIndex {
    private static final Logger log = LoggerFactory.getLogger(CdxjIndex.class);

    private CdxjIndex() {}

    /** Where the index of {@code warc} lies: beside it, {@code crawl-00000.warc.gz} giving {@code crawl-00000.cdxj}. */
    public static Path beside(Path warc) {
        String name = warc.getFileName().toString().replaceFirst("(?i)\\.warc(\\.gz)?$", "");
        return warc.resolveSibling(name + ".cdxj");
    }

    /** Indexes {@code warc} into the file {@link #beside} it. */
    public static Path writeBeside(Path warc) throws IOException {
        Path index = beside(warc);
        write(warc, index);
        return index;
    }

    /**
     * Indexes {@code warc} into {@code index}, through a temporary file moved into place, so the index is whole or
     * absent, never half written (a killed process leaves at most {@code INDEX.tmp}).
     */
    public static void write(Path warc, Path index) throws IOException {
        Path tmp = index.resolveSibling(index.getFileName() + ".tmp");
        try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            write(List.of(warc), out);
        }
        try (FileChannel written = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
            written.force(true); // on disk before its name says it is whole
        }
        Files.move(tmp, index, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * Writes the sorted CDXJ lines of {@code warcs} (sorted together) to {@code out}, which is closed. The lines are
     * held in memory until all files are read: a few hundred bytes per record.
     */
    static void write(List<Path> warcs, Writer out) throws IOException {
        CdxWriter cdx = new CdxWriter(out);
        cdx.setFormat(CdxFormat.CDXJ);
        cdx.setSort(true);
        cdx.onWarning(warning -> log.warn("indexing {}", warning)); // a damaged record is left out
        try (cdx) {
            cdx.process(warcs, false);
        }
    }
}
