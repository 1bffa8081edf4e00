package dev.loomcrawl.scope;

import dev.loomcrawl.reason.LinkReason;

/**
 * What a scope says of a URL: in, or why not. A link the scope rejects is not followed for its {@link #reason()};
 * one {@link #OUT_OF_SCOPE} by host or path may still be checked by a link checker, one {@link #EXCLUDED} by a
 * pattern never is.
 */
public enum ScopeDecision {
    IN(null),
    /** Its host or path is not the roots'. */
    OUT_OF_SCOPE(LinkReason.OUT_OF_SCOPE),
    /** An exclude pattern matched it, or no include pattern did. */
    EXCLUDED(LinkReason.EXCLUDED),
    /** A logged-in crawl's login page or logout link (the session scope's own). */
    SESSION(LinkReason.SESSION);

    private final LinkReason reason;

    ScopeDecision(LinkReason reason) {
        this.reason = reason;
    }

    /** Why a link to the URL is not followed; null for {@link #IN}. */
    public LinkReason reason() {
        return reason;
    }

    public boolean in() {
        return this == IN;
    }
}
