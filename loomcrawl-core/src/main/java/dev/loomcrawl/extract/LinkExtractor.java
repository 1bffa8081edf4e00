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

    /**
     * As {@link #extract(byte[], String, WebUrl)}; with {@code tree}, the page's DOM is kept too
     * ({@link ParsedPage#tree()}) when the extractor can give it (an extractor that cannot returns none, and the
     * page's content is then read from its bytes).
     */
    default ParsedPage extract(byte[] body, String headerCharset, WebUrl url, boolean tree) {
        return extract(body, headerCharset, url);
    }
}
