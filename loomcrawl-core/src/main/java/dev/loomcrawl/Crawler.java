package dev.loomcrawl;

import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.result.CrawlException;
import dev.loomcrawl.extract.LinkExtractor;
import dev.loomcrawl.extract.StreamingLinkExtractor;
import dev.loomcrawl.fetch.CookieJar;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.fetch.Fetcher;
import dev.loomcrawl.fetch.HttpSettings;
import dev.loomcrawl.fetch.JettyFetcher;
import dev.loomcrawl.fetch.RetryingFetcher;
import dev.loomcrawl.fetch.Validators;
import dev.loomcrawl.frontier.Frontier;
import dev.loomcrawl.frontier.Lease;
import dev.loomcrawl.frontier.SpillingFrontier;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.limits.AtomicBudgetCounts;
import dev.loomcrawl.limits.BudgetCounts;
import dev.loomcrawl.limits.CrawlLimits;
import dev.loomcrawl.limits.LimitUsage;
import dev.loomcrawl.politeness.OriginSlots;
import dev.loomcrawl.render.BrowserRequests;
import dev.loomcrawl.render.Renderer;
import dev.loomcrawl.robots.SharedRobots;
import dev.loomcrawl.scope.RootScope;
import dev.loomcrawl.session.Login;
import dev.loomcrawl.session.LoginException;
import dev.loomcrawl.session.SessionFetcher;
import dev.loomcrawl.session.SessionScope;
import dev.loomcrawl.session.SessionSettings;
import dev.loomcrawl.scrape.PageHandler;
import dev.loomcrawl.scope.Scope;
import dev.loomcrawl.spill.SpillDirectory;
import dev.loomcrawl.state.CrawlStore;
import dev.loomcrawl.state.DurableFrontier;
import dev.loomcrawl.url.WebUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The crawl loop. Take a visit from the frontier when its origin is due, check robots.txt, fetch it on a
 * virtual thread of its own, pace the origin by the answer, record it, and offer what it leads to: a
 * redirect's target, or the in-scope links of an HTML page, each subject to the crawl's limits. At most
 * {@code maxTasks} fetches are in flight, bounded by permits taken before each thread starts. The crawl ends
 * exactly when nothing is queued and nothing is in flight, or when a budget (pages, bytes, time) runs out.
 * Every URL the crawl discovers ends in exactly one place: a record, a drop counted by reason, or the queue
 * (when the crawl stopped early); {@link CrawlSummary#ledgerBalances()} checks it.
 *
 * <p>{@link #stop()} stops taking new work and lets fetches in flight finish; {@link #cancel()} also aborts
 * them. Either may be called from any thread; records already delivered stay delivered.
 */
public final class Crawler implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Crawler.class);
    /** Sitemap files fetched at most per run: indexes can list thousands (--sitemaps). */
    static final int MAX_SITEMAPS = 1000;

    private final CrawlConfig config;
    private final Frontier frontier;
    private final Fetcher fetcher;
    private final SessionFetcher session;
    private final CookieJar cookies;
    private final CrawlLimits limits;
    private final BrowserRequests browserRequests;
    // the crawl's parts, one job each: the URL's life in visit() calls them in turn
    private final Ledger ledger = new Ledger();
    private final OriginGate gate;
    private final LinkAdmission links;
    private final Redirects redirects;
    private final PageReader reader;
    private final List<CrawlListener> listeners = new CopyOnWriteArrayList<>();
    private final AtomicBoolean interrupted = new AtomicBoolean();
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicReference<RuntimeException> listenerFailure = new AtomicReference<>();

    public Crawler(CrawlConfig config, Frontier frontier, Fetcher fetcher, LinkExtractor extractor, Scope scope) {
        this(config, frontier, fetcher, extractor, scope, LimitUsage.NONE);
    }

    /** A crawler whose budgets start from what earlier runs of a resumed crawl used. */
    public Crawler(CrawlConfig config, Frontier frontier, Fetcher fetcher, LinkExtractor extractor, Scope scope,
                   LimitUsage used) {
        this(config, frontier, fetcher, extractor, scope, new AtomicBudgetCounts(used), null, null);
    }

    /**
     * A crawler of a crawl shared by several processes: its budgets are counted in {@code crawlWide}'s counts,
     * and its robots.txt files are shared there too.
     */
    public Crawler(CrawlConfig config, Frontier frontier, Fetcher fetcher, LinkExtractor extractor, Scope scope,
                   CrawlWide crawlWide) {
        this(config, frontier, fetcher, extractor, scope, crawlWide.budgets(), crawlWide.robots(), null);
    }

    private Crawler(CrawlConfig config, Frontier frontier, Fetcher fetcher, LinkExtractor extractor, Scope scope,
                    BudgetCounts counts, SharedRobots sharedRobots, CookieJar cookies) {
        this.config = config;
        this.frontier = frontier;
        this.fetcher = fetcher;
        this.session = fetcher instanceof SessionFetcher s ? s : null;
        this.cookies = cookies;
        this.gate = new OriginGate(config, fetcher, frontier, sharedRobots);
        this.limits = new CrawlLimits(config.limits(), counts);
        this.browserRequests = new BrowserRequests(fetcher, gate.robots(),
                new OriginSlots(config.politeness().perHost()), config.fetchTimeout());
        this.links = new LinkAdmission(config, frontier, scope, gate.robots(), limits, ledger);
        this.redirects = new Redirects(config, scope, links);
        this.reader = new PageReader(config, extractor, links, ledger, browserRequests);
    }

    /**
     * A crawler with the default components: per-origin frontier (in memory, spilling to the temporary directory
     * past {@link SpillingFrontier#DEFAULT_WINDOW} queued visits), Jetty with retries, the streaming link extractor
     * (jsoup's results, without building a DOM: decision 6), root scope.
     */
    public static Crawler create(CrawlConfig config) {
        return create(config, SpillDirectory.defaultBase());
    }

    /** A crawler with the default components whose frontier spills what outgrows memory into {@code spillDir}. */
    public static Crawler create(CrawlConfig config, Path spillDir) {
        int window = Math.max(SpillingFrontier.DEFAULT_WINDOW, 2 * config.maxTasks());
        return create(config, new SpillingFrontier(config.politeness().perHost(), config.politeness().delay(), window,
                spillDir));
    }

    /**
     * A crawler with the default components around a frontier of the caller's (one shared by many processes,
     * say). Closing the crawler closes the frontier.
     */
    public static Crawler create(CrawlConfig config, Frontier frontier) {
        return create(config, frontier, new AtomicBudgetCounts(LimitUsage.NONE), null);
    }

    /**
     * A crawler with the default components around a frontier shared with other processes, whose budgets and
     * robots.txt files are the whole crawl's ({@code crawlWide}). Closing the crawler closes the frontier.
     */
    public static Crawler create(CrawlConfig config, Frontier frontier, CrawlWide crawlWide) {
        return create(config, frontier, crawlWide.budgets(), crawlWide.robots());
    }

    /**
     * A crawler with the default components whose frontier, seen set and records live in {@code store}: a new
     * crawl, or the next run of one that was stopped or killed. Closing the crawler ends the store's writer.
     */
    public static Crawler create(CrawlConfig config, CrawlStore store) {
        if (config.checkLinks()) { // check-only visits are not stored, so a resumed check would crawl them
            throw new IllegalArgumentException("link checking does not run on a state file");
        }
        DurableFrontier frontier = DurableFrontier.open(store, config.politeness().perHost(),
                config.politeness().delay(), DurableFrontier.DEFAULT_WINDOW, config.limits().maxPagesPerHost() >= 0);
        return create(config, frontier, new AtomicBudgetCounts(frontier.usage()), null);
    }

    /**
     * The default components: Jetty with a cookie jar for the scope's hosts (started from the cookies file, if
     * any), retries, and, with a login form, a session kept logged in, whose login and logout pages are out of
     * the scope. Budgets are counted in {@code counts}; robots.txt files are shared in {@code sharedRobots}
     * (null: this process's own).
     */
    private static Crawler create(CrawlConfig config, Frontier frontier, BudgetCounts counts,
                                  SharedRobots sharedRobots) {
        RootScope rootScope = new RootScope(config.roots(), config.scope(), config.lenient(), config.includes(),
                config.excludes());
        CookieJar jar = new CookieJar(rootScope::coversHost);
        SessionSettings session = config.session();
        if (session.cookiesFile() != null) jar.addNetscape(readCookies(session.cookiesFile()));
        HttpSettings http = config.httpSettings().withCookies(jar);
        JettyFetcher jetty = new JettyFetcher(http);
        Fetcher fetcher = new RetryingFetcher(jetty, config.maxTries(), config.retryBackoff(),
                config.retryBackoffMax(), http.proxies().isEmpty()); // through proxies, a refusal is the proxy's
        Scope scope = rootScope;
        if (session.login() != null) {
            Login login = new Login(session.login(), fetcher, jetty);
            fetcher = new SessionFetcher(fetcher, login);
            scope = new SessionScope(rootScope, login);
        }
        return new Crawler(config, frontier, fetcher, new StreamingLinkExtractor(config.limits().maxLinksPerPage()),
                scope, counts, sharedRobots, jar);
    }

    private static String readCookies(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the cookies file " + file + ": " + e.getMessage());
        }
    }

    /**
     * The crawl's cookie jar: what the sites set, sent back within the scope. Null for a crawler built with a
     * fetcher of the caller's.
     */
    public CookieJar cookies() {
        return cookies;
    }

    public Crawler addListener(CrawlListener listener) {
        listeners.add(listener);
        return this;
    }

    /** Scrapes each fetched HTML page with {@code handler} (items go to listeners' {@code onItem}). */
    public Crawler pageHandler(PageHandler handler) {
        reader.pageHandler(handler);
        return this;
    }

    /**
     * Renders the HTML pages {@code renderer} wants in a browser before their links are extracted (step 10);
     * closing the crawler closes it.
     */
    public Crawler renderer(Renderer renderer) {
        reader.renderer(renderer);
        return this;
    }

    /**
     * Runs the crawl to its end (or until stopped or out of budget) and returns how it went. A crawler runs once:
     * a second call throws {@link IllegalStateException}.
     */
    public CrawlSummary crawl() {
        if (!started.compareAndSet(false, true)) {
            throw new IllegalStateException("a Crawler runs once: create another for the next crawl");
        }
        long start = System.nanoTime();
        if (session != null) logIn();
        links.seed();
        onDispatchThread(this::dispatch);
        CrawlSummary summary = ledger.summary(frontier, Duration.ofNanos(System.nanoTime() - start),
                config.maxTasks(), interrupted.get());
        frontier.finish(summary); // a durable frontier commits the rest, or throws why it could not
        RuntimeException failure = listenerFailure.get();
        if (failure != null) throw new CrawlException("crawl stopped: " + failure.getMessage(), failure);
        return summary;
    }

    /**
     * Takes visits as long as there are any, at most {@code maxTasks} in flight, each processed on a worker of its
     * own; returns once the last has ended.
     */
    private void dispatch() {
        Semaphore permits = new Semaphore(config.maxTasks());
        try (ExecutorService workers = workers()) {
            while (true) {
                permits.acquireUninterruptibly();
                String exhausted = limits.exhausted();
                if (exhausted != null) stopAtLimit(exhausted);
                Lease lease = takeUninterruptibly();
                if (lease == null) break;
                if (!limits.startPage()) { // the page budget is spent: this visit stays to do
                    lease.retryLater(lease.visit(), Duration.ZERO);
                    lease.done(null);
                    stopAtLimit("max-pages");
                    permits.release();
                    continue;
                }
                workers.execute(() -> {
                    FinishedUrl finished = null;
                    try {
                        finished = settle(lease, visit(lease));
                    } finally {
                        try {
                            lease.done(finished); // durable before anyone hears of it
                            if (finished != null) deliver(finished);
                        } finally {
                            // every output has what it needs of the body: its bytes go back to the bound
                            if (finished != null && finished.response() != null) finished.response().release();
                            permits.release();
                        }
                    }
                });
            }
        } // closing the executor waits for the fetches in flight
    }

    /**
     * Runs the dispatch loop on a virtual thread, the caller waiting for it to end. The loop parks whenever
     * {@code maxTasks} visits are in flight or none is ready, and is woken by the workers, thousands of times a
     * second: on a platform thread each of those is a futex wake-up and a context switch (its parking and the
     * workers' waking it: 3.1% of the JDK docs crawl's CPU samples), on a virtual thread a task queued on a
     * carrier (with the default options, 3.5-4.6% less CPU for the crawl: benchmarks.md). What it throws is
     * thrown here. With the benchmark switch for platform threads, the caller's thread runs it.
     */
    private static void onDispatchThread(Runnable dispatch) {
        if (platformThreads()) {
            dispatch.run();
            return;
        }
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread thread = Thread.ofVirtual().name("loomcrawl-dispatch").start(() -> {
            try {
                dispatch.run();
            } catch (Throwable t) {
                thrown.set(t);
            }
        });
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) { // as before: only stop() and cancel() end a crawl early
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
        Throwable t = thrown.get();
        if (t instanceof RuntimeException e) throw e;
        if (t instanceof Error e) throw e;
    }

    /** Logs in before anything is crawled; a login that does not work stops the crawl before it starts. */
    private void logIn() {
        try {
            session.logIn();
        } catch (LoginException e) {
            throw new CrawlException("login failed: " + e.getMessage(), e);
        }
    }

    /**
     * One virtual thread per visit. The system property {@code loomcrawl.bench.platformThreads=true} makes them
     * platform threads instead: a benchmark-only switch, to measure what virtual threads save (benchmarks.md).
     */
    private static ExecutorService workers() {
        return platformThreads()
                ? Executors.newThreadPerTaskExecutor(Thread.ofPlatform().name("loomcrawl-worker-", 0).factory())
                : Executors.newVirtualThreadPerTaskExecutor();
    }

    private static boolean platformThreads() {
        return Boolean.getBoolean("loomcrawl.bench.platformThreads");
    }


    /**
     * The life of one URL, in the steps of architecture.md: robots, fetch, pacing, then follow a redirect or read a
     * page. Returns what the URL came to, for {@link #settle} to act on; the one lease call made here is the
     * release of a fetched URL's origin slot, as soon as its fetch is over.
     */
    private VisitOutcome visit(Lease lease) {
        Visit visit = lease.visit();
        // 1. The end of a redirect chain that ran out of redirects: recorded, not fetched.
        if (visit.redirectsLeft() < 0) {
            return new VisitOutcome.Unfetched(Records.finished(redirects.limitRecord(visit)));
        }
        // 2. Robots: a disallowed URL is recorded as skipped; one waiting for robots.txt or its origin goes back.
        VisitOutcome notNow = gate.notAllowedNow(visit);
        if (notNow != null) return notNow;
        // 3. With --sitemaps, a root origin's robots.txt now read: the sitemaps it declares are offered.
        if (config.sitemaps()) links.offerDeclaredSitemaps(visit.url().origin());
        // 4. Fetch (a link checker's request for a check-only visit); the origin's gap is timed from here.
        Instant startedAt = Instant.now();
        lease.started();
        FetchResult result = visit.checkOnly() ? check(visit.url()) : fetch(visit);
        // 5. Aborted mid-fetch by cancel(): not finished, so no record; it counts as still to do.
        if (cancelled.get()) return new VisitOutcome.Abandoned(result);
        // 6. Pace the origin by the answer; an overloaded origin (429, 503) gets the visit back later.
        OriginGate.Pace pace = gate.after(visit, result);
        if (pace.retry()) return new VisitOutcome.RetryLater(visit.deferred(), pace.pause(), result);
        // 7. The fetch is over: the origin's slot is freed before the page is read; its bytes count to the budget.
        lease.release(pace.pause());
        if (result instanceof FetchResult.Response r) limits.addBytes(r.body().length);
        // 8. Record it: a failure, a redirect followed, a link check, or a page read and its links offered.
        VisitOutcome.Fetched fetched = switch (result) {
            case FetchResult.Failure f -> fetched(Records.finished(Records.failed(visit, f, startedAt)));
            case FetchResult.Response r when r.isRedirect() -> {
                Redirects.Followed followed = redirects.follow(visit, r, startedAt);
                yield new VisitOutcome.Fetched(new FinishedUrl(followed.record(), r, List.of(), List.of()),
                        followed.chainGoesOn());
            }
            case FetchResult.Response r when visit.checkOnly() -> fetched(new FinishedUrl(Records.of(visit, r,
                    startedAt), r, List.of(), List.of()));
            case FetchResult.Response r -> fetched(reader.read(visit, r, startedAt));
        };
        // 9. A re-crawl's visit says how the URL compares with its last capture.
        return visit.revisit() ? fetched.revisiting(visit.last(), result) : fetched;
    }

    /** A fetched URL that ends its redirect chain, if it was in one. */
    private static VisitOutcome.Fetched fetched(FinishedUrl finished) {
        return new VisitOutcome.Fetched(finished, false);
    }

    /**
     * Acts on what a visit came to, in one place: the lease (a fetched URL's was released when its fetch ended),
     * the page budget (handed back for a visit not fetched), the redirect chain (over unless its target was
     * queued), the ledger, and the body bytes of a response not handed on. Returns the finished URL, or null when
     * the visit is not finished (it waits for robots.txt or its origin, or was cancelled).
     */
    private FinishedUrl settle(Lease lease, VisitOutcome outcome) {
        WebUrl url = lease.visit().url();
        switch (outcome) {
            case VisitOutcome.Fetched f -> {
                if (!f.chainGoesOn()) redirects.ended(url);
                ledger.done();
                return f.finished();
            }
            case VisitOutcome.Unfetched u -> {
                limits.returnPage();
                lease.release(Duration.ZERO);
                redirects.ended(url);
                ledger.done();
                return u.finished();
            }
            case VisitOutcome.RetryLater r -> { // the budget first: the visit may be taken again at once
                limits.returnPage();
                lease.retryLater(r.again(), r.pause());
                release(r.result());
                return null;
            }
            case VisitOutcome.Abandoned a -> {
                ledger.abandoned();
                release(a.result());
                return null;
            }
        }
    }

    /** Gives a response's body bytes back to the body memory bound, when it is not handed on. */
    private static void release(FetchResult result) {
        if (result instanceof FetchResult.Response r) r.release();
    }

    /**
     * Fetches the visit's URL. While pages are rendered, the fetch also takes one of its origin's slots, which the
     * browsers' requests take too, so that the two together keep to {@code --per-host}.
     */
    private FetchResult fetch(Visit visit) {
        if (reader.renderer() == null) return fetcher.fetch(visit.url(), validators(visit));
        return browserRequests.holdingSlot(visit.url(), () -> fetcher.fetch(visit.url(), validators(visit)));
    }

    /** A re-crawl's visit asks whether the URL changed since its last capture (a 304 says it did not). */
    private static Validators validators(Visit visit) {
        return visit.revisit() ? visit.last().validators() : Validators.NONE;
    }

    /**
     * A link checker's request: HEAD; an error status is confirmed with GET, since servers that mishandle HEAD
     * answer it with 403, 404, 405 or 501. A network failure stands: GET would meet the same network.
     */
    private FetchResult check(WebUrl url) {
        FetchResult head = fetcher.head(url);
        return head instanceof FetchResult.Response r && r.status() >= 400 ? fetcher.fetch(url) : head;
    }

    /** Hands one finished URL, already durable, to every listener; a listener that throws stops the crawl. */
    private void deliver(FinishedUrl finished) {
        for (CrawlListener listener : listeners) {
            try {
                listener.onFinished(finished);
            } catch (RuntimeException e) {
                if (listenerFailure.compareAndSet(null, e)) {
                    // crawl() throws it once the fetches in flight are done; the caller reports it (once)
                    log.debug("stopping the crawl: a listener failed on {}: {}", finished.record().url(),
                            e.toString());
                    frontier.stop(); // not stop(): the user did not interrupt the crawl
                }
            }
        }
    }

    private void stopAtLimit(String limit) {
        if (ledger.limitReached(limit)) log.info("{} reached: stopping the crawl", limit);
        frontier.stop();
    }

    private Lease takeUninterruptibly() {
        while (true) {
            try {
                return frontier.take();
            } catch (InterruptedException e) {
                if (interrupted.get()) return null;
            }
        }
    }

    /** Stops taking new work; fetches in flight finish and are recorded. */
    public void stop() {
        interrupted.set(true);
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

    /** Ends the browser (with a renderer), releases the HTTP client's connections and the frontier. */
    @Override
    public void close() {
        Renderer r = reader.renderer();
        if (r != null) r.close();
        fetcher.close();
        frontier.close();
    }
}
