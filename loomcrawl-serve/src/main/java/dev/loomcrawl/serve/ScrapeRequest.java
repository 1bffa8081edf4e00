package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.CrawlConfig;

import java.util.HashSet;
import java.util.Set;

/**
 * {@code POST /v2/scrape}: one URL, answered at once with its document. Made into a crawl of that one root that
 * follows no link ({@code max-depth} 0) but its redirects. {@code asked} is the URL as the request gave it, its
 * document's {@code sourceURL} through any redirect.
 */
record ScrapeRequest(String url, ScrapeOptions scrape, CrawlConfig config, String asked) {

    static ScrapeRequest parse(JsonNode body, ServeOptions server) {
        Set<String> known = new HashSet<>(ScrapeOptions.keys());
        known.add("url");
        Fields f = Fields.of(body, "", known);
        String asked = f.requiredString("url");
        String url = Roots.check(asked, "url", server).toString();
        return of(url, ScrapeOptions.read(f), server, asked.strip());
    }

    private static ScrapeRequest of(String url, ScrapeOptions scrape, ServeOptions server, String asked) {
        SettingsJson s = new SettingsJson().root(url).set("max-depth", 0).set("sitemaps", false)
                .set("scope", "domain");
        s.scrape(scrape);
        return new ScrapeRequest(url, scrape, s.config(server, 6), asked); // the page and its redirects on its site
    }

    /** The same scrape of the URL a redirect led to, checked as a request's own URL is (a 403 if not public). */
    ScrapeRequest redirectedTo(String target, ServeOptions server) {
        return of(Roots.check(target, "url (redirected to)", server).toString(), scrape, server, asked);
    }
}
