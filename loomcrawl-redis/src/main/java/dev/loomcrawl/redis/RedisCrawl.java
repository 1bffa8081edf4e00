package dev.loomcrawl.redis;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.CrawlWide;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.CrawlerBuilder;
import dev.loomcrawl.run.Place;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.config.ConfigCodec;
import dev.loomcrawl.state.Setting;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * One crawl shared through Redis: {@code --frontier redis://... --crawl-id NAME}. The first process to join
 * saves the crawl's configuration; every later one must agree with it (or give no roots and take it as it
 * is). {@link #frontier} gives each process its view of the shared frontier; {@link #forEachRecord} and
 * {@link #summary} read every process's records, for {@code loomcrawl report redis://...}.
 */
public final class RedisCrawl implements AutoCloseable {
    /**
     * How long an outage of Redis (a restart, a cluster failing over, a lost connection) is waited out before
     * the crawl stops, by default.
     */
    public static final Duration OUTAGE = Duration.ofMinutes(2);
    private static final JsonFactory JSON = new JsonFactory();

    private final RedisLink redis;
    private final CrawlKeys keys;

    private RedisCrawl(RedisLink redis, CrawlKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    /** Connects to the crawl {@code crawlId} at {@code uri}; an unreachable server is a one-line exception. */
    public static RedisCrawl connect(String uri, String crawlId) {
        return connect(uri, crawlId, OUTAGE);
    }

    /**
     * Connects to the crawl {@code crawlId} at {@code uri}, waiting out an outage of Redis for up to
     * {@code outage} (calls are retried with backoff meanwhile) before a call fails with a one-line
     * {@link RedisCrawlException}.
     */
    public static RedisCrawl connect(String uri, String crawlId, Duration outage) {
        if (outage.isNegative() || outage.isZero()) throw new IllegalArgumentException("the outage bound must be positive");
        CrawlKeys keys = new CrawlKeys(crawlId);
        RedisLink redis = RedisLink.connectAnswering(uri, outage);
        return new RedisCrawl(redis, keys);
    }

    /** For messages: the crawl's name and server. */
    public String describe() {
        return "crawl '" + keys.crawlId() + "' at " + redis.where();
    }

    /** The crawl's saved configuration, if it has been started. */
    public Optional<CrawlConfig> config() {
        String saved = redis.call(r -> r.get(keys.config()));
        return saved == null ? Optional.empty() : Optional.of(ConfigCodec.decode(parse(saved)));
    }

    /**
     * Joins the crawl. With a {@code proposed} configuration (this process was given roots), the crawl is
     * created with it if new, or must match the saved one in everything but {@code --max-tasks}, which is this
     * process's own. Without one, the saved configuration is taken as it is (with {@code maxTasks} if positive).
     *
     * @throws RedisCrawlException when the configurations conflict or there is nothing to join
     */
    public CrawlConfig join(CrawlConfig proposed, int maxTasks) {
        return join(proposed, maxTasks, Duration.ZERO);
    }

    /**
     * {@link #join(CrawlConfig, int)}, but without a {@code proposed} configuration it waits up to {@code wait}
     * for another process to start the crawl (workers are often started before the process that seeds it).
     */
    public CrawlConfig join(CrawlConfig proposed, int maxTasks, Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        while (proposed == null && config().isEmpty() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return joinNow(proposed, maxTasks);
    }

    private CrawlConfig joinNow(CrawlConfig proposed, int maxTasks) {
        if (proposed != null) {
            String encoded = encode(ConfigCodec.encode(proposed));
            boolean created = Boolean.TRUE.equals(redis.call(r -> r.setnx(keys.config(), encoded)));
            if (created) {
                redis.call(r -> r.hsetnx(keys.meta(), "created", Long.toString(System.currentTimeMillis())));
                return proposed;
            }
        }
        CrawlConfig saved = config().orElseThrow(() -> new RedisCrawlException(describe()
                + " does not exist; give root URLs to start it"));
        if (proposed != null) refuseConflicts(saved, proposed);
        return maxTasks > 0 ? saved.withMaxTasks(maxTasks) : saved;
    }

    private void refuseConflicts(CrawlConfig saved, CrawlConfig proposed) {
        Map<String, List<String>> was = byName(ConfigCodec.encode(saved));
        Map<String, List<String>> now = byName(ConfigCodec.encode(proposed));
        List<String> differ = new ArrayList<>();
        for (String name : union(was, now)) {
            if (name.equals("max-tasks")) continue; // each process has its own
            List<String> a = was.getOrDefault(name, List.of());
            List<String> b = now.getOrDefault(name, List.of());
            if (!a.equals(b)) differ.add("--" + name + " " + show(a) + " (this process: " + show(b) + ")");
        }
        if (!differ.isEmpty()) {
            throw new RedisCrawlException(describe() + " was started with other options: " + String.join("; ",
                    differ.subList(0, Math.min(3, differ.size()))) + (differ.size() > 3 ? "; ..." : "")
                    + "; give the same options, or none but --frontier and --crawl-id");
        }
    }

    private static List<String> union(Map<String, List<String>> a, Map<String, List<String>> b) {
        TreeMap<String, Boolean> names = new TreeMap<>();
        a.keySet().forEach(n -> names.put(n, true));
        b.keySet().forEach(n -> names.put(n, true));
        return List.copyOf(names.keySet());
    }

    private static String show(List<String> values) {
        return values.isEmpty() ? "unset" : String.join(",", values);
    }

    private static Map<String, List<String>> byName(List<Setting> settings) {
        Map<String, List<String>> byName = new TreeMap<>();
        settings.forEach(s -> byName.computeIfAbsent(s.name(), n -> new ArrayList<>()).add(s.value()));
        return byName;
    }

    /** Whether some process saw the crawl run out of work. */
    public boolean finished() {
        return Boolean.TRUE.equals(redis.call(r -> r.hexists(keys.meta(), "finished")));
    }

    /**
     * This process's view of the shared frontier, for {@code config} (from {@link #join}).
     *
     * @param leaseTime how long a visit taken by a process that stops renewing (killed, frozen) stays leased
     */
    public RedisFrontier frontier(CrawlConfig config, Duration leaseTime) {
        return new RedisFrontier(redis, keys, config.politeness().perHost(), config.politeness().delay(), leaseTime);
    }

    /**
     * Where a runner puts a crawl this process joins ({@link dev.loomcrawl.run.CrawlRunner#in}): the crawler
     * {@link #crawler(CrawlerBuilder, Duration)} builds, its visits leased for {@code leaseTime}.
     */
    public Place place(Duration leaseTime) {
        return new Place.Shared(parts -> crawler(parts, leaseTime));
    }

    /**
     * A crawler for this process, built from {@code parts} (the listeners, page handler and renderer it has): the
     * default components around {@link #frontier}, its records stored in Redis, its budgets counted over every
     * process and its robots.txt files shared with them ({@link #crawlWide}). Closing the crawler closes the
     * frontier; closing this closes the connection.
     */
    public Crawler crawler(CrawlerBuilder parts, Duration leaseTime) {
        return parts.frontier(frontier(parts.config(), leaseTime), crawlWide()).build();
    }

    /** The crawl's budget counts and robots.txt files, shared by every process through Redis. */
    public CrawlWide crawlWide() {
        return new CrawlWide(new RedisBudgetCounts(redis, keys),
                new RedisRobots(redis, keys, UUID.randomUUID().toString()));
    }

    /** Every record every process stored, in URL order (one origin's records at a time are held in memory). */
    public void forEachRecord(Consumer<CrawlRecord> action) {
        for (String origin : origins()) {
            String list = keys.origin(origin)[CrawlKeys.RECORDS];
            long size = redis.call(r -> r.llen(list));
            List<CrawlRecord> records = new ArrayList<>((int) Math.min(size, 1 << 20));
            for (long from = 0; from < size; from += 1000) {
                long start = from;
                redis.call(r -> r.lrange(list, start, start + 999)).forEach(json -> records.add(RecordCodec.decode(json)));
            }
            records.sort(Comparator.comparing(CrawlRecord::url));
            records.forEach(action);
        }
    }

    /** How the crawl stands over all processes: records, URLs queued or leased, time since it was created. */
    public CrawlSummary summary() {
        long done = 0, todo = 0;
        for (String origin : origins()) {
            String[] k = keys.origin(origin);
            done += redis.call(r -> r.llen(k[CrawlKeys.RECORDS]));
            todo += redis.call(r -> r.llen(k[CrawlKeys.QUEUE])) + redis.call(r -> r.zcard(k[CrawlKeys.LEASES]));
        }
        Map<String, String> meta = redis.call(r -> r.hgetall(keys.meta()));
        long created = Long.parseLong(meta.getOrDefault("created", "0"));
        String finished = meta.get("finished");
        long end = finished == null ? System.currentTimeMillis() : Long.parseLong(finished);
        Map<String, Long> dropped = new TreeMap<>();
        redis.call(r -> r.hgetall(keys.dropped())).forEach((reason, n) -> dropped.put(reason, Long.parseLong(n)));
        int maxTasks = config().map(CrawlConfig::maxTasks).orElse(0);
        return new CrawlSummary(done, todo, Duration.ofMillis(Math.max(0, end - created)), maxTasks,
                finished == null, Instant.ofEpochMilli(end), null, dropped);
    }

    /** How the crawl stands now over every process, and each process as it last said (loomcrawl status). */
    public CrawlStatus status() {
        long queued = 0, leased = 0, done = 0, errors = 0;
        List<String> origins = origins();
        for (int from = 0; from < origins.size(); from += 500) {
            List<String[]> keySets = origins.subList(from, Math.min(origins.size(), from + 500)).stream()
                    .map(keys::origin).toList();
            for (List<Object> counts : redis.runAll(Script.COUNTS, keySets, Collections.nCopies(keySets.size(),
                    new String[0]))) {
                queued += (Long) counts.get(0);
                leased += (Long) counts.get(1);
                done += (Long) counts.get(2);
                errors += (Long) counts.get(3);
            }
        }
        Map<String, String> meta = redis.call(r -> r.hgetall(keys.meta()));
        long now = (Long) redis.run(Script.CLOCK, new String[] {keys.processes()}).getFirst();
        List<ProcessStatus> processes = new ArrayList<>();
        redis.call(r -> r.hgetall(keys.processes()))
                .forEach((id, kept) -> processes.add(ProcessStatus.parse(id, kept, now)));
        processes.sort(Comparator.comparingLong(ProcessStatus::startedMs).thenComparing(ProcessStatus::id));
        return new CrawlStatus(done, queued, leased, errors, Long.parseLong(meta.getOrDefault("created", "0")),
                Long.parseLong(meta.getOrDefault("finished", "-1")), now, processes);
    }

    /**
     * Removes the crawl from Redis: every origin's keys (one DEL each, their keys sharing a slot), then the crawl's
     * own. For a crawl no process runs any more (a service's job that expired); one still running would go on with
     * what it holds.
     */
    public void delete() {
        for (String origin : origins()) {
            List<String> k = new ArrayList<>(List.of(keys.origin(origin)));
            k.add(keys.robots(origin));
            k.add(keys.robotsClaim(origin));
            redis.call(r -> r.del(k.toArray(String[]::new)));
        }
        redis.call(r -> r.del(keys.origins(), keys.due(), keys.hinted(), keys.dropped(), keys.processes(),
                keys.budget(), keys.hostPages(), keys.meta(), keys.config()));
    }

    private List<String> origins() {
        return redis.call(r -> r.smembers(keys.origins())).stream().sorted().toList();
    }

    private static String encode(List<Setting> settings) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartArray();
            for (Setting s : settings) {
                g.writeStartArray();
                g.writeString(s.name());
                g.writeString(s.value());
                g.writeEndArray();
            }
            g.writeEndArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private List<Setting> parse(String json) {
        List<Setting> settings = new ArrayList<>();
        try (JsonParser p = JSON.createParser(json)) {
            if (p.nextToken() != JsonToken.START_ARRAY) throw new IOException("not an array");
            while (p.nextToken() == JsonToken.START_ARRAY) {
                p.nextToken();
                String name = p.getText();
                p.nextToken();
                settings.add(new Setting(name, Objects.requireNonNull(p.getText())));
                if (p.nextToken() != JsonToken.END_ARRAY) throw new IOException("a setting is not a pair");
            }
        } catch (IOException | RuntimeException e) {
            throw new RedisCrawlException("the configuration of " + describe() + " is not readable: " + e.getMessage());
        }
        return settings;
    }

    @Override
    public void close() {
        redis.close();
    }
}
