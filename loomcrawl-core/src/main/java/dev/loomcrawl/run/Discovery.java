package dev.loomcrawl.run;

import dev.loomcrawl.extract.Assets;
import dev.loomcrawl.extract.Link;
import dev.loomcrawl.reason.Limit;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.result.FoundLink;
import dev.loomcrawl.url.WebUrl;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A map of a site: the URLs of its pages, found by a discovery crawl that fetches pages for their links only (no
 * content is made of them). The crawl is the runner's, as any other (its settings say the scope, the sitemaps, the
 * budget in pages and the time cap, {@code max-time}); discovery adds a page handler that follows only the links
 * that lead to pages ({@link #leadsToPage}: an {@code <a>}, {@code <area>} or frame, not a stylesheet, script,
 * image or download) and a listener that keeps each URL once, with its page's title and the texts of the links to
 * it. A URL fetched and found to be an error (4xx, 5xx, a failed fetch) or an asset after all is left out. With
 * {@link Options#stopAtLimit}, the crawl stops as soon as {@code limit} URLs are known; otherwise (a map to be
 * ranked) it goes on until the site, its budget or its time is done.
 */
public final class Discovery {
    /** Texts of links to one URL kept at most, and characters of each. */
    static final int MAX_ANCHORS = 4;
    static final int MAX_ANCHOR_CHARS = 160;

    /** Why the discovery crawl ended. */
    public enum Stop {
        /** Every page it could reach was fetched. */
        SITE_DONE("the site was fetched"),
        /** {@code limit} URLs were known. */
        LIMIT("the limit of URLs was reached"),
        /** Its {@code max-pages} were fetched. */
        BUDGET("the budget of pages was fetched"),
        /** Its time cap ({@code max-time}) passed. */
        TIME_CAP("the time cap passed");

        private final String says;

        Stop(String says) {
            this.says = says;
        }

        /** Why, in words. */
        public String says() {
            return says;
        }
    }

    /** Where a map takes its URLs from. */
    public enum Sitemaps {
        /** The pages' links and the sitemaps'. */
        INCLUDE,
        /** The pages' links only. */
        SKIP,
        /** The sitemaps' URLs only (the root page is fetched, its links not listed). */
        ONLY
    }

    /**
     * What to map.
     *
     * @param limit       URLs kept at most (the first found, or the best ranked)
     * @param stopAtLimit end the crawl once {@code limit} URLs are known (a map not to be ranked)
     * @param sitemaps    where URLs come from
     * @param dropQuery   drop each URL's query, merging what is then the same URL
     */
    public record Options(int limit, boolean stopAtLimit, Sitemaps sitemaps, boolean dropQuery) {
        public Options {
            if (limit < 1) throw new IllegalArgumentException("limit must be at least 1, got " + limit);
            Objects.requireNonNull(sitemaps, "sitemaps");
        }
    }

    /** A URL of the map: its page's title (null until fetched, or if none) and the texts of links to it. */
    public record Mapped(String url, String title, List<String> anchors) {
        public Mapped {
            anchors = List.copyOf(anchors);
        }
    }

    /**
     * The map: its URLs nearest the roots first (by the fewest links from a root the crawl saw), those as near in the
     * order of their URLs, so that a site mapped twice lists the same way; why the crawl ended, and how many URLs it
     * fetched.
     */
    public record SiteMap(List<Mapped> urls, Stop stop, long fetched) {
        public SiteMap {
            urls = List.copyOf(urls);
        }
    }

    private final Options options;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<String, Found> found = new LinkedHashMap<>();
    private final Set<String> gone = new HashSet<>(); // fetched and not a page: never listed
    private volatile boolean limitReached;

    private static final class Found {
        String title;
        int depth = Integer.MAX_VALUE; // the fewest links from a root seen
        final List<String> anchors = new ArrayList<>(2);
    }

    private Discovery(Options options) {
        this.options = options;
    }

    /**
     * Maps the site {@code runner}'s crawl starts from: adds discovery's page handler and listener to the runner,
     * runs it to its end, and returns what was found. The crawl's failure (its store, the address guard's refusal
     * of the root is no failure: the map is then empty) is thrown as the run's.
     */
    public static SiteMap map(CrawlRunner runner, Options options) {
        Discovery d = new Discovery(options);
        runner.pageHandler(page -> {
            List<WebUrl> follow = new ArrayList<>();
            if (options.sitemaps() != Sitemaps.ONLY) {
                for (Link l : page.links()) if (l.target() != null && leadsToPage(l)) follow.add(l.target());
            }
            page.follow(follow);
        });
        runner.listener(d::finished);
        Ended ended;
        try (RunningCrawl run = runner.start()) {
            d.run = run; // before the crawl starts: the listener may stop it
            ended = run.crawl();
        }
        if (ended instanceof Ended.Failed failed) throw failed.failure();
        return d.result(ended.summary());
    }

    private volatile RunningCrawl run;

    private void finished(FinishedUrl f) {
        CrawlRecord r = f.record();
        boolean sitemap = isSitemap(r);
        lock.lock();
        try {
            String self = url(r.url().toString());
            if (!sitemap && (error(r) || asset(r))) {
                gone.add(self);
                found.remove(self);
            } else if (!sitemap && r.nextUrl() == null && options.sitemaps() != Sitemaps.ONLY) {
                Found mine = add(self, r.depth());
                if (mine != null && r.facts() != null && r.facts().title() != null
                        && !r.facts().title().isBlank()) {
                    mine.title = r.facts().title().strip();
                }
            }
            boolean listLinks = sitemap ? options.sitemaps() != Sitemaps.SKIP : options.sitemaps() != Sitemaps.ONLY;
            if (listLinks) {
                for (FoundLink l : f.links()) {
                    WebUrl target = l.link().target();
                    if (target == null || !l.inScope() || !leadsToPage(l.link()) || isSitemapPath(target)) continue;
                    Found to = add(url(target.toString()), r.depth() + 1);
                    String text = l.link().text() == null ? "" : l.link().text().strip();
                    if (to != null && !text.isEmpty() && to.anchors.size() < MAX_ANCHORS) {
                        String cut = text.length() > MAX_ANCHOR_CHARS ? text.substring(0, MAX_ANCHOR_CHARS) : text;
                        if (!to.anchors.contains(cut)) to.anchors.add(cut);
                    }
                }
            }
            if (options.stopAtLimit() && found.size() >= options.limit() && !limitReached) {
                limitReached = true;
                if (run != null) run.stop();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * The URL's entry, made if new, which learns that the URL is {@code depth} links from a root (it keeps the
     * fewest); null for one known not to be a page, or past the bound.
     */
    private Found add(String url, int depth) {
        if (gone.contains(url)) return null;
        Found f = found.get(url);
        if (f == null && found.size() < bound()) {
            f = new Found();
            found.put(url, f);
        }
        if (f != null) f.depth = Math.min(f.depth, depth);
        return f;
    }

    /** URLs held at most: the limit when the first found are kept, else a ranking's pool of them. */
    private int bound() {
        return options.stopAtLimit() ? options.limit() : Math.max(options.limit(), MAX_POOL);
    }

    /** URLs a map to be ranked holds at most, whatever its limit. */
    public static final int MAX_POOL = 100_000;

    private SiteMap result(CrawlSummary summary) {
        lock.lock();
        try {
            // the first found are those kept (a limit); they are listed by depth, then URL, whatever order the
            // crawl's workers finished them in
            List<Map.Entry<String, Found>> kept = new ArrayList<>(found.entrySet());
            kept.sort(Comparator.comparingInt((Map.Entry<String, Found> e) -> e.getValue().depth)
                    .thenComparing(Map.Entry::getKey));
            List<Mapped> urls = new ArrayList<>(kept.size());
            for (Map.Entry<String, Found> e : kept) urls.add(new Mapped(e.getKey(), e.getValue().title,
                    e.getValue().anchors));
            Stop stop = limitReached ? Stop.LIMIT
                    : summary.limitReached() == Limit.MAX_TIME ? Stop.TIME_CAP
                    : summary.limitReached() != null ? Stop.BUDGET : Stop.SITE_DONE;
            return new SiteMap(urls, stop, summary.done());
        } finally {
            lock.unlock();
        }
    }

    private String url(String url) {
        int q = url.indexOf('?');
        return options.dropQuery() && q >= 0 ? url.substring(0, q) : url;
    }

    /**
     * Whether a link leads to a page: one of a sitemap, or an HTML {@code <a>}, {@code <area>}, {@code <frame>} or
     * {@code <iframe>}, whose path does not name a stylesheet, script, image, font, media file or archive.
     */
    public static boolean leadsToPage(Link link) {
        boolean element = switch (link.element()) {
            case "a", "area" -> link.attribute().equals("href");
            case "frame", "iframe" -> link.attribute().equals("src");
            default -> link.attribute().equals("loc"); // a sitemap's entry
        };
        return element && link.target() != null && !Assets.byPath(link.target());
    }

    private static boolean error(CrawlRecord r) {
        return r.errorKind() != null || (r.status() != null && r.status() >= 400);
    }

    /** A response that is a stylesheet, script, image, font or media file, whatever its URL said. */
    private static boolean asset(CrawlRecord r) {
        return Assets.byType(r.contentType());
    }

    /**
     * Whether the record is of a sitemap the crawl looked for itself ({@code --sitemaps}: the roots' /sitemap.xml and
     * those robots.txt names): a URL at a root's depth, named .xml, that is not a root (a root is at depth 0 with no
     * referrer; a sitemap's referrer is its root or robots.txt).
     */
    public static boolean isSitemap(CrawlRecord r) {
        return r.depth() == 0 && r.referrer() != null && isSitemapPath(r.url());
    }

    private static boolean isSitemapPath(WebUrl url) {
        return url.path().endsWith(".xml") || url.path().endsWith(".xml.gz");
    }
}
