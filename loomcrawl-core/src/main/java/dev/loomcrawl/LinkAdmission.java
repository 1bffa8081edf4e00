package dev.loomcrawl;

import dev.loomcrawl.extract.Link;
import dev.loomcrawl.frontier.Frontier;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.internal.focus.Focus;
import dev.loomcrawl.internal.limits.CrawlLimits;
import dev.loomcrawl.reason.DropReason;
import dev.loomcrawl.reason.LinkReason;
import dev.loomcrawl.reason.Reason;
import dev.loomcrawl.reason.SkipReason;
import dev.loomcrawl.result.FoundLink;
import dev.loomcrawl.internal.robots.RobotsGate;
import dev.loomcrawl.scope.Scope;
import dev.loomcrawl.scope.ScopeDecision;
import dev.loomcrawl.scrape.Page;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.url.WebUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * Link admission: what the crawl follows of the links it finds (a page's, a sitemap's, a redirect's target, the
 * roots), and the queueing of what it follows. A link is followed when it is in scope, not nofollow (unless told to
 * ignore the directives) and selected by the page handler; a followed URL is claimed in the seen set and queued,
 * unless a limit or trap guard drops it (counted by reason in the ledger).
 */
final class LinkAdmission {
    // logs as the crawler did before its parts were split out: log settings and readers name it
    private static final Logger log = LoggerFactory.getLogger(LinkAdmission.class);
    /** What offering a URL came to. */
    sealed interface Admission {
        /** Newly seen, and queued (or, said by {@link #admit}, to be queued). */
        record Queued() implements Admission {}

        /** Seen before: it is followed, its record exists or will. */
        record Seen() implements Admission {}

        /** Newly seen, and dropped by a limit or trap guard (counted by reason). */
        record Dropped(DropReason reason) implements Admission {}
    }

    private static final Admission QUEUED = new Admission.Queued();
    private static final Admission SEEN = new Admission.Seen();

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

    /**
     * A link target as the crawl knows it (mapped, session ids stripped), whether that changed it, and the scope's
     * decision on it.
     */
    private record Judged(WebUrl target, boolean changed, ScopeDecision decision) {}

    /** What offering a page's links came to: every link with whether it is followed, and the counts. */
    record LinkOffers(List<FoundLink> found, int kept, int fresh) {}

    /** Queues the crawl's roots, and with {@code --sitemaps} each root origin's {@code /sitemap.xml}. */
    void seed() {
        for (WebUrl root : config.scope().roots()) {
            Visit visit = new Visit(root, config.http().maxRedirects(), 0, null);
            if (claim(root) && frontier.enqueue(visit)) ledger.discovered();
            if (config.scope().sitemaps() && sitemapOrigins.add(root.origin())) {
                offerSitemap(WebUrl.tryParse(root.origin() + "/sitemap.xml", null), root);
            }
        }
    }

    /**
     * Offers the links the crawl follows (each distinct target once) and says for every link whether it is
     * followed and, if not, why. Links leaving the scope are queued to be checked in link-checking mode.
     */
    LinkOffers offerLinks(Visit from, List<Link> links, boolean nofollowPage, Page scraped, Visit.Kind kind) {
        return offerLinks(from, links, nofollowPage, scraped, kind, null);
    }

    /**
     * {@link #offerLinks(Visit, List, boolean, Page, Visit.Kind)}, each new visit with the priority
     * {@code priorities} gives its link (a focused crawl; null: none).
     */
    LinkOffers offerLinks(Visit from, List<Link> links, boolean nofollowPage, Page scraped, Visit.Kind kind,
                          Focus.Priorities priorities) {
        boolean obey = !config.politeness().ignoreDirectives();
        List<FoundLink> found = new ArrayList<>(links.size());
        Map<WebUrl, Optional<Reason>> outcomes = new HashMap<>(); // target -> why not followed (empty: followed)
        List<Visit> admitted = new ArrayList<>(); // new URLs no limit dropped: queued together, after the loop
        List<Link> admittedLinks = priorities == null ? null : new ArrayList<>(); // their links, to judge together
        // a focused crawl: links to URLs seen before, judged too, to raise their queued visits
        List<Visit> again = priorities == null ? null : new ArrayList<>();
        List<Link> againLinks = priorities == null ? null : new ArrayList<>();
        int kept = 0;
        int depth = kind == Visit.Kind.SITEMAP ? from.depth() : from.depth() + 1;
        // a page's links to one target (fragments apart: String.html#a, String.html#b) are mapped and judged once
        Map<WebUrl, Judged> judged = new HashMap<>();
        Map<Origin, Predicate<WebUrl>> disallowed = new HashMap<>(4); // robots.txt as known, once an origin
        for (Link link : links) {
            WebUrl written = link.target();
            Judged j = written == null ? null : judged.get(written);
            if (written != null && j == null) {
                WebUrl mapped = limits.normalize(config.linkCheck().remap(written));
                j = new Judged(mapped, mapped != written, scope.decide(mapped));
                judged.put(written, j);
            }
            WebUrl target = j == null ? null : j.target();
            if (j != null && j.changed()) { // not for another link to an equal target, which has it already
                link = link.withTarget(target);
            }
            ScopeDecision decision = j == null ? null : j.decision();
            LinkReason rejection = target == null ? link.unfetchableReason() : decision.reason();
            Reason why = rejection;
            if (why == null && obey && (nofollowPage || link.nofollow())) why = LinkReason.NOFOLLOW;
            if (why == null && scraped != null && !scraped.follows(target)) why = LinkReason.NOT_SELECTED;
            if (why == null) {
                Optional<Reason> outcome = outcomes.get(target);
                if (outcome == null) {
                    Visit visit = new Visit(target, config.http().maxRedirects(), depth, from.url(), 0, kind);
                    Admission admission = admit(visit);
                    if (admission instanceof Admission.Queued) {
                        admitted.add(visit);
                        if (admittedLinks != null) admittedLinks.add(link);
                    } else if (again != null && admission instanceof Admission.Seen) {
                        again.add(visit);
                        againLinks.add(link);
                    }
                    outcome = admission instanceof Admission.Dropped(DropReason reason) ? Optional.of(reason)
                            : robots != null && disallowed.computeIfAbsent(target.origin(), robots::knownDisallowed)
                                    .test(target) // queued, to be skipped
                            ? Optional.of(SkipReason.ROBOTS) : Optional.empty();
                    outcomes.put(target, outcome);
                    kept++;
                }
                why = outcome.orElse(null);
            } else if (checkedOnly(decision, target) && !outcomes.containsKey(target)) {
                outcomes.put(target, Optional.of(rejection));
                offer(new Visit(target, config.http().maxRedirects(), depth, from.url(), 0, true));
            }
            if (why != null) ledger.unfollowed(why, 1);
            found.add(new FoundLink(link, rejection == null, why));
        }
        if (priorities != null && !(admitted.isEmpty() && again.isEmpty())) {
            int n = admitted.size();
            admittedLinks.addAll(againLinks); // the new links first: on a tie they are judged first by meaning
            float[] p = priorities.of(admittedLinks);
            for (int i = 0; i < n; i++) admitted.set(i, admitted.get(i).withPriority(p[i]));
            for (int i = 0; i < again.size(); i++) again.set(i, again.get(i).withPriority(p[n + i]));
            frontier.reprioritize(again);
        }
        return new LinkOffers(found, kept, enqueue(admitted));
    }

    /**
     * Whether a link checker checks (without crawling) a target the scope decided so of: one out of scope by its
     * host or path, unless an earlier check's cache says it answered fine recently; never one an exclude or include
     * pattern rejected. {@code decision} is null for a target that is no URL.
     */
    boolean checkedOnly(ScopeDecision decision, WebUrl target) {
        return target != null && config.linkCheck().external() && decision == ScopeDecision.OUT_OF_SCOPE
                && !config.linkCheck().recentlyFine().contains(target.toString());
    }

    /**
     * Queues a newly seen URL unless a limit or trap guard drops it (counted by reason): queued, seen before (by
     * this process or, in a shared crawl, another), or dropped.
     */
    Admission offer(Visit visit) {
        Admission admission = admit(visit);
        if (!(admission instanceof Admission.Queued)) return admission;
        return enqueue(List.of(visit)) == 1 ? QUEUED : SEEN;
    }

    /**
     * Claims a URL in the seen set and drops it if a limit or trap guard says so (counted by reason). Says
     * {@link Admission.Queued} when it is to be queued ({@link #enqueue}).
     */
    private Admission admit(Visit visit) {
        if (!claim(visit.url())) return SEEN;
        DropReason reason = limits.dropReason(visit.url(), visit.depth());
        if (reason == null && visit.sitemap() && sitemaps.incrementAndGet() > Crawler.MAX_SITEMAPS) {
            reason = DropReason.MAX_SITEMAPS;
        }
        if (reason != null) {
            ledger.discovered();
            ledger.dropped(reason, 1);
            frontier.drop(visit, reason);
            log.debug("dropped {} ({})", visit.url(), reason.label());
            return new Admission.Dropped(reason);
        }
        return QUEUED;
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
            offer(new Visit(url, config.http().maxRedirects(), 0, referrer, 0, Visit.Kind.SITEMAP));
        }
    }

    /** A root origin's first visit, robots.txt read: the sitemaps robots.txt declares are offered, once a run. */
    void offerDeclaredSitemaps(Origin origin) {
        if (robots == null || !sitemapOrigins.remove(origin)) return;
        WebUrl robotsTxt = WebUrl.parse(origin + "/robots.txt");
        for (String declared : robots.sitemaps(origin)) offerSitemap(WebUrl.tryParse(declared, null), robotsTxt);
    }
}
