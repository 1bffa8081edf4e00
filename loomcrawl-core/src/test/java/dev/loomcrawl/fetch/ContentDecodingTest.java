package dev.loomcrawl.fetch;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ContentDecodingTest {
    private static final byte[] TEXT = "<p>hello</p>".repeat(1000).getBytes();

    private static byte[] deflate(byte[] data, boolean raw) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (var d = new DeflaterOutputStream(out, new Deflater(Deflater.DEFAULT_COMPRESSION, raw))) {
            d.write(data);
        }
        return out.toByteArray();
    }

    private static byte[] gzip(byte[] data) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (var g = new GZIPOutputStream(out)) {
            g.write(data);
        }
        return out.toByteArray();
    }

    @Test
    void decodesGzipAndBothFormsOfDeflate() throws Exception {
        assertArrayEquals(TEXT, ContentDecoding.decode("gzip", gzip(TEXT), 1 << 20).body());
        assertArrayEquals(TEXT, ContentDecoding.decode("x-gzip", gzip(TEXT), 1 << 20).body());
        assertArrayEquals(TEXT, ContentDecoding.decode("deflate", deflate(TEXT, false), 1 << 20).body());
        assertArrayEquals(TEXT, ContentDecoding.decode("Deflate", deflate(TEXT, true), 1 << 20).body());
        assertArrayEquals(TEXT, ContentDecoding.decode(null, TEXT, 1 << 20).body());
    }

    @Test
    void decodesBrotli() throws Exception {
        // made with Debian's brotli: printf '<p>hello</p>%.0s' $(seq 1000) | brotli -c
        byte[] br = getClass().getResourceAsStream("/fixtures/hello.html.br").readAllBytes();
        assertArrayEquals(TEXT, ContentDecoding.decode("br", br, 1 << 20).body());
    }

    @Test
    void aCompressionBombStopsAtTheCap() throws Exception {
        byte[] bomb = gzip(new byte[50 << 20]); // 50 MiB of zeros in about 50 KiB
        ContentDecoding.Decoded d = ContentDecoding.decode("gzip", bomb, 1 << 20);
        assertTrue(d.truncated());
        assertEquals(1 << 20, d.body().length);
    }

    /**
     * The room asked for covers the body's memory at its peak: the buffer and the copy it grows into, or is cut to,
     * both alive at once; it is twice the largest buffer, and never less than twice the body.
     */
    @Test
    void theRoomAskedForCoversTheBufferAndItsCopy() throws Exception {
        for (int length : new int[] {10, 16384, 100_000, 3 << 20}) {
            long[] taken = new long[1];
            byte[] text = new byte[length];
            java.util.Arrays.fill(text, (byte) 'a');
            ContentDecoding.Decoded d = ContentDecoding.decode("gzip", gzip(text), 1L << 40, n -> taken[0] += n);
            assertArrayEquals(text, d.body());
            assertTrue(taken[0] >= 2L * length && taken[0] <= 4L * Math.max(length, 16384),
                    length + " bytes: " + taken[0] + " asked for");
        }
    }

    @Test
    void aStreamCutShortYieldsWhatCouldBeDecoded() throws Exception {
        byte[] gz = gzip(TEXT);
        ContentDecoding.Decoded d = ContentDecoding.decode("gzip", Arrays.copyOf(gz, gz.length / 2), 1 << 20);
        assertFalse(d.truncated());
        assertTrue(d.body().length > 0 && d.body().length < TEXT.length);
    }

    @Test
    void unknownEncodingsAreNotSupported() {
        assertFalse(ContentDecoding.supported("compress"));
        assertTrue(ContentDecoding.supported("br"));
    }
}
