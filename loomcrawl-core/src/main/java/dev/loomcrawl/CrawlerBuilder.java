package dev.loomcrawl;

import dev.loomcrawl.extract.LinkExtractor;
import dev.loomcrawl.fetch.ClientSetup;
import dev.loomcrawl.fetch.Fetcher;
import dev.loomcrawl.frontier.Frontier;
import dev.loomcrawl.internal.frontier.SpillingFrontier;
import dev.loomcrawl.render.Renderer;
import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.scope.Scope;
import dev.loomcrawl.scrape.PageHandler;
import dev.loomcrawl.state.CrawlStore;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** What a crawl is assembled from, declared before it is built; see {@link Crawler#builder}. */
public final class CrawlerBuilder {
    final CrawlConfig config;
    Path spillDir;
    Frontier frontier;
    CrawlWide crawlWide;
    CrawlStore store;
    Fetcher fetcher;
    java.util.function.UnaryOperator<ClientSetup> connections;
    LinkExtractor extractor;
    Scope scope;
    final List<CrawlListener> listeners = new ArrayList<>();
    PageHandler handler;
    Renderer renderer;

    CrawlerBuilder(CrawlConfig config) {
        this.config = Objects.requireNonNull(config, "config");
    }

    /** The configuration the crawler is built with. */
    public CrawlConfig config() {
        return config;
    }

    /** The frontier spills what outgrows memory into {@code dir} (default: the temporary directory). */
    public CrawlerBuilder spillDirectory(Path dir) {
        this.spillDir = Objects.requireNonNull(dir, "dir");
        return this;
    }

    /** A frontier of the caller's (closing the crawler closes it). */
    public CrawlerBuilder frontier(Frontier frontier) {
        this.frontier = Objects.requireNonNull(frontier, "frontier");
        return this;
    }

    /**
     * A frontier shared with other processes, whose budgets and robots.txt files are the whole crawl's
     * ({@code crawlWide}). Closing the crawler closes the frontier.
     */
    public CrawlerBuilder frontier(Frontier frontier, CrawlWide crawlWide) {
        this.crawlWide = Objects.requireNonNull(crawlWide, "crawlWide");
        return frontier(frontier);
    }

    /**
     * The frontier, seen set and records live in {@code store}: a new crawl, or the next run of one that was
     * stopped or killed. Closing the crawler ends the store's writer.
     */
    public CrawlerBuilder store(CrawlStore store) {
        this.store = Objects.requireNonNull(store, "store");
        return this;
    }

    /** Fetches with {@code fetcher} in place of Jetty with retries (the crawler then keeps no cookie jar). */
    public CrawlerBuilder fetcher(Fetcher fetcher) {
        this.fetcher = Objects.requireNonNull(fetcher, "fetcher");
        return this;
    }

    /**
     * Changes how the crawl's own fetcher connects ({@code change} is given the setup the configuration makes and
     * returns the one to use): another address guard, pinned addresses. The rest of the fetcher stack (retries,
     * the cookie jar, the login session) stays the crawl's. Not with {@link #fetcher}.
     */
    public CrawlerBuilder connections(java.util.function.UnaryOperator<ClientSetup> change) {
        this.connections = Objects.requireNonNull(change, "change");
        return this;
    }

    /** Finds the links of pages with {@code extractor} in place of the streaming link extractor. */
    public CrawlerBuilder linkExtractor(LinkExtractor extractor) {
        this.extractor = Objects.requireNonNull(extractor, "extractor");
        return this;
    }

    /** Decides which links are followed with {@code scope} in place of the roots' scope. */
    public CrawlerBuilder scope(Scope scope) {
        this.scope = Objects.requireNonNull(scope, "scope");
        return this;
    }

    /** Tells {@code listener} of every finished URL, once it is durable (listeners are told in this order). */
    public CrawlerBuilder listener(CrawlListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
        return this;
    }

    /** Scrapes each fetched HTML page with {@code handler} (items go to listeners' {@code onItem}). */
    public CrawlerBuilder pageHandler(PageHandler handler) {
        this.handler = Objects.requireNonNull(handler, "handler");
        return this;
    }

    /**
     * Renders the HTML pages {@code renderer} wants in a browser before their links are extracted (step 10);
     * closing the crawler closes it.
     */
    public CrawlerBuilder renderer(Renderer renderer) {
        this.renderer = Objects.requireNonNull(renderer, "renderer");
        return this;
    }

    /**
     * The crawler. Throws {@link IllegalArgumentException} when the choices do not go together (a frontier and a
     * store, a spill directory with either, link checking on a store).
     */
    public Crawler build() {
        if (frontier != null && store != null) {
            throw new IllegalArgumentException("a crawl has one frontier: a frontier or a store, not both");
        }
        if (fetcher != null && connections != null) {
            throw new IllegalArgumentException("connections change the crawl's own fetcher, not one given");
        }
        if (spillDir != null && (frontier != null || store != null)) {
            throw new IllegalArgumentException("a spill directory is for the crawler's own frontier");
        }
        return CrawlerAssembly.build(this);
    }
}
