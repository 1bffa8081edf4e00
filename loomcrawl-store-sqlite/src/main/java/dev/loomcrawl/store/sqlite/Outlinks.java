package dev.loomcrawl.store.sqlite;

import dev.loomcrawl.url.WebUrl;
import dev.loomcrawl.url.UrlFingerprint;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayFIFOQueue;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import it.unimi.dsi.fastutil.longs.LongSet;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Collection;

/**
 * The link graph a re-crawl needs: for each URL, the fingerprints of the URLs it led to ({@code captures.outlinks},
 * 8 bytes each, little-endian), and which URLs the roots still reach through it. A URL that a pass no longer
 * reaches is one that no page links to any more: gone.
 */
final class Outlinks {
    private final Long2ObjectOpenHashMap<long[]> graph = new Long2ObjectOpenHashMap<>();

    static byte[] encode(long[] fingerprints) {
        ByteBuffer b = ByteBuffer.allocate(fingerprints.length * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (long f : fingerprints) b.putLong(f);
        return b.array();
    }

    static long[] decode(byte[] bytes) {
        if (bytes == null) return new long[0];
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        long[] out = new long[bytes.length / Long.BYTES];
        for (int i = 0; i < out.length; i++) out[i] = b.getLong();
        return out;
    }

    /** Adds a URL (by fingerprint) and where it leads. */
    void add(long fingerprint, byte[] outlinks) {
        graph.put(fingerprint, decode(outlinks));
    }

    /** The fingerprints of every URL reachable from {@code starts} (which are reachable themselves). */
    LongSet reachableFrom(Collection<WebUrl> starts, LongSet alsoStarts) {
        LongSet reached = new LongOpenHashSet();
        LongArrayFIFOQueue queue = new LongArrayFIFOQueue();
        starts.forEach(u -> queue.enqueue(UrlFingerprint.of(u)));
        alsoStarts.forEach(queue::enqueue);
        while (!queue.isEmpty()) {
            long f = queue.dequeueLong();
            if (!reached.add(f)) continue;
            long[] next = graph.get(f);
            if (next != null) for (long n : next) if (!reached.contains(n)) queue.enqueue(n);
        }
        return reached;
    }
}
