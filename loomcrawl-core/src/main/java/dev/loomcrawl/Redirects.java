package dev.loomcrawl;

import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.scope.Scope;
import dev.loomcrawl.scope.ScopeDecision;
import dev.loomcrawl.url.WebUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.List;

/**
 * Redirect following, by the seed's rule: a redirect is recorded, and its target queued with one redirect less
 * (not fetched inline). The chains in progress ({@link RedirectChains}) tell a loop from two URLs redirecting to
 * one target.
 */
final class Redirects {
    // logs as the crawler did before its parts were split out: log settings and readers name it
    private static final Logger log = LoggerFactory.getLogger(Redirects.class);

    private final CrawlConfig config;
    private final Scope scope;
    private final LinkAdmission links;
    private final RedirectChains chains = new RedirectChains();

    Redirects(CrawlConfig config, Scope scope, LinkAdmission links) {
        this.config = config;
        this.scope = scope;
        this.links = links;
    }

    /**
     * Records the redirect and queues its target with one redirect less unless seen. A target in the URL's own
     * redirect chain makes this record a {@code redirect-loop}; a chain out of redirects queues its target to be
     * recorded as {@code redirect-limit} ({@link #limitRecord}). The chain goes on when the target was queued.
     */
    VisitOutcome.Fetched follow(Visit visit, FetchResult.Response response, Instant startedAt) {
        String location = response.header("location");
        WebUrl target = visit.url().resolve(location);
        CrawlRecord record = Records.of(visit, response, startedAt, target == null ? location : target.toString(),
                "", 0, 0);
        ScopeDecision decision = target == null ? null : scope.decide(target);
        if (target == null) {
            log.warn("unusable redirect from {} to {}", visit.url(), location);
        } else if (visit.checkOnly() || links.checkedOnly(decision, target)) { // checked, not crawled
            // a target an exclude or include pattern rejects is not checked, even as a redirect's
            if (visit.redirectsLeft() > 0 && decision != ScopeDecision.EXCLUDED) {
                links.offer(new Visit(target, visit.redirectsLeft() - 1, visit.depth(), visit.url(), 0, true));
            }
        } else if (!decision.in()) {
            log.info("redirect out of scope: {} -> {}", visit.url(), target);
        } else {
            List<WebUrl> loop = chains.loop(visit.url(), target, config.http().maxRedirects() + 1);
            if (!loop.isEmpty()) {
                return fetched(record.failedAs(ErrorKind.REDIRECT_LOOP, "redirect loop: " + String.join(" -> ",
                        loop.stream().map(WebUrl::toString).toList())), response, false);
            }
            boolean linked = chains.redirecting(visit.url(), target); // before the target can be taken
            if (links.offer(visit.redirectedTo(target)) instanceof LinkAdmission.Admission.Queued) {
                log.debug("redirect to {} from {}", target, visit.url());
                return fetched(record, response, true);
            }
            if (linked) chains.notQueued(visit.url(), target);
        }
        return fetched(record, response, false);
    }

    private static VisitOutcome.Fetched fetched(CrawlRecord record, FetchResult.Response response,
                                                boolean chainGoesOn) {
        return new VisitOutcome.Fetched(Records.finished(record, response), chainGoesOn);
    }

    /** The target of a redirect chain that ran out of redirects: recorded, not fetched. */
    CrawlRecord limitRecord(Visit visit) {
        return Records.redirectLimit(visit, config.http().maxRedirects());
    }

    /** The chain that led to {@code url} is over: forget it. */
    void ended(WebUrl url) {
        chains.ended(url);
    }
}
