package dev.loomcrawl.output.warc;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The ZIP of a WACZ being written: entries added one after another, each measured as it goes (its SHA-256 and
 * size, for {@code datapackage.json}). WARC files are STORED, so a reader can take a record out by its offset
 * with a range request; the small text files are deflated. ZIP64 is used where sizes need it.
 */
final class WaczZip implements AutoCloseable {
    /** One file of the package, as {@code datapackage.json} lists it. */
    record Resource(String name, String path, String hash, long bytes) {}

    /** Writes an entry's content. */
    interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private static final int BUFFER = 1 << 16;

    private final ZipOutputStream zip;

    WaczZip(OutputStream out) {
        this.zip = new ZipOutputStream(out);
    }

    /**
     * Adds {@code file} uncompressed. A STORED entry's CRC and size come before its bytes, so the file is read
     * twice: once for its CRC and hash, then copied.
     */
    Resource stored(String path, Path file) throws IOException {
        CRC32 crc = new CRC32();
        MessageDigest sha256 = sha256();
        long size = 0;
        byte[] buf = new byte[BUFFER];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0; size += n) {
                crc.update(buf, 0, n);
                sha256.update(buf, 0, n);
            }
        }
        ZipEntry entry = new ZipEntry(path);
        entry.setMethod(ZipEntry.STORED);
        entry.setSize(size);
        entry.setCompressedSize(size);
        entry.setCrc(crc.getValue());
        zip.putNextEntry(entry);
        long copied;
        try (InputStream in = Files.newInputStream(file)) {
            copied = in.transferTo(zip);
        }
        if (copied != size) throw new IOException(file + " changed while it was being packaged");
        zip.closeEntry();
        return resource(path, sha256, size);
    }

    /** Adds a deflated entry with what {@code content} writes. */
    Resource deflated(String path, Content content) throws IOException {
        ZipEntry entry = new ZipEntry(path);
        entry.setMethod(ZipEntry.DEFLATED);
        zip.putNextEntry(entry);
        MessageDigest sha256 = sha256();
        Counting counted = new Counting(new DigestOutputStream(zip, sha256));
        content.writeTo(counted);
        counted.flush();
        zip.closeEntry();
        return resource(path, sha256, counted.count);
    }

    /** Adds a deflated entry holding {@code bytes}. */
    Resource deflated(String path, byte[] bytes) throws IOException {
        return deflated(path, out -> out.write(bytes));
    }

    /** Writes the central directory; the stream underneath stays open. */
    void finish() throws IOException {
        zip.finish();
    }

    @Override
    public void close() throws IOException {
        zip.close();
    }

    static String sha256(byte[] bytes) {
        return "sha256:" + HexFormat.of().formatHex(sha256().digest(bytes));
    }

    private static Resource resource(String path, MessageDigest sha256, long bytes) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        return new Resource(name, path, "sha256:" + HexFormat.of().formatHex(sha256.digest()), bytes);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** Counts the bytes written through it, and does not close what it wraps (the entry is closed instead). */
    private static final class Counting extends java.io.FilterOutputStream {
        long count;

        Counting(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
