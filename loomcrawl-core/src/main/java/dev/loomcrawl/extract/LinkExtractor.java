package dev.loomcrawl.extract;

import dev.loomcrawl.url.WebUrl;

/** Decodes an HTML page and finds its links, resolved against the page's base URL. */
public interface LinkExtractor {

    /**
     * @param body          the decoded (not content-encoded) body bytes
     * @param headerCharset the Content-Type charset parameter, or null
     * @param url           the URL the page was fetched from
     */
    ParsedPage extract(byte[] body, String headerCharset, WebUrl url);
}
