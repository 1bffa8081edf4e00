package dev.loomcrawl.fetch;

import org.brotli.dec.BrotliInputStream;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
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

    private static Decoded read(InputStream in, long cap, Room room) throws IOException, InterruptedException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[16384];
        long granted = 0; // bytes room gave so far: the decoded body stays within them
        try (in) {
            int n;
            while ((n = in.read(buf)) > 0) {
                long left = cap - out.size();
                int k = (int) Math.min(n, left);
                if (out.size() + k > granted) { // doubling, as the buffer does
                    long more = Math.min(cap, Math.max(out.size() + k, Math.max(2 * granted, 16384))) - granted;
                    room.take(more);
                    granted += more;
                }
                out.write(buf, 0, k);
                if (n > left) return new Decoded(out.toByteArray(), true);
            }
        } catch (EOFException cutShort) {
            // the compressed stream ended early: keep what was decoded
        }
        return new Decoded(out.toByteArray(), false);
    }
}
