package dev.loomcrawl.sitemap;

import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMap;
import crawlercommons.sitemaps.SiteMapIndex;
import crawlercommons.sitemaps.SiteMapParser;
import crawlercommons.sitemaps.SiteMapURL;
import crawlercommons.sitemaps.UnknownFormatException;
import dev.loomcrawl.extract.Link;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.url.WebUrl;

import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;

/**
 * Reads a fetched sitemap (XML, RSS/Atom, plain text, or any of those gzipped; crawler-commons parses them) into
 * the links it lists, in order: the sitemaps of an index (element {@code sitemap}), or the URLs of a sitemap
 * (element {@code url}) with their {@code lastmod} and {@code priority}. Entries outside the sitemap's directory
 * are kept (crawler-commons' non-strict mode), since robots.txt may declare a sitemap anywhere; the crawl's
 * scope still decides what is followed.
 */
public final class SitemapReader {
    /** What a sitemap file held: further sitemaps (an index) or page URLs. */
    public record Read(boolean index, List<Link> links) {}

    private SitemapReader() {}

    /** The sitemap's entries; throws {@link IllegalArgumentException} with a one-line reason when unreadable. */
    public static Read read(FetchResult.Response response) {
        AbstractSiteMap parsed;
        try {
            URL url = URI.create(response.url().toString()).toURL();
            parsed = new SiteMapParser(false).parseSiteMap(response.contentType().mediaType(), response.body(), url);
        } catch (UnknownFormatException | IOException | RuntimeException e) {
            throw new IllegalArgumentException("unreadable sitemap: " + e.getMessage());
        }
        List<Link> links = new ArrayList<>();
        switch (parsed) {
            case SiteMapIndex index -> {
                for (AbstractSiteMap s : index.getSitemaps()) {
                    links.add(entry(s.getUrl(), "sitemap", s.getLastModified(), null));
                }
                return new Read(true, links);
            }
            case SiteMap map -> {
                for (SiteMapURL u : map.getSiteMapUrls()) {
                    links.add(entry(u.getUrl(), "url", u.getLastModified(), u.getPriority()));
                }
                return new Read(false, links);
            }
            default -> throw new IllegalArgumentException("unreadable sitemap: " + parsed.getClass().getSimpleName());
        }
    }

    private static Link entry(URL loc, String element, Date lastmod, Double priority) {
        String href = loc.toString();
        return new Link(WebUrl.tryParse(href, null), href, element, "loc", "", "",
                lastmod == null ? null : lastmod.toInstant().toString(), priority);
    }
}
