package dev.loomcrawl.spill;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A private directory for what a crawl without a state file keeps on disk once it outgrows memory (queued visits,
 * sorted runs of records for the report), deleted when closed. It holds a lock on a file inside it while open, so
 * a directory left behind by a killed process is known by its lock being free: each new spill directory deletes
 * those it finds beside it ({@link #create}).
 *
 * <p>The default place ({@link #defaultBase()}) is the JVM's temporary directory, unless that is a tmpfs: there a
 * spill would take memory, not disk, so {@code /var/tmp} is used instead when it can be written.
 */
public final class SpillDirectory implements AutoCloseable {
    static final String PREFIX = "loomcrawl-spill-";
    private static final String LOCK = "lock";
    private static final Logger log = LoggerFactory.getLogger(SpillDirectory.class);

    private final Path path;
    private final FileChannel lockChannel;
    private final FileLock lock;

    private SpillDirectory(Path path, FileChannel lockChannel, FileLock lock) {
        this.path = path;
        this.lockChannel = lockChannel;
        this.lock = lock;
    }

    /**
     * A new spill directory in {@code base} (created if missing), after deleting the spill directories that killed
     * processes left there. Throws {@link IOException} when none can be made.
     */
    public static SpillDirectory create(Path base) throws IOException {
        Files.createDirectories(base);
        removeAbandoned(base);
        Path dir = Files.createTempDirectory(base, PREFIX);
        FileChannel channel = FileChannel.open(dir.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try {
            return new SpillDirectory(dir, channel, channel.lock());
        } catch (IOException | RuntimeException e) {
            channel.close();
            delete(dir);
            throw e;
        }
    }

    /** The JVM's temporary directory, or {@code /var/tmp} when that one is a tmpfs (memory) and /var/tmp is not. */
    public static Path defaultBase() {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        Path varTmp = Path.of("/var/tmp");
        if (isTmpfs(tmp) && Files.isDirectory(varTmp) && Files.isWritable(varTmp) && !isTmpfs(varTmp)) return varTmp;
        return tmp;
    }

    private static boolean isTmpfs(Path dir) {
        try {
            return Files.getFileStore(dir).type().equals("tmpfs");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    public Path path() {
        return path;
    }

    /** Lets go of the lock and deletes the directory with everything in it. */
    @Override
    public void close() {
        try {
            lock.release();
            lockChannel.close();
        } catch (IOException e) {
            log.debug("releasing {}: {}", path, e.toString());
        }
        delete(path);
    }

    /** Deletes the spill directories in {@code base} whose lock no process holds. */
    private static void removeAbandoned(Path base) {
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(base, PREFIX + "*")) {
            for (Path dir : dirs) {
                if (Files.isDirectory(dir) && abandoned(dir)) {
                    log.debug("removing {}, left by a process that ended without removing it", dir);
                    delete(dir);
                }
            }
        } catch (IOException | RuntimeException e) {
            log.debug("looking for abandoned spill directories in {}: {}", base, e.toString());
        }
    }

    private static boolean abandoned(Path dir) {
        Path lockFile = dir.resolve(LOCK);
        try {
            // a directory younger than a minute may be one another process is creating, before it took its lock
            if (Files.getLastModifiedTime(lockFile).toInstant().isAfter(Instant.now().minus(Duration.ofMinutes(1)))) {
                return false;
            }
        } catch (IOException e) {
            return false; // no lock file: being created, or not ours
        }
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
            FileLock held = channel.tryLock();
            if (held == null) return false; // another process holds it
            held.release();
            return true;
        } catch (OverlappingFileLockException e) {
            return false; // this process holds it
        } catch (IOException e) {
            return false;
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> tree = Files.walk(dir)) {
            tree.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    log.debug("deleting {}: {}", p, e.toString());
                }
            });
        } catch (IOException | RuntimeException e) {
            log.debug("deleting {}: {}", dir, e.toString());
        }
    }
}
