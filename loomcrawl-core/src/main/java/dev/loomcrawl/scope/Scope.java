package dev.loomcrawl.scope;

import dev.loomcrawl.url.WebUrl;

/** Decides which discovered URLs belong to the crawl. Roots are always in scope. */
public interface Scope {
    boolean allows(WebUrl url);
}
