package dev.loomcrawl.output.warc;

import dev.loomcrawl.output.Sink;

import java.io.IOException;
import java.util.List;

/**
 * The WARC writer thread's side: decides, in file order, whether a capture's payload was written before (then
 * its response becomes a revisit record that refers to the first one, which is always earlier in the files),
 * and appends the capture's records to the current file.
 */
final class WarcSink implements Sink<WarcCapture> {
    private final WarcFiles files;
    private final PayloadIndex payloads;
    private final WarcCitations citations;

    WarcSink(WarcFiles files, PayloadIndex payloads, WarcCitations citations) {
        this.files = files;
        this.payloads = payloads;
        this.citations = citations;
    }

    @Override
    public void write(WarcCapture c) throws IOException {
        if (c.earlier() != null) { // a 304 to a re-crawl's conditional GET: a revisit of the capture it validated
            WarcFiles.Written at = files.write(List.of(c.request(), WarcRecords.revisitOfEarlierPass(c), c.metadata()));
            citations.written(c, at.file(), at.offset() + c.request().length);
            return;
        }
        PayloadIndex.Original original = c.payloadLength() == 0 ? null : payloads.originalOrRemember(
                c.payloadDigest().toString(), new PayloadIndex.Original(c.responseId(), c.target(), c.date()));
        byte[] response = original == null ? c.response() : WarcRecords.revisit(c, original);
        WarcFiles.Written at = files.write(List.of(c.request(), response, c.metadata()));
        citations.written(c, at.file(), at.offset() + c.request().length);
        for (WarcCapture sub : c.subresources()) write(sub); // what the browser fetched rendering the page
    }

    @Override
    public void flush() {
        // WarcFiles writes unbuffered: nothing waits in memory
        citations.batchEnded();
    }

    @Override
    public void sync() throws IOException {
        files.sync();
    }

    @Override
    public void close() throws IOException {
        files.close();
    }
}
