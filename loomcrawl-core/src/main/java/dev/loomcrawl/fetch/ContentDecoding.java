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

    static boolean supported(String encoding) {
        return switch (normalise(encoding)) {
            case "", "identity", "gzip", "x-gzip", "deflate", "br" -> true;
            default -> false;
        };
    }

    static Decoded decode(String encoding, byte[] raw, long cap) throws IOException {
        String e = normalise(encoding);
        return switch (e) {
            case "", "identity" -> new Decoded(raw, false);
            case "gzip", "x-gzip" -> read(new GZIPInputStream(new ByteArrayInputStream(raw)), cap);
            case "br" -> read(new BrotliInputStream(new ByteArrayInputStream(raw)), cap);
            case "deflate" -> {
                try {
                    yield read(new InflaterInputStream(new ByteArrayInputStream(raw)), cap);
                } catch (ZipException zlibHeaderMissing) { // some servers send raw deflate without the zlib header
                    yield read(new InflaterInputStream(new ByteArrayInputStream(raw), new Inflater(true)), cap);
                }
            }
            default -> throw new IOException("unsupported content encoding: " + encoding);
        };
    }

    private static String normalise(String encoding) {
        return encoding == null ? "" : encoding.trim().toLowerCase(Locale.ROOT);
    }

    private static Decoded read(InputStream in, long cap) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[16384];
        try (in) {
            int n;
            while ((n = in.read(buf)) > 0) {
                long room = cap - out.size();
                if (n > room) {
                    out.write(buf, 0, (int) room);
                    return new Decoded(out.toByteArray(), true);
                }
                out.write(buf, 0, n);
            }
        } catch (EOFException cutShort) {
            // the compressed stream ended early: keep what was decoded
        }
        return new Decoded(out.toByteArray(), false);
    }
}
