package dev.loomcrawl.output.pages;

import dev.loomcrawl.output.CommitStage;
import dev.loomcrawl.output.CommittedWriter;
import dev.loomcrawl.output.CrawlOutput;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.output.ResumedFile;
import dev.loomcrawl.output.lines.ContentFile;
import dev.loomcrawl.output.lines.IsoMillis;
import dev.loomcrawl.output.lines.MainTexts;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.result.PageContent;
import dev.loomcrawl.result.PageKind;
import dev.loomcrawl.internal.text.Utf16;
import dev.loomcrawl.url.WebUrl;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The Markdown directory ({@code --content-dir DIR}): each HTML page's main content as a {@code .md} file whose
 * path mirrors the URL's ({@link #relativePath}), starting with a small front matter (url, title, fetched:
 * kind: {@link FrontMatter}). The pages are those the content output writes (noindex left out the same way). Files are
 * written by the journal's writer thread with each commit (to a temporary name, then moved into place, so a file is
 * whole or absent; with a state, forced to disk before the commit), so a page fetched again after a resume replaces
 * its file: each page has one file, however many runs it took. {@link PageFiles} puts them in place: never through
 * a link, and a page whose name is taken (by another URL's file, or a file where it needs a folder) renamed, not
 * lost; the index {@value PageFiles#INDEX} lists each page's file, its kind, and the earlier page with its main text,
 * if any.
 */
public final class ContentDir implements CrawlOutput {
    /** The longest name a path segment keeps before it is shortened with a hash (most file systems allow 255). */
    static final int MAX_SEGMENT = 120;
    /** The longest path a page's file gets under the directory, its folders beyond it given up for a hash. */
    static final int MAX_PATH = 1024;

    private final CommittedWriter<PageFile> writer;
    private final ContentFile.Counts counts;

    /**
     * A page's file: its URL, its path under the directory as the rules give it, its bytes, and how many of them
     * (the front matter's first lines, up to the url's) tell a file of this page from another's; the page's kind and
     * the digest of its main text ({@link MainTexts#digest}), for its line in the index.
     */
    record PageFile(String url, String path, byte[] bytes, int head, PageKind kind, long digest) {}

    private ContentDir(String key, Path dir, PageFiles sink, CommitStage journal, boolean ignoreNoindex) {
        this.counts = new ContentFile.Counts(ignoreNoindex);
        this.writer = new CommittedWriter<>(key, dir.toString(), sink, () -> Long.toString(sink.indexEnd()));
        journal.needsContent();
        writer.commitWith(journal, finished -> {
            PageContent content = counts.contentToWrite(finished);
            return content == null ? null : file(finished, content);
        });
    }

    /**
     * Writes the pages' files under {@code dir} (created if needed) with the crawl's journal, and their index, which
     * a resumed crawl cuts back to its end at the last commit and appends to (a new crawl starts it afresh).
     */
    public static ContentDir open(Path dir, CommitStage journal, boolean ignoreNoindex) {
        return open(dir, journal, ignoreNoindex, MainTexts.of(journal));
    }

    /**
     * {@link #open(Path, CommitStage, boolean)}, the index naming in {@code duplicate_of} the first page {@code texts}
     * says had a page's main text (the crawl's other content outputs share it).
     */
    public static ContentDir open(Path dir, CommitStage journal, boolean ignoreNoindex, MainTexts texts) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new OutputException(dir.toString(), e);
        }
        if (!Files.isWritable(dir)) throw new OutputException(dir.toString(), "not a writable directory");
        String key = dir.toAbsolutePath().toString();
        Path index = dir.resolve(PageFiles.INDEX);
        if (Files.isSymbolicLink(index) || Files.exists(index) && !Files.isRegularFile(index)) {
            throw new OutputException(index.toString(), "not a regular file; loomcrawl writes its index of the pages"
                    + " there and follows no link: move it away");
        }
        String resumeAt = journal.resumeAt(key);
        long end = 0;
        if (resumeAt != null && !resumeAt.isEmpty()) {
            try {
                end = Long.parseLong(resumeAt);
            } catch (NumberFormatException e) {
                throw new OutputException(index.toString(), "the crawl's state says it ended at '" + resumeAt
                        + "', which is not a size in bytes");
            }
        }
        if (resumeAt != null) ResumedFile.cut(index, end, !resumeAt.isEmpty());
        try {
            // a FileOutputStream, as the line outputs use: an interrupt cannot close it mid-write
            FileOutputStream out = new FileOutputStream(index.toFile(), resumeAt != null);
            return new ContentDir(key, dir, new PageFiles(dir, out, end, texts), journal, ignoreNoindex);
        } catch (IOException e) {
            throw new OutputException(index.toString(), e);
        }
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
     * {@value #MAX_SEGMENT} is cut and given a hash, so two long names stay apart; a path longer than
     * {@value #MAX_PATH} keeps the folders that fit in half of that, and its name gets the whole path's hash
     * ({@code page_p1a2b3c4.md}), so that no site makes a path the file system refuses. Names two URLs share are
     * told apart when the files are written ({@link PageFiles}).
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
        String joined = String.join("/", segments);
        if (joined.length() <= MAX_PATH) return joined;
        List<String> kept = new ArrayList<>();
        int length = 0;
        for (String s : segments.subList(0, segments.size() - 1)) {
            if (length + s.length() + 1 > MAX_PATH / 2) break;
            kept.add(s);
            length += s.length() + 1;
        }
        String cut = safe(name);
        kept.add(cut.substring(0, Math.min(cut.length(), MAX_SEGMENT - 20)) + "_p" + hash(url.toString()) + ".md");
        return String.join("/", kept);
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

    /**
     * A page's file: front matter (YAML, its strings double-quoted: {@link FrontMatter}), a blank line, then its
     * Markdown (made well-formed: {@link Utf16}).
     */
    private static PageFile file(FinishedUrl finished, PageContent content) {
        String url = finished.record().url().toString();
        StringBuilder out = new StringBuilder(content.markdown().length() + 200);
        out.append("---\n");
        out.append("url: ").append(FrontMatter.quoted(url)).append('\n');
        byte[] head = out.toString().getBytes(StandardCharsets.UTF_8);
        if (content.facts().title() != null) {
            out.append("title: ").append(FrontMatter.quoted(content.facts().title())).append('\n');
        }
        out.append("fetched: ").append(IsoMillis.format(finished.record().startedAt())).append('\n');
        out.append("kind: ").append(content.kind().label()).append('\n');
        out.append("---\n\n");
        out.append(content.markdown());
        byte[] bytes = Utf16.wellFormed(out.toString()).getBytes(StandardCharsets.UTF_8);
        return new PageFile(url, relativePath(finished.record().url()), bytes, head.length, content.kind(),
                MainTexts.digest(content));
    }

    @Override
    public void close() {
        writer.close();
    }
}
