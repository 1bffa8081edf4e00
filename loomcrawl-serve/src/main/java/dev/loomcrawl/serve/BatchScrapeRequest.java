package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.CrawlConfig;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code POST /v2/batch/scrape}: a list of URLs, each fetched once (a crawl of those roots that follows no link,
 * {@code max-depth} 0), with scrape options at the top level as Firecrawl has them. With {@code ignoreInvalidURLs},
 * a URL that is not one (or that names an address the server does not reach) is left out and listed in the answer's
 * {@code invalidURLs}; without it, it is a 400.
 */
record BatchScrapeRequest(List<String> urls, List<String> invalid, ScrapeOptions scrape, JsonNode options,
                          CrawlConfig config) {
    private static final Set<String> OWN = Set.of("urls", "ignoreInvalidURLs", "maxConcurrency", "appendToId",
            "webhook");
    private static final Map<String, String> UNSUPPORTED = Map.of(
            "appendToId", "each batch is a job of its own");

    static BatchScrapeRequest parse(JsonNode body, ServeOptions server) {
        Set<String> known = new HashSet<>(OWN);
        known.addAll(ScrapeOptions.keys());
        known.addAll(UNSUPPORTED.keySet());
        Fields f = Fields.of(body, "", known);
        for (String name : UNSUPPORTED.keySet()) {
            if (f.has(name)) throw ApiError.unsupported("'" + name + "'", UNSUPPORTED.get(name));
        }
        Webhook.read(f, server); // checked now; the job reads it again from its kept request
        List<String> given = f.strings("urls");
        if (given.isEmpty()) throw ApiError.badRequest("field 'urls' is required: a list of URLs");
        if (given.size() > server.maxPages()) {
            throw ApiError.badRequest("field 'urls' has " + given.size() + " URLs; this server takes at most "
                    + server.maxPages() + " a job (--max-pages)");
        }
        boolean skipInvalid = f.bool("ignoreInvalidURLs", false);
        List<String> urls = new ArrayList<>();
        List<String> invalid = new ArrayList<>();
        for (int i = 0; i < given.size(); i++) {
            try {
                urls.add(Roots.check(given.get(i), "urls[" + i + "]", server).toString());
            } catch (ApiError e) {
                if (!skipInvalid) throw e;
                invalid.add(given.get(i));
            }
        }
        if (urls.isEmpty()) throw ApiError.badRequest("field 'urls' has no valid URL");
        ScrapeOptions scrape = ScrapeOptions.read(f);
        SettingsJson s = new SettingsJson();
        urls.forEach(s::root);
        s.set("max-depth", 0).set("sitemaps", false);
        Long concurrency = f.integer("maxConcurrency", 1, 1000);
        if (concurrency != null) s.set("max-tasks", concurrency);
        s.scrape(scrape);
        // every URL once, and the redirects on the way: a budget a little past the list
        return new BatchScrapeRequest(urls, invalid, scrape, body, s.config(server, Math.min(server.maxPages(),
                urls.size() * 6L)));
    }
}
