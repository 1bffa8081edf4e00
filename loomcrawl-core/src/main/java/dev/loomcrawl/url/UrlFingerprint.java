package dev.loomcrawl.url;


import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A URL's 64-bit fingerprint: the first 64 bits (h1) of MurmurHash3 x64 128, seed 0, of the UTF-8 bytes of
 * its WHATWG serialisation. The seen set keeps these instead of strings (8 bytes a URL instead of ~100), and
 * state files store them, so the definition is fixed: any store computes the same value (Guava's
 * {@code Hashing.murmur3_128().hashString(url, UTF_8).asLong()} does).
 *
 * <p>Two distinct URLs share a fingerprint with probability 2<sup>-64</sup>; the second would be taken for
 * seen and never fetched. Over a crawl of n URLs the expected number of such losses is about
 * n<sup>2</sup>/2<sup>65</sup>: 3&times;10<sup>-8</sup> for a million URLs, 0.03 for a billion.
 */
public final class UrlFingerprint {
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long C1 = 0x87c37b91114253d5L;
    private static final long C2 = 0x4cf5ad432745937fL;

    private UrlFingerprint() {}

    public static long of(WebUrl url) {
        return of(url.toString());
    }

    public static long of(String serialisedUrl) {
        return murmur3(serialisedUrl.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * MurmurHash3_x64_128 (Austin Appleby's reference), returning h1: also what a re-crawl compares a response's
     * body by ({@link dev.loomcrawl.result.Change#digest}).
     */
    public static long murmur3(byte[] data) {
        return murmur3(data, data.length);
    }

    /** {@link #murmur3(byte[])} of the first {@code length} bytes of {@code data}. */
    public static long murmur3(byte[] data, int length) {
        long h1 = 0;
        long h2 = 0;
        int blocks = length / 16;
        for (int i = 0; i < blocks; i++) {
            long k1 = (long) LONG_LE.get(data, i * 16);
            long k2 = (long) LONG_LE.get(data, i * 16 + 8);
            h1 ^= mixK1(k1);
            h1 = Long.rotateLeft(h1, 27) + h2;
            h1 = h1 * 5 + 0x52dce729;
            h2 ^= mixK2(k2);
            h2 = Long.rotateLeft(h2, 31) + h1;
            h2 = h2 * 5 + 0x38495ab5;
        }
        int tail = blocks * 16;
        int rest = length - tail;
        long k1 = 0;
        long k2 = 0;
        for (int i = rest - 1; i >= 8; i--) k2 ^= (data[tail + i] & 0xffL) << (8 * (i - 8));
        for (int i = Math.min(rest, 8) - 1; i >= 0; i--) k1 ^= (data[tail + i] & 0xffL) << (8 * i);
        if (rest > 8) h2 ^= mixK2(k2);
        if (rest > 0) h1 ^= mixK1(k1);
        h1 ^= length;
        h2 ^= length;
        h1 += h2;
        h2 += h1;
        h1 = fmix(h1);
        h2 = fmix(h2);
        return h1 + h2;
    }

    private static long mixK1(long k1) {
        return Long.rotateLeft(k1 * C1, 31) * C2;
    }

    private static long mixK2(long k2) {
        return Long.rotateLeft(k2 * C2, 33) * C1;
    }

    private static long fmix(long k) {
        k ^= k >>> 33;
        k *= 0xff51afd7ed558ccdL;
        k ^= k >>> 33;
        k *= 0xc4ceb9fe1a85ec53L;
        return k ^ (k >>> 33);
    }
}
