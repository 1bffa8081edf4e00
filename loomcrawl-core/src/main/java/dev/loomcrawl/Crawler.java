package dev.loomcrawl;

import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.result.FoundLink;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.result.CrawlException;
import dev.loomcrawl.extract.CssLinks;
import dev.loomcrawl.extract.Link;
import dev.loomcrawl.extract.LinkExtractor;
import dev.loomcrawl.extract.ParsedPage;
import dev.loomcrawl.extract.StreamingLinkExtractor;
import dev.loomcrawl.fetch.ContentType;
import dev.loomcrawl.fetch.ErrorKind;
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
import dev.loomcrawl.politeness.OriginPacing;
import dev.loomcrawl.politeness.OriginSlots;
import dev.loomcrawl.politeness.PolitenessSettings;
import dev.loomcrawl.render.BrowserRequests;
import dev.loomcrawl.render.Renderer;
import dev.loomcrawl.render.Rendering;
import dev.loomcrawl.robots.RobotsGate;
import dev.loomcrawl.robots.SharedRobots;
import dev.loomcrawl.scope.RootScope;
import dev.loomcrawl.session.Login;
import dev.loomcrawl.session.LoginException;
import dev.loomcrawl.session.SessionFetcher;
import dev.loomcrawl.session.SessionScope;
import dev.loomcrawl.session.SessionSettings;
import dev.loomcrawl.scrape.Item;
import dev.loomcrawl.scrape.Page;
import dev.loomcrawl.scrape.PageHandler;
import dev.loomcrawl.scope.Scope;
import dev.loomcrawl.robots.RobotsDirectives;
import dev.loomcrawl.sitemap.SitemapReader;
import dev.loomcrawl.spill.SpillDirectory;
import dev.loomcrawl.state.CrawlStore;
import dev.loomcrawl.state.DurableFrontier;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.url.WebUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

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
    private final LinkExtractor extractor;
    private final Scope scope;
    private final RobotsGate robots;
    private final OriginPacing pacing;
    private final CrawlLimits limits;
    private final String agentToken;
    private final List<CrawlListener> listeners = new CopyOnWriteArrayList<>();
    private volatile PageHandler pageHandler;
    private volatile Renderer renderer;
    private final BrowserRequests browserRequests;
    private final Map<String, LongAdder> dropped = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> unfollowed = new ConcurrentHashMap<>();
    private final RedirectChains chains = new RedirectChains();
    private final Set<Origin> sitemapOrigins = ConcurrentHashMap.newKeySet();
    private final AtomicInteger sitemaps = new AtomicInteger();
    private final LongAdder discovered = new LongAdder();
    private final AtomicLong done = new AtomicLong();
    private final AtomicLong abandoned = new AtomicLong();
    private final AtomicBoolean interrupted = new AtomicBoolean();
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicReference<String> limitReached = new AtomicReference<>();
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
        this.extractor = extractor;
        this.scope = scope;
        PolitenessSettings p = config.politeness();
        if (p.ignoreRobots()) log.warn("ignoring robots.txt: site owners' wishes will not be respected");
        // twice the retry backoff; Duration.multipliedBy would initialise BigDecimal (10 ms of CPU) at every start
        Duration twiceBackoff = config.retryBackoff().plus(config.retryBackoff());
        this.robots = p.ignoreRobots() ? null : new RobotsGate(fetcher, config.userAgent(), Duration.ofHours(24),
                twiceBackoff, config.maxTries() + 1, this::crawlDelay, sharedRobots);
        this.pacing = new OriginPacing(p.delay(), p.maxCrawlDelay(), twiceBackoff, Duration.ofMinutes(5),
                p.maxRetryAfter());
        this.limits = new CrawlLimits(config.limits(), counts);
        this.agentToken = RobotsDirectives.agentToken(config.userAgent());
        this.browserRequests = new BrowserRequests(fetcher, robots, new OriginSlots(p.perHost()),
                config.fetchTimeout());
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
        this.pageHandler = handler;
        return this;
    }

    /**
     * Renders the HTML pages {@code renderer} wants in a browser before their links are extracted (step 10);
     * closing the crawler closes it.
     */
    public Crawler renderer(Renderer renderer) {
        this.renderer = renderer;
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
        for (WebUrl root : config.roots()) {
            Visit visit = new Visit(root, config.maxRedirects(), 0, null);
            if (claim(root) && frontier.enqueue(visit)) discovered.increment();
            if (config.sitemaps() && sitemapOrigins.add(root.origin())) {
                offerSitemap(WebUrl.tryParse(root.origin() + "/sitemap.xml", null), root);
            }
        }
        onDispatchThread(this::dispatch);
        long todo = frontier.queued() + abandoned.get();
        if (limitReached.get() != null && todo > 0) count(dropped, limitReached.get(), todo);
        CrawlSummary summary = new CrawlSummary(done.get(), todo, Duration.ofNanos(System.nanoTime() - start),
                config.maxTasks(), interrupted.get(), Instant.now(), limitReached.get(), counts(dropped),
                frontier.shared() ? -1 : discovered.sum(), counts(unfollowed));
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
                        finished = process(lease);
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
     * The life of one URL: robots, fetch, pacing, then follow a redirect or a page's links. Returns what the URL
     * came to, or null when it is not finished (it waits for robots.txt or its origin, or was cancelled).
     */
    private FinishedUrl process(Lease lease) {
        Visit visit = lease.visit();
        if (visit.redirectsLeft() < 0) { // the end of a redirect chain that ran out of redirects: not fetched
            lease.release(Duration.ZERO);
            limits.returnPage();
            chains.ended(visit.url());
            return finished(redirectLimit(visit));
        }
        if (!visit.checkOnly() && robots != null) {
            RobotsGate.Verdict verdict = robots.check(visit.url());
            // a robots.txt fetched just now was a fetch on this origin: the page keeps the origin's gap after it
            boolean goOn = verdict instanceof RobotsGate.Verdict.Allowed a
                    && !(a.fetchedRobots() && originDelay(visit).isPositive());
            if (!goOn) return notAllowedNow(lease, verdict);
        }
        if (config.sitemaps()) offerDeclaredSitemaps(visit.url().origin());
        Instant startedAt = Instant.now();
        lease.started();
        FetchResult result = visit.checkOnly() ? check(visit.url()) : fetch(visit);
        if (cancelled.get()) { // aborted mid-fetch: not finished, so no record; it counts as still to do
            abandoned.incrementAndGet();
            release(result);
            return null;
        }
        if (deferredByOrigin(lease, result)) {
            release(result);
            return null;
        }
        if (!(result instanceof FetchResult.Response r && r.isRedirect())) chains.ended(visit.url());
        FinishedUrl finished = switch (result) {
            case FetchResult.Failure f -> finished(failed(visit, f, startedAt));
            case FetchResult.Response r when r.isRedirect() -> finished(followRedirect(visit, r, startedAt), r,
                    List.of(), List.of());
            case FetchResult.Response r when visit.checkOnly() -> finished(record(visit, r, startedAt, null,
                    charsetOrDefault(r), 0, 0), r, List.of(), List.of());
            case FetchResult.Response r -> followLinks(visit, r, startedAt);
        };
        return visit.revisit() ? finished.revisiting(visit.last(), result) : finished;
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
        if (renderer == null) return fetcher.fetch(visit.url(), validators(visit));
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

    /**
     * A visit robots.txt did not let go on now: a disallowed URL's skip record (or a failure, robots.txt being
     * unreachable), or null when it waits (robots.txt unavailable for now, or just fetched on an origin whose gap
     * the page must keep after it).
     */
    private FinishedUrl notAllowedNow(Lease lease, RobotsGate.Verdict verdict) {
        Visit visit = lease.visit();
        limits.returnPage();
        switch (verdict) {
            case RobotsGate.Verdict.Allowed a -> lease.retryLater(visit, originDelay(visit));
            case RobotsGate.Verdict.Later later -> lease.retryLater(visit, later.after());
            case RobotsGate.Verdict.Disallowed no -> {
                lease.release(Duration.ZERO);
                chains.ended(visit.url());
                return finished(CrawlRecord.skipped(visit.url(), visit.depth(), visit.referrer(), no.reason(),
                        no.detail()));
            }
            case RobotsGate.Verdict.Unreachable down -> {
                lease.release(Duration.ZERO);
                chains.ended(visit.url());
                return finished(failed(visit, down.failure(), Instant.now()));
            }
        }
        return null;
    }

    /** The origin's gap between fetch starts (see {@link OriginPacing}). */
    private Duration originDelay(Visit visit) {
        return pacing.gap(visit.url().origin());
    }

    /** Paces the origin by the answer; an overloaded origin (429, 503) gets the visit back later. */
    private boolean deferredByOrigin(Lease lease, FetchResult result) {
        Visit visit = lease.visit();
        Origin origin = visit.url().origin();
        OriginPacing.Decision d = pacing.after(origin, result);
        if (d.newGap() != null) frontier.setDelay(origin, d.newGap());
        if (d.overloaded() && visit.deferrals() + 1 < config.maxTries()) {
            log.info("{} is overloaded; retrying {} in {}", origin, visit.url(), d.pause());
            lease.retryLater(visit.deferred(), d.pause());
            limits.returnPage();
            return true;
        }
        lease.release(d.pause());
        if (result instanceof FetchResult.Response r) limits.addBytes(r.body().length);
        return false;
    }

    /**
     * The seed's redirect rule: record the target; queue it with one redirect less unless seen. A target in the
     * URL's own redirect chain makes this record a {@code redirect-loop}; a chain out of redirects queues its
     * target to be recorded as {@code redirect-limit}.
     */
    private CrawlRecord followRedirect(Visit visit, FetchResult.Response response, Instant startedAt) {
        String location = response.header("location");
        WebUrl target = visit.url().resolve(location);
        CrawlRecord record = record(visit, response, startedAt, target == null ? location : target.toString(), "", 0, 0);
        if (target == null) {
            log.warn("unusable redirect from {} to {}", visit.url(), location);
        } else if (visit.checkOnly() || !scope.allows(target) && config.checkLinks()) { // checked, not crawled
            if (visit.redirectsLeft() > 0) {
                offer(new Visit(target, visit.redirectsLeft() - 1, visit.depth(), visit.url(), 0, true));
            }
        } else if (!scope.allows(target)) {
            log.info("redirect out of scope: {} -> {}", visit.url(), target);
        } else {
            List<WebUrl> loop = chains.loop(visit.url(), target, config.maxRedirects() + 1);
            if (!loop.isEmpty()) {
                chains.ended(visit.url());
                return record.failedAs(ErrorKind.REDIRECT_LOOP, "redirect loop: " + String.join(" -> ",
                        loop.stream().map(WebUrl::toString).toList()));
            }
            boolean linked = chains.redirecting(visit.url(), target); // before the target can be taken
            if (offer(visit.redirectedTo(target)) == null) {
                log.debug("redirect to {} from {}", target, visit.url());
                return record;
            }
            if (linked) chains.notQueued(visit.url(), target);
        }
        chains.ended(visit.url());
        return record;
    }

    /**
     * Extracts the links of an HTML page or a stylesheet (or the entries of a sitemap) and offers those the crawl
     * follows; other responses are recorded as they are.
     */
    private FinishedUrl followLinks(Visit visit, FetchResult.Response response, Instant startedAt) {
        ContentType type = response.contentType();
        RobotsDirectives directives = directives(response, List.of());
        if (response.status() != 200 || !type.isHtml() && !type.isCss() && !visit.sitemap()) {
            return finished(record(visit, response, startedAt, null, charsetOrDefault(response), 0, 0)
                    .withRobots(directives.label()), response, List.of(), List.of());
        }
        if (response.undecodedEncoding() != null) { // a body we cannot decode is not read as what it claims
            return finished(record(visit, response, startedAt, null, charsetOrDefault(response), 0, 0)
                    .withRobots(directives.label()).withNote("body not read: Content-Encoding "
                            + response.undecodedEncoding() + " is not one loomcrawl decodes"), response, List.of(),
                    List.of());
        }
        if (visit.sitemap()) return followSitemap(visit, response, startedAt);
        Extracted x;
        try {
            x = extract(visit, response);
        } catch (RuntimeException | StackOverflowError e) { // the page is recorded, whatever its content does
            return extractionFailed(visit, response, startedAt, e, directives);
        }
        ParsedPage page = x.page;
        if (page.linksCut() > 0) count(unfollowed, "max-links-per-page", page.linksCut());
        LinkOffers offers = offerLinks(visit, page.links(), x.directives.nofollow(), x.scraped, Visit.Kind.PAGE);
        CrawlRecord record = record(visit, response, startedAt, null, page.charset(), offers.kept, offers.fresh)
                .withRobots(x.directives.label()).withNote(page.cutNote());
        List<Item> items = x.scraped == null ? List.of() : x.scraped.items();
        if (x.rendered == null) return finished(record, response, offers.found, items);
        return finished(record.asRendered(), response, offers.found, items).withSubresources(x.rendered.exchanges());
    }

    /** What reading a page came to: its links (cut to the bound), directives, scrape, and the browser's page. */
    private record Extracted(ParsedPage page, RobotsDirectives directives, Page scraped, Rendering.Rendered rendered) {}

    /** Renders (if wanted), extracts, reads the robots directives and scrapes an HTML page or a stylesheet. */
    private Extracted extract(Visit visit, FetchResult.Response response) {
        ContentType type = response.contentType();
        boolean css = type.isCss();
        Rendering.Rendered rendered = css ? null : render(visit, response);
        byte[] html = rendered == null ? response.body() : rendered.htmlBytes();
        ParsedPage page = css ? CssLinks.extract(response.body(), type.charset(), visit.url(),
                        config.limits().maxLinksPerPage())
                : rendered == null ? extractor.extract(html, type.charset(), visit.url())
                : extractor.extract(html, "utf-8", rendered.base());
        page = page.keepingLinks(config.limits().maxLinksPerPage()); // an extractor of the caller's may keep all
        RobotsDirectives directives = directives(response, page.robotsMeta());
        Page scraped = css ? null : scrape(visit, response.status(), html, page);
        return new Extracted(page, directives, scraped, rendered);
    }

    /**
     * A page whose content broke extraction (a parser's exception, a stack overflow): recorded with its status
     * and the error, without links; the crawl goes on.
     */
    private FinishedUrl extractionFailed(Visit visit, FetchResult.Response response, Instant startedAt,
                                         Throwable e, RobotsDirectives headerDirectives) {
        log.warn("{}: extraction failed: {}", visit.url(), e.toString());
        CrawlRecord record = record(visit, response, startedAt, null, charsetOrDefault(response), 0, 0)
                .withRobots(headerDirectives.label()).withNote("extraction failed: " + e);
        return finished(record, response, List.of(), List.of());
    }

    /**
     * The page as a browser leaves it, when it is to be rendered; null when it is not, or could not be (then the
     * server's HTML stands, and the record does not say rendered).
     */
    private Rendering.Rendered render(Visit visit, FetchResult.Response response) {
        Renderer r = renderer;
        if (r == null || !r.wants(visit.url())) return null;
        return switch (r.render(response, browserRequests)) {
            case Rendering.Rendered rendered -> rendered;
            case Rendering.Failed failed -> {
                log.warn("{} not rendered: {}", visit.url(), failed.reason());
                yield null;
            }
        };
    }

    /** A sitemap's entries: further sitemaps (of an index) or pages, offered like a page's links. */
    private FinishedUrl followSitemap(Visit visit, FetchResult.Response response, Instant startedAt) {
        SitemapReader.Read read = SitemapReader.read(response, config.maxBodyBytes(),
                config.limits().maxLinksPerPage());
        if (read.problem() != null) log.warn("{}: {}", visit.url(), read.problem());
        if (read.cut() > 0) count(unfollowed, "max-sitemap-entries", read.cut());
        LinkOffers offers = offerLinks(visit, read.links(), false, null,
                read.index() ? Visit.Kind.SITEMAP : Visit.Kind.PAGE);
        return finished(record(visit, response, startedAt, null, charsetOrDefault(response), offers.kept,
                offers.fresh).withNote(read.problem()), response, offers.found, List.of());
    }

    /** What offering a page's links came to: every link with whether it is followed, and the counts. */
    private record LinkOffers(List<FoundLink> found, int kept, int fresh) {}

    /**
     * Offers the links the crawl follows (each distinct target once) and says for every link whether it is
     * followed and, if not, why. Links leaving the scope are queued to be checked in link-checking mode.
     */
    private LinkOffers offerLinks(Visit from, List<Link> links, boolean nofollowPage, Page scraped, Visit.Kind kind) {
        boolean obey = !config.politeness().ignoreDirectives();
        List<FoundLink> found = new ArrayList<>(links.size());
        Map<WebUrl, String> outcomes = new HashMap<>(); // target -> why not followed ("" when followed)
        List<Visit> admitted = new ArrayList<>(); // new URLs no limit dropped: queued together, after the loop
        int kept = 0;
        int depth = kind == Visit.Kind.SITEMAP ? from.depth() : from.depth() + 1;
        for (Link link : links) {
            WebUrl target = link.target() == null ? null : limits.normalize(link.target());
            if (target != link.target()) {
                link = new Link(target, link.href(), link.element(), link.attribute(), link.text(), link.rel(),
                        link.lastmod(), link.priority());
            }
            String rejection = target == null ? link.unfetchableReason() : scope.rejection(target);
            String why = rejection;
            if (why == null && obey && (nofollowPage || link.nofollow())) why = "nofollow";
            if (why == null && scraped != null && !scraped.follows(target)) why = "not-selected";
            if (why == null) {
                String outcome = outcomes.get(target);
                if (outcome == null) {
                    Visit visit = new Visit(target, config.maxRedirects(), depth, from.url(), 0, kind);
                    String reason = admit(visit);
                    if (reason == null) admitted.add(visit);
                    outcome = reason != null && !reason.equals(SEEN) ? reason
                            : robots != null && robots.knownToDisallow(target) ? "robots" : ""; // queued, to be skipped
                    outcomes.put(target, outcome);
                    kept++;
                }
                why = outcome.isEmpty() ? null : outcome;
            } else if (rejection != null && target != null && config.checkLinks() && !outcomes.containsKey(target)) {
                outcomes.put(target, rejection);
                offer(new Visit(target, config.maxRedirects(), depth, from.url(), 0, true));
            }
            if (why != null) count(unfollowed, why, 1);
            found.add(new FoundLink(link, rejection == null, why));
        }
        return new LinkOffers(found, kept, enqueue(admitted));
    }

    /** Runs the page handler, if there is one; a handler that throws loses that page's items, nothing else. */
    private Page scrape(Visit visit, int status, byte[] html, ParsedPage parsed) {
        PageHandler handler = pageHandler;
        if (handler == null) return null;
        Page page = new Page(visit.url(), status, html, parsed.charset(), parsed.links());
        try {
            handler.handle(page);
        } catch (RuntimeException e) {
            log.error("page handler failed on {}: {}", visit.url(), e.toString());
        }
        return page;
    }

    /** What {@link #offer} says of a URL seen before (it is followed: its record exists or will). */
    private static final String SEEN = "seen";

    /**
     * Queues a newly seen URL unless a limit or trap guard drops it (counted by reason). Returns null when it was
     * queued, {@link #SEEN} when the crawl already knew it, or the reason it was dropped.
     */
    private String offer(Visit visit) {
        String reason = admit(visit);
        if (reason != null) return reason;
        return enqueue(List.of(visit)) == 1 ? null : SEEN;
    }

    /**
     * Claims a URL in the seen set and drops it if a limit or trap guard says so (counted by reason). Returns null
     * when it is to be queued ({@link #enqueue}), {@link #SEEN} when the crawl already knew it, or the reason it
     * was dropped.
     */
    private String admit(Visit visit) {
        if (!claim(visit.url())) return SEEN;
        String reason = limits.dropReason(visit.url(), visit.depth());
        if (reason == null && visit.sitemap() && sitemaps.incrementAndGet() > MAX_SITEMAPS) reason = "max-sitemaps";
        if (reason != null) {
            discovered.increment();
            count(dropped, reason, 1);
            frontier.drop(visit, reason);
            log.debug("dropped {} ({})", visit.url(), reason);
            return reason;
        }
        return null;
    }

    /**
     * Queues admitted visits, together (a shared frontier asks once for all); returns how many were queued. One a
     * shared frontier did not queue was queued first by another process, which counted it.
     */
    private int enqueue(List<Visit> visits) {
        if (visits.isEmpty()) return 0;
        boolean[] queued = frontier.enqueueAll(visits);
        int fresh = 0;
        for (int i = 0; i < queued.length; i++) {
            if (queued[i]) {
                discovered.increment();
                fresh++;
            } else {
                limits.notQueued(visits.get(i).url());
            }
        }
        return fresh;
    }

    /** Claims a URL in the seen set; false when the crawl already knew it. */
    private boolean claim(WebUrl url) {
        return frontier.markSeen(url);
    }

    /**
     * With {@code --sitemaps}: queues a sitemap as a visit of its own (fetched once per crawl: the seen set
     * remembers it across runs and processes). At the start, each root origin's {@code /sitemap.xml}; after the
     * origin's robots.txt has been read, the sitemaps it declares.
     */
    private void offerSitemap(WebUrl url, WebUrl referrer) {
        if (url != null && scope.allows(url)) {
            offer(new Visit(url, config.maxRedirects(), 0, referrer, 0, Visit.Kind.SITEMAP));
        }
    }

    /** A root origin's first visit, robots.txt read: the sitemaps robots.txt declares are offered, once a run. */
    private void offerDeclaredSitemaps(Origin origin) {
        if (robots == null || !sitemapOrigins.remove(origin)) return;
        WebUrl robotsTxt = WebUrl.parse(origin + "/robots.txt");
        for (String declared : robots.sitemaps(origin)) offerSitemap(WebUrl.tryParse(declared, null), robotsTxt);
    }

    /** The response's robots directives (X-Robots-Tag, and the page's robots metas), unless told to ignore them. */
    private RobotsDirectives directives(FetchResult.Response response, List<String> metas) {
        if (config.politeness().ignoreDirectives()) return RobotsDirectives.NONE;
        return RobotsDirectives.of(metas, response.headers(), agentToken);
    }

    /** Called by the robots gate with an origin's Crawl-delay: the origin's gap may grow. */
    private void crawlDelay(Origin origin, Duration asked) {
        frontier.setDelay(origin, pacing.crawlDelay(origin, asked));
    }

    private static String charsetOrDefault(FetchResult.Response r) {
        String charset = r.contentType().charset();
        return charset == null ? "utf-8" : charset;
    }

    /** The target of a redirect chain that ran out of redirects: recorded, not fetched. */
    private CrawlRecord redirectLimit(Visit visit) {
        return new CrawlRecord(visit.url(), null, 0, ErrorKind.REDIRECT_LIMIT, "not followed from " + visit.referrer()
                + ": more than " + config.maxRedirects() + " redirects", 0, "", "", 0, 0,
                visit.depth(), visit.referrer(), Instant.now(), Duration.ZERO, false, 0, null);
    }

    private static CrawlRecord failed(Visit visit, FetchResult.Failure f, Instant startedAt) {
        return new CrawlRecord(visit.url(), null, 0, f.kind(), f.message(), 0, "", "", 0, 0, visit.depth(),
                visit.referrer(), startedAt, f.duration(), false, f.attempts(), null);
    }

    private static CrawlRecord record(Visit visit, FetchResult.Response r, Instant startedAt, String nextUrl,
                                      String encoding, int numUrls, int numNewUrls) {
        return new CrawlRecord(visit.url(), nextUrl, r.status(), null, null, r.body().length,
                r.contentType().mediaType(), encoding, numUrls, numNewUrls, visit.depth(), visit.referrer(),
                startedAt, r.duration(), r.truncated(), r.attempts(), null);
    }

    private FinishedUrl finished(CrawlRecord record) {
        return finished(record, null, List.of(), List.of());
    }

    /** What one URL came to, as one value; counted as done. */
    private FinishedUrl finished(CrawlRecord record, FetchResult.Response response, List<FoundLink> links,
                                 List<Item> items) {
        done.incrementAndGet();
        return new FinishedUrl(record, response, links, items);
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

    private static void count(Map<String, LongAdder> counters, String reason, long n) {
        counters.computeIfAbsent(reason, r -> new LongAdder()).add(n);
    }

    private static Map<String, Long> counts(Map<String, LongAdder> counters) {
        Map<String, Long> counts = new TreeMap<>();
        counters.forEach((reason, n) -> counts.put(reason, n.sum()));
        return counts;
    }

    private void stopAtLimit(String limit) {
        if (limitReached.compareAndSet(null, limit)) log.info("{} reached: stopping the crawl", limit);
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
        Renderer r = renderer;
        if (r != null) r.close();
        fetcher.close();
        frontier.close();
    }
}
