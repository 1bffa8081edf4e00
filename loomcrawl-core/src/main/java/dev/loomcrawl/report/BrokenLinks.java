package dev.loomcrawl.report;

import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FoundLink;
import dev.loomcrawl.url.UrlFingerprint;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * The part of the link graph the broken-links table needs, kept small: for each in-scope link target not yet
 * known to be fine, the first {@code cap} pages linking to it (and a count of all). Once a target's record comes
 * and it is fine (not 4xx, 5xx or failed) its referrers are dropped and the target is remembered as fine by its
 * 64-bit fingerprint (8 to 16 bytes a URL crawled, like the frontier's seen set); a broken target keeps its capped
 * referrers for the report. Not thread-safe: its users ({@link HtmlReport}, {@link LinkCheck}) guard it.
 *
 * <p>Two bounds keep a huge crawl's report in a fixed heap: at most {@code maxTracked} targets waiting for their
 * record have their referrers tracked (a broken one found past that lists the page that led the crawl to it), and
 * at most {@code maxListed} broken targets are kept for the table (the others are only counted).
 *
 * <p>Fed records only (no links: a report from a crawl's state), a broken target's one referrer is the page that
 * led the crawl to it, and nothing is kept per fine URL.
 */
final class BrokenLinks {
    private static final class Referrers {
        /**
         * The first {@code cap} pages in URL order, not in the order they were seen: workers finish pages in an order
         * no two crawls share, and a report (a link check's in CI, above all) must read the same from run to run.
         */
        final TreeSet<String> first = new TreeSet<>();
        long count;

        void add(String from, int cap) {
            // a page may come twice: as the referrer of a target whose record came first, then with its links
            if (!first.add(from)) return;
            count++;
            if (first.size() > cap) first.pollLast();
        }
    }

    private record Target(CrawlRecord record, Referrers referrers) {}

    /** What the table shows: the broken targets kept, how many there were, and whether some referrers were not tracked. */
    record Listing(List<ReportData.Broken> shown, long total, boolean referrersPartial) {}

    private final int cap;
    private final Predicate<CrawlRecord> isBroken;
    private final boolean links;
    private final int maxTracked;
    private final int maxListed;
    private final LongOpenHashSet settled = new LongOpenHashSet(); // fine, or broken and not listed
    private final Long2ObjectOpenHashMap<Referrers> pending = new Long2ObjectOpenHashMap<>();
    private final Map<String, Target> broken = new HashMap<>();
    private long brokenTotal;
    private boolean untracked;

    /** A link checker's: every target tracked and listed; {@code isBroken} says which records are broken. */
    BrokenLinks(int cap, Predicate<CrawlRecord> isBroken) {
        this(cap, isBroken, true, Integer.MAX_VALUE, Integer.MAX_VALUE);
    }

    /**
     * @param links      whether {@link #linked} will be called (else settled URLs need not be remembered)
     * @param maxTracked targets waiting for their record whose referrers are tracked, at most
     * @param maxListed  broken targets kept for the table, at most
     */
    BrokenLinks(int cap, boolean links, int maxTracked, int maxListed) {
        this(cap, BrokenLinks::isBroken, links, maxTracked, maxListed);
    }

    private BrokenLinks(int cap, Predicate<CrawlRecord> isBroken, boolean links, int maxTracked, int maxListed) {
        this.cap = cap;
        this.isBroken = isBroken;
        this.links = links;
        this.maxTracked = maxTracked;
        this.maxListed = maxListed;
    }

    /**
     * A page's links: those the crawl follows (whose records will come), or with {@code checked} also the other
     * fetchable ones (a link checker checks links it does not follow).
     */
    void linked(String from, List<FoundLink> links, boolean checked) {
        Set<String> targets = new LinkedHashSet<>();
        for (FoundLink f : links) {
            if (f.followed() || checked && f.link().fetchable()) targets.add(f.link().target().toString());
        }
        for (String to : targets) linked(from, to);
    }

    private void linked(String from, String to) {
        Target b = broken.get(to);
        if (b != null) {
            b.referrers().add(from, cap);
            return;
        }
        long fingerprint = UrlFingerprint.of(to);
        if (settled.contains(fingerprint)) return;
        Referrers refs = pending.get(fingerprint);
        if (refs == null) {
            if (pending.size() >= maxTracked) {
                untracked = true;
                return;
            }
            pending.put(fingerprint, refs = new Referrers());
        }
        refs.add(from, cap);
    }

    /** A URL's record: it settles whether its target is broken. */
    void recorded(CrawlRecord r) {
        String url = r.url().toString();
        long fingerprint = UrlFingerprint.of(url);
        Referrers refs = pending.remove(fingerprint);
        if (!isBroken.test(r)) {
            if (links) settled.add(fingerprint);
            return;
        }
        brokenTotal++;
        if (broken.size() >= maxListed) {
            if (links) settled.add(fingerprint);
            return;
        }
        if (refs == null) refs = new Referrers();
        // Reached through a redirect (or a root), or not tracked: the referrer is the page known to lead here.
        if (refs.count == 0 && r.referrer() != null) refs.add(r.referrer().toString(), cap);
        broken.put(url, new Target(r, refs));
    }

    /** The HTML report's rule: failed, or a status of 400 and above. */
    static boolean isBroken(CrawlRecord r) {
        return r.failed() || r.statusAtLeast(400);
    }

    /** The broken targets kept, those linked from most pages first, then by URL. */
    Listing list() {
        List<ReportData.Broken> out = new ArrayList<>(broken.size());
        for (Map.Entry<String, Target> e : broken.entrySet()) {
            CrawlRecord r = e.getValue().record();
            String status = r.failed() ? r.errorKind().label() : Integer.toString(r.status());
            Referrers refs = e.getValue().referrers();
            out.add(new ReportData.Broken(e.getKey(), status, List.copyOf(refs.first), refs.count));
        }
        out.sort((a, b) -> a.referrerCount() != b.referrerCount() ? Long.compare(b.referrerCount(), a.referrerCount())
                : a.url().compareTo(b.url()));
        return new Listing(out, brokenTotal, untracked);
    }
}
