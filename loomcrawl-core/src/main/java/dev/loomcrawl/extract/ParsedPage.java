package dev.loomcrawl.extract;

import java.util.List;

/**
 * What extraction found in a page: the charset it was decoded with, its links in document order, and the
 * {@code content} of every {@code <meta name="robots">} and {@code <meta name="loomcrawl">} (names matched
 * case-insensitively), in document order, for the crawler to read as robots directives.
 */
public record ParsedPage(String charset, List<Link> links, List<String> robotsMeta) {
    public ParsedPage(String charset, List<Link> links) {
        this(charset, links, List.of());
    }
}
