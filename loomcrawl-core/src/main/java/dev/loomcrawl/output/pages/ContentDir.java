package dev.loomcrawl.output.pages;

import dev.loomcrawl.output.CommitStage;
import dev.loomcrawl.output.CommittedWriter;
import dev.loomcrawl.output.CrawlOutput;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.output.Sink;
import dev.loomcrawl.output.lines.ContentFile;
import dev.loomcrawl.output.lines.IsoMillis;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.result.PageContent;
import dev.loomcrawl.url.WebUrl;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The Markdown directory ({@code --content-dir DIR}): each HTML page's main content as a {@code .md} file whose
 * path mirrors the URL's ({@link #relativePath}), starting with a small front matter (url, title, fetched). The
 * pages are those the content output writes (noindex left out the same way). Files are written by the journal's
 * writer thread with each commit (to a temporary name, then moved into place, so a file is whole or absent; with a
 * state, forced to disk before the commit), so a page fetched again after a resume replaces its file: each page
 * has one file, however many runs it took.
 */
public final class ContentDir implements CrawlOutput {
    /** The longest name a path segment keeps before it is shortened with a hash (most file systems allow 255). */
    static final int MAX_SEGMENT = 120;

    private final CommittedWriter<PageFile> writer;
    private final ContentFile.Counts counts;

    /** A page's file: its path under the directory, and its bytes. */
    record PageFile(String path, byte[] bytes) {}

    private ContentDir(Path dir, CommitStage journal, boolean ignoreNoindex) {
        this.counts = new ContentFile.Counts(ignoreNoindex);
        PageFiles sink = new PageFiles(dir);
        this.writer = new CommittedWriter<>(dir.toAbsolutePath().toString(), dir.toString(), sink, () -> "");
        journal.needsContent();
        writer.commitWith(journal, finished -> {
            PageContent content = counts.contentToWrite(finished);
            return content == null ? null : new PageFile(relativePath(finished.record().url()), file(finished, content));
        });
    }

    /** Writes the pages' files under {@code dir} (created if needed) with the crawl's journal. */
    public static ContentDir open(Path dir, CommitStage journal, boolean ignoreNoindex) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new OutputException(dir.toString(), e);
        }
        if (!Files.isWritable(dir)) throw new OutputException(dir.toString(), "not a writable directory");
        return new ContentDir(dir, journal, ignoreNoindex);
    }

    /** The pages written, left out as noindex, and without content (making it failed). */
    public ContentFile.Counts counts() {
        return counts;
    }

    /**
     * Where a page's file goes under the directory: {@code host[_port]/path}, a path ending in {@code /} (or empty)
     * getting {@code index.md}, any other getting {@code .md} in place of an {@code .html}/{@code .htm} extension
     * (else added), and a query its hash ({@code page_q1a2b3c4.md}). Characters other than letters, digits and
     * {@code -._~%+=,@} become {@code _}; "." and ".." segments become "_." and "_.."; a segment longer than
     * {@value #MAX_SEGMENT} is cut and given a hash, so two long names stay apart.
     */
    static String relativePath(WebUrl url) {
        boolean defaultPort = url.port() == (url.scheme().equals("https") ? 443 : 80);
        String host = url.host() + (defaultPort ? "" : "_" + url.port());
        String path = url.path();
        List<String> segments = new ArrayList<>();
        segments.add(safe(host));
        String[] parts = path.substring(1).split("/", -1);
        for (int i = 0; i < parts.length - 1; i++) segments.add(safe(parts[i]));
        String last = parts[parts.length - 1];
        String name = last.isEmpty() ? "index" : last.replaceFirst("(?i)\\.html?$", "");
        if (url.query() != null) name = name + "_q" + hash(url.query());
        segments.add(safe(name) + ".md");
        return String.join("/", segments);
    }

    private static String safe(String segment) {
        StringBuilder out = new StringBuilder(segment.length());
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            boolean ok = c < 128 && (Character.isLetterOrDigit(c) || "-._~%+=,@".indexOf(c) >= 0);
            out.append(ok ? c : '_');
        }
        String s = out.toString();
        if (s.isEmpty()) s = "_";
        if (s.equals(".") || s.equals("..")) s = "_" + s;
        if (s.length() > MAX_SEGMENT) s = s.substring(0, MAX_SEGMENT - 9) + "_" + hash(segment);
        return s;
    }

    private static String hash(String s) {
        return String.format("%08x", s.hashCode());
    }

    /** A page's file: front matter (YAML, its strings double-quoted as JSON's), a blank line, then its Markdown. */
    private static byte[] file(FinishedUrl finished, PageContent content) {
        StringBuilder out = new StringBuilder(content.markdown().length() + 200);
        out.append("---\n");
        out.append("url: ").append(quoted(finished.record().url().toString())).append('\n');
        if (content.facts().title() != null) out.append("title: ").append(quoted(content.facts().title())).append('\n');
        out.append("fetched: ").append(IsoMillis.format(finished.record().startedAt())).append('\n');
        out.append("---\n\n");
        out.append(content.markdown());
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A YAML double-quoted string: backslash, quote and control characters escaped. */
    static String quoted(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f) out.append(String.format("\\x%02x", (int) c));
                    else out.append(c);
                }
            }
        }
        return out.append('"').toString();
    }

    @Override
    public void close() {
        writer.close();
    }

    /** Writes each page's file into place; with a state, forces the batch's files to disk before the commit. */
    private static final class PageFiles implements Sink<PageFile> {
        private final Path dir;
        private List<Path> written = new ArrayList<>(); // this batch's files
        private List<Path> flushed = new ArrayList<>(); // the last batch's, until synced or the next batch

        PageFiles(Path dir) {
            this.dir = dir;
        }

        @Override
        public void write(PageFile page) throws IOException {
            Path target = dir.resolve(page.path());
            Files.createDirectories(target.getParent());
            Path temp = target.resolveSibling(target.getFileName() + ".tmp");
            Files.write(temp, page.bytes());
            try {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING,
                        StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            written.add(target);
        }

        @Override
        public void flush() { // written straight to their files; a sync, if any, comes next: at most a batch is held
            flushed = written;
            written = new ArrayList<>();
        }

        @Override
        public void sync() throws IOException {
            for (Path p : flushed) {
                try (FileChannel c = FileChannel.open(p, StandardOpenOption.READ)) {
                    c.force(true);
                }
            }
            flushed.clear();
        }

        @Override
        public void close() {
            written.clear();
            flushed.clear();
        }
    }
}
