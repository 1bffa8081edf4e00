package dev.loomcrawl.report;

import dev.loomcrawl.reason.SkipReason;
import dev.loomcrawl.result.Change;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.extract.PageFacts;
import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.spill.Binary;
import dev.loomcrawl.spill.SpillDirectory;
import dev.loomcrawl.url.WebUrl;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * The records of a crawl kept for its report when no state file keeps them: in memory up to {@code runSize}, then
 * sorted by URL and written to disk as a run, by a thread of its own; {@link #forEachSorted} merges the runs back,
 * in URL order, one record at a time. So the report of a crawl of any size takes a few runs' worth of memory, and a
 * crawl of up to {@code runSize} URLs never touches the disk. Adding is safe from many threads; a run that cannot
 * be written (a full disk) makes the next {@link #add} throw {@link OutputException}, which stops the crawl.
 */
public final class RecordSpill implements AutoCloseable {
    /** Records kept in memory before they are sorted and written out: a few MiB. */
    public static final int DEFAULT_RUN = 10_000;
    private static final Logger log = LoggerFactory.getLogger(RecordSpill.class);
    /** Runs merged at once; more are merged in rounds. */
    private static final int FAN_IN = 64;
    private static final ErrorKind[] KINDS = ErrorKind.values();
    private static final Change[] CHANGES = Change.values();
    private static final Comparator<CrawlRecord> BY_URL = Comparator.comparing(r -> r.url().toString());

    private final Path spillDir;
    private final int runSize;
    private final ReentrantLock lock = new ReentrantLock(); // guards the buffer and the count; never held over I/O
    private List<CrawlRecord> buffer = new ArrayList<>();
    private long size;
    private final ArrayBlockingQueue<List<CrawlRecord>> full = new ArrayBlockingQueue<>(1);
    private final List<Path> runs = new ArrayList<>(); // written by the writer thread; read once it has ended
    private final AtomicReference<IOException> failure = new AtomicReference<>();
    private CompletableFuture<Void> writer; // started with the first full buffer; guarded by the lock
    private SpillDirectory dir;
    private int nextRun;

    /**
     * @param spillDir where the spill directory is made, if the records outgrow {@code runSize}
     * @param runSize  records kept in memory before a run is written
     */
    public RecordSpill(Path spillDir, int runSize) {
        if (runSize < 1) throw new IllegalArgumentException("runSize must be at least 1");
        this.spillDir = spillDir;
        this.runSize = runSize;
    }

    /** Keeps a record; throws {@link OutputException} if an earlier run could not be written. */
    public void add(CrawlRecord record) {
        List<CrawlRecord> toWrite = null;
        lock.lock();
        try {
            throwIfFailed();
            buffer.add(record);
            size++;
            if (buffer.size() >= runSize) {
                toWrite = buffer;
                buffer = new ArrayList<>();
                if (writer == null) writer = CompletableFuture.runAsync(this::writeRuns, RecordSpill::writerThread);
            }
        } finally {
            lock.unlock();
        }
        if (toWrite != null) handOver(toWrite);
    }

    /** Records kept so far. */
    public long size() {
        lock.lock();
        try {
            return size;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Hands every record kept to {@code action}, in URL order. Call once adding is over; throws
     * {@link OutputException} if a run could not be written or read back.
     */
    public void forEachSorted(Consumer<CrawlRecord> action) {
        List<CrawlRecord> rest;
        CompletableFuture<Void> running;
        lock.lock();
        try {
            rest = buffer;
            buffer = new ArrayList<>();
            running = writer;
        } finally {
            lock.unlock();
        }
        rest.sort(BY_URL);
        if (running == null) {
            rest.forEach(action);
            return;
        }
        handOver(List.of()); // the writer's sign to end
        running.join();
        throwIfFailed();
        try {
            List<Path> merged = mergeDown(new ArrayList<>(runs));
            merge(merged, rest, action);
        } catch (IOException e) {
            throw failed(e);
        } catch (UncheckedIOException e) {
            throw failed(e.getCause());
        }
    }

    /** Deletes the runs. */
    @Override
    public void close() {
        CompletableFuture<Void> running;
        lock.lock();
        try {
            running = writer;
            writer = null;
        } finally {
            lock.unlock();
        }
        if (running != null && !running.isDone()) {
            handOver(List.of());
            running.join();
        }
        if (dir != null) dir.close();
    }

    private static void writerThread(Runnable r) {
        Thread.ofPlatform().daemon().name("loomcrawl-report-spill").start(r);
    }

    private void handOver(List<CrawlRecord> records) {
        boolean interrupted = false;
        while (true) {
            try {
                full.put(records); // waits while the writer is busy with the run before: two in memory at most
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    /** The writer thread: sorts each full buffer and writes it as a run, until handed an empty one. */
    private void writeRuns() {
        while (true) {
            List<CrawlRecord> records;
            try {
                records = full.take();
            } catch (InterruptedException e) {
                continue;
            }
            if (records.isEmpty()) return;
            if (failure.get() != null) continue;
            records.sort(BY_URL);
            try {
                if (dir == null) {
                    dir = SpillDirectory.create(spillDir);
                    log.info("the report's records outgrew memory: the rest wait on disk in {}", dir.path());
                }
                Path run = dir.path().resolve("records-" + nextRun++);
                write(run, records);
                runs.add(run);
            } catch (IOException e) {
                failure.compareAndSet(null, e);
            }
        }
    }

    /** Merges runs FAN_IN at a time until at most FAN_IN are left. */
    private List<Path> mergeDown(List<Path> runs) throws IOException {
        while (runs.size() > FAN_IN) {
            List<Path> next = new ArrayList<>();
            for (int i = 0; i < runs.size(); i += FAN_IN) {
                List<Path> group = runs.subList(i, Math.min(runs.size(), i + FAN_IN));
                Path run = dir.path().resolve("records-" + nextRun++);
                try (DataOutputStream out = output(run)) {
                    merge(group, List.of(), r -> encodeUnchecked(out, r));
                }
                for (Path p : group) Files.delete(p);
                next.add(run);
            }
            runs = next;
        }
        return runs;
    }

    /** One record at a time, in URL order, from the runs and the sorted records still in memory. */
    private static void merge(List<Path> runs, List<CrawlRecord> sorted, Consumer<CrawlRecord> action)
            throws IOException {
        record Head(CrawlRecord record, int source) {}
        List<DataInputStream> inputs = new ArrayList<>();
        try {
            PriorityQueue<Head> heads = new PriorityQueue<>(Comparator.comparing(Head::record, BY_URL));
            for (Path run : runs) {
                DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(run), 1 << 16));
                inputs.add(in);
                CrawlRecord first = decode(in);
                if (first != null) heads.add(new Head(first, inputs.size() - 1));
            }
            int memory = 0;
            while (!heads.isEmpty() || memory < sorted.size()) {
                Head head = heads.peek();
                if (head == null || memory < sorted.size() && BY_URL.compare(sorted.get(memory), head.record()) < 0) {
                    action.accept(sorted.get(memory++));
                    continue;
                }
                heads.poll();
                action.accept(head.record());
                CrawlRecord next = decode(inputs.get(head.source()));
                if (next != null) heads.add(new Head(next, head.source()));
            }
        } finally {
            for (DataInputStream in : inputs) in.close();
        }
    }

    private static DataOutputStream output(Path run) throws IOException {
        return new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(run), 1 << 16));
    }

    private static void write(Path run, List<CrawlRecord> records) throws IOException {
        try (DataOutputStream out = output(run)) {
            for (CrawlRecord r : records) encode(out, r);
        }
    }

    private static void encodeUnchecked(DataOutputStream out, CrawlRecord r) {
        try {
            encode(out, r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every field of the record, in declaration order; a leading 1 marks a record (a 0 or the end of file: none). */
    private static void encode(DataOutputStream out, CrawlRecord r) throws IOException {
        out.writeByte(1);
        Binary.writeString(out, r.url().toString());
        Binary.writeString(out, r.nextUrl());
        Binary.writeVarLong(out, r.answered() ? r.status() : 0);
        Binary.writeVarLong(out, r.errorKind() == null ? 0 : r.errorKind().ordinal() + 1);
        Binary.writeString(out, r.error());
        Binary.writeVarLong(out, r.size());
        Binary.writeString(out, r.contentType());
        Binary.writeString(out, r.encoding());
        Binary.writeVarLong(out, r.numUrls());
        Binary.writeVarLong(out, r.numNewUrls());
        Binary.writeVarLong(out, r.depth());
        Binary.writeString(out, r.referrer() == null ? null : r.referrer().toString());
        out.writeLong(r.startedAt().getEpochSecond());
        out.writeInt(r.startedAt().getNano());
        Binary.writeVarLong(out, r.duration().toNanos());
        out.writeBoolean(r.truncated());
        Binary.writeVarLong(out, r.attempts());
        Binary.writeString(out, r.skipReason() == null ? null : r.skipReason().label());
        Binary.writeString(out, r.robots());
        Binary.writeVarLong(out, r.change() == null ? 0 : r.change().ordinal() + 1);
        out.writeBoolean(r.rendered());
        PageFacts f = r.facts();
        out.writeBoolean(f != null);
        if (f != null) {
            for (String v : f.values()) Binary.writeString(out, v);
        }
        Binary.writeString(out, r.renderReason());
        Binary.writeString(out, r.robotsCause());
    }

    /** The next record, or null at the end of the run. */
    private static CrawlRecord decode(DataInputStream in) throws IOException {
        int mark;
        try {
            mark = in.readUnsignedByte();
        } catch (EOFException e) {
            return null;
        }
        if (mark != 1) throw new IOException("a record in a spill file is not readable");
        WebUrl url = WebUrl.parse(Binary.readString(in));
        String nextUrl = Binary.readString(in);
        int status = (int) Binary.readVarLong(in);
        int kind = (int) Binary.readVarLong(in);
        String error = Binary.readString(in);
        long size = Binary.readVarLong(in);
        String contentType = Binary.readString(in);
        String encoding = Binary.readString(in);
        int numUrls = (int) Binary.readVarLong(in);
        int numNewUrls = (int) Binary.readVarLong(in);
        int depth = (int) Binary.readVarLong(in);
        String referrer = Binary.readString(in);
        Instant startedAt = Instant.ofEpochSecond(in.readLong(), in.readInt());
        Duration duration = Duration.ofNanos(Binary.readVarLong(in));
        boolean truncated = in.readBoolean();
        int attempts = (int) Binary.readVarLong(in);
        SkipReason skipReason = SkipReason.of(Binary.readString(in));
        String robots = Binary.readString(in);
        int change = (int) Binary.readVarLong(in);
        boolean rendered = in.readBoolean();
        PageFacts facts = null;
        if (in.readBoolean()) {
            List<String> values = new ArrayList<>(PageFacts.NAMES.size());
            for (int i = 0; i < PageFacts.NAMES.size(); i++) values.add(Binary.readString(in));
            facts = PageFacts.ofValues(values);
        }
        String renderReason = Binary.readString(in);
        String robotsCause = Binary.readString(in);
        return CrawlRecord.builder(url).nextUrl(nextUrl).status(status).errorKind(kind == 0 ? null : KINDS[kind - 1])
                .error(error).size(size).contentType(contentType).encoding(encoding).numUrls(numUrls)
                .numNewUrls(numNewUrls).depth(depth).referrer(referrer == null ? null : WebUrl.parse(referrer))
                .startedAt(startedAt).duration(duration).truncated(truncated).attempts(attempts).skipReason(skipReason)
                .robots(robots).change(change == 0 ? null : CHANGES[change - 1]).rendered(rendered).facts(facts)
                .renderReason(renderReason).robotsCause(robotsCause).build();
    }

    private void throwIfFailed() {
        IOException e = failure.get();
        if (e != null) throw failed(e);
    }

    private OutputException failed(IOException e) {
        return new OutputException("the report's records in " + spillDir, e);
    }
}
