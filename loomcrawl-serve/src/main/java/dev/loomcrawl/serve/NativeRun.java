package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.run.CrawlRunner;
import dev.loomcrawl.run.Ended;
import dev.loomcrawl.run.Place;
import dev.loomcrawl.run.RunningCrawl;
import dev.loomcrawl.config.CrawlJob;
import dev.loomcrawl.run.CrawlOutputs;
import dev.loomcrawl.run.OutputPlan;
import dev.loomcrawl.render.Renderer;
import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.scrape.SelectorScraper;
import dev.loomcrawl.store.sqlite.SqliteCrawlStore;

import java.nio.file.Path;
import java.time.Instant;
import java.util.function.BooleanSupplier;

/**
 * One run of a native crawl job: the crawl on the job's state file, with the outputs its settings ask for opened
 * in its folder by the library's {@link CrawlOutputs} (as the command line opens a crawl's), its URLs counted by
 * outcome ({@link NativeProgress}), and a page webhook for each URL committed. A resumed job appends to its
 * outputs where its last commit left them; the HTML report and the WACZ package are written as each run ends.
 */
final class NativeRun {
    private NativeRun() {}

    /**
     * Crawls the job until it ends, is cancelled, or {@code stopping} (the server is stopping) says so. An output
     * that cannot be opened or written is an IllegalStateException of one line naming its setting, not the server's
     * path: the job fails with it.
     */
    static void crawl(Job job, SqliteCrawlStore state, Path dir, Renderer renderer, ServeOptions server,
                      Webhooks webhooks, Webhook hook, BooleanSupplier stopping) {
        CrawlConfig config = state.config();
        CrawlJob kept = NativeRequest.kept(job.record().options());
        OutputPlan plan = OutputPlan.of(NativeFiles.place(kept.outputs(), dir),
                kept.scrape().fieldNames());
        SelectorScraper scraper = kept.scrape().scraper();
        makeFolders(dir);
        CrawlRunner runner = CrawlRunner.of(config).in(new Place.State(state))
                .connections(GuardedConnections.of(config, server)).outputs(plan, null);
        if (renderer != null) runner.renderer(renderer);
        if (scraper != null) runner.pageHandler(scraper);
        NativeProgress progress = job.progress;
        runner.listener(CrawlListener.ofRecords(r -> {
            progress.add(r);
            if (hook != null) webhooks.send(job, hook, WebhookEvent.PAGE, Json.bytes(page(r)), null);
        }));
        RunningCrawl run;
        try {
            run = runner.start();
        } catch (CrawlOutputs.Failed e) {
            throw unwritable(e);
        }
        progress.seed(state::forEachRecord);
        progress.started(Instant.now());
        CrawlSummary summary = null;
        try (run) {
            job.crawler = run.crawler();
            if (job.cancelled.get() || stopping.getAsBoolean()) run.stop();
            Ended ended;
            try {
                ended = run.crawl();
            } finally {
                job.crawler = null;
            }
            summary = ended.summary();
            if (ended instanceof Ended.Failed failed) {
                throw failed.failure() instanceof CrawlOutputs.Failed f ? unwritable(f) : failed.failure();
            }
        } finally {
            progress.ended(summary);
        }
    }

    /** An output that failed, said by its setting: the server's path stays out of the job's status. */
    private static IllegalStateException unwritable(CrawlOutputs.Failed e) {
        return new IllegalStateException("setting '" + e.setting() + "': its file cannot be written", e);
    }

    /** A page event's data: the URL's record in brief. */
    static ObjectNode page(CrawlRecord r) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("url", r.url().toString());
        if (r.status() != null) o.put("status", r.status());
        o.put("outcome", NativeProgress.Outcome.of(r).label());
        if (r.error() != null) o.put("error", r.error());
        return o;
    }

    private static void makeFolders(Path dir) {
        try {
            java.nio.file.Files.createDirectories(dir.resolve(NativeFiles.OUTPUTS));
            java.nio.file.Files.createDirectories(dir.resolve(NativeFiles.WARC));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot make the job's folders: " + e.getMessage(), e);
        }
    }
}
