package dev.loomcrawl.serve;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.loomcrawl.output.CommitStage;
import dev.loomcrawl.output.CommittedOutput;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.output.ResumedFile;
import dev.loomcrawl.result.FinishedUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A job's results, one JSON line each (its documents, or its errors), written by the crawl's journal in the same
 * commit as the records of the URLs they come from: a job killed mid-commit is cut back to its last commit when it
 * resumes ({@link ResumedFile}), and the URLs of the lost part are fetched again, so each page is in the file once.
 * Readers see only committed lines, by index, while the journal appends.
 */
final class ResultsFile implements JobResults {
    private static final Logger log = LoggerFactory.getLogger(ResultsFile.class);
    private final Path path;
    private final ReentrantLock lock = new ReentrantLock();
    /** Where each committed line starts; the last entry is where the file's committed part ends. */
    private final List<Long> starts = new ArrayList<>();
    private FileChannel channel; // the journal's writer thread's, while a crawl runs
    /** Told each batch of lines once committed (on the journal's writer thread: it must return at once). */
    private volatile Consumer<List<byte[]>> committed;

    private ResultsFile(Path path, long end) throws IOException {
        this.path = path;
        starts.add(0L);
        if (Files.exists(path)) index(end);
    }

    /** The results in {@code path}, their committed part {@code end} bytes long (all of it: -1). */
    static ResultsFile read(Path path, long end) {
        try {
            return new ResultsFile(path, end);
        } catch (IOException e) {
            throw new OutputException(path.toString(), e);
        }
    }

    /**
     * Has the crawl's journal append what {@code line} makes of each finished URL (null: nothing), first cutting
     * the file back to where the journal's last commit left it. Call before the crawl starts.
     */
    @Override
    public void commitWith(CommitStage journal, String key, Function<FinishedUrl, byte[]> line) {
        String resumeAt = journal.resumeAt(key);
        long end = resumeAt == null || resumeAt.isEmpty() ? 0 : Long.parseLong(resumeAt);
        lock.lock();
        try {
            // a job that has committed nothing yet has no results: what a killed first run left goes
            if (resumeAt == null) Files.deleteIfExists(path);
            else ResumedFile.cut(path, end, !resumeAt.isEmpty());
            starts.clear();
            starts.add(0L);
            index(end);
            channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            long good = starts.getLast(); // short of end only when a line of the committed part is damaged
            if (good < end) channel.truncate(good);
            channel.position(good);
        } catch (IOException e) {
            throw new OutputException(path.toString(), e);
        } finally {
            lock.unlock();
        }
        journal.add(key, new CommittedOutput<byte[]>() {
            @Override
            public byte[] prepare(FinishedUrl finished) {
                return line.apply(finished);
            }

            @Override
            public String write(List<byte[]> prepared, boolean force) {
                return append(prepared, force);
            }
        });
    }

    /** Has {@code listener} told of the lines each commit adds, after they are in the file. */
    @Override
    public void onCommit(Consumer<List<byte[]>> listener) {
        committed = listener;
    }

    private String append(List<byte[]> lines, boolean force) {
        try {
            long at = channel.position();
            List<Long> added = new ArrayList<>();
            for (byte[] l : lines) {
                ByteBuffer b = ByteBuffer.allocate(l.length + 1).put(l).put((byte) '\n').flip();
                while (b.hasRemaining()) channel.write(b);
                at += l.length + 1;
                added.add(at);
            }
            if (force) channel.force(false);
            lock.lock();
            try {
                starts.addAll(added);
            } finally {
                lock.unlock();
            }
            Consumer<List<byte[]>> c = committed;
            if (c != null && !lines.isEmpty()) c.accept(lines);
            return Long.toString(at);
        } catch (IOException e) {
            throw new OutputException(path.toString(), e);
        }
    }

    /**
     * Reads the line starts of the file's first {@code end} bytes (-1: all of them), a line at a time. The results
     * end before the first line that is not one JSON object (garbage appended to the file, a line cut short): what
     * follows it is never sent, since a status answer puts the lines into its JSON as they are; the log says so.
     */
    private void index(long end) throws IOException {
        if (!Files.exists(path)) return;
        long limit = end < 0 ? Long.MAX_VALUE : end;
        try (InputStream in = new BufferedInputStream(Files.newInputStream(path), 1 << 16)) {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            long at = 0;
            int c;
            while (at < limit && (c = in.read()) != -1) {
                at++;
                if (c != '\n') {
                    line.write(c);
                    continue;
                }
                if (!jsonObject(line.toByteArray())) {
                    log.warn("{}: its line {} is not a JSON object; the results end before it", path.getFileName(),
                            starts.size());
                    return;
                }
                starts.add(at);
                line.reset();
            }
        }
    }

    /** Whether {@code line} is one JSON object, read as tokens (no tree is made). */
    static boolean jsonObject(byte[] line) {
        try (JsonParser p = Json.MAPPER.getFactory().createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) return false;
            p.skipChildren();
            return p.nextToken() == null;
        } catch (IOException e) {
            return false;
        }
    }

    /** Committed lines. */
    @Override
    public int count() {
        lock.lock();
        try {
            return starts.size() - 1;
        } finally {
            lock.unlock();
        }
    }

    /** Committed lines in a row, as the file holds them: {@code count} lines, each ended by a newline. */
    record Span(int count, byte[] bytes) {}

    /** Lines from {@code from}, at most {@code max} of them and (past the first) about {@code maxBytes}. */
    @Override
    public List<String> lines(int from, int max, long maxBytes) {
        Span s = span(from, max, maxBytes);
        return new String(s.bytes(), StandardCharsets.UTF_8).lines().toList();
    }

    /**
     * The lines of {@link #lines} as bytes, undecoded: a status page's documents go out as they are, since
     * decoding them, splitting them and encoding them again was most of the CPU a job's paging took.
     */
    @Override
    public Span span(int from, int max, long maxBytes) {
        long start;
        long end;
        int to;
        lock.lock();
        try {
            int n = starts.size() - 1;
            if (from >= n) return new Span(0, new byte[0]);
            to = Math.min(n, from + max);
            start = starts.get(from);
            while (to > from + 1 && starts.get(to) - start > maxBytes) to--;
            end = starts.get(to);
        } finally {
            lock.unlock();
        }
        try (FileChannel in = FileChannel.open(path, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(Math.toIntExact(end - start));
            while (b.hasRemaining() && in.read(b, start + b.position()) > 0) {
                // reads until the committed part is in
            }
            // a file cut behind the server's back: no half line goes out as a document
            if (b.hasRemaining()) throw new OutputException(path.toString(), "it is shorter than its committed part");
            return new Span(to - from, b.array());
        } catch (IOException e) {
            throw new OutputException(path.toString(), e);
        }
    }

    @Override
    public void close() {
        try {
            if (channel != null) channel.close();
        } catch (IOException e) {
            throw new OutputException(path.toString(), e);
        }
    }
}
