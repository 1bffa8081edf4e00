package dev.loomcrawl.output;

/**
 * Where outputs register: the crawl's journal ({@code journal.Journal}), which, with each commit, has them write what
 * the batch's finished URLs gave them and (with a state) saves where each then ends, in the same commit. An output
 * opened on a journal ({@code RecordFile.open(path, format, journal)}) registers itself.
 */
public interface CommitStage {

    /**
     * Where the output {@code key} ended at the last commit, as its {@link CommittedOutput#write} said. Null for a
     * crawl that has committed nothing yet: its outputs start afresh (created, or truncated). The empty text for a
     * crawl that has, but never an end for this output: a file of it, if any, holds nothing of the crawl.
     */
    String resumeAt(String key);

    /** Writes {@code output} with each commit from now on; its end is saved under {@code key}. */
    void add(String key, CommittedOutput<?> output);

    /**
     * Says that an output registered here reads pages' content ({@code FinishedUrl.content()}): the crawl then records
     * each HTML page's tree in the pass that reads its links ({@code extract.PageTree}), which costs far less than
     * parsing the page again. A listener that reads content may say so too. Default: nothing.
     */
    default void needsContent() {
    }

    /** Whether the stage keeps payload originals ({@link #originalPayload}) in the crawl's state. Default: false. */
    default boolean keepsPayloads() {
        return false;
    }

    /**
     * The first record written of a payload digest over the whole crawl (every run and pass), as {@code original}
     * said it; or, when there was none, null, and {@code original} is remembered in the commit the current batch goes
     * into (so it is kept exactly when the records that hold it are). For an output to call while the stage has it
     * write its batch ({@link CommittedOutput#write}); only when {@link #keepsPayloads()}.
     */
    default String originalPayload(String digest, String original) {
        throw new UnsupportedOperationException("this stage keeps no payloads");
    }
}
