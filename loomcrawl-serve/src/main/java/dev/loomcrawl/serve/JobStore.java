package dev.loomcrawl.serve;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The jobs' folders under the data directory, one per job, named by its id: {@code job.json} (its
 * {@link JobRecord}), {@code state.db} (its crawl's state), {@code documents.jsonl} and {@code errors.jsonl} (its
 * results). A record is replaced whole (written beside it, then moved over it), so a kill leaves the old or the new.
 * The data directory is this process's alone ({@code .lock}, held while the store is open: a second server on it would
 * resume, and fail, the first one's running jobs) and private: the directory and each job's folder are its owner's
 * alone (0700), and so are the files that keep a request's secrets (job.json, with a webhook's headers) and its
 * crawl's state (0600), whatever the umask.
 */
final class JobStore implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(JobStore.class);
    /** A job id: a UUID. Anything else in a request's path names no job, and no file. */
    private static final Pattern ID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    static final Set<PosixFilePermission> PRIVATE_DIR = PosixFilePermissions.fromString("rwx------");
    static final Set<PosixFilePermission> PRIVATE_FILE = PosixFilePermissions.fromString("rw-------");

    private final Path root;
    private final FileChannel lockFile;
    private final FileLock lock;

    /** The store of {@code root}; a {@link DataInUse} when another process has it. */
    JobStore(Path root) {
        this.root = root;
        try {
            Files.createDirectories(root);
            privately(root, PRIVATE_DIR);
            lockFile = FileChannel.open(root.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the data directory " + root + ": " + e.getMessage(), e);
        }
        lock = lock(root, lockFile);
    }

    private static FileLock lock(Path root, FileChannel file) {
        FileLock lock;
        try {
            lock = file.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null; // held by another server of this process
        } catch (IOException e) {
            close(file);
            throw new UncheckedIOException("cannot lock the data directory " + root + ": " + e.getMessage(), e);
        }
        if (lock == null) {
            String pid = "";
            try {
                pid = " (pid " + new String(Files.readAllBytes(root.resolve(".lock")), StandardCharsets.UTF_8).strip()
                        + ")";
            } catch (IOException e) {
                // who holds it is only said when it can be read
            }
            close(file);
            throw new DataInUse("the data folder " + root + " is in use by another loomcrawl server" + pid
                    + "; give each server its own --data");
        }
        try {
            file.truncate(0);
            file.write(java.nio.ByteBuffer.wrap((ProcessHandle.current().pid() + "\n")
                    .getBytes(StandardCharsets.UTF_8)), 0);
        } catch (IOException e) {
            // the pid is for the message of a second server only
        }
        return lock;
    }

    /** Gives the data directory up to another process. */
    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException e) {
            // the channel's closing releases it as well
        }
        close(lockFile);
    }

    private static void close(FileChannel file) {
        try {
            file.close();
        } catch (IOException e) {
            // nothing held any more
        }
    }

    /** Sets {@code path}'s permissions where the file system has POSIX ones. */
    static void privately(Path path, Set<PosixFilePermission> permissions) throws IOException {
        try {
            Files.setPosixFilePermissions(path, permissions);
        } catch (UnsupportedOperationException e) {
            // no POSIX permissions here
        }
    }

    static boolean isId(String s) {
        return ID.matcher(s).matches();
    }

    Path dir(String id) {
        if (!isId(id)) throw new IllegalArgumentException("not a job id: " + id);
        return root.resolve(id);
    }

    Path stateFile(String id) {
        return dir(id).resolve("state.db");
    }

    Path documents(String id) {
        return dir(id).resolve("documents.jsonl");
    }

    Path errors(String id) {
        return dir(id).resolve("errors.jsonl");
    }

    void create(JobRecord job) {
        try {
            Files.createDirectories(dir(job.id()));
            privately(dir(job.id()), PRIVATE_DIR);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        save(job);
    }

    void save(JobRecord job) {
        Path file = dir(job.id()).resolve("job.json");
        Path tmp = dir(job.id()).resolve("job.json.tmp");
        try {
            Files.deleteIfExists(tmp);
            Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PRIVATE_FILE));
            Files.write(tmp, Json.bytes(job.toJson()));
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save job " + job.id() + ": " + e.getMessage(), e);
        }
    }

    /** Every job kept, oldest first; a folder whose record cannot be read is skipped, and said so. */
    List<JobRecord> all() {
        List<JobRecord> jobs = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(root)) {
            for (Path d : dirs.filter(p -> isId(p.getFileName().toString())).toList()) {
                Path file = d.resolve("job.json");
                if (!Files.exists(file)) continue; // made, never described: nothing of it was accepted
                try {
                    jobs.add(JobRecord.fromJson(Json.MAPPER.readTree(file.toFile())));
                } catch (IOException | RuntimeException e) {
                    log.warn("job {}: its record cannot be read ({}); left as it is", d.getFileName(), e.toString());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        jobs.sort(Comparator.comparing(JobRecord::createdAt));
        return jobs;
    }

    /** Removes the job's folder and everything in it. */
    void delete(String id) {
        try (Stream<Path> files = Files.walk(dir(id))) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            log.warn("job {}: could not remove all of it: {}", id, e.toString());
        }
    }
}
