package dev.loomcrawl.frontier;

import dev.loomcrawl.url.WebUrl;

/**
 * One unit of work: a URL to fetch, with the seed's redirect budget, its link depth from the roots, and the
 * page (or redirect) that led to it ({@code null} for a root).
 */
public record Visit(WebUrl url, int redirectsLeft, int depth, WebUrl referrer) {}
