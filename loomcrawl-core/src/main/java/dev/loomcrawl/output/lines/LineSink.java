package dev.loomcrawl.output.lines;

import dev.loomcrawl.output.Sink;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Writes chunks of whole lines to a stream, gathering them into writes of about 64 KiB that always end at a
 * chunk's end: the operating system only ever receives whole lines, so even a process killed outright leaves
 * no half line behind. A write that fails part way (a full disk takes what fits, then refuses the rest) is
 * undone: a file is cut back to where the last whole write ended, so it still ends with a whole line. After a
 * failure the sink takes nothing more: every later write and flush throws the same failure.
 */
final class LineSink implements Sink<byte[]> {
    private static final int SPILL = 1 << 16;

    private final OutputStream out;
    private final boolean closeStream;
    /** What waits to be written: whole lines, {@code pending[0, pendingLength)}; written from here, never copied. */
    private final byte[] pending = new byte[SPILL];
    private int pendingLength;
    private final FileOutputStream syncable;
    /**
     * The file's channel, which writes a line in pieces with one gathering write ({@link #write(JsonLines.Pieces)});
     * null for a stream. The journal's writer thread, which writes, is never interrupted (an interrupt would close
     * it).
     */
    private final FileChannel channel;
    private long position;
    private IOException failed;
    /** The file's old bytes being emptied (null: there were none). */
    private final Emptying emptying;

    /** @param closeStream false for a stream that is not ours to close, such as standard output */
    LineSink(OutputStream out, boolean closeStream) {
        this.out = out;
        this.closeStream = closeStream;
        this.syncable = null;
        this.channel = null;
        this.emptying = null;
    }

    /**
     * A sink on a file that {@link #sync} forces to its device.
     *
     * @param position the bytes already in the file, which {@code out} appends to
     * @param regular  whether it is a regular file (a device such as /dev/null has nothing to sync)
     * @param emptying the file's old bytes being emptied, which the sink waits for before it first writes, syncs or
     *                 closes the file (null: none)
     */
    LineSink(FileOutputStream out, long position, boolean regular, Emptying emptying) {
        this.out = out;
        this.closeStream = true;
        this.syncable = regular ? out : null;
        this.channel = out.getChannel();
        this.position = position;
        this.emptying = emptying;
    }

    /** Bytes in the file once what was written is flushed. */
    long position() {
        return position + pendingLength;
    }

    @Override
    public void write(byte[] chunk) throws IOException {
        write(chunk, chunk.length);
    }

    /** Writes the first {@code length} bytes of {@code chunk}, whole lines. */
    void write(byte[] chunk, int length) throws IOException {
        if (failed != null) throw failed;
        if (pendingLength > 0 && pendingLength + length > SPILL) spill();
        if (length >= SPILL) {
            whole(chunk, length);
        } else {
            System.arraycopy(chunk, 0, pending, pendingLength, length);
            pendingLength += length;
        }
    }

    /**
     * Writes a whole line given in pieces: copied with the lines waiting when short, else in one gathering write from
     * where its pieces lie (a file), or copied into one array first (a stream).
     */
    void write(JsonLines.Pieces line) throws IOException {
        if (failed != null) throw failed;
        int length = line.length();
        if (pendingLength > 0 && pendingLength + length > SPILL) spill();
        if (length < SPILL) {
            for (int k = 0; k < line.arrays().length; k++) {
                System.arraycopy(line.arrays()[k], line.offsets()[k], pending, pendingLength, line.lengths()[k]);
                pendingLength += line.lengths()[k];
            }
        } else if (channel == null) {
            whole(line.toArray(), length);
        } else {
            gathered(line);
        }
    }

    /** Writes a line in pieces with one gathering write (repeated while the system takes part), or not at all. */
    private void gathered(JsonLines.Pieces line) throws IOException {
        ByteBuffer[] buffers = new ByteBuffer[line.arrays().length];
        for (int k = 0; k < buffers.length; k++) {
            buffers[k] = ByteBuffer.wrap(line.arrays()[k], line.offsets()[k], line.lengths()[k]);
        }
        try {
            emptied();
            for (long left = line.length(); left > 0; ) left -= channel.write(buffers);
        } catch (IOException e) {
            throw failed(e);
        }
        position += line.length();
    }

    /** This sink, for lines written as {@link JsonLines.Bytes}. */
    Sink<JsonLines.Bytes> ofBytes() {
        return new BytesSink(this);
    }

    /** A sink whose items become lines of a {@code LineSink}: flushed, synced and closed as that sink is. */
    interface Over<T> extends Sink<T> {
        LineSink lines();

        @Override
        default void flush() throws IOException {
            lines().flush();
        }

        @Override
        default void sync() throws IOException {
            lines().sync();
        }

        @Override
        default void close() throws IOException {
            lines().close();
        }
    }

    private record BytesSink(LineSink lines) implements Over<JsonLines.Bytes> {
        @Override
        public void write(JsonLines.Bytes line) throws IOException {
            lines.write(line.array(), line.length());
        }
    }

    @Override
    public void flush() throws IOException {
        if (failed != null) throw failed;
        spill();
        try {
            out.flush();
        } catch (IOException e) {
            throw failed(e);
        }
    }

    /** Syncs a regular file to its device. */
    @Override
    public void sync() throws IOException {
        emptied();
        if (syncable != null) syncable.getFD().sync();
    }

    /** Flushes (unless a write failed: nothing more is written then) and closes the stream if it is ours. */
    @Override
    public void close() throws IOException {
        try {
            if (failed == null) flush();
            emptied(); // the file ends empty when nothing was written
        } finally {
            try {
                if (closeStream) out.close();
            } finally {
                if (emptying != null) emptying.close(); // after the stream: see Emptying
            }
        }
    }

    /**
     * Waits until the file's old bytes are gone: only then is it written to. If emptying it failed, so does every
     * write after, and nothing is appended to the old bytes.
     */
    private void emptied() throws IOException {
        if (emptying != null) emptying.await(); // at once after the first time: the emptying's task is done
    }

    private void spill() throws IOException {
        if (pendingLength == 0) return;
        whole(pending, pendingLength);
        pendingLength = 0;
    }

    /** Writes bytes that end at a line's end, or leaves the file as it was before them. */
    private void whole(byte[] bytes, int length) throws IOException {
        try {
            emptied();
            out.write(bytes, 0, length);
        } catch (IOException e) {
            throw failed(e);
        }
        position += length;
    }

    /** Keeps the failure, drops what waits, and cuts a file back to its last whole line; returns the failure. */
    private IOException failed(IOException e) {
        failed = e;
        pendingLength = 0;
        if (syncable != null) {
            try {
                if (syncable.getChannel().size() > position) syncable.getChannel().truncate(position);
            } catch (IOException cut) {
                e.addSuppressed(cut);
            }
        }
        return e;
    }
}
