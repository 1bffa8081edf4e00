package dev.loomcrawl.run;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * A program's standard output writer as a stream, for an output given as '-'. The writer thread hands over
 * whole UTF-8 lines, so each array written decodes on its own; single bytes wait for a flush.
 */
public final class WriterStream extends OutputStream {
    private final PrintWriter out;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

    public WriterStream(PrintWriter out) {
        this.out = out;
    }

    @Override
    public void write(int b) {
        pending.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) {
        drain();
        out.write(new String(b, off, len, StandardCharsets.UTF_8));
    }

    @Override
    public void flush() {
        drain();
        out.flush();
    }

    /** Flushes what was written: the writer is the process's standard output, which a command does not close. */
    @Override
    public void close() {
        flush();
    }

    private void drain() {
        if (pending.size() == 0) return;
        out.write(pending.toString(StandardCharsets.UTF_8));
        pending.reset();
    }
}
