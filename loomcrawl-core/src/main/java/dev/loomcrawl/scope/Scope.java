package dev.loomcrawl.scope;

import dev.loomcrawl.url.WebUrl;

/** Decides which discovered URLs belong to the crawl. Roots are always in scope. */
public interface Scope {
    boolean allows(WebUrl url);

    /**
     * Whether the URL is in scope, and if not why: {@link ScopeDecision#EXCLUDED} (by an exclude or include
     * pattern) or {@link ScopeDecision#OUT_OF_SCOPE} (its host or path).
     */
    default ScopeDecision decide(WebUrl url) {
        return allows(url) ? ScopeDecision.IN : ScopeDecision.OUT_OF_SCOPE;
    }
}
