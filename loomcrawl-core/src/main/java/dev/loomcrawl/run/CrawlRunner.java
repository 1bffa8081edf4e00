package dev.loomcrawl.run;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.CrawlerBuilder;
import dev.loomcrawl.fetch.ClientSetup;
import dev.loomcrawl.journal.Journal;
import dev.loomcrawl.run.CrawlOutputs;
import dev.loomcrawl.run.OutputPlan;
import dev.loomcrawl.render.Renderer;
import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.scrape.PageHandler;
import dev.loomcrawl.internal.session.SavedCookies;
import dev.loomcrawl.state.CrawlStore;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The one way a front end (the command line's {@code crawl}, {@code check} and {@code resume}, the service's jobs,
 * scrapes and maps, the MCP tools, a Redis worker) turns a crawl's settings into a running crawl. It is told where
 * the crawl lives ({@link Place}), how its fetcher connects (the service's address guard), its browser, page handler,
 * listeners and outputs; {@link #start()} assembles the crawler ({@link Crawler#builder}, the only call of it outside
 * tests), keeps the cookie jar with a state's commits, opens the outputs on the crawler's journal, and returns the
 * {@link RunningCrawl}, which crawls, writes the cookies file, closes the crawler and finishes the outputs, in that
 * order, and says how it {@link Ended}. The login session, retries and the scope are the crawler's own
 * ({@link CrawlerBuilder#build}), the same for every front end.
 */
public final class CrawlRunner {
    private final CrawlConfig config;
    private Place place = Place.memory();
    private UnaryOperator<ClientSetup> connections;
    private Renderer renderer;
    private PageHandler handler;
    private final List<CrawlListener> listeners = new ArrayList<>();
    private OutputPlan outputs;
    private PrintWriter stdout;
    private final List<Function<Journal, AutoCloseable>> attachments = new ArrayList<>();
    private boolean needsContent;
    private Path saveCookies;

    private CrawlRunner(CrawlConfig config) {
        this.config = Objects.requireNonNull(config, "config");
    }

    /** A run of the crawl {@code config} describes, in memory until told otherwise. */
    public static CrawlRunner of(CrawlConfig config) {
        return new CrawlRunner(config);
    }

    /** The configuration the crawl runs with. */
    public CrawlConfig config() {
        return config;
    }

    /** Where the crawl lives (default: in memory, spilling to the temporary directory). */
    public CrawlRunner in(Place place) {
        this.place = Objects.requireNonNull(place, "place");
        return this;
    }

    /**
     * How the crawl's fetcher connects, changed from what the configuration says: another address guard, pinned
     * addresses ({@link CrawlerBuilder#connections}).
     */
    public CrawlRunner connections(UnaryOperator<ClientSetup> change) {
        this.connections = Objects.requireNonNull(change, "change");
        return this;
    }

    /** Renders pages in {@code renderer}, a started browser the run closes with the crawler (or if it cannot start). */
    public CrawlRunner renderer(Renderer renderer) {
        this.renderer = Objects.requireNonNull(renderer, "renderer");
        return this;
    }

    /** Scrapes each fetched HTML page with {@code handler}. */
    public CrawlRunner pageHandler(PageHandler handler) {
        this.handler = Objects.requireNonNull(handler, "handler");
        return this;
    }

    /** Tells {@code listener} of every finished URL, once it is durable. */
    public CrawlRunner listener(CrawlListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
        return this;
    }

    /**
     * Writes the outputs {@code plan} names ({@link CrawlOutputs}): opened on the crawler's journal before the crawl
     * (a resumed crawl's cut back to its last commit), finished after it. An output given as {@code -} writes to
     * {@code stdout} (null: none may).
     */
    public CrawlRunner outputs(OutputPlan plan, PrintWriter stdout) {
        this.outputs = Objects.requireNonNull(plan, "plan");
        this.stdout = stdout;
        return this;
    }

    /**
     * Opens something of the front end's on the crawler's journal (the service's job documents, its archive) before
     * the crawl; what {@code open} returns (null: nothing) is closed after the crawler, before the outputs finish.
     */
    public CrawlRunner attach(Function<Journal, AutoCloseable> open) {
        attachments.add(Objects.requireNonNull(open, "open"));
        return this;
    }

    /** Pages' content is read (an attachment reads it from the journal): the crawl keeps it for them. */
    public CrawlRunner needsContent() {
        this.needsContent = true;
        return this;
    }

    /** Writes the crawl's cookies to {@code file} when it ends (whole, or not at all). */
    public CrawlRunner saveCookies(Path file) {
        this.saveCookies = Objects.requireNonNull(file, "file");
        return this;
    }

    /**
     * Assembles the crawl: the crawler where it lives, then its outputs and attachments. Throws what the place
     * throws as it opens ({@code StateException} for a state that cannot be used, {@code IllegalArgumentException}
     * for choices that do not go together) and {@link CrawlOutputs.Failed} for an output that cannot be opened, after
     * closing what was opened (the browser too).
     */
    public RunningCrawl start() {
        Crawler crawler;
        try {
            crawler = crawler();
        } catch (RuntimeException e) {
            if (renderer != null) RunningCrawl.closeQuietly(renderer, e);
            throw e;
        }
        if (needsContent) crawler.journal().needsContent();
        CrawlOutputs opened = null;
        List<AutoCloseable> attached = new ArrayList<>();
        try {
            if (outputs != null) opened = CrawlOutputs.open(outputs, config, crawler.journal(), store(), stdout);
            for (Function<Journal, AutoCloseable> open : attachments) {
                AutoCloseable a = open.apply(crawler.journal());
                if (a != null) attached.add(a);
            }
        } catch (RuntimeException e) {
            for (AutoCloseable a : attached.reversed()) RunningCrawl.closeQuietly(a, e);
            RunningCrawl.closeQuietly(crawler, e);
            if (opened != null) RunningCrawl.closeQuietly(opened, e);
            throw e;
        }
        if (opened != null) opened.attach(crawler);
        return new RunningCrawl(config, crawler, opened, attached, saveCookies);
    }

    private Crawler crawler() {
        CrawlerBuilder parts = Crawler.builder(config);
        if (connections != null) parts.connections(connections);
        if (handler != null) parts.pageHandler(handler);
        if (renderer != null) parts.renderer(renderer);
        listeners.forEach(parts::listener);
        return switch (place) {
            case Place.Memory m -> (m.spillDir() == null ? parts : parts.spillDirectory(m.spillDir())).build();
            case Place.State s -> {
                Crawler crawler = parts.store(s.store()).build();
                if (crawler.cookies() != null) SavedCookies.keepIn(crawler.journal(), crawler.cookies());
                yield crawler;
            }
            case Place.Shared s -> s.join().apply(parts);
        };
    }

    private CrawlStore store() {
        return place instanceof Place.State s ? s.store() : null;
    }
}
