package dev.loomcrawl.frontier;

import dev.loomcrawl.result.LastCapture;
import dev.loomcrawl.url.WebUrl;

/**
 * One unit of work: a URL to fetch, with the seed's redirect budget, its link depth from the roots, the page
 * (or redirect, or sitemap) that led to it ({@code null} for a root), how many times the server already asked
 * us to come back later (429/503) for it, and what it is fetched for.
 *
 * @param redirectsLeft redirects that may still be followed from here; -1 for the target of a redirect chain
 *                      that had none left: it is recorded as {@code redirect-limit}, not fetched
 * @param last          on a re-crawl, what the URL's capture in an earlier pass came to; null for a first visit
 * @param priority      in a focused crawl ({@code --focus}), the link's estimated relevance to the question: its
 *                      origin's queue hands out the highest first; 0 otherwise (each origin's queue is then first in,
 *                      first out)
 */
public record Visit(WebUrl url, int redirectsLeft, int depth, WebUrl referrer, int deferrals, Kind kind,
                    LastCapture last, float priority) {

    /** What a visit is fetched for. */
    public enum Kind {
        /** A page of the crawl: fetched, recorded, its links followed. */
        PAGE,
        /** A link leaving the crawl's scope, in link-checking mode: fetched with HEAD, never parsed. */
        CHECK,
        /** A sitemap (or sitemap index): fetched, recorded, and the URLs it lists offered. */
        SITEMAP
    }

    /** A visit without a priority. */
    public Visit(WebUrl url, int redirectsLeft, int depth, WebUrl referrer, int deferrals, Kind kind,
                 LastCapture last) {
        this(url, redirectsLeft, depth, referrer, deferrals, kind, last, 0f);
    }

    /** A first visit of the URL. */
    public Visit(WebUrl url, int redirectsLeft, int depth, WebUrl referrer, int deferrals, Kind kind) {
        this(url, redirectsLeft, depth, referrer, deferrals, kind, null);
    }

    /** The same visit with the priority a focused crawl gave it. */
    public Visit withPriority(float p) {
        return new Visit(url, redirectsLeft, depth, referrer, deferrals, kind, last, p);
    }

    /** A page's first visit, not deferred. */
    public Visit(WebUrl url, int redirectsLeft, int depth, WebUrl referrer) {
        this(url, redirectsLeft, depth, referrer, 0, Kind.PAGE);
    }

    /** A first visit of the URL, a page's or (when {@code checkOnly}) a link's to check. */
    public Visit(WebUrl url, int redirectsLeft, int depth, WebUrl referrer, int deferrals, boolean checkOnly) {
        this(url, redirectsLeft, depth, referrer, deferrals, checkOnly ? Kind.CHECK : Kind.PAGE);
    }

    /** Only to be checked (a link leaving the crawl's scope, in link-checking mode). */
    public boolean checkOnly() {
        return kind == Kind.CHECK;
    }

    /** A re-crawl's visit of a URL an earlier pass captured. */
    public boolean revisit() {
        return last != null;
    }

    /** The same visit as a re-crawl's, of a URL whose last capture was {@code last}. */
    public Visit revisiting(LastCapture last) {
        return new Visit(url, redirectsLeft, depth, referrer, deferrals, kind, last, priority);
    }

    /** A sitemap file rather than a page. */
    public boolean sitemap() {
        return kind == Kind.SITEMAP;
    }

    /** The same visit, deferred once more. */
    public Visit deferred() {
        return new Visit(url, redirectsLeft, depth, referrer, deferrals + 1, kind, last, priority);
    }

    /** A visit of {@code target}, where this one redirected to, with one redirect less (-1 when none was left). */
    public Visit redirectedTo(WebUrl target) {
        return new Visit(target, redirectsLeft > 0 ? redirectsLeft - 1 : -1, depth, url, 0, kind, null, priority);
    }
}
