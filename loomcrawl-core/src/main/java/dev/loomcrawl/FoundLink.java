package dev.loomcrawl;

import dev.loomcrawl.extract.Link;

/** A link found on a fetched page, and whether the crawl's scope kept it. */
public record FoundLink(Link link, boolean inScope) {}
