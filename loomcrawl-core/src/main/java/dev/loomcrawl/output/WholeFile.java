package dev.loomcrawl.output;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A file written whole when the crawl ends (the HTML report, a re-crawl's change page, the WACZ package). A regular
 * file (or none yet) is written to a temporary file beside it, synced, and moved into place, so a reader never
 * sees half of it; a symbolic link keeps the link and replaces (or creates) the file it leads to. Anything else
 * that is not a directory (a device such as {@code /dev/stdout} or {@code /dev/null}, a named pipe) is written
 * through, as the line outputs are: it is never replaced by a plain file. A directory is refused.
 */
public final class WholeFile {
    /** Writes the content; an {@link IOException} it throws becomes the output's {@link OutputException}. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private WholeFile() {}

    /** Throws {@link OutputException} unless {@code path} can be written as above, so a bad path fails first. */
    public static void check(Path path) {
        if (Files.isDirectory(path)) throw new OutputException(path.toString(), "Is a directory");
        Path target = target(path);
        if (target == null) {
            if (!Files.isWritable(path)) throw new OutputException(path.toString(), "Permission denied");
            return;
        }
        try {
            Files.write(temporary(target), new byte[0]);
            Files.delete(temporary(target));
        } catch (IOException e) {
            throw new OutputException(path.toString(), e);
        }
    }

    /** Writes {@code content} at {@code path}, as the class comment says. */
    public static void write(Path path, Content content) {
        if (Files.isDirectory(path)) throw new OutputException(path.toString(), "Is a directory");
        Path target = target(path);
        try {
            if (target == null) {
                try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(path), 1 << 16)) {
                    content.writeTo(out);
                }
                return;
            }
            Path tmp = temporary(target);
            try {
                try (FileOutputStream file = new FileOutputStream(tmp.toFile());
                     BufferedOutputStream out = new BufferedOutputStream(file, 1 << 16)) {
                    content.writeTo(out);
                    out.flush();
                    file.getFD().sync(); // whole on disk before its final name says so
                }
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new OutputException(path.toString(), e);
        }
    }

    /** The directory for scratch files beside {@code path}'s content: the target's, or the system's for a device. */
    public static Path scratchDirectory(Path path) {
        Path target = target(path);
        return target == null ? Path.of(System.getProperty("java.io.tmpdir")) : target.toAbsolutePath().getParent();
    }

    /**
     * The regular file to replace for {@code path}: itself when it is one or does not exist, else the file its
     * symbolic links lead to (which may not exist yet); null when it is something to write through (a device, a
     * pipe).
     */
    private static Path target(Path path) {
        Path p = path.toAbsolutePath();
        for (int hops = 0; hops < 40 && Files.isSymbolicLink(p); hops++) {
            try {
                p = p.resolveSibling(Files.readSymbolicLink(p));
            } catch (IOException e) {
                return null;
            }
        }
        if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) return p;
        return Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) ? p : null;
    }

    /** A hidden file next to the target, so the final move stays on one file system. */
    private static Path temporary(Path target) {
        return target.resolveSibling("." + target.getFileName() + ".tmp");
    }
}
