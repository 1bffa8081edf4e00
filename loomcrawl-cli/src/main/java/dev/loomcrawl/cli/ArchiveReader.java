package dev.loomcrawl.cli;

import org.netpreserve.jwarc.ParsingException;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * The WARC records of an archive a crawl wrote: a WARC file ({@code --warc}, gzipped or not) read by jwarc, or a
 * WACZ ({@code --wacz}) whose {@code archive/*.warc.gz} entries are read in name order through java.util.zip. Records
 * are handed over one at a time with where they are ({@link Place}), so that nothing but one record's headers is
 * held; a body is read only by whoever asks for it. What is not an archive is an {@link Unreadable} with one line.
 */
final class ArchiveReader {
    /** WARC files read from one WACZ, at most: a package of ours holds one per --warc-max-size of the crawl. */
    static final int MAX_WARCS_PER_WACZ = 100_000;

    /** A file that cannot be read as an archive, with the one line that says why. */
    static final class Unreadable extends Exception {
        Unreadable(String message) {
            super(message);
        }
    }

    /** Where a record is: the file as given, the WACZ entry (null for a WARC file), its offset in the WARC. */
    record Place(String file, String entry, long offset) {
        /** The WARC the record is in, for people: {@code crawl-00000.warc.gz}, {@code crawl.wacz!/archive/...}. */
        String warc() {
            return entry == null ? file : file + "!/" + entry;
        }
    }

    /** What is done with each record; may stop the reading by returning false. */
    interface Visitor {
        boolean visit(WarcRecord record, Place place) throws IOException;
    }

    private ArchiveReader() {}

    /** Hands over each record of {@code file} in order, until {@code visitor} says stop. */
    static void read(Path file, Visitor visitor) throws Unreadable {
        String name = file.toString();
        try {
            if (isZip(file)) {
                readWacz(file, visitor);
            } else {
                try (WarcReader reader = new WarcReader(file)) {
                    readWarc(reader, new Place(name, null, 0), visitor);
                }
            }
        } catch (NoSuchFileException e) {
            throw new Unreadable(name + ": no such file");
        } catch (ZipException e) {
            throw new Unreadable(name + ": not a WACZ (a zip file): " + e.getMessage());
        } catch (IOException e) {
            throw new Unreadable(name + ": cannot read it: " + e.getMessage());
        }
    }

    private static boolean isZip(Path file) throws IOException {
        if (Files.isDirectory(file)) throw new IOException("it is a directory");
        try (InputStream in = Files.newInputStream(file)) {
            byte[] magic = in.readNBytes(4);
            return magic.length == 4 && magic[0] == 'P' && magic[1] == 'K' && magic[2] == 3 && magic[3] == 4;
        }
    }

    private static void readWacz(Path file, Visitor visitor) throws IOException, Unreadable {
        try (ZipFile zip = new ZipFile(file.toFile())) {
            List<String> warcs = new ArrayList<>();
            for (ZipEntry e : Collections.list(zip.entries())) {
                String n = e.getName();
                if (!e.isDirectory() && n.startsWith("archive/") && n.matches("(?i).*\\.warc(\\.gz)?")) warcs.add(n);
                if (warcs.size() > MAX_WARCS_PER_WACZ) {
                    throw new Unreadable(file + ": more than " + MAX_WARCS_PER_WACZ + " WARC files in one WACZ");
                }
            }
            if (warcs.isEmpty()) throw new Unreadable(file + ": a WACZ without WARC files (archive/*.warc.gz)");
            Collections.sort(warcs);
            for (String entry : warcs) {
                try (InputStream in = zip.getInputStream(zip.getEntry(entry)); WarcReader reader = new WarcReader(in)) {
                    if (!readWarc(reader, new Place(file.toString(), entry, 0), visitor)) return;
                }
            }
        }
    }

    /** Reads {@code reader}'s records; false when the visitor stopped. */
    private static boolean readWarc(WarcReader reader, Place where, Visitor visitor) throws IOException, Unreadable {
        while (true) {
            long offset = reader.position();
            WarcRecord record;
            try {
                record = reader.next().orElse(null);
            } catch (ParsingException e) {
                throw new Unreadable(where.warc() + ": not a WARC file (the record at byte " + offset
                        + " does not parse)");
            }
            if (record == null) return true;
            if (!visitor.visit(record, new Place(where.file(), where.entry(), record.position()))) return false;
        }
    }
}
