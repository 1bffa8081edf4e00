package dev.loomcrawl.frontier;

import dev.loomcrawl.url.WebUrl;

/**
 * One unit of work: a URL to fetch, with the seed's redirect budget, its link depth from the roots, the page
 * (or redirect) that led to it ({@code null} for a root), and how many times the server already asked us to
 * come back later (429/503) for it.
 */
public record Visit(WebUrl url, int redirectsLeft, int depth, WebUrl referrer, int deferrals) {

    public Visit(WebUrl url, int redirectsLeft, int depth, WebUrl referrer) {
        this(url, redirectsLeft, depth, referrer, 0);
    }

    /** The same visit, deferred once more. */
    public Visit deferred() {
        return new Visit(url, redirectsLeft, depth, referrer, deferrals + 1);
    }
}
