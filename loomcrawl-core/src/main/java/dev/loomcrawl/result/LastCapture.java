package dev.loomcrawl.result;

import dev.loomcrawl.fetch.Validators;

import java.time.Instant;

/**
 * What a URL's capture in an earlier pass of the crawl came to, carried by a re-crawl's visit: what to send for a
 * conditional GET, and what to compare the new response with to say whether it changed.
 *
 * @param status        the status of the last response; null when none came (a failure)
 * @param payloadDigest the last body's digest ({@link dev.loomcrawl.result.Change#digest}); null without a body
 * @param validators    the last response's {@code ETag} and {@code Last-Modified}
 * @param archivedAt    when the URL's payload was last captured in full (not as not modified or unchanged): the
 *                      date a WARC revisit record of this capture refers to; null when it never was (or, handed
 *                      to a store, to keep the one it has)
 * @param archivedHead  the header block of that capture's response as WARC stored it, kept when the response
 *                      had validators (a later pass may get a 304, whose revisit record shows this block as the
 *                      304 updated it); null otherwise
 * @param textDigest    the digest of the page's main text at its last capture ({@link Change#textDigest}), which
 *                      tells a template change from a change of what the page says; null when not known (not an
 *                      HTML page, or its content was never made: handed to a store, to keep the one it has)
 * @param contentType   the media type of the last capture's response, which a 304 does not repeat: its record
 *                      says it ({@link FinishedUrl#revisiting}), so that reports count a page not modified under
 *                      its type; null when not known (or, handed to a store, as its record says it)
 * @param encoding      the charset the last capture was read with, likewise; null when not known
 */
public record LastCapture(Integer status, String payloadDigest, Validators validators, Instant archivedAt,
                          byte[] archivedHead, String textDigest, String contentType, String encoding) {
    public LastCapture(Integer status, String payloadDigest, Validators validators, Instant archivedAt,
                       byte[] archivedHead, String textDigest) {
        this(status, payloadDigest, validators, archivedAt, archivedHead, textDigest, null, null);
    }

    public LastCapture(Integer status, String payloadDigest, Validators validators, Instant archivedAt,
                       byte[] archivedHead) {
        this(status, payloadDigest, validators, archivedAt, archivedHead, null);
    }
}
