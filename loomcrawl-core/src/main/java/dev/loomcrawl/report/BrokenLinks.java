package dev.loomcrawl.report;

import dev.loomcrawl.CrawlRecord;
import dev.loomcrawl.FoundLink;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The part of the link graph the broken-links table needs, kept small: for each in-scope link target not yet
 * known to be fine, the first {@code cap} pages linking to it (and a count of all). Once a target's record comes
 * and it is fine (not 4xx, 5xx or failed) its referrers are dropped and the target is remembered as fine (one
 * set entry per URL crawled, like the frontier's seen set); a broken target keeps its capped referrers for the
 * report. Not thread-safe: its users ({@link HtmlReport}, {@link LinkCheck}) guard it.
 *
 * <p>Fed records only (no links: a report from a crawl's state), a broken target's one referrer is the page that
 * led the crawl to it, and nothing is kept per fine URL.
 */
final class BrokenLinks {
    private static final class Referrers {
        final Set<String> first = new LinkedHashSet<>();
        long count;

        void add(String from, int cap) {
            count++;
            if (first.size() < cap) first.add(from);
        }

    }

    private record Target(CrawlRecord record, Referrers referrers) {}

    private final int cap;
    private final boolean links;
    private final Set<String> fine = new HashSet<>();
    private final Map<String, Referrers> pending = new HashMap<>();
    private final Map<String, Target> broken = new HashMap<>();

    BrokenLinks(int cap) {
        this(cap, true);
    }

    /** @param links whether {@link #linked} will be called (else fine URLs need not be remembered) */
    BrokenLinks(int cap, boolean links) {
        this.cap = cap;
        this.links = links;
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
        linked(from, targets);
    }

    /** A page's distinct link targets. */
    private void linked(String from, Collection<String> targets) {
        for (String to : targets) {
            if (fine.contains(to)) continue;
            Target b = broken.get(to);
            if (b != null) {
                b.referrers().add(from, cap);
            } else {
                pending.computeIfAbsent(to, t -> new Referrers()).add(from, cap);
            }
        }
    }

    /** A URL's record: it settles whether its target is broken. */
    void recorded(CrawlRecord r) {
        String url = r.url().toString();
        Referrers refs = pending.remove(url);
        if (!isBroken(r)) {
            if (links) fine.add(url);
            return;
        }
        if (refs == null) refs = new Referrers();
        // Reached through a redirect (or a root): the referrer is the only page known to lead here.
        if (refs.count == 0 && r.referrer() != null) refs.add(r.referrer().toString(), cap);
        broken.put(url, new Target(r, refs));
    }

    static boolean isBroken(CrawlRecord r) {
        return r.failed() || r.statusAtLeast(400);
    }

    /** The broken targets, those linked from most pages first, then by URL. */
    List<ReportData.Broken> list() {
        List<ReportData.Broken> out = new ArrayList<>(broken.size());
        for (Map.Entry<String, Target> e : broken.entrySet()) {
            CrawlRecord r = e.getValue().record();
            String status = r.failed() ? r.errorKind().label() : Integer.toString(r.status());
            Referrers refs = e.getValue().referrers();
            out.add(new ReportData.Broken(e.getKey(), status, List.copyOf(refs.first), refs.count));
        }
        out.sort((a, b) -> a.referrerCount() != b.referrerCount() ? Long.compare(b.referrerCount(), a.referrerCount())
                : a.url().compareTo(b.url()));
        return out;
    }
}
