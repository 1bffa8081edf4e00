package dev.loomcrawl.output.warc;

import org.netpreserve.jwarc.WarcDigest;

import java.net.URI;
import java.time.Instant;
import java.util.List;

/**
 * One fetched URL's WARC records, prepared on the worker thread that fetched it (digests computed, records
 * gzipped, one gzip member each), so the writer thread only has to pick response or revisit and append bytes.
 *
 * @param target        the WARC-Target-URI
 * @param date          the WARC-Date of every record of the capture (when the fetch started)
 * @param responseId    the record ID of the response, or of the revisit written in its place
 * @param payloadDigest the digest of the body as received
 * @param payloadLength its length in bytes; empty payloads are never written as revisits
 * @param protocol      the WARC-Protocol value ("http/1.1", "h2")
 * @param responseHead  the HTTP header block, which a revisit record carries instead of the whole response
 * @param request       the request record, gzipped
 * @param response      the response record, gzipped
 * @param metadata      the metadata record (outlinks), gzipped
 * @param earlier       on a re-crawl, the capture of an earlier pass that the response is a revisit of (not
 *                      modified, or the same payload): then a revisit record refers to it; else null
 * @param subresources  a rendered page's exchanges, each a capture of its own, written after the page's
 */
record WarcCapture(String target, Instant date, URI responseId, WarcDigest payloadDigest, long payloadLength,
                   String protocol, byte[] responseHead, byte[] request, byte[] response, byte[] metadata,
                   Earlier earlier, List<WarcCapture> subresources) {

    WarcCapture {
        subresources = List.copyOf(subresources);
    }

    WarcCapture withSubresources(List<WarcCapture> captures) {
        return new WarcCapture(target, date, responseId, payloadDigest, payloadLength, protocol, responseHead, request,
                response, metadata, earlier, captures);
    }

    /**
     * The capture of an earlier pass a 304's revisit record refers to: the same URL, captured in full at
     * {@code date}; {@code profile} is {@code server-not-modified}; {@code head} is the revisit's HTTP header block.
     */
    record Earlier(URI profile, Instant date, byte[] head) {}

    /** The compressed size of the capture when written as a response. */
    long size() {
        long size = request.length + response.length + metadata.length;
        for (WarcCapture sub : subresources) size += sub.size();
        return size;
    }
}
