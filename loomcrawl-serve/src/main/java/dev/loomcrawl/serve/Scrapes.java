package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.run.CrawlRunner;
import dev.loomcrawl.run.Ended;
import dev.loomcrawl.run.RunningCrawl;
import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.reason.SkipReason;
import dev.loomcrawl.render.Renderer;
import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.result.FoundLink;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
        try (Browsers.Lease browser = browsers.take(RenderMode.ALWAYS, false)) {
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
            String next = records.isEmpty() ? null : records.getLast().nextUrl();
            if (next == null || hop >= req.config().http().maxRedirects()) throw failure(records, r.url());
            at = r.redirectedTo(next, server);
        }
    }

    /** The map's URLs with their link text, in the order found, each once. */
    List<MapRanking.Entry> map(MapRequest req) {
        Map<String, String> found = new LinkedHashMap<>(); // a URL's title: its page's, else its longest link text
        crawl(req.config(), null, f -> {
            boolean sitemap = Documents.isSitemap(f.record());
            if (Documents.isDocument(f) && !req.sitemap().equals("only")) {
                String title = f.record().facts() == null ? null : f.record().facts().title();
                found.merge(url(f.record().url().toString(), req), title == null ? "" : title, (a, b) -> b);
            }
            if (sitemap ? req.sitemap().equals("skip") : req.sitemap().equals("only")) return;
            for (FoundLink l : f.links()) {
                if (l.link().target() == null || !l.inScope() || l.link().target().path().endsWith(".xml")) continue;
                String text = l.link().text() == null ? "" : l.link().text().strip();
                found.merge(url(l.link().target().toString(), req), text, (a, b) -> b.length() > a.length()
                        && a.length() < 200 ? b : a);
            }
        });
        List<MapRanking.Entry> entries = new ArrayList<>();
        found.forEach((u, t) -> entries.add(new MapRanking.Entry(u, t.isEmpty() ? null : t)));
        List<MapRanking.Entry> ranked = req.search() == null ? entries : MapRanking.rank(entries, req.search());
        return ranked.size() > req.limit() ? ranked.subList(0, req.limit()) : ranked;
    }

    private static String url(String url, MapRequest req) {
        int q = url.indexOf('?');
        return req.ignoreQuery() && q >= 0 ? url.substring(0, q) : url;
    }

    /** One small crawl, its pages rendered by {@code renderer} unless null (the renderer outlives it). */
    private void crawl(CrawlConfig config, Renderer renderer, CrawlListener listener) {
        if (!permits.tryAcquire()) {
            throw new ApiError(429, "too many scrapes at once (--max-scrapes " + server.maxScrapes() + ")", 1);
        }
        CrawlRunner runner = CrawlRunner.of(config).connections(GuardedConnections.of(config, server))
                .listener(listener).needsContent();
        if (renderer != null) runner.renderer(renderer);
        try (RunningCrawl run = runner.start()) {
            if (run.crawl() instanceof Ended.Failed failed) throw failed.failure();
        } finally {
            permits.release();
        }
    }

    /** Why the URL made no document: refused (403), or the fetch failed (502). */
    private static ApiError failure(List<CrawlRecord> records, String url) {
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
                return new ApiError(502, "fetching " + r.url() + " failed: " + r.errorKind().label()
                        + (r.error() == null ? "" : ": " + r.error()));
            }
        }
        if (!records.isEmpty() && records.getLast().nextUrl() != null) {
            return new ApiError(502, url + " redirects to " + records.getLast().nextUrl() + ", which was not "
                    + "fetched (another site, or too many redirects)");
        }
        return new ApiError(502, "fetching " + url + " gave no page");
    }
}
