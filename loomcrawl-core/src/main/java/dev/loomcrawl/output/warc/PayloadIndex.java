package dev.loomcrawl.output.warc;

import dev.loomcrawl.output.CommitStage;

import java.net.URI;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * The first response record written for each payload digest, so later identical payloads become revisit
 * records that refer to it. Used by the WARC writer thread only. In memory it is bounded: once {@code capacity}
 * digests are remembered, new payloads are written in full and not remembered (a few hundred bytes per digest);
 * with a crawl's state ({@link #inState}) it is the state's, unbounded and kept across runs and passes.
 */
class PayloadIndex {
    /** The response record a revisit refers to. */
    record Original(URI recordId, String target, Instant date) {
        /** As a state keeps it: record ID, target and date, separated by spaces (none of them holds one). */
        String encode() {
            return recordId + " " + target + " " + date;
        }

        static Original decode(String s) {
            String[] f = s.split(" ", 3);
            return new Original(URI.create(f[0]), f[1], Instant.parse(f[2]));
        }
    }

    private final int capacity;
    private final Map<String, Original> firsts = new HashMap<>();

    PayloadIndex(int capacity) {
        this.capacity = capacity;
    }

    /**
     * The index a crawl's state keeps, over every run and pass, unbounded, the payloads remembered in the same
     * commits as the records that hold them.
     */
    static PayloadIndex inState(CommitStage state) {
        return new PayloadIndex(0) {
            @Override
            Original originalOrRemember(String digest, Original candidate) {
                String first = state.originalPayload(digest, candidate.encode());
                return first == null ? null : Original.decode(first);
            }
        };
    }

    /** The original for {@code digest} if one was written; else remembers {@code candidate} and returns null. */
    Original originalOrRemember(String digest, Original candidate) {
        Original first = firsts.get(digest);
        if (first == null && firsts.size() < capacity) firsts.put(digest, candidate);
        return first;
    }
}
