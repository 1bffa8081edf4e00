package dev.loomcrawl;

import dev.loomcrawl.reason.Limit;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.result.CrawlException;
import dev.loomcrawl.content.Turns;
import dev.loomcrawl.extract.LinkExtractor;
import dev.loomcrawl.fetch.CookieJar;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.fetch.Fetcher;
import dev.loomcrawl.fetch.Validators;
import dev.loomcrawl.frontier.Frontier;
import dev.loomcrawl.frontier.Lease;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.limits.BudgetCounts;
import dev.loomcrawl.internal.focus.Focus;
import dev.loomcrawl.result.FocusReport;
import dev.loomcrawl.internal.limits.CrawlLimits;
import dev.loomcrawl.internal.politeness.OriginSlots;
import dev.loomcrawl.render.BrowserRequests;
import dev.loomcrawl.internal.render.CrawlBrowserRequests;
import dev.loomcrawl.render.Renderer;
import dev.loomcrawl.frontier.SharedRobots;
import dev.loomcrawl.session.LoginException;
import dev.loomcrawl.internal.session.SessionFetcher;
import dev.loomcrawl.scrape.PageHandler;
import dev.loomcrawl.scope.Scope;
import dev.loomcrawl.journal.Journal;
import dev.loomcrawl.state.StateException;
import dev.loomcrawl.url.WebUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;

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
    private final Journal journal;
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
    private final Focus focus; // null: breadth-first
    private final Listeners listeners;
    private final AtomicBoolean interrupted = new AtomicBoolean();
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final AtomicBoolean started = new AtomicBoolean();

    /**
     * The crawler {@link CrawlerAssembly} builds: finished URLs journaled by {@code journal} (a durable frontier's
     * own), budgets counted in {@code counts}, robots.txt files shared in {@code sharedRobots} (null: this process's
     * own), the cookie jar its fetcher sends (null: none of the crawl's).
     */
    Crawler(CrawlConfig config, Frontier frontier, Journal journal, Fetcher fetcher, LinkExtractor extractor,
            Scope scope, BudgetCounts counts, SharedRobots sharedRobots, CookieJar cookies, List<CrawlListener> listeners,
            PageHandler handler, Renderer renderer) {
        this.config = config;
        this.frontier = frontier;
        this.journal = journal;
        journal.onFailure(frontier::stop); // a full disk: no more work is taken, and crawl() throws why
        this.fetcher = fetcher;
        this.session = fetcher instanceof SessionFetcher s ? s : null;
        this.cookies = cookies;
        this.gate = new OriginGate(config, fetcher, frontier, sharedRobots);
        this.limits = new CrawlLimits(config.limits(), counts);
        this.browserRequests = new CrawlBrowserRequests(fetcher, gate.robots() == null ? null : gate::browserRefusal,
                new OriginSlots(config.politeness().perHost(), gate::gap), config.http().fetchTimeout());
        this.links = new LinkAdmission(config, frontier, scope, gate.robots(), limits, ledger);
        this.redirects = new Redirects(config, scope, links);
        this.reader = new PageReader(config, extractor, links, ledger, browserRequests, journal::contentNeeded);
        this.listeners = new Listeners(listeners, frontier::stop); // not stop(): the user did not interrupt
        if (handler != null) reader.pageHandler(handler);
        if (renderer != null) reader.renderer(renderer);
        String question = config.scope().focus();
        this.focus = question == null ? null : new Focus(question, config.scope().focusPatience(),
                config.scope().focusModel());
        if (focus != null) reader.focus(focus, () -> stopAtLimit(Limit.FOCUS_PATIENCE));
    }

    /**
     * The layer below {@link dev.loomcrawl.run.CrawlRunner}, which runs every front end's crawls with it: what a
     * crawler is assembled from (where it keeps its frontier: by default in memory, spilling to the temporary
     * directory; its listeners, page handler and renderer), then {@link CrawlerBuilder#build()}. The default
     * components are Jetty with retries, a cookie jar and the login session, the streaming link extractor (jsoup's
     * results without building a DOM: decision 6) and the roots' scope; a program may put a fetcher, link extractor
     * or scope of its own in their place. Outputs are opened on the built crawler's {@link #journal()} before
     * {@link #crawl()}.
     */
    public static CrawlerBuilder builder(CrawlConfig config) {
        return new CrawlerBuilder(config);
    }

    /**
     * A focused crawl's report so far: its question and its most relevant pages, best first, with their relevance;
     * null for a crawl without a focus.
     */
    public FocusReport focusReport() {
        return focus == null ? null : focus.report();
    }

    /**
     * The crawl's cookie jar: what the sites set, sent back within the scope. Null for a crawler built with a
     * fetcher of the caller's.
     */
    public CookieJar cookies() {
        return cookies;
    }

    /**
     * The crawl's journal, through which every finished URL reaches the outputs: open them on it
     * ({@code RecordFile.open(path, format, crawler.journal())}) before the crawl, and close them after the crawler.
     */
    public Journal journal() {
        return journal;
    }

    /**
     * Tells {@code listener} of every finished URL too: for a listener that needs the built crawler (one that reads
     * its {@link #queued()} counts, or an output's, opened on its {@link #journal()}). Only before {@link #crawl()};
     * other listeners are the {@link CrawlerBuilder#listener}'s.
     */
    public Crawler addListener(CrawlListener listener) {
        if (started.get()) throw new IllegalStateException("listeners are added before the crawl starts");
        listeners.add(listener);
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
        MaxTimeAlarm alarm = MaxTimeAlarm.start(limits.timeLeft(), () -> stopAtLimit(Limit.MAX_TIME));
        try {
            CrawlThreads.onDispatchThread(this::dispatch);
        } finally {
            if (alarm != null) alarm.close();
        }
        CrawlSummary summary = ledger.summary(frontier, Duration.ofNanos(System.nanoTime() - start),
                config.maxTasks(), interrupted.get());
        if (focus != null) summary = summary.withFocus(focus.report());
        frontier.finish(summary); // a durable frontier journals how the run ended
        closeJournal(); // commits the rest, or throws why it could not
        RuntimeException failure = listeners.failure();
        if (failure != null) throw new CrawlException("crawl stopped: " + failure.getMessage(), failure);
        return summary;
    }

    /**
     * Takes visits as long as there are any, at most {@code maxTasks} in flight, each worker holding one of the
     * permits; returns once the last has ended. A worker whose visit is over goes on with the next one due now,
     * keeping its permit, as the seed's workers loop on the queue (decision 46); only when none is due does its
     * permit come back here, where the next visit is waited for.
     */
    private void dispatch() {
        Semaphore permits = new Semaphore(config.maxTasks());
        try (ExecutorService workers = CrawlThreads.workers()) {
            while (true) {
                permits.acquireUninterruptibly();
                Limit exhausted = limits.exhausted();
                if (exhausted != null) stopAtLimit(exhausted);
                Lease lease = takeUninterruptibly();
                if (lease == null) break;
                if (!startable(lease)) {
                    permits.release();
                    continue;
                }
                workers.execute(() -> {
                    try {
                        work(lease);
                    } finally {
                        permits.release();
                    }
                });
            }
        } // closing the executor waits for the fetches in flight
    }

    /**
     * Whether a taken visit may start: a sitemap always (the budget is the site's pages, and sitemaps have a bound
     * of their own), a page while the page budget lasts. When it is spent, the visit stays to do and the crawl stops.
     */
    private boolean startable(Lease lease) {
        if (lease.visit().sitemap() || limits.startPage()) return true;
        lease.retryLater(lease.visit(), Duration.ZERO);
        lease.done(null);
        stopAtLimit(Limit.MAX_PAGES);
        return false;
    }

    /**
     * The visit a worker goes on with: one due now, unless the crawl is stopping or a budget has run out (the
     * dispatch loop then stops it); null when there is none.
     */
    private Lease nextDue() {
        if (interrupted.get() || limits.exhausted() != null) return null;
        Lease lease = frontier.takeIfDue();
        return lease != null && startable(lease) ? lease : null;
    }

    /**
     * A worker's visits, one after another, each the URL's life (steps 4 to 13) and then its record journaled and
     * handed on (14). The next visit due begins (its request is sent) as soon as a fetch is over, before its page is
     * read, so that the server answers it meanwhile (decision 47); the worker ends when no visit is due.
     */
    private void work(Lease first) {
        Begun current = begin(first);
        while (current != null) {
            Handoff next = new Handoff();
            try {
                finish(current, next);
            } catch (RuntimeException | Error e) {
                if (next.begun != null) { // its request is out: it is finished too, then this worker ends
                    try {
                        finish(next.begun, new Handoff());
                    } catch (RuntimeException | Error again) {
                        e.addSuppressed(again);
                    }
                }
                throw e;
            }
            if (next.failure != null) throw next.failure; // the next visit's own, thrown once this one is finished
            current = next.begun != null ? next.begun : beginNextDue(); // none was due then: its links may be
        }
    }

    /** A visit begun: what it came to before any fetch, or its fetch (null: fetched when awaited) and its start. */
    private record Begun(Lease lease, VisitOutcome outcome, Fetcher.Pending fetch, Instant startedAt) {}

    /**
     * The next visit, begun by a worker when its fetch is over ({@link #visit}); asked once at most. Not in a
     * focused crawl, whose next visit waits for the priorities of the links of the page being read.
     */
    private final class Handoff implements Runnable {
        private boolean asked;
        private Begun begun;
        /** What beginning the next visit threw (its lease done), kept from the visit being finished. */
        private RuntimeException failure;

        @Override
        public void run() {
            if (asked || focus != null) return;
            asked = true;
            try {
                begun = beginNextDue();
            } catch (RuntimeException e) {
                failure = e;
            }
        }
    }

    /** The next visit due now, begun; null when there is none ({@link #nextDue}). */
    private Begun beginNextDue() {
        Lease lease = nextDue();
        return lease == null ? null : begin(lease);
    }

    /**
     * Steps 4 to 6 of a visit: recorded without a fetch (4), not allowed now (5), or its request sent (6), unless
     * the fetch cannot be sent ahead (a link check, or pages rendered: then it is made when awaited). A failure
     * here frees the lease, so that the crawl can end.
     */
    private Begun begin(Lease lease) {
        try {
            Visit visit = lease.visit();
            // 4. The end of a redirect chain that ran out of redirects: recorded, not fetched.
            if (visit.redirectsLeft() < 0) {
                return new Begun(lease, new VisitOutcome.Unfetched(Records.finished(redirects.limitRecord(visit))),
                        null, null);
            }
            // 5. Robots: a disallowed URL is recorded as skipped; one waiting for robots.txt or its origin goes back.
            VisitOutcome notNow = gate.notAllowedNow(visit);
            if (notNow != null) return new Begun(lease, notNow, null, null);
            //    With --sitemaps, a root origin's robots.txt now read: the sitemaps it declares are offered.
            if (config.scope().sitemaps()) links.offerDeclaredSitemaps(visit.url().origin());
            // 6. Fetch: the request sent now; the origin's gap is timed from here.
            if (visit.checkOnly() || reader.renderer() != null) return new Begun(lease, null, null, null);
            Instant startedAt = Instant.now();
            lease.started();
            return new Begun(lease, null, fetcher.start(visit.url(), validators(visit)), startedAt);
        } catch (RuntimeException | Error e) {
            lease.done(null);
            throw e;
        }
    }

    /**
     * The rest of a visit begun (steps 6 to 14): {@code fetchOver} runs once its fetch is over, before the page is
     * read ({@link Handoff}).
     */
    private void finish(Begun begun, Runnable fetchOver) {
        Lease lease = begun.lease();
        FinishedUrl finished = null;
        try {
            finished = settle(lease, begun.outcome() != null ? begun.outcome() : visit(begun, fetchOver));
        } finally {
            try {
                // journaled (in every output, and durable with a state) before anyone hears of it
                boolean journaled = false;
                try {
                    journaled = finished != null && journal.finished(lease.ticket(), finished);
                } finally {
                    lease.done(finished); // the slot is freed whatever happened, so the crawl can end
                }
                if (journaled) listeners.deliver(finished);
                // not kept: the journal failed (a full disk). Its stop may not have reached the frontier
                // yet, and this slot must not take a page whose record could not be kept either
                else if (finished != null) frontier.stop();
            } finally {
                // every output has what it needs of the body: its bytes go back to the bound
                if (finished != null && finished.response() != null) finished.response().release();
            }
        }
    }

    /**
     * Closes the journal once the crawl is over: what is pending is committed. A state's failure is thrown as it is
     * (it says how to resume); an output's stops the crawl as a listener's would.
     */
    private void closeJournal() {
        try {
            journal.close();
        } catch (StateException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new CrawlException("crawl stopped: " + e.getMessage(), e);
        }
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
     * The life of one URL once begun ({@link #begin}: steps 4 to 6), numbered as in architecture.md's steps: the
     * fetch's answer, pacing, then follow a redirect or read a page. Returns what the URL came to, for
     * {@link #settle} to act on; the one lease call made here is the release of a fetched URL's origin slot, as soon
     * as its fetch is over, after which {@code fetchOver} runs (the worker's next visit begins).
     */
    private VisitOutcome visit(Begun begun, Runnable fetchOver) {
        Lease lease = begun.lease();
        Visit visit = lease.visit();
        // 6. The fetch's answer awaited; or the fetch made now (a link checker's request for a check-only visit, a
        //    page to render), its origin's gap timed from here.
        Instant startedAt = begun.startedAt();
        FetchResult result;
        if (begun.fetch() != null) {
            result = begun.fetch().await();
        } else {
            startedAt = Instant.now();
            lease.started();
            result = visit.checkOnly() ? fetcher.check(visit.url()) : fetch(visit);
        }
        // 7. Aborted mid-fetch by cancel(): not finished, so no record; it counts as still to do.
        if (cancelled.get()) return new VisitOutcome.Abandoned(result);
        // 8. Pace the origin by the answer; an overloaded origin (429, 503) gets the visit back later.
        OriginGate.Pace pace = gate.after(visit, result);
        if (pace.retry()) return new VisitOutcome.RetryLater(visit.deferred(), pace.pause(), result);
        //    The fetch is over: the origin's slot is freed before the page is read; its bytes count to the budget.
        lease.release(pace.pause());
        //    The worker's next visit begins: its request is on its way while this page is read.
        fetchOver.run();
        //    Then the carrier goes first to what waits for one (other fetches' callbacks, the next fetch's start):
        //    a fetch held up behind pages being read leaves its origin's slot idle.
        Turns.give();
        if (result instanceof FetchResult.Response r) limits.addBytes(r.body().length);
        // 9-12. Record it: a failure, a redirect followed (9), a link check, or a page read, its links offered.
        VisitOutcome.Fetched fetched = switch (result) {
            case FetchResult.Failure f -> fetched(Records.finished(Records.failed(visit, f, startedAt)));
            //    A 429 or 503 asking for a longer wait than the crawl makes: given up, not read.
            case FetchResult.Response r when pace.refused() != null -> fetched(Records.finished(Records.gaveUp(visit,
                    r, startedAt, pace.refused(), config.politeness().maxRetryAfter()), r));
            case FetchResult.Response r when r.isRedirect() -> redirects.follow(visit, r, startedAt);
            case FetchResult.Response r when visit.checkOnly() -> fetched(Records.finished(Records.of(visit, r,
                    startedAt), r));
            case FetchResult.Response r -> fetched(reader.read(visit, r, startedAt));
        };
        // 13. A re-crawl's visit says how the URL compares with its last capture.
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
                if (!lease.visit().sitemap()) limits.returnPage();
                lease.release(Duration.ZERO);
                redirects.ended(url);
                ledger.done();
                return u.finished();
            }
            case VisitOutcome.RetryLater r -> { // the budget first: the visit may be taken again at once
                if (!lease.visit().sitemap()) limits.returnPage();
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
     * Fetches the visit's URL. While pages are rendered, the fetch also takes one of its origin's slots and its turn,
     * which the browsers' requests take too, so that the two together keep to {@code --per-host} and the origin's
     * gap ({@code --delay}, Crawl-delay).
     */
    private FetchResult fetch(Visit visit) {
        if (reader.renderer() == null) return fetcher.fetch(visit.url(), validators(visit));
        return browserRequests.holdingSlot(visit.url(), cancelled::get,
                () -> fetcher.fetch(visit.url(), validators(visit)));
    }

    /** A re-crawl's visit asks whether the URL changed since its last capture (a 304 says it did not). */
    private static Validators validators(Visit visit) {
        return visit.revisit() ? visit.last().validators() : Validators.NONE;
    }

    private void stopAtLimit(Limit limit) {
        if (ledger.limitReached(limit)) log.info("{} reached: stopping the crawl", limit.label());
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

    /** Ends the browser (with a renderer), releases the HTTP client's connections, the frontier and the journal. */
    @Override
    public void close() {
        Renderer r = reader.renderer();
        if (r != null) r.close();
        fetcher.close();
        frontier.close();
        journal.close();
    }
}
