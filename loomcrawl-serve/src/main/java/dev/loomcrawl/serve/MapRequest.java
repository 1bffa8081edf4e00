package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.CrawlConfig;

import java.util.Map;
import java.util.Set;

/**
 * {@code POST /v2/map}: the URLs of a site, fast: the links of the URL's page and of its sitemaps (robots.txt's
 * and /sitemap.xml), none of the pages they lead to fetched. {@code sitemap}: "include" (default), "skip" (the
 * page's links only), "only" (the sitemaps' URLs only). {@code search} ranks them by relevance ({@link MapRanking}),
 * {@code limit} keeps the first so many, {@code includeSubdomains} takes the domain's hosts too,
 * {@code ignoreQueryParameters} drops queries and merges what is then the same URL.
 */
record MapRequest(String url, String search, String sitemap, boolean ignoreQuery, int limit, CrawlConfig config) {
    static final int MAX_LIMIT = 100_000;
    private static final Set<String> KNOWN = Set.of("url", "search", "sitemap", "includeSubdomains",
            "ignoreQueryParameters", "limit", "timeout", "origin", "integration", "location", "ignoreSitemap",
            "sitemapOnly", "useIndex", "ignoreCache");
    private static final Map<String, String> UNSUPPORTED = Map.of(
            "location", "it needs proxies in other countries");

    static MapRequest parse(JsonNode body, ServeOptions server) {
        Fields f = Fields.of(body, "", KNOWN);
        for (String name : UNSUPPORTED.keySet()) {
            if (f.has(name)) throw ApiError.unsupported("'" + name + "'", UNSUPPORTED.get(name));
        }
        String url = Roots.check(f.requiredString("url"), "url", server).toString();
        String search = f.string("search", null);
        String sitemap = f.string("sitemap", f.bool("sitemapOnly", false) ? "only"
                : f.bool("ignoreSitemap", false) ? "skip" : "include");
        if (!Set.of("include", "skip", "only").contains(sitemap)) {
            throw ApiError.badRequest("field 'sitemap' must be \"include\", \"skip\" or \"only\", got \"" + sitemap
                    + "\"");
        }
        f.bool("useIndex", true);
        f.bool("ignoreCache", false);
        Long limit = f.integer("limit", 1, MAX_LIMIT);
        Long timeout = f.integer("timeout", 1, 600_000);
        SettingsJson s = new SettingsJson().root(url).set("max-depth", 0).set("sitemaps", !sitemap.equals("skip"))
                .set("scope", f.bool("includeSubdomains", true) ? "domain" : "host");
        if (timeout != null) s.set("fetch-timeout", java.time.Duration.ofMillis(timeout));
        // the page, its redirects and the sitemaps: pages past those stay unfetched
        CrawlConfig config = s.config(server, Math.min(server.maxPages(), 50));
        return new MapRequest(url, search == null || search.isBlank() ? null : search, sitemap,
                f.bool("ignoreQueryParameters", true), limit == null ? 5000 : limit.intValue(), config);
    }
}
