package dev.loomcrawl.fetch;

import org.brotli.dec.BrotliInputStream;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;
import java.util.zip.ZipException;

/**
 * Undoes Content-Encoding (gzip, x-gzip, deflate in its zlib and raw forms, br), reading at most a cap of
 * decoded bytes, so that a compression bomb stops at the cap. A stream cut short (the wire body was truncated)
 * yields what could be decoded.
 */
final class ContentDecoding {
    /** The longest array the JVM makes. */
    private static final long MAX_ARRAY = Integer.MAX_VALUE - 8;

    private ContentDecoding() {}

    /** The decoded body and whether decoding stopped at the cap. */
    record Decoded(byte[] body, boolean truncated) {}

    /** Asked for {@code n} more bytes before the decoded body grows by them; throws when they cannot be had. */
    interface Room {
        Room ANY = n -> {};

        void take(long n) throws IOException, InterruptedException;
    }

    static Decoded decode(String encoding, byte[] raw, long cap) throws IOException {
        try {
            return decode(encoding, raw, cap, Room.ANY);
        } catch (InterruptedException e) {
            throw new AssertionError("Room.ANY does not wait", e);
        }
    }

    static boolean supported(String encoding) {
        return switch (normalise(encoding)) {
            case "", "identity", "gzip", "x-gzip", "deflate", "br" -> true;
            default -> false;
        };
    }

    /** Decodes {@code raw}, asking {@code room} for the bytes of the decoded body as it grows. */
    static Decoded decode(String encoding, byte[] raw, long cap, Room room) throws IOException, InterruptedException {
        String e = normalise(encoding);
        return switch (e) {
            case "", "identity" -> new Decoded(raw, false);
            case "gzip", "x-gzip" -> read(new GZIPInputStream(new ByteArrayInputStream(raw)), cap, room);
            case "br" -> read(new BrotliInputStream(new ByteArrayInputStream(raw)), cap, room);
            case "deflate" -> {
                try {
                    yield read(new InflaterInputStream(new ByteArrayInputStream(raw)), cap, room);
                } catch (ZipException zlibHeaderMissing) { // some servers send raw deflate without the zlib header
                    yield read(new InflaterInputStream(new ByteArrayInputStream(raw), new Inflater(true)), cap, room);
                }
            }
            default -> throw new IOException("unsupported content encoding: " + encoding);
        };
    }

    private static String normalise(String encoding) {
        return encoding == null ? "" : encoding.trim().toLowerCase(Locale.ROOT);
    }

    /**
     * Decodes into a buffer that doubles, asking {@code room} before each growth for twice the bytes it adds: while
     * the buffer is copied into a larger one, and when the body is cut to its length at the end, the old array and
     * the new one are both alive, so the body's memory at its peak is twice its buffer (a buffer of Java's own, which
     * also copies once more to hand its bytes out, reached three times what was asked for: 64 gzip bombs decoded at
     * once, each within the cap, then filled a 256 MiB heap that their claims said was a quarter used).
     */
    private static Decoded read(InputStream in, long cap, Room room) throws IOException, InterruptedException {
        long most = Math.min(cap, MAX_ARRAY);
        byte[] out = new byte[0];
        int size = 0;
        byte[] buf = new byte[16384];
        boolean cut = false;
        try (in) {
            int n;
            while ((n = in.read(buf)) > 0) {
                long left = most - size;
                int k = (int) Math.min(n, left);
                if (size + k > out.length) {
                    int grown = (int) Math.min(most, Math.max(size + k, Math.max(2L * out.length, 16384)));
                    room.take(2L * (grown - out.length));
                    out = Arrays.copyOf(out, grown);
                }
                System.arraycopy(buf, 0, out, size, k);
                size += k;
                if (n > left) {
                    cut = true;
                    break;
                }
            }
        } catch (EOFException cutShort) {
            // the compressed stream ended early: keep what was decoded
        }
        return new Decoded(size == out.length ? out : Arrays.copyOf(out, size), cut);
    }
}
