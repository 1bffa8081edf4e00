package dev.loomcrawl;

import dev.loomcrawl.extract.StreamingLinkExtractor;
import dev.loomcrawl.fetch.CookieJar;
import dev.loomcrawl.fetch.Fetcher;
import dev.loomcrawl.fetch.HttpSettings;
import dev.loomcrawl.fetch.JettyFetcher;
import dev.loomcrawl.fetch.RetryingFetcher;
import dev.loomcrawl.frontier.Frontier;
import dev.loomcrawl.frontier.SpillingFrontier;
import dev.loomcrawl.limits.AtomicBudgetCounts;
import dev.loomcrawl.limits.BudgetCounts;
import dev.loomcrawl.limits.LimitUsage;
import dev.loomcrawl.robots.SharedRobots;
import dev.loomcrawl.scope.RootScope;
import dev.loomcrawl.scope.Scope;
import dev.loomcrawl.session.Login;
import dev.loomcrawl.session.SessionFetcher;
import dev.loomcrawl.session.SessionScope;
import dev.loomcrawl.session.SessionSettings;
import dev.loomcrawl.state.CrawlStore;
import dev.loomcrawl.journal.Journal;
import dev.loomcrawl.journal.JournalWriter;
import dev.loomcrawl.state.DurableFrontier;
import dev.loomcrawl.state.StateChange;
import dev.loomcrawl.state.StateJournal;

import java.nio.file.Path;

/**
 * The assembly of a crawler with the default components, behind the {@code Crawler.create} factories: the scope,
 * the cookie jar (started from the cookies file), Jetty with retries, the login session, the link extractor, and
 * the frontier of each kind (spilling, the caller's, a state store's).
 */
final class CrawlerAssembly {
    private CrawlerAssembly() {
    }

    /** Around a frontier in memory that spills what outgrows it into {@code spillDir}. */
    static Crawler spilling(CrawlConfig config, Path spillDir) {
        int window = Math.max(SpillingFrontier.DEFAULT_WINDOW, 2 * config.maxTasks());
        return around(config, new SpillingFrontier(config.politeness().perHost(), config.politeness().delay(), window,
                spillDir), Journal.inMemory(), new AtomicBudgetCounts(LimitUsage.NONE), null);
    }

    /** Around a durable frontier on {@code store}, whose budgets start from what earlier runs used. */
    static Crawler stored(CrawlConfig config, CrawlStore store) {
        if (config.checkLinks()) { // check-only visits are not stored, so a resumed check would crawl them
            throw new IllegalArgumentException("link checking does not run on a state file");
        }
        JournalWriter<StateChange> journal = StateJournal.open(store);
        DurableFrontier frontier = DurableFrontier.open(store, journal, config.politeness().perHost(),
                config.politeness().delay(), DurableFrontier.DEFAULT_WINDOW, config.limits().maxPagesPerHost() >= 0);
        return around(config, frontier, journal, new AtomicBudgetCounts(frontier.usage()), null);
    }

    /**
     * The default components: Jetty with a cookie jar for the scope's hosts (started from the cookies file, if
     * any), retries, and, with a login form, a session kept logged in, whose login and logout pages are out of
     * the scope. Finished URLs are journaled by {@code journal}; budgets are counted in {@code counts}; robots.txt
     * files are shared in {@code sharedRobots} (null: this process's own).
     */
    static Crawler around(CrawlConfig config, Frontier frontier, Journal journal, BudgetCounts counts,
                          SharedRobots sharedRobots) {
        RootScope rootScope = new RootScope(config.roots(), config.scope(), config.lenient(), config.includes(),
                config.excludes());
        CookieJar jar = new CookieJar(rootScope::coversHost);
        SessionSettings session = config.session();
        if (session.cookiesFile() != null) jar.addNetscape(SessionSettings.readCookies(session.cookiesFile()));
        HttpSettings http = config.httpSettings().withCookies(jar);
        JettyFetcher jetty = new JettyFetcher(http);
        Fetcher fetcher = new RetryingFetcher(jetty, config.maxTries(), config.retryBackoff(),
                config.retryBackoffMax(), http.proxies().isEmpty(), // through proxies, a refusal is the proxy's
                config.checkLinks() && http.proxies().isEmpty());
        Scope scope = rootScope;
        if (session.login() != null) {
            Login login = new Login(session.login(), fetcher, jetty);
            fetcher = new SessionFetcher(fetcher, login);
            scope = new SessionScope(rootScope, login);
        }
        return new Crawler(config, frontier, journal, fetcher,
                new StreamingLinkExtractor(config.limits().maxLinksPerPage(),
                        config.linkCheck().fragments()), scope, counts, sharedRobots, jar);
    }


}
