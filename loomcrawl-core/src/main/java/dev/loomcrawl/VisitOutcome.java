package dev.loomcrawl;

import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.result.LastCapture;

import java.time.Duration;

/**
 * What one visit came to, as the crawler's {@code visit(lease)} returns it; the crawler's {@code settle} acts on it
 * in one place: the lease, the page budget, the redirect chain, the ledger, and the body bytes not handed on.
 */
sealed interface VisitOutcome {

    /**
     * Fetched (or checked) and recorded; its lease was released when the fetch ended. {@code chainGoesOn} when the
     * answer was a redirect whose target was queued: the redirect chain is not over.
     */
    record Fetched(FinishedUrl finished, boolean chainGoesOn) implements VisitOutcome {
        /** A re-crawl's visit: the finished URL says how it compares with its last capture. */
        Fetched revisiting(LastCapture last, FetchResult result) {
            return new Fetched(finished.revisiting(last, result), chainGoesOn);
        }
    }

    /**
     * Recorded without a fetch: the target of a redirect chain out of redirects, a URL robots.txt disallows, or one
     * whose robots.txt is unreachable. Its page is handed back to the budget.
     */
    record Unfetched(FinishedUrl finished) implements VisitOutcome {}

    /**
     * Not fetched now: {@code again} goes back to the head of its origin's queue, which waits {@code pause}, and its
     * page is handed back to the budget. {@code result} is the answer that sent it back (an overloaded origin's), or
     * null when it was not fetched.
     */
    record RetryLater(Visit again, Duration pause, FetchResult result) implements VisitOutcome {}

    /** Aborted mid-fetch by {@code cancel()}: not finished, no record; the URL counts as still to do. */
    record Abandoned(FetchResult result) implements VisitOutcome {}
}
