package dev.loomcrawl.serve;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.CrawlerBuilder;
import dev.loomcrawl.redis.RedisCrawl;
import dev.loomcrawl.redis.RedisCrawlException;
import dev.loomcrawl.redis.RedisJobBoard;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The jobs of every server started with the same {@code --frontier redis://...}: each job's record and results are
 * kept in Redis ({@link RedisJobBoard}) and its crawl is a crawl shared through Redis ({@link RedisCrawl}, named
 * {@code serve-ID}), which every server joins as {@code crawl --frontier} without ROOT does. A job ends once, on the
 * server that sees it end first (the others learn it from {@link #poll}, and stop their runs of it).
 */
final class SharedJobs implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(SharedJobs.class);
    static final String DOCUMENTS = "documents";
    static final String ERRORS = "errors";

    private final SharedOptions options;
    private final RedisJobBoard board;

    private SharedJobs(SharedOptions options, RedisJobBoard board) {
        this.options = options;
        this.board = board;
    }

    static SharedJobs connect(SharedOptions options) {
        return new SharedJobs(options, RedisJobBoard.connect(options.frontier(), options.outage()));
    }

    /** For messages: where the jobs are shared. */
    String where() {
        return board.where();
    }

    /** The name of the job's crawl in Redis. */
    static String crawlId(String jobId) {
        return "serve-" + jobId;
    }

    /**
     * Posts a new job: its crawl's configuration first, so that a server that sees the job can join its crawl, then
     * its record.
     */
    Job create(JobRecord r, CrawlConfig config) {
        try (RedisCrawl crawl = RedisCrawl.connect(options.frontier(), crawlId(r.id()), options.outage())) {
            crawl.join(config, 0);
        }
        board.create(r.id(), r.createdAt().toEpochMilli(), r.toJson().toString());
        return job(r);
    }

    private Job job(JobRecord r) {
        return new Job(r, new RedisResults(board, r.id(), DOCUMENTS), new RedisResults(board, r.id(), ERRORS));
    }

    /** A server's run of a job: its connection to the job's crawl and the configuration the crawl was made with. */
    final class Run implements AutoCloseable {
        private final RedisCrawl crawl;
        private final CrawlConfig config;

        private Run(RedisCrawl crawl, CrawlConfig config) {
            this.crawl = crawl;
            this.config = config;
        }

        CrawlConfig config() {
            return config;
        }

        /** The crawler of this run: {@code parts} around the shared frontier, budgets and robots.txt files. */
        Crawler crawler(CrawlerBuilder parts) {
            return crawl.crawler(parts, options.leaseTime());
        }

        /**
         * Waits, after this server's run ended by itself, until no server holds a page of the crawl (its leases gone),
         * so that the job is marked completed with every page in: a run ended by the page limit (or its time) while
         * another server still fetched. At most the lease time: a server killed holding pages would keep them
         * that long.
         */
        void settle() {
            long deadline = System.nanoTime() + options.leaseTime().toNanos();
            while (crawl.status().inFlight() > 0 && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }

        @Override
        public void close() {
            crawl.close();
        }
    }

    /** Joins the crawl of job {@code id}, as it was made: the configuration is the crawl's, saved in Redis. */
    Run open(String id) {
        RedisCrawl crawl = RedisCrawl.connect(options.frontier(), crawlId(id), options.outage());
        try {
            return new Run(crawl, crawl.join(null, 0));
        } catch (RuntimeException e) {
            crawl.close();
            throw e;
        }
    }

    /**
     * Ends the job as {@code ended} says, unless another server ended it first: null when this call ended it, else
     * the record as it was ended.
     */
    JobRecord finish(JobRecord ended, Duration keep) {
        RedisJobBoard.Kept other = board.finish(ended.id(), ended.state().label(),
                ended.toJson().toString(), keep);
        return other == null ? null : record(other.record());
    }

    /** The job {@code id} as kept in Redis, or null when there is none. */
    Job find(String id) {
        RedisJobBoard.Kept kept = board.read(id);
        return kept == null ? null : job(record(kept.record()));
    }

    /** What the board says against the jobs a server knows: jobs new to it, jobs ended elsewhere, jobs expired. */
    record Changes(List<Job> added, List<JobRecord> ended, List<String> gone) {}

    /** Reads the board (about once a second): one call for the jobs, and one for each running job. */
    Changes poll(Map<String, Job> known) {
        List<Job> added = new ArrayList<>();
        List<JobRecord> ended = new ArrayList<>();
        List<String> gone = new ArrayList<>();
        Set<String> posted = new HashSet<>();
        for (String id : board.ids()) {
            posted.add(id);
            Job job = known.get(id);
            if (job == null) {
                RedisJobBoard.Kept kept = board.read(id);
                if (kept != null) added.add(job(record(kept.record())));
                else forget(id); // its record expired (--keep): its results and crawl go too
            } else if (!job.record().state().finished()) {
                String state = board.state(id);
                if (state != null && !state.equals(RedisJobBoard.RUNNING)) {
                    RedisJobBoard.Kept kept = board.read(id);
                    if (kept != null) ended.add(record(kept.record()));
                }
            }
        }
        for (Job job : known.values()) { // a job expires once finished; one just posted may be missing from the list
            if (!posted.contains(job.id()) && job.record().state().finished()) gone.add(job.id());
        }
        return new Changes(added, ended, gone);
    }

    /** Removes an expired job from Redis, its crawl too; only one server does, the one that forgets it first. */
    private void forget(String id) {
        if (!board.forget(id, List.of(DOCUMENTS, ERRORS))) return;
        try (RedisCrawl crawl = RedisCrawl.connect(options.frontier(), crawlId(id), options.outage())) {
            crawl.delete();
        }
        log.info("job {} expired: its results and crawl removed from Redis", id);
    }

    /** Whether {@code e} is (or was caused by) Redis lost for longer than {@code --redis-outage}. */
    static boolean lostRedis(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof RedisCrawlException r && r.outage()) return true;
        }
        return false;
    }

    /** The one line of the Redis failure {@code e} is or was caused by ({@link RedisCrawlException}); else null. */
    static String redisFailure(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof RedisCrawlException) return t.getMessage();
        }
        return null;
    }

    private static JobRecord record(String json) {
        try {
            return JobRecord.fromJson(Json.MAPPER.readTree(json));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a job's record in Redis is not JSON: " + e.getOriginalMessage(), e);
        }
    }

    @Override
    public void close() {
        board.close();
    }
}
