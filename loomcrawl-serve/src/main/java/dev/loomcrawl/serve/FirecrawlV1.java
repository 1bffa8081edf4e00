package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Firecrawl's v1 requests as v2 ones: the fields v1 names otherwise ({@code parsePDF}, {@code allowBackwardLinks},
 * map's {@code ignoreSitemap} and {@code sitemapOnly}) given their v2 names, the rest as it is, so that one parser
 * checks both. A body that is not a JSON object is left to that parser to refuse.
 */
final class FirecrawlV1 {
    private FirecrawlV1() {
    }

    /** A v1 scrape request, or a crawl's {@code scrapeOptions}: {@code parsePDF: false} is {@code parsers: []}. */
    static JsonNode scrape(JsonNode body) {
        if (!(body instanceof ObjectNode o)) return body;
        ObjectNode v2 = o.deepCopy();
        JsonNode parsePdf = v2.remove("parsePDF");
        if (parsePdf != null && parsePdf.isBoolean()) {
            if (parsePdf.booleanValue()) v2.putArray("parsers").add("pdf");
            else v2.putArray("parsers");
        } else if (parsePdf != null) {
            v2.set("parsePDF", parsePdf); // the wrong type: refused by name
        }
        return v2;
    }

    /** A v1 crawl request: {@code allowBackwardLinks} is v2's {@code crawlEntireDomain}. */
    static JsonNode crawl(JsonNode body) {
        if (!(body instanceof ObjectNode o)) return body;
        ObjectNode v2 = o.deepCopy();
        JsonNode backward = v2.remove("allowBackwardLinks");
        if (backward != null && !v2.has("crawlEntireDomain")) v2.set("crawlEntireDomain", backward);
        if (v2.get("scrapeOptions") instanceof ObjectNode so) v2.set("scrapeOptions", scrape(so));
        return v2;
    }

    /** A v1 batch scrape request: scrape options at its top level. */
    static JsonNode batch(JsonNode body) {
        return scrape(body);
    }

    /** A v1 map request: {@code ignoreSitemap} and {@code sitemapOnly} are v2's {@code sitemap}. */
    static JsonNode map(JsonNode body) {
        if (!(body instanceof ObjectNode o)) return body;
        ObjectNode v2 = o.deepCopy();
        JsonNode ignore = v2.remove("ignoreSitemap");
        JsonNode only = v2.remove("sitemapOnly");
        if (only != null && only.asBoolean(false)) v2.put("sitemap", "only");
        else if (ignore != null && ignore.asBoolean(false)) v2.put("sitemap", "skip");
        return v2;
    }
}
