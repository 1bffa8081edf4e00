package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.run.Discovery;
import dev.loomcrawl.run.CrawlRunner;
import dev.loomcrawl.run.Ended;
import dev.loomcrawl.run.RunningCrawl;
import dev.loomcrawl.report.LinkCheck;
import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.result.FocusReport;
import dev.loomcrawl.store.sqlite.ChunkIndex;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * The service's work as another front end calls it (the MCP server: {@code dev.loomcrawl.serve.mcp}): the same
 * scrapes, maps and jobs the Firecrawl endpoints use, each request checked as theirs are (public addresses only
 * unless {@code --allow-private}, the server's caps), and the link checker on the same guarded fetcher. A request's
 * mistake is a {@link Refused} saying what was wrong.
 */
public final class Service implements AutoCloseable {
    private final ServeOptions server;
    private final Jobs jobs;
    private final Scrapes scrapes;
    private final boolean owned;
    /** The search index of each crawl job searched, kept open while the job is kept ({@link #searchCrawl}). */
    private final ChunkSearches searches;
    static final String INDEX = "chunks-index.db";

    Service(ServeOptions server, Jobs jobs, Scrapes scrapes, boolean owned) {
        this.server = server;
        this.jobs = jobs;
        this.scrapes = scrapes;
        this.owned = owned;
        this.searches = new ChunkSearches(jobs);
    }

    /** A service of its own, without HTTP ({@code loomcrawl mcp}): its jobs resumed from the data directory. */
    public static Service open(ServeOptions options) {
        Browsers browsers = new Browsers(options.maxJobs());
        return new Service(options, new Jobs(options, browsers), new Scrapes(options, browsers), true);
    }

    public ServeOptions options() {
        return server;
    }

    /** A request refused, with its HTTP status (400 a mistake, 403 a refused address, 404 no such job, 429...). */
    public static final class Refused extends RuntimeException {
        private final int status;

        Refused(ApiError e) {
            super(e.getMessage(), null, false, false);
            this.status = e.status();
        }

        public int status() {
            return status;
        }
    }

    /**
     * One page's document, in Firecrawl's shape ({@code markdown}..., {@code metadata}), formats by their labels;
     * rendered in headless Chromium first when {@code render} (a browser of its own, started for it).
     */
    public ObjectNode scrape(String url, List<String> formats, boolean render) {
        ObjectNode body = Json.MAPPER.createObjectNode().put("url", url);
        formats.forEach(body.putArray("formats")::add);
        return call(() -> {
            ScrapeRequest req = ScrapeRequest.parse(body, server);
            return render ? scrapes.scrapeRendered(req) : scrapes.scrape(req);
        });
    }

    /**
     * A site's pages' URLs, found by a discovery crawl (its sitemaps, then its pages fetched for their links), ranked
     * by {@code search} when given, the first {@code limit}; the map says why its crawl ended (its time cap, the
     * server's default for a map's, among the reasons).
     */
    public Discovery.SiteMap map(String url, String search, int limit) {
        ObjectNode body = Json.MAPPER.createObjectNode().put("url", url).put("limit", limit);
        if (search != null) body.put("search", search);
        return call(() -> scrapes.map(MapRequest.parse(body, server)));
    }

    /**
     * Starts a crawl job from {@code url} with {@code settings} (rows of the settings table by name: a string, a
     * number, a boolean, or a list of strings), archived ({@link JobArchive}), its pages rendered as {@code render}
     * says (refused at once when that needs Chromium and there is none); its id.
     */
    public String crawl(String url, Map<String, Object> settings, RenderMode render) {
        return call(() -> {
            String root = Roots.check(url, "url", server).toString();
            if (render != RenderMode.NEVER) Browsers.check();
            SettingsJson s = new SettingsJson().root(root);
            settings.forEach((name, value) -> {
                switch (value) {
                    case Boolean b -> s.set(name, b);
                    case Number n -> s.set(name, n.longValue());
                    case List<?> l -> l.forEach(v -> s.add(name, String.valueOf(v)));
                    default -> s.set(name, String.valueOf(value));
                }
            });
            CrawlConfig config = s.config(server, server.maxPages());
            ObjectNode options = Json.MAPPER.valueToTree(settings);
            if (render != RenderMode.NEVER) options.put("render", render.label());
            return jobs.submit(JobKind.CRAWL, List.of(root), options, ScrapeOptions.DEFAULT, config, true, render)
                    .id();
        });
    }

    /**
     * Where a crawl job is: its state ("scraping", "completed", "failed", "cancelled"), documents so far, pages done
     * and still to do, why it failed, when its results are removed, its folder (WARC files, chunks), and for a
     * focused crawl ({@code query}) its most relevant pages so far, best first (null without a focus).
     */
    public record JobStatus(String id, String url, String state, boolean finished, long completed, long total,
                            String error, Instant expiresAt, Path dir, FocusReport focus) {}

    public JobStatus status(String id) {
        return call(() -> {
            Job job = jobs.get(id, JobKind.CRAWL);
            JobRecord r = job.record();
            Crawler running = job.crawler;
            FocusReport live = running == null ? null : running.focusReport(); // made under the focus's lock: once
            FocusReport focus = live != null ? live : job.focus;
            return new JobStatus(id, r.urls().getFirst(), r.state().label(), r.state().finished(), job.completed(),
                    Math.max(job.completed(), job.total()), r.error(), jobs.expiresAt(job), jobs.dir(job), focus);
        });
    }

    /** The job's documents from index {@code from}: at most {@code max}, and (past the first) about so many bytes. */
    public List<String> documents(String id, int from, int max, long maxBytes) {
        return call(() -> jobs.get(id, JobKind.CRAWL).documents.lines(from, max, maxBytes));
    }

    /** Cancels the crawl job (nothing if it has finished already); its state after. */
    public String cancel(String id) {
        return call(() -> {
            Job job = jobs.get(id, JobKind.CRAWL);
            jobs.cancel(job);
            return job.record().state().label();
        });
    }

    /**
     * The chunks of crawl job {@code id} best matching {@code query}, best first (BM25 and the embedding model's cosine
     * similarity, fused; BM25 alone without the model): a page of at most {@code limit}, from {@code cursor} (null: the
     * first). The job's index is caught up with the chunks its crawl has written so far before each search, so it grows
     * as the crawl goes. Only jobs the crawl tool started write chunks (Firecrawl's crawl jobs are not archived).
     */
    public ChunkIndex.Page searchCrawl(String id, String query, int limit, String cursor) {
        return call(() -> {
            Job job = jobs.get(id, JobKind.CRAWL);
            if (!job.record().archived()) {
                throw ApiError.badRequest("crawl " + id + " has no chunks to search: only crawls started by the "
                        + "crawl tool are archived and chunked");
            }
            return searches.search(id, jobs.dir(job).resolve(INDEX), jobs.dir(job).resolve(JobArchive.CHUNKS), query,
                    limit, cursor, null);
        });
    }

    /** What a link check found: the broken targets, links checked, pages crawled, and whether a cap cut it short. */
    public record LinkReport(List<LinkCheck.Broken> broken, long checked, long pages, boolean cut) {}

    /**
     * Checks the links of the site at {@code url}: its pages crawled (at most {@code maxPages}, for at most
     * {@code maxTime}), each link to another site checked without being crawled. {@code progress} is told each page
     * done; {@code onCancel} is given what stops the check early (what was found so far is reported).
     */
    public LinkReport checkLinks(String url, long maxPages, Duration maxTime, LongConsumer progress,
                                 Consumer<Runnable> onCancel) {
        return call(() -> {
            String root = Roots.check(url, "url", server).toString();
            CrawlConfig config = new SettingsJson().root(root).set("check-links", true)
                    .config(server, Math.min(maxPages, server.maxPages()), maxTime);
            LinkCheck check = new LinkCheck();
            java.util.concurrent.atomic.AtomicLong pages = new java.util.concurrent.atomic.AtomicLong();
            CrawlSummary summary;
            try (RunningCrawl run = CrawlRunner.of(config).connections(GuardedConnections.of(config, server))
                    .listener(check).listener(CrawlListener.ofRecords(r -> progress.accept(pages.incrementAndGet())))
                    .start()) {
                onCancel.accept(run::cancel);
                Ended ended = run.crawl();
                if (ended instanceof Ended.Failed failed) throw failed.failure();
                summary = ended.summary();
            }
            List<LinkCheck.Broken> broken = new ArrayList<>(check.broken());
            return new LinkReport(broken, check.checked(), summary.done(),
                    summary.interrupted() || summary.todo() > 0);
        });
    }

    /** Whether an Authorization header's value passes the server's API keys (any, when it has none). */
    public boolean authorized(String header) {
        try {
            ApiHandler.authorize(header, server);
            return true;
        } catch (ApiError e) {
            return false;
        }
    }

    private static <T> T call(java.util.function.Supplier<T> work) {
        try {
            return work.get();
        } catch (ApiError e) {
            throw new Refused(e);
        }
    }

    @Override
    public void close() {
        searches.close();
        if (owned) jobs.close();
    }
}
