package dev.loomcrawl.output;

import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes chunks of whole lines to a stream, gathering them into writes of about 64 KiB that always end at a
 * chunk's end: the operating system only ever receives whole lines, so even a process killed outright leaves
 * no half line behind (short of the disk itself failing mid-write).
 */
final class LineSink implements Sink<byte[]> {
    private static final int SPILL = 1 << 16;

    private final OutputStream out;
    private final boolean closeStream;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream(SPILL);
    private final FileOutputStream syncable;
    private long position;

    /** @param closeStream false for a stream that is not ours to close, such as standard output */
    LineSink(OutputStream out, boolean closeStream) {
        this.out = out;
        this.closeStream = closeStream;
        this.syncable = null;
    }

    /**
     * A sink on a file that {@link #sync} forces to its device.
     *
     * @param position the bytes already in the file, which {@code out} appends to
     * @param regular  whether it is a regular file (a device such as /dev/null has nothing to sync)
     */
    LineSink(FileOutputStream out, long position, boolean regular) {
        this.out = out;
        this.closeStream = true;
        this.syncable = regular ? out : null;
        this.position = position;
    }

    /** Bytes in the file once what was written is flushed. */
    long position() {
        return position + pending.size();
    }

    @Override
    public void write(byte[] chunk) throws IOException {
        if (pending.size() > 0 && pending.size() + chunk.length > SPILL) spill();
        if (chunk.length >= SPILL) {
            out.write(chunk);
            position += chunk.length;
        } else {
            pending.write(chunk);
        }
    }

    @Override
    public void flush() throws IOException {
        spill();
        out.flush();
    }

    /** Syncs a regular file to its device. */
    @Override
    public void sync() throws IOException {
        if (syncable != null) syncable.getFD().sync();
    }

    @Override
    public void close() throws IOException {
        try {
            flush();
        } finally {
            if (closeStream) out.close();
        }
    }

    private void spill() throws IOException {
        if (pending.size() == 0) return;
        pending.writeTo(out);
        position += pending.size();
        pending.reset();
    }
}
