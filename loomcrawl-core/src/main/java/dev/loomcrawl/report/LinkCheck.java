package dev.loomcrawl.report;

import dev.loomcrawl.reason.LinkReason;
import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.result.FoundLink;
import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.url.UrlFingerprint;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntPredicate;
import java.util.function.Predicate;

/**
 * A link checker's listener: which links are broken and which pages contain them. Every link a page holds counts,
 * in scope or checked from outside it. A target is broken when its fetch failed or its status is not accepted
 * (by default: 400 and above; a redirect is judged by where it leads). A fine target's referrers are forgotten as
 * soon as its record comes, and the target is remembered by its 64-bit fingerprint alone, so memory grows with the
 * broken links and the links waiting for their check, and by 8 to 16 bytes a URL checked.
 *
 * <p>With fragments checked, a link to {@code page.html#part} is broken ({@link #MISSING_FRAGMENT}) when the page
 * was read as HTML and has no anchor of that name: no element with that {@code id} and no {@code <a>} with that
 * {@code name}, the fragment as written or percent-decoded. {@code #}, {@code #top} and text fragments
 * ({@code #:~:text=}) always count as found, as browsers scroll to them. The pages' anchors are kept as 64-bit
 * fingerprints of {@code url#anchor}, so each costs 8 to 16 bytes; a link whose page is not read yet waits for it,
 * and one whose page is never read as HTML (a failure, a redirect, another type, a site not crawled) is not
 * checked for its fragment.
 */
public final class LinkCheck implements CrawlListener {
    /** The status of a link whose page has no anchor its fragment names. */
    public static final String MISSING_FRAGMENT = "missing-fragment";

    /**
     * A broken target: its URL (with the fragment, for a missing one), what went wrong ("404", "dns",
     * {@link #MISSING_FRAGMENT}), the first pages linking to it, and how many pages do.
     */
    public record Broken(String target, String status, List<String> linkedFrom, long pages) {}

    private final Predicate<CrawlRecord> isBroken;
    private final BrokenLinks broken;
    private final boolean fragments;
    private final Set<String> recentlyFine;
    private final ReentrantLock lock = new ReentrantLock();
    private long checked;
    private long notChecked;
    /** Targets the scope left out by their host or path (checked, not crawled), by fingerprint. */
    private final LongOpenHashSet outside = new LongOpenHashSet();
    /** Links to URLs the cache says are fine, each counted once (by fingerprint). */
    private final LongOpenHashSet cached = new LongOpenHashSet();
    /** Those of them that answered fine (not through a redirect): what a cache may keep. */
    private final List<String> outsideFine = new ArrayList<>();
    /** Fingerprints of {@code url#anchor} of the pages read, and of the pages read. */
    private final LongOpenHashSet anchors = new LongOpenHashSet();
    private final LongOpenHashSet pagesRead = new LongOpenHashSet();
    /** Links with a fragment waiting for their page: page fingerprint -> (fragment -> linking pages). */
    private final Long2ObjectOpenHashMap<Map<String, Set<String>>> waiting = new Long2ObjectOpenHashMap<>();
    /** Missing fragments: url#fragment -> linking pages. */
    private final Map<String, Set<String>> missing = new TreeMap<>();

    /** Broken when failed or 400 and above; fragments not checked. */
    public LinkCheck() {
        this(null, false, Set.of());
    }

    /**
     * @param accepted     the statuses that count as fine (null: below 400)
     * @param fragments    check links' fragments against the anchors of the pages read (the crawl must read them:
     *                     {@code CrawlConfig.Builder.checkFragments})
     * @param recentlyFine URLs a cache says answered fine recently (the crawl does not check them): fine here
     */
    public LinkCheck(IntPredicate accepted, boolean fragments, Set<String> recentlyFine) {
        IntPredicate fine = accepted == null ? status -> status < 400 : accepted;
        this.isBroken = r -> r.failed() || r.answered() && !r.isRedirect() && !fine.test(r.status());
        this.broken = new BrokenLinks(Integer.MAX_VALUE, isBroken);
        this.fragments = fragments;
        this.recentlyFine = Set.copyOf(recentlyFine);
    }

    @Override
    public void onFinished(FinishedUrl finished) {
        CrawlRecord record = finished.record();
        String url = record.url().toString();
        lock.lock();
        try {
            if (fragments) anchorsOf(finished, url);
            // links leaving the site are checked too
            if (!finished.links().isEmpty()) linked(url, finished.links());
            if (record.skipped()) return;
            if (record.errorKind() == ErrorKind.BLOCKED) { // the address guard's: not a broken link, not checked
                notChecked++;
                return;
            }
            checked++;
            if (!isBroken.test(record) && !record.isRedirect() && record.answered()
                    && outside.remove(UrlFingerprint.of(url))) {
                outsideFine.add(url);
            }
            broken.recorded(record);
        } finally {
            lock.unlock();
        }
    }

    private void linked(String from, List<FoundLink> links) {
        List<FoundLink> toCheck = new ArrayList<>(links.size());
        for (FoundLink f : links) {
            if (!f.link().fetchable()) continue;
            String target = f.link().target().toString();
            if (recentlyFine.contains(target)) { // never checked
                cached.add(UrlFingerprint.of(target));
                continue;
            }
            if (f.notFollowed() == LinkReason.OUT_OF_SCOPE) outside.add(UrlFingerprint.of(target));
            if (f.notFollowed() != LinkReason.EXCLUDED) toCheck.add(f);
            if (fragments) fragment(from, f);
        }
        broken.linked(from, toCheck, true);
    }

    /** An HTML page read: its anchors are known, and the links waiting for them are checked. */
    private void anchorsOf(FinishedUrl finished, String url) {
        long page = UrlFingerprint.of(url);
        Map<String, Set<String>> waitingHere = waiting.remove(page);
        if (finished.lazyContent() == null) return; // not an HTML page that was read: its fragments go unchecked
        pagesRead.add(page);
        for (String anchor : finished.anchors()) anchors.add(UrlFingerprint.of(url + "#" + anchor));
        if (waitingHere != null) {
            waitingHere.forEach((fragment, from) -> from.forEach(f -> checkFragment(f, url, fragment)));
        }
    }

    /** A link with a fragment: checked now if its page was read, else when it is. */
    private void fragment(String from, FoundLink f) {
        String href = f.link().href();
        int hash = href == null ? -1 : href.indexOf('#');
        if (hash < 0) return;
        String fragment = href.substring(hash + 1);
        if (fragment.isEmpty() || fragment.equalsIgnoreCase("top") || fragment.startsWith(":~:")) return;
        String page = f.link().target().toString();
        long fingerprint = UrlFingerprint.of(page);
        if (pagesRead.contains(fingerprint)) {
            checkFragment(from, page, fragment);
        } else if (f.followed()) { // its page will be read, or was not as HTML
            waiting.computeIfAbsent(fingerprint, k -> new LinkedHashMap<>())
                    .computeIfAbsent(fragment, k -> new LinkedHashSet<>()).add(from);
        }
    }

    private void checkFragment(String from, String page, String fragment) {
        if (anchors.contains(UrlFingerprint.of(page + "#" + fragment))) return;
        String decoded = decoded(fragment);
        if (decoded != null && anchors.contains(UrlFingerprint.of(page + "#" + decoded))) return;
        missing.computeIfAbsent(page + "#" + fragment, k -> new LinkedHashSet<>()).add(from);
    }

    private static String decoded(String fragment) {
        if (fragment.indexOf('%') < 0) return null;
        try {
            return URLDecoder.decode(fragment.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) { // a malformed escape: only the fragment as written can match
            return null;
        }
    }

    /** URLs checked (fetched or tried) so far. */
    public long checked() {
        lock.lock();
        try {
            return checked;
        } finally {
            lock.unlock();
        }
    }

    /** URLs not checked because the address guard refused them (a local or private address). */
    public long notChecked() {
        lock.lock();
        try {
            return notChecked;
        } finally {
            lock.unlock();
        }
    }

    /** Links to other sites not checked because a cache says they answered fine recently (distinct URLs). */
    public long fromCache() {
        lock.lock();
        try {
            return cached.size();
        } finally {
            lock.unlock();
        }
    }

    /** The URLs outside the scope that were checked and answered fine (not through a redirect): for a cache. */
    public List<String> outsideFine() {
        lock.lock();
        try {
            return List.copyOf(outsideFine);
        } finally {
            lock.unlock();
        }
    }

    /**
     * The broken targets, those linked from most pages first (then by URL), missing fragments after the others;
     * each with every page linking to it.
     */
    public List<Broken> broken() {
        List<Broken> out = new ArrayList<>();
        lock.lock();
        try {
            for (ReportData.Broken b : broken.list().shown()) {
                out.add(new Broken(b.url(), b.status(), b.referrers(), b.referrerCount()));
            }
            missing.forEach((target, from) -> out.add(new Broken(target, MISSING_FRAGMENT, List.copyOf(from),
                    from.size())));
        } finally {
            lock.unlock();
        }
        return out;
    }
}
