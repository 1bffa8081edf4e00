package dev.loomcrawl.sitemap;

import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMap;
import crawlercommons.sitemaps.SiteMapIndex;
import crawlercommons.sitemaps.SiteMapParser;
import crawlercommons.sitemaps.SiteMapURL;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.fetch.Fetcher;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.url.WebUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds the URLs an origin's sitemaps list: those named by its robots.txt {@code Sitemap:} lines and
 * {@code /sitemap.xml}, in XML, text or gzip form, following sitemap indexes (crawler-commons parses them).
 * At most {@code maxSitemaps} files are fetched per origin.
 */
public final class SitemapSeeder {
    private static final Logger log = LoggerFactory.getLogger(SitemapSeeder.class);

    /** A URL listed in a sitemap, and the sitemap that listed it. */
    public record Listed(WebUrl url, WebUrl sitemap) {}

    private final Fetcher fetcher;
    private final int maxSitemaps;
    private final SiteMapParser parser = new SiteMapParser(false);

    public SitemapSeeder(Fetcher fetcher, int maxSitemaps) {
        this.fetcher = fetcher;
        this.maxSitemaps = maxSitemaps;
    }

    /** The URLs listed in the sitemaps of {@code origin}, starting from {@code declared} and /sitemap.xml. */
    public List<Listed> urls(Origin origin, List<String> declared) {
        Deque<WebUrl> pending = new ArrayDeque<>();
        Set<WebUrl> queued = new LinkedHashSet<>();
        for (String s : declared) add(pending, queued, WebUrl.tryParse(s, null));
        add(pending, queued, WebUrl.parse(origin + "/sitemap.xml"));
        List<Listed> found = new ArrayList<>();
        int fetched = 0;
        while (!pending.isEmpty() && fetched < maxSitemaps) {
            WebUrl sitemapUrl = pending.poll();
            fetched++;
            AbstractSiteMap sitemap = fetchAndParse(sitemapUrl);
            switch (sitemap) {
                case null -> { }
                case SiteMapIndex index -> index.getSitemaps().forEach(s ->
                        add(pending, queued, WebUrl.tryParse(s.getUrl().toString(), null)));
                case SiteMap map -> {
                    for (SiteMapURL u : map.getSiteMapUrls()) {
                        WebUrl url = WebUrl.tryParse(u.getUrl().toString(), null);
                        if (url != null) found.add(new Listed(url, sitemapUrl));
                    }
                }
                default -> { }
            }
        }
        return found;
    }

    private static void add(Deque<WebUrl> pending, Set<WebUrl> queued, WebUrl url) {
        if (url != null && queued.add(url)) pending.add(url);
    }

    private AbstractSiteMap fetchAndParse(WebUrl url) {
        if (!(fetcher.fetch(url) instanceof FetchResult.Response r) || r.status() != 200) return null;
        try {
            return parser.parseSiteMap(r.contentType().mediaType(), r.body(), URI.create(url.toString()).toURL());
        } catch (Exception e) { // a broken sitemap is skipped, not fatal
            log.warn("unreadable sitemap {}: {}", url, e.getMessage());
            return null;
        }
    }
}
