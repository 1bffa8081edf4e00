package dev.loomcrawl.output.warc;

import dev.loomcrawl.output.ResumedFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.Closeable;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The WARC files of a crawl, {@code BASE-00000.warc.gz}, {@code BASE-00001.warc.gz}, ...: each starts with a
 * warcinfo record, and a new one is started before a capture that would take the current file past the
 * maximum size (a single larger capture gets a file of its own). A capture's records stay in one file. Used by
 * the writer thread only; writes go straight to the file (no buffer), whole gzip members at a time.
 *
 * <p>Each finished file gets its {@link CdxjIndex} beside it, made from the file: a file left by rotation is
 * indexed on a thread of its own while the crawl goes on, the last one when the files are closed (which waits for
 * all). A file being written has no index: opening or appending to a file deletes the index it had, so a file
 * resumed after a kill is indexed again, as a whole, when it is finished.
 */
final class WarcFiles implements Closeable {
    private static final Logger log = LoggerFactory.getLogger(WarcFiles.class);

    private final Path dir;
    private final String base;
    private final long maxSize;
    private final Map<String, List<String>> info;
    private final List<Path> files = new CopyOnWriteArrayList<>();
    private final List<Thread> indexing = new ArrayList<>();
    private final AtomicReference<IOException> indexFailure = new AtomicReference<>();
    private FileOutputStream out;
    private long size;
    private boolean hasCaptures;

    private WarcFiles(Path dir, String base, long maxSize, Map<String, List<String>> info) {
        this.dir = dir;
        this.base = base;
        this.maxSize = maxSize;
        this.info = info;
    }

    /** Opens the first file now (created or truncated), so a bad path fails before the crawl starts. */
    static WarcFiles create(Path dir, String base, long maxSize, Map<String, List<String>> info) throws IOException {
        WarcFiles w = new WarcFiles(dir, base, maxSize, info);
        w.open();
        return w;
    }

    /**
     * Goes on with the files of a resumed crawl from where they ended at its last commit: file {@code index} is
     * cut back to {@code end} bytes and appended to (started afresh when {@code end} is 0), and any later file,
     * started after that commit, is deleted.
     *
     * @param accounted whether the state saved where the files end (false: it committed nothing to them)
     */
    static WarcFiles resume(Path dir, String base, long maxSize, Map<String, List<String>> info, int index, long end,
                            boolean accounted) throws IOException {
        WarcFiles w = new WarcFiles(dir, base, maxSize, info);
        for (int i = 0; i < index; i++) {
            w.files.add(w.path(i));
            if (Files.exists(w.path(i)) && !Files.exists(CdxjIndex.beside(w.path(i)))) {
                w.indexLater(w.path(i)); // the run that finished it was killed before its index was written
            }
        }
        for (int i = index + 1; accounted && Files.exists(w.path(i)); i++) {
            Files.delete(w.path(i));
            Files.deleteIfExists(CdxjIndex.beside(w.path(i)));
            log.warn("{}: deleted, it was started after the crawl's last commit", w.path(i));
        }
        ResumedFile.cut(w.path(index), end, accounted);
        if (end == 0) {
            w.open();
        } else {
            Files.deleteIfExists(CdxjIndex.beside(w.path(index))); // indexed again, whole, when finished
            w.files.add(w.path(index));
            w.out = new FileOutputStream(w.path(index).toFile(), true);
            w.size = end;
            w.hasCaptures = true;
        }
        return w;
    }

    /**
     * Appends one capture's gzip members, rotating first if they would not fit; returns the file they went to and
     * the offset of the first member in it.
     */
    Written write(List<byte[]> members) throws IOException {
        long n = 0;
        for (byte[] m : members) n += m.length;
        if (hasCaptures && size + n > maxSize) {
            out.getFD().sync(); // a finished file is on disk before the next one holds anything
            out.close();
            throwIndexFailure();
            indexLater(files.getLast());
            open();
        }
        long offset = size;
        for (byte[] m : members) out.write(m);
        size += n;
        hasCaptures = true;
        return new Written(files.getLast(), offset);
    }

    /** Where a capture's records went: the file, and the offset of its first record. */
    record Written(Path file, long offset) {}

    /** Syncs the current file to its device. */
    void sync() throws IOException {
        out.getFD().sync();
    }

    /** Where the files end: the current file's name and its size, e.g. {@code crawl-00002.warc.gz 1048576}. */
    String end() {
        return files.getLast().getFileName() + " " + size;
    }

    /** The files started so far, in order. */
    List<Path> files() {
        return new ArrayList<>(files);
    }

    /** Closes the current file, indexes it, and waits for the indexes of earlier files; throws if one failed. */
    @Override
    public void close() throws IOException {
        out.close();
        index(files.getLast());
        for (Thread t : indexing) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while indexing the WARC files");
            }
        }
        indexing.clear();
        throwIndexFailure();
    }

    /** Indexes a finished file on a thread of its own; {@link #close} waits for it. */
    private void indexLater(Path file) {
        indexing.removeIf(t -> !t.isAlive());
        // A platform thread, like the writer's: never interrupted (that would close its channels mid-read).
        indexing.add(Thread.ofPlatform().name("loomcrawl-cdxj " + file.getFileName()).daemon(true)
                .start(() -> index(file)));
    }

    private void index(Path file) {
        try {
            CdxjIndex.writeBeside(file);
        } catch (IOException | RuntimeException e) {
            indexFailure.compareAndSet(null, new IOException("cannot index " + file + ": " + e.getMessage(), e));
        }
    }

    private void throwIndexFailure() throws IOException {
        IOException failed = indexFailure.get();
        if (failed != null) throw failed;
    }

    private Path path(int index) {
        return dir.resolve(String.format("%s-%05d.warc.gz", base, index));
    }

    private void open() throws IOException {
        Path path = path(files.size());
        Files.deleteIfExists(CdxjIndex.beside(path)); // of an earlier crawl: this file is written anew
        // FileOutputStream, not a FileChannel: an interrupt cannot close it mid-write.
        out = new FileOutputStream(path.toFile());
        files.add(path);
        byte[] warcinfo = WarcRecords.warcinfo(path.getFileName().toString(), info);
        out.write(warcinfo);
        size = warcinfo.length;
        hasCaptures = false;
    }
}
