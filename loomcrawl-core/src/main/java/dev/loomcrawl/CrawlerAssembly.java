package dev.loomcrawl;

import dev.loomcrawl.extract.LinkExtractor;
import dev.loomcrawl.extract.StreamingLinkExtractor;
import dev.loomcrawl.fetch.CookieJar;
import dev.loomcrawl.fetch.Fetcher;
import dev.loomcrawl.fetch.ClientSetup;
import dev.loomcrawl.fetch.HttpSettings;
import dev.loomcrawl.fetch.JettyFetcher;
import dev.loomcrawl.fetch.RetryingFetcher;
import dev.loomcrawl.frontier.Frontier;
import dev.loomcrawl.internal.frontier.SpillingFrontier;
import dev.loomcrawl.internal.limits.AtomicBudgetCounts;
import dev.loomcrawl.limits.BudgetCounts;
import dev.loomcrawl.limits.LimitUsage;
import dev.loomcrawl.frontier.SharedRobots;
import dev.loomcrawl.scope.RootScope;
import dev.loomcrawl.scope.Scope;
import dev.loomcrawl.internal.session.Login;
import dev.loomcrawl.internal.session.SessionFetcher;
import dev.loomcrawl.internal.session.SessionScope;
import dev.loomcrawl.session.SessionSettings;
import dev.loomcrawl.spill.SpillDirectory;
import dev.loomcrawl.journal.Journal;
import dev.loomcrawl.internal.journal.JournalWriter;
import dev.loomcrawl.internal.state.DurableFrontier;
import dev.loomcrawl.state.StateChange;
import dev.loomcrawl.internal.state.StateJournal;

import java.nio.file.Path;

/**
 * The assembly of a crawler from what its {@link CrawlerBuilder} was given, with the default components for the
 * rest: the frontier of each kind (spilling, the caller's, a state store's), the scope, the cookie jar (started from
 * the cookies file), Jetty with retries, the login session and the link extractor.
 */
final class CrawlerAssembly {
    private CrawlerAssembly() {
    }

    static Crawler build(CrawlerBuilder b) {
        CrawlConfig config = b.config;
        if (b.store != null) {
            // check-only visits are not stored, so a resumed check would crawl them
            if (config.linkCheck().external()) {
                throw new IllegalArgumentException("link checking does not run on a state file");
            }
            JournalWriter<StateChange> journal = StateJournal.open(b.store);
            DurableFrontier frontier = DurableFrontier.open(b.store, journal, config.politeness().perHost(),
                    config.politeness().delay(), DurableFrontier.DEFAULT_WINDOW,
                    config.limits().maxPagesPerHost() >= 0, config.scope().focus() != null);
            return around(b, frontier, journal, new AtomicBudgetCounts(frontier.usage()), null);
        }
        if (b.frontier != null) {
            return b.crawlWide == null
                    ? around(b, b.frontier, journalOf(b.frontier), new AtomicBudgetCounts(LimitUsage.NONE), null)
                    : around(b, b.frontier, journalOf(b.frontier), b.crawlWide.budgets(), b.crawlWide.robots());
        }
        int window = Math.max(SpillingFrontier.DEFAULT_WINDOW, 2 * config.maxTasks());
        Path spillDir = b.spillDir != null ? b.spillDir : SpillDirectory.defaultBase();
        return around(b, new SpillingFrontier(config.politeness().perHost(), config.politeness().delay(), window,
                spillDir, config.scope().focus() != null), JournalWriter.inMemory(),
                new AtomicBudgetCounts(LimitUsage.NONE), null);
    }

    /**
     * The builder's parts, or the default components: Jetty with a cookie jar for the scope's hosts (started from
     * the cookies file, if any), retries, and, with a login form, a session kept logged in, whose login and logout
     * pages are out of the scope. Finished URLs are journaled by {@code journal}; budgets are counted in
     * {@code counts}; robots.txt files are shared in {@code sharedRobots} (null: this process's own).
     */
    private static Crawler around(CrawlerBuilder b, Frontier frontier, Journal journal, BudgetCounts counts,
                                  SharedRobots sharedRobots) {
        CrawlConfig config = b.config;
        RootScope rootScope = new RootScope(config.scope());
        Scope scope = b.scope != null ? b.scope : rootScope;
        Fetcher fetcher = b.fetcher;
        CookieJar jar = null;
        if (fetcher == null) {
            jar = new CookieJar(rootScope::coversHost);
            SessionSettings session = config.session();
            if (session.cookiesFile() != null) jar.addNetscape(SessionSettings.readCookies(session.cookiesFile()));
            ClientSetup setup = config.clientSetup().withCookies(jar);
            if (b.connections != null) setup = b.connections.apply(setup);
            JettyFetcher jetty = new JettyFetcher(setup);
            HttpSettings http = config.http();
            boolean direct = setup.proxies().isEmpty(); // through proxies, a refusal is the proxy's
            fetcher = new RetryingFetcher(jetty, http.maxTries(), http.retryBackoff(), http.retryBackoffMax(), direct,
                    config.linkCheck().external() && direct);
            if (session.login() != null) {
                Login login = new Login(session.login(), fetcher, jetty);
                fetcher = new SessionFetcher(fetcher, login);
                if (b.scope == null) scope = new SessionScope(rootScope, login);
            }
        }
        LinkExtractor extractor = b.extractor != null ? b.extractor
                : new StreamingLinkExtractor(config.limits().maxLinksPerPage(), config.linkCheck().fragments());
        return new Crawler(config, frontier, journal, fetcher, extractor, scope, counts, sharedRobots, jar,
                b.listeners, b.handler, b.renderer);
    }

    /** A durable frontier's journal (its store's), else one in memory. */
    static Journal journalOf(Frontier frontier) {
        return frontier instanceof DurableFrontier d ? d.journal() : JournalWriter.inMemory();
    }
}
