package dev.loomcrawl.output;

import java.io.ByteArrayOutputStream;
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

    /** @param closeStream false for a stream that is not ours to close, such as standard output */
    LineSink(OutputStream out, boolean closeStream) {
        this.out = out;
        this.closeStream = closeStream;
    }

    @Override
    public void write(byte[] chunk) throws IOException {
        if (pending.size() > 0 && pending.size() + chunk.length > SPILL) spill();
        if (chunk.length >= SPILL) {
            out.write(chunk);
        } else {
            pending.write(chunk);
        }
    }

    @Override
    public void flush() throws IOException {
        spill();
        out.flush();
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
        pending.reset();
    }
}
