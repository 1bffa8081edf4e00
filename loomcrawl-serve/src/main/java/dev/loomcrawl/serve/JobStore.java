package dev.loomcrawl.serve;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The jobs' folders under the data directory, one per job, named by its id: {@code job.json} (its
 * {@link JobRecord}), {@code state.db} (its crawl's state), {@code documents.jsonl} and {@code errors.jsonl} (its
 * results). A record is replaced whole (written beside it, then moved over it), so a kill leaves the old or the new.
 */
final class JobStore {
    private static final Logger log = LoggerFactory.getLogger(JobStore.class);
    /** A job id: a UUID. Anything else in a request's path names no job, and no file. */
    private static final Pattern ID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    private final Path root;

    JobStore(Path root) {
        this.root = root;
        try {
            Files.createDirectories(root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the data directory " + root + ": " + e.getMessage(), e);
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
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        save(job);
    }

    void save(JobRecord job) {
        Path file = dir(job.id()).resolve("job.json");
        Path tmp = dir(job.id()).resolve("job.json.tmp");
        try {
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
