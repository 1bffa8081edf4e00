package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.run.CrawlRunner;
import dev.loomcrawl.run.Discovery;
import dev.loomcrawl.run.MapRanking;
import dev.loomcrawl.run.Ended;
import dev.loomcrawl.run.RunningCrawl;
import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.reason.SkipReason;
import dev.loomcrawl.render.Renderer;
import dev.loomcrawl.render.chromium.RenderSettings;
import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FinishedUrl;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * What is answered at once: a scrape (one page's document) and a map (a site's URLs). Each is a small crawl in
 * memory, through the same builder and guarded fetcher as a job; at most {@code --max-scrapes} at once, past that
 * a 429.
 */
final class Scrapes {
    private final ServeOptions server;
    private final Semaphore permits;
    private final Browsers browsers;
    final LongAdder pages = new LongAdder();

    Scrapes(ServeOptions server, Browsers browsers) {
        this.server = server;
        this.browsers = browsers;
        this.permits = new Semaphore(server.maxScrapes());
    }

    /**
     * The page's document, or an error saying why there is none. A redirect to another site (which the scrape's
     * crawl does not follow: it is out of its scope) is followed here, up to {@code max-redirect} hops, each target
     * checked as a request's URL is before it is scraped in turn: one naming a non-public address is refused, not
     * fetched.
     */
    ObjectNode scrape(ScrapeRequest req) {
        return scrape(req, null);
    }

    /**
     * {@link #scrape(ScrapeRequest)} with the page rendered in a browser of its own ({@link Browsers}) before it is
     * read: its text and links as its scripts left them. The browser's requests go through the same guard.
     */
    ObjectNode scrapeRendered(ScrapeRequest req) {
        return scrapeRendered(req, RenderMode.ALWAYS.settings());
    }

    /** {@link #scrapeRendered(ScrapeRequest)} in a browser rendering as {@code settings} say. */
    ObjectNode scrapeRendered(ScrapeRequest req, RenderSettings settings) {
        try (Browsers.Lease browser = browsers.take(settings, false)) {
            return scrape(req, browser.renderer());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiError(503, "the server is stopping");
        }
    }

    private ObjectNode scrape(ScrapeRequest req, Renderer renderer) {
        ScrapeRequest at = req;
        for (int hop = 0; ; hop++) {
            AtomicReference<ObjectNode> doc = new AtomicReference<>();
            List<CrawlRecord> records = new CopyOnWriteArrayList<>();
            ScrapeRequest r = at;
            crawl(r.config(), renderer, f -> {
                records.add(f.record());
                // sourceURL is the URL asked for, as given, through any redirect
                if (Documents.isDocument(f) && doc.get() == null) doc.set(Documents.of(f, r.scrape(), req.asked()));
            });
            if (doc.get() != null) {
                pages.increment();
                return doc.get();
            }
            String next = unfollowedRedirect(records);
            if (next == null || hop >= req.config().http().maxRedirects()) throw failure(records, r.url(), next);
            at = r.redirectedTo(next, server);
        }
    }

    /**
     * The map's URLs: found by a discovery crawl ({@link Discovery}) through the same guarded fetcher as a job's,
     * ranked by the request's search if it has one, the first {@code limit}. A request's own {@code timeout} that
     * passes is Firecrawl's 408 "Map timed out".
     */
    Discovery.SiteMap map(MapRequest req) {
        if (!permits.tryAcquire()) throw tooMany();
        Discovery.SiteMap map;
        try {
            map = Discovery.map(CrawlRunner.of(req.config()).connections(GuardedConnections.of(req.config(), server)),
                    req.options());
        } finally {
            permits.release();
        }
        if (req.timeout() != null && map.stop() == Discovery.Stop.TIME_CAP) throw new ApiError(408, "Map timed out");
        List<Discovery.Mapped> urls = req.search() == null ? map.urls() : MapRanking.rank(map.urls(), req.search());
        int limit = req.options().limit();
        return new Discovery.SiteMap(urls.size() > limit ? urls.subList(0, limit) : urls, map.stop(), map.fetched());
    }

    /** One small crawl, its pages rendered by {@code renderer} unless null (the renderer outlives it). */
    private void crawl(CrawlConfig config, Renderer renderer, CrawlListener listener) {
        if (!permits.tryAcquire()) throw tooMany();
        CrawlRunner runner = CrawlRunner.of(config).connections(GuardedConnections.of(config, server))
                .listener(listener).needsContent();
        if (renderer != null) runner.renderer(renderer);
        try (RunningCrawl run = runner.start()) {
            if (run.crawl() instanceof Ended.Failed failed) throw failed.failure();
        } finally {
            permits.release();
        }
    }

    private ApiError tooMany() {
        return new ApiError(429, "too many scrapes at once (--max-scrapes " + server.maxScrapes() + ")", 1);
    }

    /**
     * Why the URL made no document: refused (403), or the fetch failed (502, {@link ApiError#scrapeFailed});
     * {@code next} is the redirect the crawl did not follow ({@link #unfollowedRedirect}), or null.
     */
    private static ApiError failure(List<CrawlRecord> records, String url, String next) {
        for (CrawlRecord r : records) {
            if (r.errorKind() == ErrorKind.BLOCKED) {
                return new ApiError(403, "fetching " + r.url() + " was refused: " + r.error());
            }
            if (r.skipReason() == SkipReason.ROBOTS) {
                return new ApiError(403, r.url() + " is disallowed by its site's robots.txt");
            }
        }
        for (CrawlRecord r : records) {
            if (r.errorKind() != null) {
                return ApiError.scrapeFailed(r.errorKind(), "fetching " + r.url() + " failed: "
                        + (r.error() == null ? r.errorKind().label() : r.error()));
            }
        }
        if (next != null) {
            return ApiError.scrapeFailed(null, url + " redirects to " + next
                    + ", which was not fetched (another site, or too many redirects)");
        }
        return ApiError.scrapeFailed(null, "fetching " + url + " gave no page");
    }

    /**
     * The target of a redirect the crawl did not follow itself (out of its scope, or to the URL it came from), or
     * null. Not simply the last record's: records come as their visits end, and the visit of a redirect's target,
     * refused at once by the guard, can end before the redirect's own record is written (GuardTest saw it).
     */
    private static String unfollowedRedirect(List<CrawlRecord> records) {
        Set<String> visited = new HashSet<>();
        for (CrawlRecord r : records) visited.add(r.url().toString());
        for (CrawlRecord r : records) {
            String target = r.nextUrl();
            if (target != null && (!visited.contains(target) || target.equals(r.url().toString()))) return target;
        }
        return null;
    }
}
