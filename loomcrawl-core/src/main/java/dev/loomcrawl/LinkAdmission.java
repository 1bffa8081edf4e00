package dev.loomcrawl;

import dev.loomcrawl.extract.Link;
import dev.loomcrawl.frontier.Frontier;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.limits.CrawlLimits;
import dev.loomcrawl.result.FoundLink;
import dev.loomcrawl.robots.RobotsGate;
import dev.loomcrawl.scope.Scope;
import dev.loomcrawl.scrape.Page;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.url.WebUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Link admission: what the crawl follows of the links it finds (a page's, a sitemap's, a redirect's target, the
 * roots), and the queueing of what it follows. A link is followed when it is in scope, not nofollow (unless told to
 * ignore the directives) and selected by the page handler; a followed URL is claimed in the seen set and queued,
 * unless a limit or trap guard drops it (counted by reason in the ledger).
 */
final class LinkAdmission {
    // logs as the crawler did before its parts were split out: log settings and readers name it
    private static final Logger log = LoggerFactory.getLogger(Crawler.class);
    /** What {@link #offer} says of a URL seen before (it is followed: its record exists or will). */
    static final String SEEN = "seen";

    private final CrawlConfig config;
    private final Frontier frontier;
    private final Scope scope;
    private final RobotsGate robots;
    private final CrawlLimits limits;
    private final Ledger ledger;
    private final Set<Origin> sitemapOrigins = ConcurrentHashMap.newKeySet();
    private final AtomicInteger sitemaps = new AtomicInteger();

    /** {@code robots} is null when robots.txt is ignored. */
    LinkAdmission(CrawlConfig config, Frontier frontier, Scope scope, RobotsGate robots, CrawlLimits limits,
                  Ledger ledger) {
        this.config = config;
        this.frontier = frontier;
        this.scope = scope;
        this.robots = robots;
        this.limits = limits;
        this.ledger = ledger;
    }

    /** What offering a page's links came to: every link with whether it is followed, and the counts. */
    record LinkOffers(List<FoundLink> found, int kept, int fresh) {}

    /** Queues the crawl's roots, and with {@code --sitemaps} each root origin's {@code /sitemap.xml}. */
    void seed() {
        for (WebUrl root : config.roots()) {
            Visit visit = new Visit(root, config.maxRedirects(), 0, null);
            if (claim(root) && frontier.enqueue(visit)) ledger.discovered();
            if (config.sitemaps() && sitemapOrigins.add(root.origin())) {
                offerSitemap(WebUrl.tryParse(root.origin() + "/sitemap.xml", null), root);
            }
        }
    }

    /**
     * Offers the links the crawl follows (each distinct target once) and says for every link whether it is
     * followed and, if not, why. Links leaving the scope are queued to be checked in link-checking mode.
     */
    LinkOffers offerLinks(Visit from, List<Link> links, boolean nofollowPage, Page scraped, Visit.Kind kind) {
        boolean obey = !config.politeness().ignoreDirectives();
        List<FoundLink> found = new ArrayList<>(links.size());
        Map<WebUrl, String> outcomes = new HashMap<>(); // target -> why not followed ("" when followed)
        List<Visit> admitted = new ArrayList<>(); // new URLs no limit dropped: queued together, after the loop
        int kept = 0;
        int depth = kind == Visit.Kind.SITEMAP ? from.depth() : from.depth() + 1;
        for (Link link : links) {
            WebUrl target = link.target() == null ? null : limits.normalize(config.linkCheck().remap(link.target()));
            if (target != link.target()) {
                link = link.withTarget(target);
            }
            String rejection = target == null ? link.unfetchableReason() : scope.rejection(target);
            String why = rejection;
            if (why == null && obey && (nofollowPage || link.nofollow())) why = "nofollow";
            if (why == null && scraped != null && !scraped.follows(target)) why = "not-selected";
            if (why == null) {
                String outcome = outcomes.get(target);
                if (outcome == null) {
                    Visit visit = new Visit(target, config.maxRedirects(), depth, from.url(), 0, kind);
                    String reason = admit(visit);
                    if (reason == null) admitted.add(visit);
                    outcome = reason != null && !reason.equals(SEEN) ? reason
                            : robots != null && robots.knownToDisallow(target) ? "robots" : ""; // queued, to be skipped
                    outcomes.put(target, outcome);
                    kept++;
                }
                why = outcome.isEmpty() ? null : outcome;
            } else if (checkedOnly(rejection, target) && !outcomes.containsKey(target)) {
                outcomes.put(target, rejection);
                offer(new Visit(target, config.maxRedirects(), depth, from.url(), 0, true));
            }
            if (why != null) ledger.unfollowed(why, 1);
            found.add(new FoundLink(link, rejection == null, why));
        }
        return new LinkOffers(found, kept, enqueue(admitted));
    }

    /**
     * Whether a link checker checks (without crawling) a target the scope rejected for this reason: one out of
     * scope by its host or path, unless an earlier check's cache says it answered fine recently; never one an
     * exclude or include pattern rejected.
     */
    boolean checkedOnly(String rejection, WebUrl target) {
        return target != null && config.checkLinks() && "out-of-scope".equals(rejection)
                && !config.linkCheck().recentlyFine().contains(target.toString());
    }

    /**
     * Queues a newly seen URL unless a limit or trap guard drops it (counted by reason). Returns null when it was
     * queued, {@link #SEEN} when the crawl already knew it, or the reason it was dropped.
     */
    String offer(Visit visit) {
        String reason = admit(visit);
        if (reason != null) return reason;
        return enqueue(List.of(visit)) == 1 ? null : SEEN;
    }

    /**
     * Claims a URL in the seen set and drops it if a limit or trap guard says so (counted by reason). Returns null
     * when it is to be queued ({@link #enqueue}), {@link #SEEN} when the crawl already knew it, or the reason it
     * was dropped.
     */
    private String admit(Visit visit) {
        if (!claim(visit.url())) return SEEN;
        String reason = limits.dropReason(visit.url(), visit.depth());
        if (reason == null && visit.sitemap() && sitemaps.incrementAndGet() > Crawler.MAX_SITEMAPS) {
            reason = "max-sitemaps";
        }
        if (reason != null) {
            ledger.discovered();
            ledger.dropped(reason, 1);
            frontier.drop(visit, reason);
            log.debug("dropped {} ({})", visit.url(), reason);
            return reason;
        }
        return null;
    }

    /**
     * Queues admitted visits, together (a shared frontier asks once for all); returns how many were queued. One a
     * shared frontier did not queue was queued first by another process, which counted it.
     */
    private int enqueue(List<Visit> visits) {
        if (visits.isEmpty()) return 0;
        boolean[] queued = frontier.enqueueAll(visits);
        int fresh = 0;
        for (int i = 0; i < queued.length; i++) {
            if (queued[i]) {
                ledger.discovered();
                fresh++;
            } else {
                limits.notQueued(visits.get(i).url());
            }
        }
        return fresh;
    }

    /** Claims a URL in the seen set; false when the crawl already knew it. */
    private boolean claim(WebUrl url) {
        return frontier.markSeen(url);
    }

    /**
     * With {@code --sitemaps}: queues a sitemap as a visit of its own (fetched once per crawl: the seen set
     * remembers it across runs and processes). At the start, each root origin's {@code /sitemap.xml}; after the
     * origin's robots.txt has been read, the sitemaps it declares.
     */
    private void offerSitemap(WebUrl url, WebUrl referrer) {
        if (url != null && scope.allows(url)) {
            offer(new Visit(url, config.maxRedirects(), 0, referrer, 0, Visit.Kind.SITEMAP));
        }
    }

    /** A root origin's first visit, robots.txt read: the sitemaps robots.txt declares are offered, once a run. */
    void offerDeclaredSitemaps(Origin origin) {
        if (robots == null || !sitemapOrigins.remove(origin)) return;
        WebUrl robotsTxt = WebUrl.parse(origin + "/robots.txt");
        for (String declared : robots.sitemaps(origin)) offerSitemap(WebUrl.tryParse(declared, null), robotsTxt);
    }
}
