package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.run.Discovery;

import java.time.Duration;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * {@code POST /v2/map}: the URLs of a site's pages, found by a discovery crawl ({@link Discovery}): its sitemaps,
 * then its pages fetched for their links only, within {@code limit} URLs and a time cap: {@code timeout} (ms), past
 * which the answer is Firecrawl's 408 "Map timed out", or else the server's {@link #DEFAULT_TIME_CAP}, past which
 * the URLs found so far are the answer. {@code sitemap}: "include" (default), "skip" (the pages' links only),
 * "only" (the sitemaps' URLs only). {@code search} ranks them by relevance ({@code MapRanking}); without it the
 * crawl stops once {@code limit} URLs are known. {@code includeSubdomains} (default) or {@code allowSubdomains} take
 * the domain's hosts too; {@code ignoreQueryParameters} drops queries and merges what is then the same URL;
 * {@code includePaths}, {@code excludePaths}, {@code regexOnFullURL}, {@code maxDiscoveryDepth}, {@code delay} and
 * {@code headers} are the crawl's, read as a crawl job reads them. Fields Firecrawl's v2 map schema has that change
 * nothing here are accepted at any value ({@code useIndex}, {@code ignoreCache}, {@code filterByPath},
 * {@code deduplicateSimilarURLs}, {@code crawlEntireDomain}, {@code origin}, {@code integration},
 * {@code auditMetadata}, Firecrawl's own {@code useMock}); those that ask for what loomcrawl cannot do are refused.
 */
record MapRequest(String url, String search, Duration timeout, Discovery.Options options, CrawlConfig config) {
    static final int MAX_LIMIT = 100_000;
    /** How long a map without a {@code timeout} crawls at most. */
    static final Duration DEFAULT_TIME_CAP = Duration.ofSeconds(60);
    private static final Set<String> KNOWN = Set.of("url", "search", "sitemap", "includeSubdomains", "allowSubdomains",
            "ignoreQueryParameters", "limit", "timeout", "origin", "integration", "ignoreSitemap", "sitemapOnly",
            "useIndex", "ignoreCache", "filterByPath", "includePaths", "excludePaths", "regexOnFullURL",
            "maxDiscoveryDepth", "crawlEntireDomain", "allowExternalLinks", "ignoreRobotsTxt",
            "deduplicateSimilarURLs", "delay", "headers", "auditMetadata", "location", "useMock",
            "threatProtection");
    private static final Map<String, String> UNSUPPORTED = Map.of(
            "location", "it needs proxies in other countries",
            "threatProtection", "loomcrawl has no threat-protection service");

    static MapRequest parse(JsonNode body, ServeOptions server) {
        Fields f = Fields.of(body, "", KNOWN);
        for (String name : UNSUPPORTED.keySet()) {
            if (f.has(name)) throw ApiError.unsupported("'" + name + "'", UNSUPPORTED.get(name));
        }
        if (f.bool("allowExternalLinks", false)) {
            throw ApiError.unsupported("'allowExternalLinks': true", "a map lists one site's URLs");
        }
        if (f.bool("ignoreRobotsTxt", false)) {
            throw ApiError.unsupported("'ignoreRobotsTxt': true", "maps obey robots.txt");
        }
        String url = Roots.check(f.requiredString("url"), "url", server).toString();
        String search = f.string("search", null);
        String sitemap = f.string("sitemap", f.bool("sitemapOnly", false) ? "only"
                : f.bool("ignoreSitemap", false) ? "skip" : "include");
        Discovery.Sitemaps sitemaps = switch (sitemap) {
            case "include" -> Discovery.Sitemaps.INCLUDE;
            case "skip" -> Discovery.Sitemaps.SKIP;
            case "only" -> Discovery.Sitemaps.ONLY;
            default -> throw ApiError.badRequest("field 'sitemap' must be \"include\", \"skip\" or \"only\", got \""
                    + sitemap + "\"");
        };
        f.string("useMock", null); // Firecrawl's own test double, as a scrape's: the site is fetched
        f.bool("useIndex", true);
        f.bool("ignoreCache", false);
        f.bool("filterByPath", true);
        f.bool("deduplicateSimilarURLs", true); // loomcrawl normalises URLs anyway
        f.bool("crawlEntireDomain", false); // a map's scope is the host, or the domain
        if (f.has("auditMetadata") && !f.get("auditMetadata").isObject()) throw f.wrong("auditMetadata", "an object");
        long limit = f.integer("limit", 1, MAX_LIMIT) instanceof Long l ? l : 5000;
        Long timeout = f.integer("timeout", 1, server.maxJobTime().toMillis());
        boolean subdomains = f.bool("includeSubdomains", true) || f.bool("allowSubdomains", false);
        SettingsJson s = new SettingsJson().root(url).set("sitemaps", sitemaps != Discovery.Sitemaps.SKIP)
                .set("scope", subdomains ? "domain" : "host");
        Long depth = f.integer("maxDiscoveryDepth", 0, 1_000_000);
        s.set("max-depth", sitemaps == Discovery.Sitemaps.ONLY ? 0 : depth == null ? -1 : depth);
        boolean fullUrl = f.bool("regexOnFullURL", false);
        for (String p : f.strings("includePaths")) s.add("include", CrawlRequest.urlPattern(p, fullUrl));
        for (String p : f.strings("excludePaths")) s.add("exclude", CrawlRequest.urlPattern(p, fullUrl));
        Double delay = f.number("delay", 3600);
        if (delay != null) s.set("delay", Duration.ofMillis(Math.round(delay * 1000)));
        headers(f, s);
        Duration cap = timeout == null ? min(DEFAULT_TIME_CAP, server.maxJobTime()) : Duration.ofMillis(timeout);
        boolean ranked = search != null && !search.isBlank();
        Discovery.Options options = new Discovery.Options((int) limit, !ranked, sitemaps,
                f.bool("ignoreQueryParameters", true));
        return new MapRequest(url, ranked ? search : null, timeout == null ? null : cap, options,
                s.config(server, sitemaps == Discovery.Sitemaps.ONLY ? Math.min(server.maxPages(), 50) : server.maxPages(), cap));
    }

    /** Firecrawl's {@code headers}, an object of names and values: each sent to the site, as a crawl's. */
    private static void headers(Fields f, SettingsJson s) {
        JsonNode node = f.get("headers");
        if (node == null) return;
        if (!node.isObject()) throw f.wrong("headers", "an object of header names and values");
        Set<String> names = new HashSet<>();
        node.fieldNames().forEachRemaining(names::add);
        Fields h = Fields.of(node, f.name("headers"), names);
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            s.add("header", e.getKey() + ": " + h.string(e.getKey(), ""));
        }
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
