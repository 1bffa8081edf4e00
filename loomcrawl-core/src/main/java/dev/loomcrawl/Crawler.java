package dev.loomcrawl;

import dev.loomcrawl.extract.JsoupLinkExtractor;
import dev.loomcrawl.extract.Link;
import dev.loomcrawl.extract.LinkExtractor;
import dev.loomcrawl.extract.ParsedPage;
import dev.loomcrawl.fetch.ContentType;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.fetch.Fetcher;
import dev.loomcrawl.fetch.JettyFetcher;
import dev.loomcrawl.fetch.RetryingFetcher;
import dev.loomcrawl.frontier.Frontier;
import dev.loomcrawl.frontier.InMemoryFrontier;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.scope.RootScope;
import dev.loomcrawl.scope.Scope;
import dev.loomcrawl.url.WebUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The crawl loop. Take a visit from the frontier, fetch it on a virtual thread of its own, record it, and
 * offer what it leads to: a redirect's target, or the in-scope links of an HTML page. At most
 * {@code maxTasks} fetches are in flight, bounded by permits taken before each thread starts. The crawl ends
 * exactly when nothing is queued and nothing is in flight.
 *
 * <p>{@link #stop()} stops taking new work and lets fetches in flight finish; {@link #cancel()} also aborts
 * them. Either may be called from any thread; records already delivered stay delivered.
 */
public final class Crawler implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Crawler.class);

    private final CrawlConfig config;
    private final Frontier frontier;
    private final Fetcher fetcher;
    private final LinkExtractor extractor;
    private final Scope scope;
    private final List<CrawlListener> listeners = new CopyOnWriteArrayList<>();
    private final AtomicLong done = new AtomicLong();
    private final AtomicLong abandoned = new AtomicLong();
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final AtomicReference<RuntimeException> listenerFailure = new AtomicReference<>();

    public Crawler(CrawlConfig config, Frontier frontier, Fetcher fetcher, LinkExtractor extractor, Scope scope) {
        this.config = config;
        this.frontier = frontier;
        this.fetcher = fetcher;
        this.extractor = extractor;
        this.scope = scope;
    }

    /** A crawler with the default components: in-memory frontier, Jetty with retries, jsoup, root scope. */
    public static Crawler create(CrawlConfig config) {
        Fetcher fetcher = new RetryingFetcher(new JettyFetcher(config.httpSettings()), config.maxTries(),
                config.retryBackoff(), config.retryBackoffMax());
        Scope scope = new RootScope(config.roots(), config.scope(), config.lenient(), config.includes(),
                config.excludes());
        return new Crawler(config, new InMemoryFrontier(), fetcher, new JsoupLinkExtractor(), scope);
    }

    public Crawler addListener(CrawlListener listener) {
        listeners.add(listener);
        return this;
    }

    /** Runs the crawl to its end (or until stopped) and returns how it went. Call once. */
    public CrawlSummary crawl() {
        long start = System.nanoTime();
        for (WebUrl root : config.roots()) frontier.offer(new Visit(root, config.maxRedirects(), 0, null));
        Semaphore permits = new Semaphore(config.maxTasks());
        try (ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor()) {
            while (true) {
                permits.acquireUninterruptibly();
                Visit visit = takeUninterruptibly();
                if (visit == null) break;
                workers.execute(() -> {
                    try {
                        process(visit);
                    } finally {
                        frontier.done(visit);
                        permits.release();
                    }
                });
            }
        } // closing the executor waits for the fetches in flight
        RuntimeException failure = listenerFailure.get();
        if (failure != null) throw new CrawlException("crawl stopped: " + failure.getMessage(), failure);
        return new CrawlSummary(done.get(), frontier.queued() + abandoned.get(),
                Duration.ofNanos(System.nanoTime() - start), config.maxTasks(), stopped.get(), Instant.now());
    }

    /** The life of one URL: fetch, then follow a redirect or a page's links, then record. */
    private void process(Visit visit) {
        Instant startedAt = Instant.now();
        FetchResult result = fetcher.fetch(visit.url());
        if (cancelled.get()) { // aborted mid-fetch: not finished, so no record; it counts as still to do
            abandoned.incrementAndGet();
            return;
        }
        switch (result) {
            case FetchResult.Failure f -> emit(new CrawlRecord(visit.url(), null, 0, f.kind(), f.message(), 0, "", "",
                    0, 0, visit.depth(), visit.referrer(), startedAt, f.duration(), false, f.attempts(), null),
                    null, List.of());
            case FetchResult.Response r when r.isRedirect() -> emit(followRedirect(visit, r, startedAt), r, List.of());
            case FetchResult.Response r -> followLinks(visit, r, startedAt);
        }
    }

    /** The seed's redirect rule: record the target; queue it with one redirect less unless seen or over limit. */
    private CrawlRecord followRedirect(Visit visit, FetchResult.Response response, Instant startedAt) {
        String location = response.header("location");
        WebUrl target = visit.url().resolve(location);
        if (target == null) {
            log.warn("unusable redirect from {} to {}", visit.url(), location);
        } else if (!scope.allows(target)) {
            log.info("redirect out of scope: {} -> {}", visit.url(), target);
        } else if (visit.redirectsLeft() > 0) {
            if (frontier.offer(new Visit(target, visit.redirectsLeft() - 1, visit.depth(), visit.url()))) {
                log.debug("redirect to {} from {}", target, visit.url());
            }
        } else if (!frontier.seen(target)) {
            log.warn("redirect limit reached for {} from {}", target, visit.url());
        }
        return record(visit, response, startedAt, target == null ? location : target.toString(), "", 0, 0);
    }

    /** Extracts an HTML page's links and offers those in scope; other responses are recorded as they are. */
    private void followLinks(Visit visit, FetchResult.Response response, Instant startedAt) {
        ContentType type = response.contentType();
        if (response.status() != 200 || !type.isHtml()) {
            emit(record(visit, response, startedAt, null, type.charset() == null ? "utf-8" : type.charset(), 0, 0),
                    response, List.of());
            return;
        }
        ParsedPage page = extractor.extract(response.body(), type.charset(), visit.url());
        List<FoundLink> found = new ArrayList<>(page.links().size());
        Set<WebUrl> kept = new LinkedHashSet<>();
        for (Link link : page.links()) {
            boolean inScope = scope.allows(link.target());
            found.add(new FoundLink(link, inScope));
            if (inScope) kept.add(link.target());
        }
        int fresh = 0;
        for (WebUrl url : kept) {
            if (frontier.offer(new Visit(url, config.maxRedirects(), visit.depth() + 1, visit.url()))) fresh++;
        }
        emit(record(visit, response, startedAt, null, page.charset(), kept.size(), fresh), response, found);
    }

    private static CrawlRecord record(Visit visit, FetchResult.Response r, Instant startedAt, String nextUrl,
                                      String encoding, int numUrls, int numNewUrls) {
        return new CrawlRecord(visit.url(), nextUrl, r.status(), null, null, r.body().length,
                r.contentType().mediaType(), encoding, numUrls, numNewUrls, visit.depth(), visit.referrer(),
                startedAt, r.duration(), r.truncated(), r.attempts(), null);
    }

    /** Hands one finished URL to every listener: its response and links first, then its record. */
    private void emit(CrawlRecord record, FetchResult.Response response, List<FoundLink> links) {
        done.incrementAndGet();
        for (CrawlListener listener : listeners) {
            try {
                if (response != null) listener.onResponse(record, response);
                if (!links.isEmpty()) listener.onLinks(record, links);
                listener.onRecord(record);
            } catch (RuntimeException e) {
                if (listenerFailure.compareAndSet(null, e)) {
                    // crawl() throws it once the fetches in flight are done; the caller reports it (once)
                    log.debug("stopping the crawl: a listener failed on {}: {}", record.url(), e.toString());
                    stop();
                }
            }
        }
    }

    private Visit takeUninterruptibly() {
        while (true) {
            try {
                return frontier.take();
            } catch (InterruptedException e) {
                if (stopped.get()) return null;
            }
        }
    }

    /** Stops taking new work; fetches in flight finish and are recorded. */
    public void stop() {
        stopped.set(true);
        frontier.stop();
    }

    /** Stops taking new work and aborts the fetches in flight (they are not recorded, and count as to do). */
    public void cancel() {
        cancelled.set(true);
        stop();
        fetcher.cancelAll();
    }

    /** Visits queued now. */
    public int queued() {
        return frontier.queued();
    }

    /** Fetches in flight now. */
    public int inFlight() {
        return frontier.inFlight();
    }

    /** Releases the HTTP client's connections. */
    @Override
    public void close() {
        fetcher.close();
    }
}
