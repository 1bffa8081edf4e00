package dev.loomcrawl.report;

import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.result.FoundLink;
import dev.loomcrawl.fetch.ErrorKind;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A link checker's listener: which links are broken (4xx, 5xx or failed) and which pages contain them. Every
 * link a page holds counts, in scope or checked from outside it. A fine target's referrers are forgotten as soon
 * as its record comes, and the target is remembered by its 64-bit fingerprint alone, so memory grows with the
 * broken links and the links waiting for their check, and by 8 to 16 bytes a URL checked.
 */
public final class LinkCheck implements CrawlListener {

    /** A broken link: its target, what went wrong ("404", "dns", ...). */
    public record Broken(String target, String status) {}

    private final BrokenLinks broken = new BrokenLinks(Integer.MAX_VALUE);
    private final ReentrantLock lock = new ReentrantLock();
    private long checked;
    private long notChecked;

    @Override
    public void onFinished(FinishedUrl finished) {
        CrawlRecord record = finished.record();
        lock.lock();
        try {
            // links leaving the site are checked too
            if (!finished.links().isEmpty()) broken.linked(record.url().toString(), finished.links(), true);
            if (record.skipped()) return;
            if (record.errorKind() == ErrorKind.BLOCKED) { // the address guard's: not a broken link, not checked
                notChecked++;
                return;
            }
            checked++;
            broken.recorded(record);
        } finally {
            lock.unlock();
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

    /** The broken links by the page containing them, pages in URL order, links by target. */
    public Map<String, List<Broken>> byPage() {
        Map<String, List<Broken>> pages = new TreeMap<>();
        lock.lock();
        try {
            for (ReportData.Broken b : broken.list().shown()) {
                for (String page : b.referrers()) {
                    pages.computeIfAbsent(page, p -> new ArrayList<>()).add(new Broken(b.url(), b.status()));
                }
            }
        } finally {
            lock.unlock();
        }
        pages.values().forEach(list -> list.sort((a, b) -> a.target().compareTo(b.target())));
        return pages;
    }
}
