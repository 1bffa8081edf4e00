package dev.loomcrawl.report;

import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.result.FoundLink;
import dev.loomcrawl.output.CrawlOutput;
import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.output.WholeFile;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The HTML report: one self-contained page written when the crawl ends, with charts (status classes,
 * response times, pages by depth, content types, bytes by content type), a table per host, and the broken
 * links (4xx, 5xx or failed; the first {@link #LISTED} found) with the pages linking to it. Totals take constant
 * memory; the link graph is kept only as far as broken links need it (see {@link BrokenLinks}: at most
 * {@link #REFERRERS} referrers per target, for at most {@link #TRACKED} targets waiting for their record), and a
 * URL crawled costs 8 to 16 bytes (its fingerprint, once it is known to be fine). Updates take a lock for a few map operations, never across I/O; the file is written by
 * {@link #finish} or {@link #close}, as {@link WholeFile} writes one: to a temporary file first and then moved
 * into place, or through a device or pipe.
 */
public final class HtmlReport implements CrawlOutput, CrawlListener {
    /** Pages remembered per link target, to list as the pages linking to it when it turns out broken. */
    public static final int REFERRERS = 10;
    /** Link targets waiting for their record whose referrers are tracked at once, at most. */
    public static final int TRACKED = 100_000;
    /** Broken link targets listed, at most (the rest are counted). */
    public static final int LISTED = 10_000;

    private final Path path;
    private final ReentrantLock lock = new ReentrantLock();
    private final CrawlStats stats = new CrawlStats();
    private final BrokenLinks broken;
    private final AtomicBoolean written = new AtomicBoolean();

    private HtmlReport(Path path, boolean links) {
        this.path = path;
        this.broken = new BrokenLinks(REFERRERS, links, TRACKED, LISTED);
    }

    /** Checks now that {@code path}'s directory takes files, so a bad path fails before the crawl starts. */
    public static HtmlReport open(Path path) {
        check(path);
        return new HtmlReport(path, true);
    }

    /**
     * Writes the report of records handed over one at a time (a crawl's state, over all its runs) and how the
     * crawl stands. Without the link graph, each broken link lists one page: the one that led the crawl to it.
     */
    public static void write(Path path, Consumer<Consumer<CrawlRecord>> forEachRecord, CrawlSummary summary) {
        check(path);
        HtmlReport report = new HtmlReport(path, false);
        forEachRecord.accept(record -> report.onFinished(FinishedUrl.of(record)));
        report.finish(summary);
    }

    /** Throws {@link OutputException} unless the report can be written at {@code path} ({@link WholeFile}). */
    public static void check(Path path) {
        WholeFile.check(path);
    }

    @Override
    public void onFinished(FinishedUrl finished) {
        CrawlRecord record = finished.record();
        lock.lock();
        try {
            if (!finished.links().isEmpty()) broken.linked(record.url().toString(), finished.links(), false);
            stats.add(record);
            stats.items(finished.items().size());
            broken.recorded(record);
        } finally {
            lock.unlock();
        }
    }

    /** Writes the report with the crawl's own duration and whether it was interrupted. Once only. */
    public void finish(CrawlSummary summary) {
        write(summary);
    }

    /** Writes the report (timed from the records) unless {@link #finish} already did. */
    @Override
    public void close() {
        write(null);
    }

    private void write(CrawlSummary summary) {
        if (!written.compareAndSet(false, true)) return;
        ReportData data;
        lock.lock();
        try {
            data = summary == null ? stats.snapshot(null, false, -1, broken.list(), REFERRERS)
                    : stats.snapshot(summary.elapsed(), summary.interrupted(), summary.todo(), broken.list(),
                            REFERRERS);
        } finally {
            lock.unlock();
        }
        String html = HtmlReportPage.render(data);
        WholeFile.write(path, out -> out.write(html.getBytes(StandardCharsets.UTF_8)));
    }
}
