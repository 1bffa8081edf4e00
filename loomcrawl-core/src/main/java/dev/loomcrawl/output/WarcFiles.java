package dev.loomcrawl.output;

import java.io.Closeable;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The WARC files of a crawl, {@code BASE-00000.warc.gz}, {@code BASE-00001.warc.gz}, ...: each starts with a
 * warcinfo record, and a new one is started before a capture that would take the current file past the
 * maximum size (a single larger capture gets a file of its own). A capture's records stay in one file. Used by
 * the writer thread only; writes go straight to the file (no buffer), whole gzip members at a time.
 */
final class WarcFiles implements Closeable {
    private final Path dir;
    private final String base;
    private final long maxSize;
    private final Map<String, List<String>> info;
    private final List<Path> files = new CopyOnWriteArrayList<>();
    private FileOutputStream out;
    private long size;
    private boolean hasCaptures;

    /** Opens the first file now, so a bad path fails before the crawl starts. */
    WarcFiles(Path dir, String base, long maxSize, Map<String, List<String>> info) throws IOException {
        this.dir = dir;
        this.base = base;
        this.maxSize = maxSize;
        this.info = info;
        open();
    }

    /** Appends one capture's gzip members, rotating first if they would not fit. */
    void write(List<byte[]> members) throws IOException {
        long n = 0;
        for (byte[] m : members) n += m.length;
        if (hasCaptures && size + n > maxSize) {
            out.close();
            open();
        }
        for (byte[] m : members) out.write(m);
        size += n;
        hasCaptures = true;
    }

    /** The files started so far, in order. */
    List<Path> files() {
        return new ArrayList<>(files);
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    private void open() throws IOException {
        String name = String.format("%s-%05d.warc.gz", base, files.size());
        Path path = dir.resolve(name);
        // FileOutputStream, not a FileChannel: an interrupt cannot close it mid-write.
        out = new FileOutputStream(path.toFile());
        files.add(path);
        byte[] warcinfo = WarcRecords.warcinfo(name, info);
        out.write(warcinfo);
        size = warcinfo.length;
        hasCaptures = false;
    }
}
