package dev.loomcrawl.internal.frontier;

import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.spill.Binary;
import dev.loomcrawl.spill.SpillDirectory;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.url.WebUrl;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;

/**
 * Queued visits kept on disk: a first-in first-out queue of files per origin, in a {@link SpillDirectory} made
 * when the first visit is spilled. One thread, started then, does all the writing and reading in the order it was
 * asked to, so a load sees every visit of its origin appended before it; callers only hand over requests, and never
 * wait on the disk. An origin's visits go to a file until it holds a segment's bytes, then to a new one; a
 * file is deleted once read to its end, so the disk holds about what is queued, and the directory goes when the
 * spill is closed.
 *
 * <p>A visit on disk is its length, then its URL, redirects left, depth, referrer, deferrals and kind. A re-crawl's
 * visits ({@link Visit#last()}) are not spilled: {@link SpillingFrontier} keeps them in memory.
 *
 * <p>The first I/O failure (a full disk) is handed to {@code onFailure}; from then on appends are dropped and loads
 * answer with it at once.
 */
final class VisitSpill implements AutoCloseable {
    /** What a load came to, on the spill's thread: the visits read, oldest first, or the failure. */
    interface Loaded {
        void loaded(List<Visit> visits, IOException failure);
    }

    private sealed interface Command permits Append, Load, Close {}

    private record Append(Origin origin, Visit visit) implements Command {}

    private record Load(Origin origin, int max, Loaded then) implements Command {}

    private record Close() implements Command {}

    private static final Logger log = LoggerFactory.getLogger(VisitSpill.class);
    private static final int OPEN_FILES = 64;
    /** The size past which an origin's visits go to a new file. */
    static final long SEGMENT_BYTES = 16 << 20;
    private static final int READ_CHUNK = 64 * 1024;

    private final Path base;
    private final long segmentBytes;
    private final Consumer<IOException> onFailure;
    private final LinkedBlockingQueue<Command> commands = new LinkedBlockingQueue<>(); // drained faster than filled
    private Thread thread; // started by the first request; guarded by this
    private boolean closed; // guarded by this

    // The spill thread's own, touched by no other thread:
    private SpillDirectory dir;
    private final Map<Origin, ArrayDeque<Segment>> queues = new HashMap<>();
    private final Map<Segment, Boolean> open = new LinkedHashMap<>(16, 0.75f, true);
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream(); // appends not yet written
    private final DataOutputStream encoder = new DataOutputStream(pending);
    private final ByteArrayOutputStream record = new ByteArrayOutputStream();
    private final DataOutputStream recordEncoder = new DataOutputStream(record);
    private Segment pendingFile;
    private long nextFile;
    private IOException failure;

    /** A file of one origin's visits, to be read from {@code readAt} to {@code writeAt}. */
    private static final class Segment {
        final Path path;
        FileChannel channel;
        long readAt;
        long writeAt;

        Segment(Path path) {
            this.path = path;
        }
    }

    /**
     * @param base         where the spill directory is made
     * @param segmentBytes the size past which an origin's visits go to a new file
     * @param onFailure    told of the first I/O failure, on the spill's thread
     */
    VisitSpill(Path base, long segmentBytes, Consumer<IOException> onFailure) {
        this.base = base;
        this.segmentBytes = segmentBytes;
        this.onFailure = onFailure;
    }

    /** Adds a visit at the end of its origin's file. */
    void append(Origin origin, Visit visit) {
        request(new Append(origin, visit));
    }

    /** Reads up to {@code max} of the origin's oldest visits off disk and hands them to {@code then}. */
    void load(Origin origin, int max, Loaded then) {
        request(new Load(origin, max, then));
    }

    private synchronized void request(Command command) {
        if (closed) throw new IllegalStateException("the spill is closed");
        if (thread == null) thread = Thread.ofPlatform().daemon().name("loomcrawl-spill").start(this::run);
        commands.add(command);
    }

    /** Ends the spill's thread, once it has done what it was asked, and deletes the files. */
    @Override
    public void close() {
        Thread t;
        synchronized (this) {
            if (closed) return;
            closed = true;
            t = thread;
            if (t != null) commands.add(new Close());
        }
        if (t == null) return;
        boolean interrupted = false;
        while (t.isAlive()) {
            try {
                t.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    private void run() {
        List<Command> batch = new ArrayList<>();
        while (true) {
            batch.clear();
            try {
                batch.add(commands.take());
            } catch (InterruptedException e) {
                continue; // only a Close ends the thread
            }
            commands.drainTo(batch);
            for (Command command : batch) {
                switch (command) {
                    case Append a -> append(a);
                    case Load l -> load(l);
                    case Close c -> {
                        shutDown();
                        return;
                    }
                }
            }
            guarded(this::writePending);
        }
    }

    private void append(Append a) {
        if (failure != null) return;
        guarded(() -> {
            ArrayDeque<Segment> queue = queues.computeIfAbsent(a.origin(), o -> new ArrayDeque<>());
            Segment file = queue.peekLast();
            long size = file == null ? 0 : file.writeAt + (file == pendingFile ? pending.size() : 0);
            if (file == null || size >= segmentBytes) {
                if (dir == null) {
                    dir = SpillDirectory.create(base);
                    log.info("the queue outgrew memory: the rest waits on disk in {}", dir.path());
                }
                file = new Segment(dir.path().resolve("visits-" + nextFile++));
                queue.addLast(file);
            }
            if (file != pendingFile) writePending();
            pendingFile = file;
            encode(a.visit());
        });
    }

    private void load(Load l) {
        List<Visit> visits = new ArrayList<>();
        if (failure == null) {
            guarded(() -> {
                ArrayDeque<Segment> queue = queues.get(l.origin());
                if (queue == null) return;
                if (queue.peekLast() == pendingFile) writePending();
                while (visits.size() < l.max() && !queue.isEmpty()) {
                    Segment file = queue.peekFirst();
                    read(file, l.max(), visits);
                    if (file.readAt < file.writeAt) break;
                    queue.pollFirst(); // read to its end
                    closeChannel(file);
                    Files.deleteIfExists(file.path);
                }
                if (queue.isEmpty()) queues.remove(l.origin());
            });
        }
        l.then().loaded(visits, failure);
    }

    private interface Io {
        void run() throws IOException;
    }

    /** Runs {@code io}; the first failure is kept and told, and stops all further I/O. */
    private void guarded(Io io) {
        if (failure != null) return;
        try {
            io.run();
        } catch (IOException e) {
            failure = e;
            onFailure.accept(e);
        } catch (RuntimeException e) {
            failure = new IOException(e.toString(), e);
            onFailure.accept(failure);
        }
    }

    private void encode(Visit v) throws IOException {
        record.reset();
        Binary.writeString(recordEncoder, v.url().toString());
        Binary.writeVarInt(recordEncoder, v.redirectsLeft());
        Binary.writeVarLong(recordEncoder, v.depth());
        Binary.writeString(recordEncoder, v.referrer() == null ? null : v.referrer().toString());
        Binary.writeVarLong(recordEncoder, v.deferrals());
        recordEncoder.writeByte(v.kind().ordinal());
        recordEncoder.writeFloat(v.priority());
        Binary.writeVarLong(encoder, record.size());
        record.writeTo(encoder);
    }

    /** Writes the appends encoded so far to their origin's file. */
    private void writePending() throws IOException {
        if (pendingFile == null || pending.size() == 0) return;
        Segment file = pendingFile;
        ByteBuffer bytes = ByteBuffer.wrap(pending.toByteArray());
        pending.reset();
        pendingFile = null;
        FileChannel channel = channel(file);
        while (bytes.hasRemaining()) file.writeAt += channel.write(bytes, file.writeAt);
    }

    /** Reads up to {@code max} whole visits from where the file was last read. */
    private void read(Segment file, int max, List<Visit> visits) throws IOException {
        FileChannel channel = channel(file);
        int chunk = READ_CHUNK;
        String lastReferrer = null;
        WebUrl referrer = null;
        while (visits.size() < max && file.readAt < file.writeAt) {
            ByteBuffer buf = ByteBuffer.allocate((int) Math.min(chunk, file.writeAt - file.readAt));
            while (buf.hasRemaining()) {
                if (channel.read(buf, file.readAt + buf.position()) < 0) {
                    throw new IOException(file.path + " ends before the visits written to it");
                }
            }
            ByteArrayInputStream bytes = new ByteArrayInputStream(buf.array(), 0, buf.limit());
            DataInputStream in = new DataInputStream(bytes);
            int consumed = 0;
            while (visits.size() < max && bytes.available() > 0) {
                long length = Binary.readVarLong(in);
                if (length > bytes.available()) { // the visit goes on past this chunk: read it whole next time
                    if (buf.limit() == file.writeAt - file.readAt) {
                        throw new IOException(file.path + " ends inside a visit");
                    }
                    chunk = (int) Math.max(chunk, length + 16);
                    break;
                }
                WebUrl url = WebUrl.parse(Binary.readString(in));
                int redirectsLeft = Binary.readVarInt(in);
                int depth = (int) Binary.readVarLong(in);
                String from = Binary.readString(in);
                if (from != null && !from.equals(lastReferrer)) { // a page's links share their referrer
                    lastReferrer = from;
                    referrer = WebUrl.parse(from);
                }
                int deferrals = (int) Binary.readVarLong(in);
                Visit.Kind kind = Visit.Kind.values()[in.readUnsignedByte()];
                float priority = in.readFloat();
                visits.add(new Visit(url, redirectsLeft, depth, from == null ? null : referrer, deferrals, kind, null,
                        priority));
                consumed = buf.limit() - bytes.available();
            }
            file.readAt += consumed;
        }
    }

    /** The file's channel, opened if it was closed; at most {@link #OPEN_FILES} stay open. */
    private FileChannel channel(Segment file) throws IOException {
        if (file.channel == null) {
            file.channel = FileChannel.open(file.path, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
        }
        open.put(file, Boolean.TRUE);
        if (open.size() > OPEN_FILES) {
            Segment eldest = open.keySet().iterator().next();
            closeChannel(eldest);
        }
        return file.channel;
    }

    private void closeChannel(Segment file) throws IOException {
        open.remove(file);
        if (file.channel != null) file.channel.close();
        file.channel = null;
    }

    private void shutDown() {
        for (ArrayDeque<Segment> queue : queues.values()) {
            for (Segment file : queue) {
                try {
                    closeChannel(file);
                } catch (IOException e) {
                    // the directory is deleted next; nothing in it is needed
                }
            }
        }
        queues.clear();
        if (dir != null) dir.close();
    }
}
