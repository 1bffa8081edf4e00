package dev.loomcrawl.internal.sitemap;

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
 *
 * <p>Bounded, as a site's file is: a gzipped sitemap is inflated here ({@link SitemapGzip}), to at most
 * {@code maxInflated} bytes, not by crawler-commons, which inflates without a bound (a 610 KB file that inflates
 * to 200 MiB ran the crawl out of memory); and at most {@code maxEntries} entries are taken (sitemaps.org allows
 * 50,000 per file), the rest counted, never collected.
 */
public final class SitemapReader {
    /** The sitemaps.org limits on one sitemap file: 50,000 entries, 50 MiB uncompressed. */
    public static final int MAX_ENTRIES = 50_000;
    public static final long MAX_INFLATED_BYTES = 50L << 20;

    /**
     * What a sitemap file held: further sitemaps (an index) or page URLs; entries past the bound, not taken; and
     * a line saying what was cut or why the file could not be read (null when neither).
     */
    public record Read(boolean index, List<Link> links, long cut, String problem) {
        static Read unreadable(String problem) {
            return new Read(false, List.of(), 0, problem);
        }
    }

    private SitemapReader() {}

    /**
     * The sitemap's entries within the crawl's bounds and sitemaps.org's: a gzipped file inflated to at most
     * {@code maxBody} bytes or {@value #MAX_INFLATED_BYTES}, whichever is smaller; at most {@code maxLinksPerPage}
     * entries (negative: no bound of the crawl's) or {@value #MAX_ENTRIES}, whichever is smaller.
     */
    public static Read read(FetchResult.Response response, long maxBody, int maxLinksPerPage) {
        return bounded(response, Math.min(maxBody, MAX_INFLATED_BYTES),
                maxLinksPerPage < 0 ? MAX_ENTRIES : Math.min(maxLinksPerPage, MAX_ENTRIES));
    }

    /**
     * The sitemap's first {@code maxEntries} entries, read from at most {@code maxInflated} bytes (a gzipped file
     * inflated); an unreadable or too large file is a {@link Read} without links, saying why. Never throws for
     * what the file holds.
     */
    static Read bounded(FetchResult.Response response, long maxInflated, int maxEntries) {
        byte[] body = response.body();
        String contentType = response.contentType().mediaType();
        if (SitemapGzip.isGzip(body)) {
            try {
                body = SitemapGzip.inflate(body, maxInflated);
            } catch (SitemapGzip.TooLarge e) {
                return Read.unreadable("sitemap not read: its " + response.body().length + " gzipped bytes inflate"
                        + " to more than " + maxInflated + " bytes");
            } catch (IOException e) {
                return Read.unreadable("unreadable sitemap: bad gzip: " + e.getMessage());
            }
            contentType = null; // what it holds is told by its bytes (crawler-commons sniffs them)
        } else if (contentType.contains("gzip")) {
            contentType = null; // said to be gzipped, but is not (decoded on the way, say)
        }
        EntryCount count = new EntryCount(maxEntries);
        AbstractSiteMap parsed;
        try {
            URL url = URI.create(response.url().toString()).toURL();
            SiteMapParser parser = new SiteMapParser(false);
            parser.setURLFilter(count::take);
            parsed = contentType == null ? parser.parseSiteMap(body, url)
                    : parser.parseSiteMap(contentType, body, url);
        } catch (UnknownFormatException | IOException | RuntimeException | StackOverflowError e) {
            return Read.unreadable("unreadable sitemap: " + e.getMessage());
        }
        List<Link> links = new ArrayList<>();
        boolean index;
        switch (parsed) {
            case SiteMapIndex i -> {
                index = true;
                for (AbstractSiteMap s : i.getSitemaps()) {
                    links.add(entry(s.getUrl(), "sitemap", s.getLastModified(), null));
                }
            }
            case SiteMap map -> {
                index = false;
                for (SiteMapURL u : map.getSiteMapUrls()) {
                    links.add(entry(u.getUrl(), "url", u.getLastModified(), u.getPriority()));
                }
            }
            default -> {
                return Read.unreadable("unreadable sitemap: neither a sitemap nor a sitemap index");
            }
        }
        String problem = count.cut == 0 ? null : "sitemap entries cut: the first " + maxEntries + " taken, "
                + count.cut + " more not";
        return new Read(index, links, count.cut, problem);
    }

    /**
     * crawler-commons' URL filter: lets the first entries through, and counts the rest (dropped as null). An
     * entry the filter dropped is asked about again in other forms; counted once.
     */
    private static final class EntryCount {
        private final int max;
        private int taken;
        private long cut;
        private String lastCut;

        EntryCount(int max) {
            this.max = max;
        }

        String take(String url) {
            if (max >= 0 && taken >= max) {
                if (lastCut == null || !url.strip().equals(lastCut)) cut++;
                lastCut = url.strip();
                return null;
            }
            taken++;
            return url;
        }
    }

    private static Link entry(URL loc, String element, Date lastmod, Double priority) {
        String href = loc.toString();
        return new Link(WebUrl.tryParse(href, null), href, element, "loc", "", "",
                lastmod == null ? null : lastmod.toInstant().toString(), priority);
    }
}
