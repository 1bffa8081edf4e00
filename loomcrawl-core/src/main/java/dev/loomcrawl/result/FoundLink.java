package dev.loomcrawl.result;

import dev.loomcrawl.extract.Link;
import dev.loomcrawl.reason.DropReason;
import dev.loomcrawl.reason.LinkReason;
import dev.loomcrawl.reason.Reason;
import dev.loomcrawl.reason.SkipReason;

/**
 * A link found on a fetched page, whether the crawl's scope kept it, and whether the crawl follows it.
 *
 * @param notFollowed null when the crawl follows the link (its target is queued, or was already seen); else why
 *                    not: a {@link LinkReason} (its target, the scope, {@code nofollow}, a scraping rule), the
 *                    {@link DropReason} of the limit or trap guard that dropped it, or {@link SkipReason#ROBOTS}
 *                    (robots.txt, already read, disallows it: it is queued, to be skipped). Its label is what the
 *                    outputs write ({@code out-of-scope}, {@code max-depth}, {@code robots}...)
 */
public record FoundLink(Link link, boolean inScope, Reason notFollowed) {
    public FoundLink(Link link, boolean inScope) {
        this(link, inScope, inScope ? null : LinkReason.OUT_OF_SCOPE);
    }

    public boolean followed() {
        return notFollowed == null;
    }
}
