package dev.loomcrawl.state;

import dev.loomcrawl.CrawlRecord;

import java.util.List;

/**
 * An output file written in step with a crawl's state (see {@link StoreWithOutputs}): it holds what each finished
 * URL gave it until the URL's record is about to be committed, and is written then, in commit order.
 */
public interface CommittedOutput {

    /**
     * Writes what these URLs gave the output, in this order, and forces it to the storage device; returns where
     * the output now ends (a text the output reads back when the crawl is resumed). Throws when it cannot write.
     */
    String write(List<CrawlRecord> finished);
}
