package dev.loomcrawl.result;

import dev.loomcrawl.extract.Link;

/**
 * A link found on a fetched page, whether the crawl's scope kept it, and whether the crawl follows it.
 *
 * @param notFollowed null when the crawl follows the link (its target is queued, or was already seen); else why
 *                    not: {@code scheme} (not http or https), {@code out-of-scope}, {@code excluded} (by
 *                    {@code --exclude}/{@code --include}), {@code nofollow} ({@code rel} or the page's robots
 *                    directives), {@code robots} (robots.txt disallows it), {@code not-selected} (a scraping
 *                    rule follows only some links), or the limit or trap guard that dropped it
 */
public record FoundLink(Link link, boolean inScope, String notFollowed) {
    public FoundLink(Link link, boolean inScope) {
        this(link, inScope, inScope ? null : "out-of-scope");
    }

    public boolean followed() {
        return notFollowed == null;
    }
}
