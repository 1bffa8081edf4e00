package dev.loomcrawl.output.warc;

import dev.loomcrawl.fetch.WireUri;
import dev.loomcrawl.result.FinishedUrl;

import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * Where the WARC output put each page's response record, for an output that cites it (the chunks: an answer built
 * on a chunk can open the exact archived capture). Filled by the WARC output as the journal's writer thread writes a
 * batch, and read by a citing output registered with the journal after it, which the same thread then has write the
 * same batch: the thread's own, so it needs no lock. It holds one batch's captures at most: those of a batch are
 * forgotten when the next batch's first capture is written.
 */
public final class WarcCitations {
    /**
     * A page's capture in the WARC files.
     *
     * @param file     the WARC file's name (in the WARC output's directory)
     * @param offset   where its response record (or the revisit record written in its place) starts in the file:
     *                 the start of its gzip member, where a WARC reader can open it
     * @param recordId the record's {@code WARC-Record-ID}
     * @param date     its {@code WARC-Date}: when the fetch started
     */
    public record Citation(String file, long offset, String recordId, Instant date) {}

    private final Map<String, Citation> byTarget = new HashMap<>();
    private volatile boolean wanted; // set before the crawl; until then nothing is kept, so nothing piles up
    private boolean batchEnded;

    WarcCitations() {
    }

    /** Called by the WARC writer once a capture's records are in {@code file}, its response at {@code offset}. */
    void written(WarcCapture c, Path file, long offset) {
        if (!wanted) return;
        if (batchEnded) {
            byTarget.clear();
            batchEnded = false;
        }
        byTarget.put(c.target(), new Citation(file.getFileName().toString(), offset, c.responseId().toString(),
                c.date()));
    }

    /** Starts keeping where captures went: a citing output now clears them after each batch. */
    void want() {
        wanted = true;
    }

    /** The key of a finished URL's capture: its WARC-Target-URI. Null when it had no response (no capture). */
    public static String key(FinishedUrl finished) {
        return finished.response() == null ? null : WireUri.of(finished.response().url()).toString();
    }

    /** Where the capture of {@code key} went in the batch being written, or null when it was not written. */
    public Citation take(String key) {
        return key == null ? null : byTarget.remove(key);
    }

    /** The WARC output flushed a batch: its captures are forgotten when the next batch's first one is written. */
    void batchEnded() {
        batchEnded = true;
    }
}
