package dev.loomcrawl;

import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.fetch.Fetcher;
import dev.loomcrawl.frontier.Frontier;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.internal.politeness.OriginPacing;
import dev.loomcrawl.politeness.PolitenessSettings;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.internal.robots.RobotsGate;
import dev.loomcrawl.frontier.SharedRobots;
import dev.loomcrawl.render.BrowserRequests;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.url.WebUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;

/**
 * The origin gate: whether a visit may be fetched now (robots.txt's verdict, the origin's gap after a robots.txt
 * fetch), and how the origin is paced by the answer (Crawl-delay, 429 and 503, Retry-After).
 */
final class OriginGate {
    // logs as the crawler did before its parts were split out: log settings and readers name it
    private static final Logger log = LoggerFactory.getLogger(OriginGate.class);

    private final CrawlConfig config;
    private final Frontier frontier;
    private final RobotsGate robots;
    private final OriginPacing pacing;

    /** {@code sharedRobots}: the robots.txt files of a crawl shared by processes (null: this process's own). */
    OriginGate(CrawlConfig config, Fetcher fetcher, Frontier frontier, SharedRobots sharedRobots) {
        this.config = config;
        this.frontier = frontier;
        PolitenessSettings p = config.politeness();
        if (p.ignoreRobots()) log.warn("ignoring robots.txt: site owners' wishes will not be respected");
        // twice the retry backoff; Duration.multipliedBy would initialise BigDecimal (10 ms of CPU) at every start
        Duration twiceBackoff = config.http().retryBackoff().plus(config.http().retryBackoff());
        this.robots = p.ignoreRobots() ? null : new RobotsGate(fetcher, config.http().userAgent(), Duration.ofHours(24),
                twiceBackoff, config.http().maxTries() + 1, this::crawlDelay, sharedRobots);
        this.pacing = new OriginPacing(p.delay(), p.maxCrawlDelay(), twiceBackoff, Duration.ofMinutes(5),
                p.maxRetryAfter());
    }

    /** The robots.txt gate; null when robots.txt is ignored. */
    RobotsGate robots() {
        return robots;
    }

    /**
     * Why robots.txt does not let a browser rendering a page have {@code url} now ({@link BrowserRequests}): the
     * failure its request ends in, or null when it may. Robots.txt must be ignored or this gate's answer known.
     */
    FetchResult.Failure browserRefusal(WebUrl url) {
        if (robots == null) return null;
        long start = System.nanoTime();
        return switch (robots.check(url)) {
            case RobotsGate.Verdict.Allowed a -> null;
            case RobotsGate.Verdict.Disallowed no ->
                    refused(url, no.detail() == null ? no.reason().label() : no.detail(), start);
            case RobotsGate.Verdict.Later later ->
                    refused(url, "robots.txt of " + url.origin() + " is unavailable", start);
            case RobotsGate.Verdict.Unreachable down -> down.failure();
        };
    }

    private static FetchResult.Failure refused(WebUrl url, String why, long start) {
        return new FetchResult.Failure(url, ErrorKind.BLOCKED, why, Duration.ofNanos(System.nanoTime() - start), 0);
    }

    /**
     * A visit robots.txt does not let go on now: a disallowed URL's skip record (or a failure, robots.txt being
     * unreachable), or a retry when it waits (robots.txt unavailable for now, or just fetched on an origin whose gap
     * the page must keep after it). Null when the visit goes on: allowed, check-only, or robots.txt ignored.
     */
    VisitOutcome notAllowedNow(Visit visit) {
        if (visit.checkOnly() || robots == null) return null;
        return switch (robots.check(visit.url())) {
            // a robots.txt fetched just now was a fetch on this origin: the page keeps the origin's gap after it
            case RobotsGate.Verdict.Allowed a when !(a.fetchedRobots() && originDelay(visit).isPositive()) -> null;
            case RobotsGate.Verdict.Allowed a -> new VisitOutcome.RetryLater(visit, originDelay(visit), null);
            case RobotsGate.Verdict.Later later -> new VisitOutcome.RetryLater(visit, later.after(), null);
            case RobotsGate.Verdict.Disallowed no -> new VisitOutcome.Unfetched(Records.finished(
                    CrawlRecord.skipped(visit.url(), visit.depth(), visit.referrer(), no.reason(), no.detail())));
            case RobotsGate.Verdict.Unreachable down -> new VisitOutcome.Unfetched(Records.finished(
                    Records.failed(visit, down.failure(), Instant.now()).toBuilder()
                            .robotsCause(down.cause().message()).build()));
        };
    }

    /**
     * How the origin is paced after an answer: the pause it keeps, and whether the visit is to be tried again.
     * {@code refused} is a Retry-After longer than {@code --max-retry-after}, for which the visit is given up
     * (null when none was).
     */
    record Pace(Duration pause, boolean retry, Duration refused) {}

    /**
     * Paces the origin by the answer; an overloaded origin (429, 503) gets the visit back later, while it has tries
     * left and did not ask for a longer wait than the crawl makes.
     */
    Pace after(Visit visit, FetchResult result) {
        Origin origin = visit.url().origin();
        OriginPacing.Decision d = pacing.after(origin, result);
        if (d.newGap() != null) frontier.setDelay(origin, d.newGap());
        if (d.refused() != null) {
            log.info("{} asks to be asked again in {}, more than --max-retry-after {}: giving up {}", origin,
                    d.refused(), config.politeness().maxRetryAfter(), visit.url());
            return new Pace(d.pause(), false, d.refused());
        }
        boolean retry = d.overloaded() && visit.deferrals() + 1 < config.http().maxTries();
        if (retry) log.info("{} is overloaded; retrying {} in {}", origin, visit.url(), d.pause());
        return new Pace(d.pause(), retry, null);
    }

    /** The origin's gap between fetch starts (see {@link OriginPacing}). */
    private Duration originDelay(Visit visit) {
        return gap(visit.url().origin());
    }

    /** The origin's gap between request starts now: {@code --delay}, its Crawl-delay, an overload's backoff. */
    Duration gap(Origin origin) {
        return pacing.gap(origin);
    }

    /** Called by the robots gate with an origin's Crawl-delay: the origin's gap may grow. */
    private void crawlDelay(Origin origin, Duration asked) {
        frontier.setDelay(origin, pacing.crawlDelay(origin, asked));
    }
}
