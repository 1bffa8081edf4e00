package dev.loomcrawl.output.warc;

import java.net.URI;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * The first response record written for each payload digest, so later identical payloads become revisit
 * records that refer to it. Used by the WARC writer thread only. Bounded: once {@code capacity} digests are
 * remembered, new payloads are written in full and not remembered (a few hundred bytes per digest).
 */
final class PayloadIndex {
    /** The response record a revisit refers to. */
    record Original(URI recordId, String target, Instant date) {}

    private final int capacity;
    private final Map<String, Original> firsts = new HashMap<>();

    PayloadIndex(int capacity) {
        this.capacity = capacity;
    }

    /** The original for {@code digest} if one was written; else remembers {@code candidate} and returns null. */
    Original originalOrRemember(String digest, Original candidate) {
        Original first = firsts.get(digest);
        if (first == null && firsts.size() < capacity) firsts.put(digest, candidate);
        return first;
    }
}
