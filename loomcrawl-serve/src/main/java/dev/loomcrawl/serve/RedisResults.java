package dev.loomcrawl.serve;

import dev.loomcrawl.output.CommitStage;
import dev.loomcrawl.output.CommittedOutput;
import dev.loomcrawl.redis.RedisJobBoard;
import dev.loomcrawl.result.FinishedUrl;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A shared job's results: a list in Redis ({@link RedisJobBoard}) that every server crawling the job appends to and
 * any server reads. Each server's journal appends a batch's lines in one script, before the crawl's completions of
 * their URLs go to Redis; a line whose URL the list holds already is left out, so a page fetched again (by a server
 * that took over the lease of one killed between the two) is in the results once.
 */
final class RedisResults implements JobResults {
    /** Lines read from Redis at once while a page of them is made. */
    private static final int READ = 100;

    private final RedisJobBoard board;
    private final String id;
    private final String list;
    private volatile Consumer<List<byte[]>> committed;

    RedisResults(RedisJobBoard board, String id, String list) {
        this.board = board;
        this.id = id;
        this.list = list;
    }

    @Override
    public void commitWith(CommitStage journal, String key, Function<FinishedUrl, byte[]> line) {
        journal.add(key, new CommittedOutput<RedisJobBoard.Line>() {
            @Override
            public RedisJobBoard.Line prepare(FinishedUrl finished) {
                byte[] l = line.apply(finished);
                return l == null ? null : new RedisJobBoard.Line(finished.record().url().toString(),
                        new String(l, StandardCharsets.UTF_8));
            }

            @Override
            public String write(List<RedisJobBoard.Line> prepared, boolean force) {
                List<RedisJobBoard.Line> lines = prepared.stream().filter(java.util.Objects::nonNull).toList();
                List<RedisJobBoard.Line> added = board.append(id, list, lines);
                Consumer<List<byte[]>> c = committed;
                if (c != null && !added.isEmpty()) {
                    c.accept(added.stream().map(l -> l.line().getBytes(StandardCharsets.UTF_8)).toList());
                }
                return ""; // Redis keeps the lines: nothing to cut back on a resume
            }
        });
    }

    @Override
    public void onCommit(Consumer<List<byte[]>> listener) {
        committed = listener;
    }

    @Override
    public int count() {
        return Math.toIntExact(board.count(id, list));
    }

    @Override
    public List<String> lines(int from, int max, long maxBytes) {
        List<String> lines = new ArrayList<>();
        long bytes = 0;
        long at = from;
        while (lines.size() < max) {
            List<String> read = board.lines(id, list, at, Math.min(READ, max - lines.size()));
            for (String l : read) {
                long size = l.length(); // chars: about the bytes, which is all the bound asks
                if (!lines.isEmpty() && bytes + size > maxBytes) return lines;
                lines.add(l);
                bytes += size;
            }
            if (read.size() < READ) return lines;
            at += read.size();
        }
        return lines;
    }

    @Override
    public ResultsFile.Span span(int from, int max, long maxBytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int n = 0;
        for (String l : lines(from, max, maxBytes)) {
            out.writeBytes(l.getBytes(StandardCharsets.UTF_8));
            out.write('\n');
            n++;
        }
        return new ResultsFile.Span(n, out.toByteArray());
    }

    @Override
    public void close() {
        // the lines stay in Redis until the job expires
    }
}
