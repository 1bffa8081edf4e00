package dev.loomcrawl.internal.robots;

import dev.loomcrawl.reason.SkipReason;
import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.fetch.Fetcher;
import dev.loomcrawl.frontier.SharedRobots;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.url.WebUrl;
import org.eclipse.jetty.http.HttpStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * robots.txt per RFC 9309, parsed by crawler-commons and matched against our user-agent token. Each origin's
 * file is fetched once, before its first page, and kept for at most {@code maxAge}; redirects are followed
 * (up to 5). A 4xx means allow all. A 5xx or a 429 means disallow for now: the origin's visits wait and the
 * file is fetched again with backoff, up to {@code maxAttempts} times, after which the origin's URLs are
 * skipped as "robots-unavailable". A network error (after the fetcher's own retries) means the origin is
 * unreachable: its URLs are recorded as failed with that error (its kind kept, its message saying
 * "robots.txt URL did not answer: ...", so it does not read as a failure of the page) until the file is tried
 * again, after a backoff. Files over 500 KiB are parsed up to that size.
 *
 * <p>Only one thread fetches an origin's file; others asking meanwhile wait on its future, holding no lock.
 * What is known of at most {@code maxOrigins} origins is kept (20,000 by default, a few KB each): past that, the
 * origin used longest ago is forgotten, and its file is fetched again if the crawl comes back to it, so a crawl of
 * millions of origins holds the rules of those it is crawling, not of every one it has met. An origin's
 * Crawl-delay outlives its rules ({@link dev.loomcrawl.internal.politeness.OriginPacing} keeps it).
 * In a crawl shared by several processes ({@link SharedRobots}), the file is first looked for where every
 * process keeps it, and fetched by the one process that claims it; the others wait for it (up to
 * {@link #CLAIM}, after which they fetch it themselves).
 */
public final class RobotsGate {
    private static final Logger log = LoggerFactory.getLogger(RobotsGate.class);
    static final int MAX_BYTES = 500 * 1024;
    private static final int MAX_REDIRECTS = 5;
    /** How long a process's claim on fetching a shared robots.txt holds others off. */
    static final Duration CLAIM = Duration.ofSeconds(30);

    /** The origins whose robots.txt is kept in memory by default. */
    public static final int MAX_ORIGINS = 20_000;

    /** Whether a URL may be fetched now. */
    public sealed interface Verdict {
        /** @param fetchedRobots this check fetched robots.txt (a fetch on the origin just now) */
        record Allowed(boolean fetchedRobots) implements Verdict {}

        /**
         * @param reason {@link SkipReason#ROBOTS} (the file disallows the URL) or
         *               {@link SkipReason#ROBOTS_UNAVAILABLE} (it never answered with rules)
         * @param detail one line saying so, naming the file: "robots.txt of http://h:p answered 503 ... each time"
         */
        record Disallowed(SkipReason reason, String detail) implements Verdict {}
        record Later(Duration after) implements Verdict {}

        /**
         * @param robotsTxt the robots.txt URL (after its redirects) whose fetch failed
         * @param cause     that fetch's failure, as the fetcher gave it
         */
        record Unreachable(WebUrl robotsTxt, FetchResult.Failure cause) implements Verdict {
            /**
             * The failure a URL of the origin ends in: the cause's kind, and its message. Where the host itself could
             * not be reached (its name does not resolve, its address is not allowed, it refuses connections, no
             * route, TLS), that is the cause's own words, which name the host: robots.txt is not to blame. Anything
             * else names the robots.txt ("robots.txt URL did not answer: CAUSE"). A record of it keeps the cause's own
             * message in {@link dev.loomcrawl.result.CrawlRecord#robotsCause()}.
             */
            public FetchResult.Failure failure() {
                String message = switch (cause.kind()) {
                    case DNS, BLOCKED, REFUSED, UNREACHABLE, TLS -> cause.message();
                    default -> "robots.txt " + robotsTxt + " did not answer: " + cause.message();
                };
                return new FetchResult.Failure(cause.url(), cause.kind(), message, cause.duration(), cause.attempts());
            }
        }
    }


    /** What is known of one origin's robots.txt: rules, or how it failed and when to try again. */
    private record Entry(BaseRobotRules rules, long fetchedAt, int failures, long retryAt,
                         Verdict.Unreachable unreachable, String lastAnswer) {
        boolean available() {
            return rules != null;
        }
    }

    private final Fetcher fetcher;
    private final String agent;
    private final Duration maxAge;
    private final Duration retryBase;
    private final int maxAttempts;
    /** No cap of its own: crawler-commons would turn a Crawl-delay over its cap into "disallow all". */
    private final SimpleRobotRulesParser parser = new SimpleRobotRulesParser(Long.MAX_VALUE, 5);
    /** Least recently used first; guarded by {@link #lock}, which is held for a map operation and never longer. */
    private final LinkedHashMap<Origin, CompletableFuture<Entry>> entries;
    private final ReentrantLock lock = new ReentrantLock();
    private final BiConsumer<Origin, Duration> crawlDelays;
    private final SharedRobots shared;

    /**
     * @param crawlDelays told each origin's Crawl-delay when its robots.txt has one
     */
    public RobotsGate(Fetcher fetcher, String userAgent, Duration maxAge, Duration retryBase, int maxAttempts,
                      BiConsumer<Origin, Duration> crawlDelays) {
        this(fetcher, userAgent, maxAge, retryBase, maxAttempts, crawlDelays, null);
    }

    /** A gate that shares robots.txt files with the other processes of a crawl through {@code shared}. */
    public RobotsGate(Fetcher fetcher, String userAgent, Duration maxAge, Duration retryBase, int maxAttempts,
                      BiConsumer<Origin, Duration> crawlDelays, SharedRobots shared) {
        this(fetcher, userAgent, maxAge, retryBase, maxAttempts, crawlDelays, shared, MAX_ORIGINS);
    }

    /** @param maxOrigins the origins whose robots.txt is kept in memory; the one used longest ago goes first */
    public RobotsGate(Fetcher fetcher, String userAgent, Duration maxAge, Duration retryBase, int maxAttempts,
                      BiConsumer<Origin, Duration> crawlDelays, SharedRobots shared, int maxOrigins) {
        if (maxOrigins < 1) throw new IllegalArgumentException("maxOrigins must be at least 1");
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Origin, CompletableFuture<RobotsGate.Entry>> eldest) {
                // one being fetched stays: its fetcher completes it, and others wait on it
                return size() > maxOrigins && eldest.getValue().isDone();
            }
        };
        this.shared = shared;
        this.fetcher = fetcher;
        this.crawlDelays = crawlDelays;
        this.agent = agentToken(userAgent);
        this.maxAge = maxAge;
        this.retryBase = retryBase;
        this.maxAttempts = maxAttempts;
    }

    /** The product token robots.txt groups are matched against: "loomcrawl" for "loomcrawl/0.1 (+...)". */
    public static String agentToken(String userAgent) {
        String token = userAgent.trim().split("[/\\s]", 2)[0].toLowerCase(Locale.ROOT).replaceAll("[^a-z_-]", "");
        return token.isEmpty() ? "loomcrawl" : token;
    }

    public Verdict check(WebUrl url) {
        boolean[] fetched = new boolean[1];
        Entry entry = entry(url.origin(), fetched);
        if (entry.available()) {
            return entry.rules().isAllowed(url.toString()) ? new Verdict.Allowed(fetched[0])
                    : new Verdict.Disallowed(SkipReason.ROBOTS, "robots.txt of " + url.origin()
                            + " disallows it for user-agent " + agent);
        }
        if (entry.unreachable() != null) return entry.unreachable();
        if (entry.failures() >= maxAttempts) {
            return new Verdict.Disallowed(SkipReason.ROBOTS_UNAVAILABLE, "robots.txt of " + url.origin()
                    + " answered " + entry.lastAnswer() + " each time");
        }
        return new Verdict.Later(Duration.ofNanos(Math.max(0, entry.retryAt() - System.nanoTime())));
    }

    /**
     * Whether the origin's robots.txt, already read, disallows a URL of that origin, as the file is known now (a
     * page's links ask once an origin, not once a link). Never fetches: false while the file is not known yet (or
     * did not answer), so a link can be said to be kept out by robots.txt when that is known.
     */
    public Predicate<WebUrl> knownDisallowed(Origin origin) {
        CompletableFuture<Entry> f = locked(() -> entries.get(origin));
        Entry e = f == null ? null : f.getNow(null);
        if (e == null || !e.available()) return url -> false;
        BaseRobotRules rules = e.rules();
        return url -> !rules.isAllowed(url.toString());
    }

    /** The Sitemap: lines of the origin's robots.txt (fetching it if needed). */
    public List<String> sitemaps(Origin origin) {
        Entry e = entry(origin, new boolean[1]);
        return e.available() ? e.rules().getSitemaps() : List.of();
    }

    /** The origin's entry, fetching robots.txt when needed; {@code fetched[0]} says whether this call did. */
    private Entry entry(Origin origin, boolean[] fetched) {
        while (true) {
            CompletableFuture<Entry> current = locked(() -> entries.get(origin));
            if (current != null) {
                Entry e = current.join();
                if (!stale(e)) return e;
                CompletableFuture<Entry> next = new CompletableFuture<>();
                if (!locked(() -> entries.replace(origin, current, next))) continue; // someone else is refetching
                fetched[0] = true;
                return settle(origin, next, e.failures());
            }
            CompletableFuture<Entry> mine = new CompletableFuture<>();
            if (locked(() -> entries.putIfAbsent(origin, mine)) != null) continue;
            fetched[0] = true;
            return settle(origin, mine, 0);
        }
    }

    /** One operation on the entries under their lock (a few field updates; never I/O, never a wait). */
    private <T> T locked(Supplier<T> operation) {
        lock.lock();
        try {
            return operation.get();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Fetches robots.txt for the future others wait on. Whatever happens the future is completed: a fetch that
     * throws completes it exceptionally (and forgets it, so a later check tries again), never leaving waiters.
     */
    private Entry settle(Origin origin, CompletableFuture<Entry> future, int failuresSoFar) {
        try {
            future.complete(fetch(origin, failuresSoFar));
        } catch (RuntimeException e) {
            locked(() -> entries.remove(origin, future));
            future.completeExceptionally(e);
        }
        return future.join();
    }

    private boolean stale(Entry e) {
        long now = System.nanoTime();
        if (e.available()) return now - e.fetchedAt() > maxAge.toNanos();
        return (e.unreachable() != null || e.failures() < maxAttempts) && now - e.retryAt() >= 0;
    }

    private Entry fetch(Origin origin, int failuresSoFar) {
        if (shared == null) return fetchHere(origin, failuresSoFar);
        long deadline = System.nanoTime() + CLAIM.toNanos();
        while (true) {
            var kept = shared.get(origin);
            if (kept.isPresent()) return rules(origin, kept.get());
            if (shared.claim(origin, CLAIM) || System.nanoTime() > deadline) break;
            try {
                Thread.sleep(100); // another process is fetching it; this thread holds no lock
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return fetchHere(origin, failuresSoFar);
    }

    private Entry fetchHere(Origin origin, int failuresSoFar) {
        WebUrl url = WebUrl.parse(origin + "/robots.txt");
        for (int hop = 0; hop <= MAX_REDIRECTS; hop++) {
            FetchResult result = fetcher.fetch(url);
            try {
                if (result instanceof FetchResult.Response r && r.isRedirect() && hop < MAX_REDIRECTS) {
                    WebUrl next = url.resolve(r.header("location"));
                    if (next != null) {
                        url = next;
                        continue;
                    }
                }
                return interpret(origin, url, result, failuresSoFar);
            } finally { // its body's bytes go back to the body memory bound
                if (result instanceof FetchResult.Response r) r.release();
            }
        }
        return interpret(origin, url, null, failuresSoFar);
    }

    private Entry interpret(Origin origin, WebUrl url, FetchResult result, int failuresSoFar) {
        long now = System.nanoTime();
        if (result instanceof FetchResult.Response r) {
            int s = r.status();
            if (s >= 200 && s < 300 || s >= 400 && s < 500 && s != 429) {
                byte[] body = r.body().length > MAX_BYTES ? Arrays.copyOf(r.body(), MAX_BYTES) : r.body();
                SharedRobots.Answer answer = new SharedRobots.Answer(url.toString(), s, r.header("content-type"),
                        s < 300 ? body : new byte[0]);
                if (shared != null) shared.put(origin, answer, maxAge);
                return rules(origin, answer);
            }
        }
        int failures = failuresSoFar + 1;
        // retryBase * 2^(failures - 1), in nanoseconds (Duration.multipliedBy would initialise BigDecimal: 10 ms)
        Duration wait = Duration.ofNanos(Math.min(retryBase.toNanos(), Long.MAX_VALUE >> 20)
                << Math.min(failures - 1, 20));
        log.info("robots.txt of {} unavailable ({}), attempt {} of {}", origin, describe(result), failures,
                maxAttempts);
        Verdict.Unreachable unreachable = result instanceof FetchResult.Failure f ? new Verdict.Unreachable(url, f)
                : null;
        return new Entry(null, now, failures, now + wait.toNanos(), unreachable, answer(result));
    }

    /** The rules of a file that answered 2xx (its rules) or 4xx (allow all), fetched here or by another process. */
    private Entry rules(Origin origin, SharedRobots.Answer answer) {
        long now = System.nanoTime();
        if (answer.status() >= 300) return new Entry(parser.failedFetch(answer.status()), now, 0, 0, null, null);
        SimpleRobotRules rules = parser.parseContent(answer.url(), answer.body(), answer.contentType(), List.of(agent));
        if (rules.getCrawlDelay() != BaseRobotRules.UNSET_CRAWL_DELAY && rules.getCrawlDelay() > 0) {
            try {
                crawlDelays.accept(origin, Duration.ofMillis(rules.getCrawlDelay()));
            } catch (RuntimeException e) { // the rules stand; only the gap could not be set
                log.warn("robots.txt of {} asks for a Crawl-delay that could not be applied: {}", origin,
                        e.toString());
            }
        }
        return new Entry(rules, now, 0, 0, null, null);
    }

    private static String describe(FetchResult result) {
        return switch (result) {
            case FetchResult.Response r -> "status " + r.status();
            case FetchResult.Failure f -> f.kind().label();
            case null -> "too many redirects";
        };
    }

    /** What robots.txt answered, for a message: "503 Service Unavailable", "more than 5 redirects". */
    private static String answer(FetchResult result) {
        return switch (result) {
            case FetchResult.Response r -> r.status() + " " + HttpStatus.getMessage(r.status());
            case FetchResult.Failure f -> f.kind().label();
            case null -> "more than " + MAX_REDIRECTS + " redirects";
        };
    }
}
