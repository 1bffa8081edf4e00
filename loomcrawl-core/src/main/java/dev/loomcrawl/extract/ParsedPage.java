package dev.loomcrawl.extract;

import java.util.List;

/** What extraction found in an HTML page: the charset it was decoded with, and its links in document order. */
public record ParsedPage(String charset, List<Link> links) {}
