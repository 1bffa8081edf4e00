package dev.loomcrawl.output;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An output file of a resumed crawl, brought back to where it ended at the crawl's last commit: what a killed
 * run wrote after that (part of the batch it was committing) is cut off, so the file holds each committed URL
 * once and is whole again. A file shorter than its committed end, or missing, was changed since, and is refused:
 * loomcrawl appends only to what it left.
 */
public final class ResumedFile {
    private static final Logger log = LoggerFactory.getLogger(ResumedFile.class);

    private ResumedFile() {}

    /**
     * Cuts {@code file} back to {@code end} bytes. A missing file is fine when nothing of it was committed
     * ({@code end} 0, {@code accounted} false); a file with bytes the state does not account for is refused.
     *
     * @param accounted whether the state saved an end for this file (false: it committed nothing to it)
     */
    public static void cut(Path file, long end, boolean accounted) {
        try {
            if (!Files.exists(file)) {
                if (end > 0) throw new OutputException(file.toString(), "it is missing, yet the crawl had written "
                        + end + " bytes to it; loomcrawl appends only to the file it left: put it back");
                return;
            }
            long size = Files.size(file);
            if (size < end) {
                throw new OutputException(file.toString(), "it has " + size + " bytes, fewer than the " + end
                        + " the crawl had written to it: it was changed since; loomcrawl appends only to the file it "
                        + "left: put it back");
            }
            if (!accounted && size > 0) {
                throw new OutputException(file.toString(), "it holds " + size + " bytes that the crawl did not write;"
                        + " loomcrawl will not overwrite them: move the file away");
            }
            if (size == end) return;
            try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
                f.setLength(end);
                f.getFD().sync();
            }
            log.warn("{}: cut {} bytes written after the crawl's last commit (the URLs being committed when it was "
                    + "killed; they are fetched again)", file, size - end);
        } catch (IOException e) {
            throw new OutputException(file.toString(), e);
        }
    }
}
