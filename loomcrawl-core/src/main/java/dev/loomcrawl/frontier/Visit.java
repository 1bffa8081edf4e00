package dev.loomcrawl.frontier;

import dev.loomcrawl.url.WebUrl;

/**
 * One unit of work: a URL to fetch, with the seed's redirect budget, its link depth from the roots, the page
 * (or redirect) that led to it ({@code null} for a root), how many times the server already asked us to come
 * back later (429/503) for it, and whether it is only to be checked (a link leaving the crawl's scope, in
 * link-checking mode: fetched with HEAD, never parsed).
 */
public record Visit(WebUrl url, int redirectsLeft, int depth, WebUrl referrer, int deferrals, boolean checkOnly) {

    public Visit(WebUrl url, int redirectsLeft, int depth, WebUrl referrer) {
        this(url, redirectsLeft, depth, referrer, 0, false);
    }

    public Visit(WebUrl url, int redirectsLeft, int depth, WebUrl referrer, int deferrals) {
        this(url, redirectsLeft, depth, referrer, deferrals, false);
    }

    /** The same visit, deferred once more. */
    public Visit deferred() {
        return new Visit(url, redirectsLeft, depth, referrer, deferrals + 1, checkOnly);
    }
}
