package dev.loomcrawl.state;

import dev.loomcrawl.FinishedUrl;

import java.util.List;

/**
 * An output file written in step with a crawl's state (see {@link StoreWithOutputs}): it is given each batch of
 * finished URLs just before the batch is committed, in commit order.
 */
public interface CommittedOutput {

    /**
     * Writes what these finished URLs give the output, in this order, and forces it to the storage device;
     * returns where the output now ends (a text the output reads back when the crawl is resumed). Throws when it
     * cannot write.
     */
    String write(List<FinishedUrl> finished);
}
