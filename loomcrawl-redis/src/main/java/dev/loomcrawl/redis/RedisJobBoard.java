package dev.loomcrawl.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.regex.Pattern;

/**
 * The jobs of a service shared by several processes through Redis ({@code loomcrawl serve --frontier}): each job's
 * record (the service's JSON, kept as text), its state, and its result lines, readable by every process. A job ends
 * once ({@link #finish}: compare and set), whichever process sees it end first. The service knows what a record
 * says; this knows only where it is kept.
 *
 * <p>Keys, laid out for Redis Cluster: {@code loomcrawl-serve:jobs} (a sorted set: job ids by creation time, ms),
 * and per job, under the hash tag {@code {ID}}: {@code :job} (a hash: {@code state}, {@code record}), and for each
 * list of results ({@code documents}, {@code errors}) the list and the set of the URLs it holds.
 */
public final class RedisJobBoard implements AutoCloseable {
    /** The state of a job still running, as the service spells it; any other state is an end. */
    public static final String RUNNING = "scraping";
    private static final String INDEX = "loomcrawl-serve:jobs";
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    private final String uri;
    private final Duration patience;
    private final ReentrantLock relink = new ReentrantLock();
    private volatile RedisLink link;

    private RedisJobBoard(String uri, Duration patience, RedisLink link) {
        this.uri = uri;
        this.patience = patience;
        this.link = link;
    }

    /** Connects to the board at {@code uri}, waiting out an outage for up to {@code outage}; one line if it fails. */
    public static RedisJobBoard connect(String uri, Duration outage) {
        RedisLink redis = RedisLink.connectAnswering(uri, outage);
        return new RedisJobBoard(uri, outage, redis);
    }

    /**
     * The link to Redis, made again once the last one gave up on an outage longer than its bound: a crawl process
     * stops then, but a server outlives the outage, and its jobs are read again once Redis answers.
     */
    private RedisLink redis() {
        RedisLink now = link;
        if (!now.gaveUp()) return now;
        relink.lock();
        try {
            if (link.gaveUp()) {
                RedisLink old = link;
                link = RedisLink.connect(uri, patience); // Redis still away: a one-line exception, tried next call
                old.close();
            }
            return link;
        } finally {
            relink.unlock();
        }
    }

    /** Where the board is, for messages: host:port/db. */
    public String where() {
        return link.where();
    }

    /** A job as the board holds it: its state and record. */
    public record Kept(String state, String record) {}

    /** Posts a new, running job. */
    public void create(String id, long createdMs, String record) {
        String job = job(id);
        redis().call(r -> r.hset(job, java.util.Map.of("state", RUNNING, "record", record)));
        redis().call(r -> r.zadd(INDEX, (double) createdMs, id));
    }

    /** Every job posted and not forgotten, oldest first. */
    public List<String> ids() {
        return redis().call(r -> r.zrange(INDEX, 0, -1));
    }

    /** The job {@code id} as kept, or null when it is not (any more: it expired). */
    public Kept read(String id) {
        var values = redis().call(r -> r.hmget(job(id), "state", "record"));
        if (!values.get(0).hasValue() || !values.get(1).hasValue()) return null;
        return new Kept(values.get(0).getValue(), values.get(1).getValue());
    }

    /** The job's state, or null when it is not kept (any more). */
    public String state(String id) {
        return redis().call(r -> r.hget(job(id), "state"));
    }

    /**
     * Ends the running job {@code id} in {@code state} with {@code record}, kept for {@code keep} from now; returns
     * null for the caller who ended it, else the job as another process ended it (it was not running any more).
     */
    public Kept finish(String id, String state, String record, Duration keep) {
        RedisLink redis = redis();
        List<Object> reply = redis.run(Script.JOB_FINISH, new String[] {job(id)}, state, record,
                Long.toString(Math.max(1, keep.toMillis())));
        if ((Long) reply.getFirst() == 1) return null;
        Kept now = new Kept((String) reply.get(1), (String) reply.get(2));
        // this call's first try ended it, its answer lost with the connection: it is ours
        if (redis.lastCallRepeated() && now.state().equals(state) && now.record().equals(record)) return null;
        return now;
    }

    /** One result line and the URL it comes from: a list holds one line per URL. */
    public record Line(String url, String line) {}

    /**
     * Appends to the job's list {@code list} (a name: {@code documents}, {@code errors}) each line whose URL it does
     * not hold yet; returns those appended, in order.
     */
    public List<Line> append(String id, String list, List<Line> lines) {
        if (lines.isEmpty()) return List.of();
        String[] args = new String[lines.size() * 2];
        for (int i = 0; i < lines.size(); i++) {
            args[2 * i] = lines.get(i).url();
            args[2 * i + 1] = lines.get(i).line();
        }
        List<Object> added = redis().run(Script.JOB_APPEND, listKeys(id, list), args);
        List<Line> appended = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if ((Long) added.get(i) == 1) appended.add(lines.get(i));
        }
        return appended;
    }

    /** Lines in the job's list {@code list}. */
    public long count(String id, String list) {
        return redis().call(r -> r.llen(listKeys(id, list)[0]));
    }

    /** The lines of the job's list {@code list} from index {@code from}, at most {@code max} of them. */
    public List<String> lines(String id, String list, long from, int max) {
        if (max <= 0) return List.of();
        return redis().call(r -> r.lrange(listKeys(id, list)[0], from, from + max - 1));
    }

    /**
     * Forgets the job {@code id} whose record has expired, with its {@code lists}; true for the one caller that did
     * (which then removes the job's crawl, {@link RedisCrawl#delete}).
     */
    public boolean forget(String id, List<String> lists) {
        if (redis().call(r -> r.zrem(INDEX, id)) == 0) return false;
        for (String list : lists) {
            String[] k = listKeys(id, list);
            redis().call(r -> r.del(k));
        }
        redis().call(r -> r.del(job(id)));
        return true;
    }

    private static String job(String id) {
        return tag(id) + ":job";
    }

    private static String[] listKeys(String id, String list) {
        return new String[] {tag(id) + ":" + list, tag(id) + ":" + list + "-urls"};
    }

    private static String tag(String id) {
        if (!ID.matcher(id).matches()) throw new IllegalArgumentException("not a job id: " + id);
        return "loomcrawl-serve:{" + id + "}";
    }

    @Override
    public void close() {
        link.close();
    }
}
