package dev.loomcrawl.redis;

import dev.loomcrawl.reason.DropReason;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.frontier.Frontier;
import dev.loomcrawl.frontier.Lease;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.url.FingerprintSet;
import dev.loomcrawl.url.UrlFingerprint;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.url.WebUrl;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ValueScanCursor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A frontier shared through Redis by every process of one crawl: per-origin queues, the seen set, per-origin
 * politeness and leases all live in Redis, changed by atomic scripts (docs/distributed.md has the model).
 *
 * <p>Taking a visit leases it: the lease names this process's token and runs out after {@code leaseTime}
 * unless renewed (a background thread renews the leases of visits in flight every sixth of it). A process
 * that dies or freezes stops renewing, so its visits go back to the queue when their leases run out, and a
 * late answer from a lease that ran out is refused when it tries to complete (fencing by token). A visit is
 * finished when its record is stored with its lease removed, in one script: one record per URL.
 *
 * <p>The seen set is in Redis; each process also remembers the URLs Redis told it were seen (a compact local
 * set), so that most links cost no round trip. It forgets them whenever the connection drops: a Redis that
 * crashed may come back without its last writes (with {@code appendfsync everysec}), see docs/distributed.md.
 *
 * <p>The crawl is over when two sweeps in a row over every origin find nothing queued and nothing leased, and
 * the same number of visits completed on each origin: the process that sees it marks the crawl finished, and
 * every process's {@link #take()} then returns null.
 */
public final class RedisFrontier implements Frontier {
    private static final Logger log = LoggerFactory.getLogger(RedisFrontier.class);
    private static final Duration REPAIR_EVERY = Duration.ofSeconds(5);
    /** How often a process tells the crawl it is alive, with its counts. */
    static final Duration BEAT_EVERY = Duration.ofSeconds(1);

    private final RedisLink redis;
    private final CrawlKeys keys;
    private final String perHost;
    private final long delayMs;
    private final long leaseMs;
    private final String process = Long.toString(ThreadLocalRandom.current().nextLong() >>> 1, 36);
    private final AtomicLong tokens = new AtomicLong();
    private final AtomicLong completed = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final long startedMs = System.currentTimeMillis();
    private final Set<Held> held = ConcurrentHashMap.newKeySet(); // the leases of visits taken here
    private final Queue<Held> ready = new ConcurrentLinkedQueue<>(); // leased with a completion, not yet taken
    private final Set<String> registered = ConcurrentHashMap.newKeySet(); // origins known to be in the registry
    private final FingerprintSet known = new FingerprintSet(); // URLs Redis said were seen, since the last drop
    private final Thread renewer;
    private final AutoCloseable wakeUps;
    private final ReentrantLock idle = new ReentrantLock();
    private final Condition wake = idle.newCondition();
    private final AtomicLong wakeCount = new AtomicLong();
    private volatile boolean stopped;
    private volatile boolean over;
    private volatile long queuedEstimate;
    private volatile long queuedAt;

    RedisFrontier(RedisLink redis, CrawlKeys keys, int perHost, Duration delay, Duration leaseTime) {
        if (leaseTime.toMillis() < 300) throw new IllegalArgumentException("the lease time must be at least 300 ms");
        this.redis = redis;
        this.keys = keys;
        this.perHost = Integer.toString(perHost);
        this.delayMs = delay.toMillis();
        this.leaseMs = leaseTime.toMillis();
        this.wakeUps = redis.subscribe(keys.wakeChannel(), this::wakeUp);
        redis.onDisconnect(known::clear);
        redis.onRecovery(this::renewNow);
        this.renewer = Thread.ofPlatform().daemon().name("loomcrawl-lease-renewer").start(this::renewLoop);
    }

    @Override
    public boolean markSeen(WebUrl url) {
        // Only a local look: the atomic claim is the add in enqueue (or drop), which queues a URL at most once.
        return !known.contains(UrlFingerprint.of(url));
    }

    @Override
    public boolean seen(WebUrl url) {
        long fingerprint = UrlFingerprint.of(url);
        if (known.contains(fingerprint)) return true;
        String seenKey = keys.origin(url.origin())[CrawlKeys.SEEN];
        return redis.call(r -> r.sismember(seenKey, member(fingerprint)));
    }

    @Override
    public boolean enqueue(Visit visit) {
        return claim(visit, true);
    }

    @Override
    public void drop(Visit visit, DropReason reason) {
        if (claim(visit, false)) redis.call(r -> r.hincrby(keys.dropped(), reason.label(), 1));
    }

    /**
     * Offers the visits together: one wait for Redis for all of them (pipelined), however many origins they are
     * on. A page's new links are offered so.
     */
    @Override
    public boolean[] enqueueAll(List<Visit> visits) {
        List<String[]> keySets = new ArrayList<>(visits.size());
        List<String[]> argSets = new ArrayList<>(visits.size());
        long[] fingerprints = new long[visits.size()];
        for (int i = 0; i < visits.size(); i++) {
            Visit visit = visits.get(i);
            String origin = visit.url().origin().toString();
            register(origin);
            fingerprints[i] = UrlFingerprint.of(visit.url());
            keySets.add(keys.origin(origin));
            argSets.add(new String[] {member(fingerprints[i]), VisitCodec.encode(visit), perHost, "1"});
        }
        List<List<Object>> replies = redis.runAll(Script.OFFER, keySets, argSets);
        boolean[] queued = new boolean[visits.size()];
        for (int i = 0; i < visits.size(); i++) {
            List<Object> reply = replies.get(i);
            known.add(fingerprints[i]);
            if (number(reply, 1) == 1) hint(visits.get(i).url().origin().toString(), reply);
            queued[i] = number(reply, 0) == 1;
        }
        return queued;
    }

    /** Puts an origin in the crawl's registry before its first URL is queued: a sweep must find every origin. */
    private void register(String origin) {
        if (!registered.contains(origin)) {
            redis.call(r -> r.sadd(keys.origins(), origin));
            registered.add(origin);
        }
    }

    /** Adds the URL to the seen set and, if it was not there and {@code queue}, to its origin's queue. */
    private boolean claim(Visit visit, boolean queue) {
        String origin = visit.url().origin().toString();
        if (queue) register(origin);
        long fingerprint = UrlFingerprint.of(visit.url());
        List<Object> reply = redis.run(Script.OFFER, keys.origin(origin), member(fingerprint),
                VisitCodec.encode(visit), perHost, queue ? "1" : "0");
        known.add(fingerprint);
        if (number(reply, 1) == 1) hint(origin, reply);
        return number(reply, 0) == 1;
    }

    @Override
    public Lease take() throws InterruptedException {
        Held next = stopped ? null : ready.poll(); // leased by a completion here, in the same round trip
        if (next != null) return next;
        long lastRepair = System.nanoTime();
        while (!stopped && !over) {
            long wakeUpsBefore = wakeCount.get();
            next = ready.poll(); // a completion here may have leased one meanwhile (and woken this thread)
            if (next != null) return next;
            List<Object> pick = redis.run(Script.PICK, keys.schedule(), "16");
            long now = number(pick, 0);
            long earliest = number(pick, 1);
            if (number(pick, 2) == 1) {
                over = true;
                break;
            }
            List<String> due = new ArrayList<>();
            for (int i = 3; i < pick.size(); i++) due.add((String) pick.get(i));
            Collections.shuffle(due); // processes asking at once spread over the origins that are due
            for (String origin : due) {
                Lease lease = lease(origin);
                if (lease != null) return lease;
            }
            if (!due.isEmpty()) continue; // their leases moved them in the schedule: ask again
            if (earliest < 0 || System.nanoTime() - lastRepair > REPAIR_EVERY.toNanos()) {
                if (sweep()) break;
                lastRepair = System.nanoTime();
                if (earliest < 0) earliest = now + 50; // the sweep put back whatever it found
            }
            sleepUntilWoken(wakeUpsBefore, Math.clamp(earliest - now, 1, 250));
        }
        return null;
    }

    /** Waits {@code ms}, or less if an origin became due (here or in another process) since the last look. */
    private void sleepUntilWoken(long wakeUpsBefore, long ms) throws InterruptedException {
        idle.lock();
        try {
            if (wakeCount.get() == wakeUpsBefore && !stopped) wake.await(ms, TimeUnit.MILLISECONDS);
        } finally {
            idle.unlock();
        }
    }

    private void wakeUp() {
        wakeCount.incrementAndGet();
        idle.lock();
        try {
            wake.signalAll();
        } finally {
            idle.unlock();
        }
    }

    /** Leases the origin's next visit if it is due; null if it is not. */
    private Lease lease(String origin) {
        String token = process + ":" + tokens.incrementAndGet();
        List<Object> reply = redis.run(Script.LEASE, keys.origin(origin), token, Long.toString(leaseMs), perHost,
                Long.toString(delayMs));
        hint(origin, reply);
        String line = (String) reply.get(0);
        if (line.isEmpty()) return null;
        Held lease = new Held(VisitCodec.decode(line), token, origin, number(reply, 1));
        held.add(lease);
        return lease;
    }

    /**
     * Looks at every origin: reclaims leases that ran out, puts each origin back in the schedule as it now
     * stands (repairing the schedule after a process died between a change and its hint), and marks the crawl
     * finished if nothing is queued or leased anywhere, twice in a row, with no visit completed in between.
     * True if it is over.
     *
     * <p>Why twice: one sweep could see origin X empty, then a visit on origin Y queue a URL on X and complete,
     * then see Y empty. The second sweep sees X's URL (queued, leased, or completed: its count moved).
     */
    private boolean sweep() {
        Map<String, Long> first = emptyOrigins();
        if (first == null) return false;
        Map<String, Long> second = emptyOrigins();
        if (!first.equals(second)) return false;
        redis.call(r -> r.hsetnx(keys.meta(), "finished", Long.toString(System.currentTimeMillis())));
        log.info("nothing is queued or leased anywhere: the crawl is over");
        over = true;
        return true;
    }

    /** Every origin's count of completed visits if none has anything queued or leased, else null. */
    private Map<String, Long> emptyOrigins() {
        Map<String, Long> completed = new HashMap<>();
        boolean empty = true;
        ValueScanCursor<String> cursor = null;
        do {
            ValueScanCursor<String> from = cursor;
            cursor = redis.call(r -> from == null ? r.sscan(keys.origins(), ScanArgs.Builder.limit(500))
                    : r.sscan(keys.origins(), from, ScanArgs.Builder.limit(500)));
            for (String origin : cursor.getValues()) {
                List<Object> status = redis.run(Script.STATUS, keys.origin(origin), perHost);
                if (number(status, 0) > 0 || number(status, 1) > 0) empty = false;
                completed.put(origin, number(status, 2));
                hint(origin, status);
            }
        } while (!cursor.isFinished());
        return empty ? completed : null;
    }

    @Override
    public void setDelay(Origin origin, Duration delay) {
        String name = origin.toString();
        hint(name, redis.run(Script.CRAWL_DELAY, keys.origin(name), perHost, Long.toString(delay.toMillis())));
    }

    /**
     * A visit leased by this process: its token (the lease's name in Redis), its origin, the origin's gap when it
     * was leased, and, once the fetch is over, the pause its slot is freed with.
     */
    private final class Held implements Lease {
        private final Visit visit;
        private final String token;
        private final String origin;
        private final long gapMs;
        private volatile Duration pause; // set when the fetch is over, and its slot freed (the freeing sent)
        private volatile boolean ended; // handed back to the queue, or done

        Held(Visit visit, String token, String origin, long gapMs) {
            this.visit = visit;
            this.token = token;
            this.origin = origin;
            this.gapMs = gapMs;
            // a URL leased is one Redis has seen: a link to it found here later is not offered again (the other
            // processes' URLs, which this one knew only by offering them, are most of what it offers twice)
            known.add(UrlFingerprint.of(visit.url()));
        }

        @Override
        public Visit visit() {
            return visit;
        }

        /** 0: the record's durability is the lease's completion in Redis, fenced by the token. */
        @Override
        public long ticket() {
            return 0;
        }

        /** Re-times the origin's gap (its own, or a Crawl-delay any process set) from now, if it has one. */
        @Override
        public void started() {
            if (gapMs > 0 && !ended) {
                hint(origin, redis.run(Script.STARTED, keys.origin(origin), perHost, Long.toString(gapMs)));
            }
        }

        /**
         * The fetch is over: its politeness slot is freed now, without waiting for Redis (the script is sent, and its
         * reply puts the origin back in the schedule and wakes this process's take()), so that the next fetch on the
         * origin, here or in another process, need not wait for the page to be read and its result committed. The
         * lease itself ends with the completion, in {@link #done}, which frees the slot too and pauses the origin
         * again from then: a release lost on the way (Redis away), or run after the completion (its script sent
         * again to a Redis that did not know it), leaves the slot and the pause as they were before releases were
         * sent.
         */
        @Override
        public void release(Duration pause) {
            if (ended || this.pause != null) return;
            this.pause = pause;
            redis.send(Script.RELEASE, keys.origin(origin), reply -> {
                hint(origin, reply);
                wakeUp();
            }, perHost, token, Long.toString(pause.toMillis()));
        }

        @Override
        public void retryLater(Visit again, Duration pause) {
            if (ended) return;
            ended = true;
            handBack(again, pause);
        }

        @Override
        public void done(FinishedUrl finished) {
            if (!held.remove(this) || ended) return;
            ended = true;
            Duration pause = this.pause == null ? Duration.ZERO : this.pause;
            if (finished == null) { // aborted before it finished: back to the queue for whoever comes next
                handBack(visit, pause);
                return;
            }
            String record = RecordCodec.encode(finished.record());
            boolean error = finished.record().failed() || finished.record().statusAtLeast(400);
            String nextToken = stopped || over ? "" : process + ":" + tokens.incrementAndGet();
            List<Object> reply = redis.run(Script.COMPLETE, keys.origin(origin), perHost, token, record,
                    Long.toString(pause.toMillis()), error ? "1" : "0", nextToken, Long.toString(leaseMs),
                    Long.toString(delayMs));
            hint(origin, reply);
            String line = (String) reply.get(1);
            if (!line.isEmpty()) { // the origin's next visit, for this process's next take()
                Held lease = new Held(VisitCodec.decode(line), nextToken, origin, number(reply, 2));
                held.add(lease);
                ready.add(lease);
                wakeUp(); // a take() waiting for an origin to be due: this one is
            }
            long outcome = number(reply, 0); // 1 completed, 2 completed by this call's first try, 0 refused
            if (outcome >= 1 || redis.lastCallRepeated()) {
                completed.incrementAndGet();
                if (error) errors.incrementAndGet();
            }
            if (outcome == 2 || outcome == 0 && redis.lastCallRepeated()) {
                log.info("{} was completed as Redis went away (the repeated completion found it done)", visit.url());
            } else if (outcome == 0) {
                log.warn("the lease on {} ran out before it finished; its record is discarded (it is fetched again)",
                        visit.url());
            }
        }

        private void handBack(Visit again, Duration pause) {
            List<Object> reply = redis.run(Script.RETRY, keys.origin(origin), perHost, token,
                    VisitCodec.encode(again), Long.toString(pause.toMillis()));
            hint(origin, reply);
        }
    }

    /**
     * Puts an origin in the crawl's schedule as a script saw it (the reply ends with due ms or -1, and info µs),
     * without waiting: the next pick on this connection comes after it, and a lost hint is repaired by a sweep.
     */
    private void hint(String origin, List<Object> reply) {
        int at = reply.size() - 2;
        redis.send(Script.HINT, keys.schedule(), origin, Long.toString(number(reply, at)),
                Long.toString(number(reply, at + 1)), keys.wakeChannel());
    }

    @Override
    public void stop() {
        stopped = true;
        wakeUp();
    }

    @Override
    public boolean shared() {
        return true;
    }

    @Override
    public int queued() {
        if (over) return 0; // nothing queued or leased anywhere: exact, whatever the last estimate said
        long now = System.nanoTime();
        if (now - queuedAt > 1_000_000_000L) { // counted over every origin, so at most once a second
            queuedAt = now;
            queuedEstimate = countQueued();
        }
        // visits leased ahead here are still to take: queued, not in flight
        return (int) Math.min(Integer.MAX_VALUE, queuedEstimate + ready.size());
    }

    private long countQueued() {
        long total = 0;
        for (String origin : redis.call(r -> r.smembers(keys.origins()))) {
            String queue = keys.origin(origin)[CrawlKeys.QUEUE];
            total += redis.call(r -> r.llen(queue));
        }
        return total;
    }

    @Override
    public int inFlight() {
        return Math.max(0, held.size() - ready.size()); // taken and not done; not those leased ahead
    }

    /**
     * Renews the leases in flight every sixth of the lease time (so a lease outlives an outage of up to five
     * sixths of it); says how this process stands once a second, without waiting for Redis.
     */
    private void renewLoop() {
        long renewEvery = Math.max(100, leaseMs / 6);
        long nextRenew = System.nanoTime() + renewEvery * 1_000_000;
        while (!Thread.currentThread().isInterrupted()) {
            try {
                beatLater("running");
                long sleepMs = Math.min(BEAT_EVERY.toMillis(), (nextRenew - System.nanoTime()) / 1_000_000);
                if (sleepMs > 0) Thread.sleep(sleepMs);
                if (System.nanoTime() - nextRenew >= 0) {
                    renew();
                    nextRenew = System.nanoTime() + renewEvery * 1_000_000;
                }
            } catch (InterruptedException e) {
                return;
            } catch (RedisCrawlException e) { // Redis gone past the bound: the crawl's own calls say it, once
                log.debug("could not renew leases: {}", e.getMessage());
            } catch (RuntimeException e) {
                log.warn("could not renew leases: {}", e.getMessage());
            }
        }
    }

    /**
     * Tells the crawl how this process stands (for {@code loomcrawl status}): its state, when it started, visits
     * completed, errors among them, visits in flight, host and pid. See {@link ProcessStatus}.
     */
    private void beatLater(String state) {
        redis.send(Script.BEAT, new String[] {keys.processes()}, process, ProcessStatus.line(state, startedMs,
                completed.get(), errors.get(), held.size()));
    }

    /**
     * Renews this process's leases at once when Redis comes back after an outage, on a thread of its own: the
     * leases ran on Redis's clock meanwhile, so those close to their end are extended before another process's
     * script can take them back (and before the renewer's next turn, up to a third of the lease time away).
     */
    private void renewNow() {
        Thread.ofVirtual().name("loomcrawl-lease-recovery").start(() -> {
            try {
                renew();
            } catch (RuntimeException e) {
                log.debug("could not renew leases after an outage: {}", e.getMessage());
            }
        });
    }

    /**
     * Renews every lease held here, all origins at once (pipelined): during an outage the call is repeated until
     * every origin's renewal went through, so the origins on the masters still up keep being renewed meanwhile.
     */
    private void renew() {
        Map<String, List<String>> byOrigin = new HashMap<>();
        held.forEach(l -> byOrigin.computeIfAbsent(l.origin, o -> new ArrayList<>()).add(l.token));
        if (byOrigin.isEmpty()) return;
        List<String> origins = new ArrayList<>(byOrigin.keySet());
        List<String[]> keySets = new ArrayList<>(origins.size());
        List<String[]> argSets = new ArrayList<>(origins.size());
        for (String origin : origins) {
            List<String> args = new ArrayList<>(byOrigin.get(origin).size() + 1);
            args.add(Long.toString(leaseMs));
            args.addAll(byOrigin.get(origin));
            keySets.add(keys.origin(origin));
            argSets.add(args.toArray(String[]::new));
        }
        List<List<Object>> replies = redis.runAll(Script.RENEW, keySets, argSets);
        for (int i = 0; i < origins.size(); i++) {
            List<Object> gone = replies.get(i);
            if (gone.isEmpty()) continue;
            Set<String> stillHeld = new HashSet<>();
            held.forEach(l -> stillHeld.add(l.token));
            long lost = gone.stream().filter(stillHeld::contains).count(); // the others completed meanwhile
            if (lost > 0) log.warn("{} leases on {} ran out before they could be renewed", lost, origins.get(i));
        }
    }

    @Override
    public void close() {
        for (Held lease; (lease = ready.poll()) != null; ) { // leased with a completion, never taken: back they go
            try {
                lease.retryLater(lease.visit(), Duration.ZERO);
                held.remove(lease);
            } catch (RuntimeException e) {
                log.debug("could not hand {} back (its lease runs out instead): {}", lease.visit().url(),
                        e.getMessage());
            }
        }
        renewer.interrupt();
        long done = completed.get();
        log.info("waited for Redis {} times for {} visits completed here ({} a visit)", redis.waits(), done,
                done == 0 ? "-" : String.format(java.util.Locale.ROOT, "%.2f", redis.waits() / (double) done));
        try {
            renewer.join(2000);
            redis.runBriefly(Script.BEAT, new String[] {keys.processes()}, process, ProcessStatus.line("ended",
                    startedMs, completed.get(), errors.get(), held.size()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            log.debug("could not say this process ended: {}", e.getMessage());
        }
        try {
            wakeUps.close();
        } catch (Exception e) {
            log.debug("unsubscribing: {}", e.toString());
        }
    }

    /** A URL's fingerprint as a member of an origin's seen set in Redis. */
    private static String member(long fingerprint) {
        return Long.toString(fingerprint, 36);
    }

    private static long number(List<Object> reply, int index) {
        return (Long) reply.get(index);
    }
}
