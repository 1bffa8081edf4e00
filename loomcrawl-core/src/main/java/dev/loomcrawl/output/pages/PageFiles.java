package dev.loomcrawl.output.pages;

import dev.loomcrawl.output.Sink;
import dev.loomcrawl.output.lines.MainTexts;
import dev.loomcrawl.internal.text.Utf16;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * Puts each page's file in the content directory, where the site, which names the files, is an adversary: a page's
 * file is always a regular file of its own, in folders that are real folders. Nothing is looked up through a symbolic
 * link (each part of the path is looked at without following one), no link is written through (the temporary file
 * is created new, the file moved over a regular file), and a name that is taken (a folder where the page wants its
 * file, a file or link where it wants a folder, another URL's file) makes the page take another
 * ({@link #alternative}): the page is renamed, never lost, and the crawl goes on. A file is the page's own when its
 * front matter starts with the page's url, so a page fetched again (a resume, a re-crawl) replaces its own file.
 * Each page written gets a line in {@value #INDEX} at the top of the directory: its url, its file, and whether it
 * was renamed. What fails otherwise (a full disk, a folder we may not write) stops the crawl, as for any output.
 *
 * <p>Only the journal's writer thread calls this. Another process changing the directory while the crawl writes
 * it is not guarded against: a part checked to be a folder is not held open while the path is used.
 */
final class PageFiles implements Sink<ContentDir.PageFile> {
    private static final Logger log = LoggerFactory.getLogger(PageFiles.class);
    /** The index of the pages written: a name no host's folder has, its characters never all kept by the rules. */
    static final String INDEX = "pages.jsonl";
    /** The names a page's folder or file tries: its own, then alternatives with a hash of what it stands for. */
    static final int TRIES = 8;
    /** Appended to a file's name for its temporary: '#' is in no name the rules give. */
    private static final String TEMPORARY = "#tmp";

    private final Path dir;
    private final MainTexts texts;
    private final FileOutputStream index;
    private long indexEnd; // the index's bytes written
    private final ByteArrayOutputStream indexLines = new ByteArrayOutputStream(); // this batch's, until the flush
    private List<Path> written = new ArrayList<>(); // this batch's files
    private List<Path> flushed = new ArrayList<>(); // the last batch's, until synced or the next batch

    /** @param index the index, positioned at {@code indexEnd}, where lines are appended */
    PageFiles(Path dir, FileOutputStream index, long indexEnd, MainTexts texts) {
        this.dir = dir;
        this.texts = texts;
        this.index = index;
        this.indexEnd = indexEnd;
    }

    @Override
    public void write(ContentDir.PageFile page) throws IOException {
        String[] parts = page.path().split("/");
        Path folder = dir;
        StringBuilder placed = new StringBuilder();
        boolean renamed = false;
        for (int i = 0; i < parts.length - 1; i++) {
            String key = String.join("/", Arrays.asList(parts).subList(0, i + 1)); // the folder's own path
            String name = folder(folder, parts[i], key);
            if (name == null) {
                unplaced(page, placed + parts[i]);
                return;
            }
            renamed |= !name.equals(parts[i]);
            folder = folder.resolve(name);
            placed.append(name).append('/');
        }
        String last = parts[parts.length - 1];
        String base = last.substring(0, last.length() - ".md".length());
        String name = file(folder, base, page);
        if (name == null) {
            unplaced(page, placed + last);
            return;
        }
        renamed |= !name.equals(last);
        Path target = folder.resolve(name);
        Path temp = folder.resolve(name + TEMPORARY);
        Files.deleteIfExists(temp); // a link there is removed, not followed; a killed run's file too
        try (OutputStream out = Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            out.write(page.bytes()); // CREATE_NEW: a link made at the name since is refused, not written through
        }
        try {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        written.add(target);
        indexLine(page, placed + name, renamed);
    }

    /**
     * The name of the real folder in {@code parent} that stands for {@code name} (created if absent): {@code name}
     * itself unless something else is there (a file, a link, a folder we may not write), else an alternative; null
     * when each is taken.
     */
    private static String folder(Path parent, String name, String key) throws IOException {
        for (int k = 0; k < TRIES; k++) {
            String n = alternative(name, key, k);
            Path p = parent.resolve(n);
            BasicFileAttributes a = attributes(p);
            if (a == null) {
                try {
                    Files.createDirectory(p);
                    return n;
                } catch (FileAlreadyExistsException e) {
                    a = attributes(p);
                    if (a == null) throw e;
                }
            }
            if (a.isDirectory() && Files.isWritable(p) && Files.isExecutable(p)) return n; // not a link: its own
        }
        return null;
    }

    /**
     * The name of the page's file in {@code folder}: {@code base.md} unless another URL's file or anything but a
     * regular file is there, else an alternative; null when each is taken.
     */
    private static String file(Path folder, String base, ContentDir.PageFile page) throws IOException {
        for (int k = 0; k < TRIES; k++) {
            String n = alternative(base, page.url(), k) + ".md";
            Path p = folder.resolve(n);
            BasicFileAttributes a = attributes(p);
            if (a == null || a.isRegularFile() && ownedBy(p, page)) return n;
        }
        return null;
    }

    /**
     * The {@code k}th name tried for {@code name}: itself, then {@code name~HASH}, {@code name~HASH-2}..., HASH being
     * 64 bits of the SHA-256 of {@code key} (the URL of a file, the path of a folder), so that a page (or the pages
     * under a folder) takes the same name again in a later run, and two URLs take two names.
     */
    static String alternative(String name, String key, int k) {
        if (k == 0) return name;
        String hash = HexFormat.of().formatHex(sha256(key), 0, 8);
        return name + "~" + hash + (k == 1 ? "" : "-" + k);
    }

    /** The attributes of {@code p} itself (a link's, not its target's), or null when nothing is there. */
    private static BasicFileAttributes attributes(Path p) throws IOException {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    /** Whether the regular file {@code p} is the page's: it starts as the page's file does, up to its url's end. */
    private static boolean ownedBy(Path p, ContentDir.PageFile page) throws IOException {
        ByteBuffer head = ByteBuffer.allocate(page.head());
        try (SeekableByteChannel c = Files.newByteChannel(p, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            while (head.hasRemaining() && c.read(head) >= 0) {
                // reads until the head is full or the file ends
            }
        }
        return !head.hasRemaining() && Arrays.equals(head.array(), 0, page.head(), page.bytes(), 0, page.head());
    }

    private void unplaced(ContentDir.PageFile page, String path) {
        log.warn("{}: not written to the content directory: {} and its {} alternatives are taken", page.url(), path,
                TRIES - 1);
        indexLine(page, null, true);
    }

    /**
     * Adds the page's line to the index (written with the flush): url, file (null if none), renamed, kind, and the
     * first page with its main text when that is another ({@link MainTexts}, asked here in commit order).
     */
    private void indexLine(ContentDir.PageFile page, String file, boolean renamed) {
        String original = texts.originalOf(page.digest(), page.url());
        String line = "{\"url\":" + json(page.url()) + ",\"file\":" + (file == null ? "null" : json(file))
                + ",\"renamed\":" + renamed + ",\"kind\":" + json(page.kind().label()) + ",\"duplicate_of\":"
                + (original == null ? "null" : json(original)) + "}\n";
        indexLines.writeBytes(line.getBytes(StandardCharsets.UTF_8));
    }

    /** A JSON string: a URL or a file's path, ASCII as the rules make them, but escaped in full all the same. */
    private static String json(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2).append('"');
        for (char c : Utf16.wellFormed(s).toCharArray()) {
            if (c == '"' || c == '\\') out.append('\\').append(c);
            else if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
            else out.append(c);
        }
        return out.append('"').toString();
    }

    /** The index's length once what was written is flushed: where the output ends, for a resume. */
    long indexEnd() {
        return indexEnd;
    }

    @Override
    public void flush() throws IOException { // files are written straight; a sync, if any, comes next
        if (indexLines.size() > 0) {
            try {
                indexLines.writeTo(index);
            } catch (IOException e) { // a full disk: the index is cut back to its last whole line
                try {
                    index.getChannel().truncate(indexEnd);
                } catch (IOException cut) {
                    e.addSuppressed(cut);
                }
                throw e;
            }
            indexEnd += indexLines.size();
            indexLines.reset();
        }
        flushed = written;
        written = new ArrayList<>();
    }

    @Override
    public void sync() throws IOException {
        for (Path p : flushed) {
            try (FileChannel c = FileChannel.open(p, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
                c.force(true);
            }
        }
        flushed.clear();
        index.getFD().sync();
    }

    @Override
    public void close() throws IOException {
        written.clear();
        flushed.clear();
        index.close();
    }

    private static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
