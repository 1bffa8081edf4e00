package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.CrawlConfig;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code POST /v2/crawl}: Firecrawl's crawl request, read into loomcrawl's settings. {@code limit} is
 * {@code max-pages} (lowered to the server's cap), {@code maxDiscoveryDepth} {@code max-depth}, {@code includePaths}
 * and {@code excludePaths} {@code include} and {@code exclude} (a pattern anchored at the path's start is anchored
 * after the origin, since loomcrawl matches the whole URL; {@code regexOnFullURL} takes them as they are),
 * {@code sitemap} {@code sitemaps} ("include", "skip"), {@code crawlEntireDomain} the host scope (Firecrawl's
 * default keeps to the URL's path: the prefix scope), {@code allowSubdomains} the domain scope,
 * {@code ignoreQueryParameters} an exclude of every URL with a query, {@code delay} (seconds) {@code delay},
 * {@code maxConcurrency} {@code max-tasks}, {@code focus} (loomcrawl's own field: a question, the {@code focus}
 * setting; Firecrawl's {@code prompt}, which a language model reads, stays refused) and {@code scrapeOptions} what
 * each document holds.
 */
record CrawlRequest(String url, ScrapeOptions scrape, JsonNode options, CrawlConfig config) {
    private static final Set<String> SUPPORTED = Set.of("url", "limit", "maxDiscoveryDepth", "includePaths",
            "excludePaths", "sitemap", "crawlEntireDomain", "allowSubdomains", "allowExternalLinks",
            "ignoreQueryParameters", "delay", "maxConcurrency", "regexOnFullURL", "scrapeOptions",
            "deduplicateSimilarURLs", "ignoreRobotsTxt", "origin", "integration", "zeroDataRetention",
            "ignoreSitemap", "maxDepth", "webhook", "focus");
    private static final Map<String, String> UNSUPPORTED = Map.of(
            "prompt", "it needs a language model",
            "robotsUserAgent", "loomcrawl obeys robots.txt as its own user agent");


    static CrawlRequest parse(JsonNode body, ServeOptions server) {
        Set<String> known = new HashSet<>(SUPPORTED);
        known.addAll(UNSUPPORTED.keySet());
        Fields f = Fields.of(body, "", known);
        for (String name : UNSUPPORTED.keySet()) {
            if (f.has(name)) throw ApiError.unsupported("'" + name + "'", UNSUPPORTED.get(name));
        }
        String url = Roots.check(f.requiredString("url"), "url", server).toString();
        Webhook.read(f, server); // checked now; the job reads it again from its kept request
        if (f.bool("allowExternalLinks", false)) {
            throw ApiError.unsupported("'allowExternalLinks': true", "a crawl keeps to its URL's host, or with "
                    + "allowSubdomains to its domain");
        }
        if (f.bool("ignoreRobotsTxt", false)) {
            throw ApiError.unsupported("'ignoreRobotsTxt': true", "jobs obey robots.txt");
        }
        SettingsJson s = new SettingsJson().root(url);
        // a crawl's documents are pages, as Firecrawl follows a page's links only: what pages load (stylesheets,
        // scripts) and files by their extension (images, fonts, media, archives) are not fetched, nor counted
        // against the limit, which would otherwise give fewer documents than asked for
        s.add("exclude", dev.loomcrawl.extract.Assets.pattern());
        Long limit = f.integer("limit", 1, Long.MAX_VALUE);
        if (limit != null) s.set("max-pages", limit);
        Long depth = f.integer("maxDiscoveryDepth", 0, 1_000_000);
        if (depth == null) depth = f.integer("maxDepth", 0, 1_000_000); // v1's name, still sent by older clients
        if (depth != null) s.set("max-depth", depth);
        boolean fullUrl = f.bool("regexOnFullURL", false);
        for (String p : f.strings("includePaths")) s.add("include", urlPattern(p, fullUrl));
        for (String p : f.strings("excludePaths")) s.add("exclude", urlPattern(p, fullUrl));
        String sitemap = f.string("sitemap", f.bool("ignoreSitemap", false) ? "skip" : "include");
        switch (sitemap) {
            case "include" -> s.set("sitemaps", true);
            case "skip" -> s.set("sitemaps", false);
            case "only" -> throw ApiError.unsupported("'sitemap': \"only\"", "a crawl follows links too; use "
                    + "\"include\" or \"skip\", or POST /v2/map with sitemap \"only\"");
            default -> throw ApiError.badRequest("field 'sitemap' must be \"include\", \"skip\" or \"only\", got \""
                    + sitemap + "\"");
        }
        if (f.bool("allowSubdomains", false)) s.set("scope", "domain");
        else if (f.bool("crawlEntireDomain", false)) s.set("scope", "host");
        else s.set("scope", "prefix");
        if (f.bool("ignoreQueryParameters", false)) s.add("exclude", "\\?");
        f.bool("deduplicateSimilarURLs", true); // type-checked: loomcrawl normalises URLs anyway
        f.bool("zeroDataRetention", false);
        Double delay = f.number("delay", 3600);
        if (delay != null) s.set("delay", Duration.ofMillis(Math.round(delay * 1000)));
        Long concurrency = f.integer("maxConcurrency", 1, 1000);
        if (concurrency != null) s.set("max-tasks", concurrency);
        String focus = f.string("focus", null); // loomcrawl's own: Firecrawl's prompt needs a model, this does not
        if (focus != null && !focus.isBlank()) s.set("focus", focus);
        Fields so = f.object("scrapeOptions", ScrapeOptions.keys());
        ScrapeOptions scrape = so == null ? ScrapeOptions.DEFAULT : ScrapeOptions.read(so);
        s.scrape(scrape);
        return new CrawlRequest(url, scrape, body, s.config(server, server.maxPages()));
    }

    /**
     * Firecrawl matches include and exclude patterns against the URL's path; loomcrawl finds them anywhere in the
     * URL. A pattern anchored at the path's start ({@code ^/blog}) is anchored after the origin instead.
     */
    static String urlPattern(String pathPattern, boolean fullUrl) {
        if (fullUrl || !pathPattern.startsWith("^")) return pathPattern;
        String rest = pathPattern.substring(1);
        return "^https?://[^/]+" + (rest.startsWith("/") ? rest : "/" + rest);
    }

    List<String> urls() {
        return List.of(url);
    }
}
