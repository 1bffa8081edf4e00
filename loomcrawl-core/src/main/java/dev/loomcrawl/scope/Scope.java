package dev.loomcrawl.scope;

import dev.loomcrawl.url.WebUrl;

/** Decides which discovered URLs belong to the crawl. Roots are always in scope. */
public interface Scope {
    boolean allows(WebUrl url);

    /**
     * Why the URL is not in scope: {@code excluded} (by an exclude or include pattern) or {@code out-of-scope}
     * (its host or path); null when it is in scope.
     */
    default String rejection(WebUrl url) {
        return allows(url) ? null : "out-of-scope";
    }
}
