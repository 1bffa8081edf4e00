package dev.loomcrawl.serve;

import dev.loomcrawl.output.CommitStage;
import dev.loomcrawl.result.FinishedUrl;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A job's results, one JSON line each (its documents, or its errors), appended by its crawl's journal and read by
 * index while it appends: a file of the job's folder ({@link ResultsFile}), or, for a job shared by several servers,
 * a list in Redis every one of them reads and appends to ({@link RedisResults}).
 */
interface JobResults extends AutoCloseable {

    /**
     * Has the crawl's journal append what {@code line} makes of each finished URL (null: nothing), under
     * {@code key}. Call before the crawl starts.
     */
    void commitWith(CommitStage journal, String key, Function<FinishedUrl, byte[]> line);

    /** Has {@code listener} told of the lines each commit adds, once they are readable. */
    void onCommit(Consumer<List<byte[]>> listener);

    /** Lines readable. */
    int count();

    /** Lines from {@code from}, at most {@code max} of them and (past the first) about {@code maxBytes}. */
    List<String> lines(int from, int max, long maxBytes);

    /** The lines of {@link #lines} as bytes, each ended by a newline. */
    ResultsFile.Span span(int from, int max, long maxBytes);

    /** Ends the crawl's appending (the results stay readable). */
    @Override
    void close();
}
