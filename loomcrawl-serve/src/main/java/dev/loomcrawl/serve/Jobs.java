package dev.loomcrawl.serve;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.run.CrawlRunner;
import dev.loomcrawl.run.Ended;
import dev.loomcrawl.run.Place;
import dev.loomcrawl.run.RunningCrawl;
import dev.loomcrawl.render.Renderer;
import dev.loomcrawl.store.sqlite.SqliteCrawlStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The crawl and batch jobs: each one made into a crawl on a state file of its own ({@link JobStore}) and run on a
 * virtual thread of its own once it has one of {@code --max-jobs} permits (the rest wait, in order, up to
 * {@code --max-queued}). At start, every job that was still scraping when the last process ended (killed or
 * stopped) is resumed from its state file. One log line per job event.
 */
final class Jobs implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Jobs.class);
    static final String DOCUMENTS = "serve-documents";
    static final String ERRORS = "serve-errors";
    /**
     * How long a cancelled run has to end before its permit is given back all the same: a thread busy in work that
     * cannot be interrupted (an XPath field over a large page) must not hold one of {@code --max-jobs} for ever.
     */
    static final Duration GRACE = Duration.ofSeconds(10);
    /** How long past {@code --max-job-time} a run may go on (its fetches in flight ending) before it is cancelled. */
    static final Duration OVERTIME = Duration.ofMinutes(2);

    private final ServeOptions server;
    private final Webhooks webhooks;
    private final JobStore store;
    private final Map<String, Job> jobs = new ConcurrentHashMap<>();
    private final Semaphore permits;
    private final ReentrantLock admission = new ReentrantLock();
    private final Collection<Thread> runners = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean closing = new AtomicBoolean();
    private final Thread reaper;
    private final Thread watcher;

    private final Browsers browsers;
    /** The jobs shared with other servers through Redis ({@code --frontier}); null: this server's own, in DATA. */
    private final SharedJobs shared;

    Jobs(ServeOptions server, Browsers browsers) {
        this.server = server;
        this.browsers = browsers;
        // Redis first: a server that cannot reach it stops in one line, having made nothing
        this.shared = server.shared() == null ? null : SharedJobs.connect(server.shared());
        try {
            this.store = new JobStore(server.data());
        } catch (RuntimeException e) {
            if (shared != null) shared.close();
            throw e;
        }
        try {
            this.webhooks = Webhooks.start(server);
        } catch (RuntimeException e) {
            store.close();
            if (shared != null) shared.close();
            throw e;
        }
        this.permits = new Semaphore(server.maxJobs(), true);
        for (JobRecord r : store.all()) {
            if (shared != null && r.kind() != JobKind.NATIVE) continue; // the shared ones are in Redis
            Job job;
            try {
                job = new Job(r, ResultsFile.read(store.documents(r.id()), -1), ResultsFile.read(store.errors(r.id()),
                        -1));
            } catch (RuntimeException e) { // a damaged job is its own: the others start
                log.warn("job {}: its results cannot be read ({}); it is skipped, its folder left as it is", r.id(),
                        oneLine(e));
                continue;
            }
            jobs.put(r.id(), job);
            if (!r.state().finished()) start(job, false);
        }
        // shared jobs expire in Redis, and the watch forgets them; this server's own, the reaper
        reaper = Thread.ofVirtual().name("loomcrawl-serve-reaper").start(this::reap);
        watcher = shared == null ? null : Thread.ofVirtual().name("loomcrawl-serve-watch").start(this::watch);
    }

    /**
     * A new job of {@code kind} for {@code urls} with {@code config}, started (or queued). A 429 when the queue is
     * full.
     */
    Job submit(JobKind kind, List<String> urls, com.fasterxml.jackson.databind.JsonNode options, ScrapeOptions scrape,
               CrawlConfig config) {
        return submit(kind, urls, options, scrape, config, false, RenderMode.NEVER);
    }

    /**
     * {@link #submit}, the crawl also writing its WARC files and chunks when {@code archived} ({@link JobArchive}),
     * and rendering its pages as {@code render} says (a browser of its own while it runs, {@link Browsers}).
     */
    Job submit(JobKind kind, List<String> urls, com.fasterxml.jackson.databind.JsonNode options, ScrapeOptions scrape,
               CrawlConfig config, boolean archived, RenderMode render) {
        admission.lock();
        try {
            if (closing.get()) throw new ApiError(503, "the server is stopping");
            long scraping = jobs.values().stream().filter(j -> !j.record().state().finished()).count();
            if (scraping >= (long) server.maxJobs() + server.maxQueued()) {
                throw new ApiError(429, "the job queue is full (" + scraping + " jobs running or waiting; "
                        + "--max-jobs " + server.maxJobs() + ", --max-queued " + server.maxQueued() + ")", 30);
            }
            JobRecord r = new JobRecord(UUID.randomUUID().toString(), kind, urls, options, scrape, JobState.SCRAPING,
                    Instant.now(), null, null, archived, render);
            Job job = shared(kind) ? shared.create(r, config) : createHere(r, config);
            jobs.put(r.id(), job);
            start(job, true);
            return job;
        } finally {
            admission.unlock();
        }
    }

    private Job createHere(JobRecord r, CrawlConfig config) {
        store.create(r);
        SqliteCrawlStore.create(store.stateFile(r.id()), config, false).close();
        try { // its journal and WAL files take its permissions
            JobStore.privately(store.stateFile(r.id()), JobStore.PRIVATE_FILE);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return new Job(r, ResultsFile.read(store.documents(r.id()), -1), ResultsFile.read(store.errors(r.id()), -1));
    }

    Job get(String id) {
        Job job = JobStore.isId(id) ? jobs.get(id) : null;
        if (job == null && shared != null && JobStore.isId(id)) job = joinNow(id);
        if (job == null) throw new ApiError(404, "no job " + (id.length() > 80 ? id.substring(0, 80) : id));
        return job;
    }

    /** The job of {@code id}, or null when there is none (any more). */
    Job find(String id) {
        return jobs.get(id);
    }

    /** A job of {@code kind}: a crawl's id asked for as a batch's is no job. */
    Job get(String id, JobKind kind) {
        Job job = get(id);
        if (job.record().kind() != kind) throw new ApiError(404, "no " + kind.path() + " job " + id);
        return job;
    }

    Webhooks webhooks() {
        return webhooks;
    }

    /** The job's folder, where an archived crawl writes its WARC files and chunks. */
    java.nio.file.Path dir(Job job) {
        return store.dir(job.id());
    }

    Collection<Job> all() {
        return jobs.values();
    }

    /**
     * Cancels the job: a running crawl is stopped and its fetches in flight aborted; a run that has not ended
     * {@link #GRACE} later gives its permit back all the same.
     */
    void cancel(Job job) {
        if (job.record().state().finished()) return;
        stopRun(job);
        finish(job, JobState.CANCELLED, null); // a queued job never starts; a running one ends so
    }

    private void stopRun(Job job) {
        job.cancelled.set(true);
        Crawler c = job.crawler;
        if (c != null) c.cancel();
        java.util.function.BooleanSupplier permit = job.permit;
        if (permit == null) return;
        Thread.ofVirtual().name("loomcrawl-serve-grace-" + job.id()).start(() -> {
            try {
                Thread.sleep(GRACE);
            } catch (InterruptedException e) {
                return;
            }
            if (permit.getAsBoolean()) {
                log.warn("job {}: its run did not end within {} s of being stopped; its permit is given back to "
                        + "the queue (a thread of it is still busy)", job.id(), GRACE.toSeconds());
            }
        });
    }

    /** A run still going {@link #OVERTIME} past {@code --max-job-time}: the job fails, and its run is cancelled. */
    private void overran(Job job) {
        if (job.record().state().finished() || closing.get()) return;
        log.warn("job {}: its run went on {} past --max-job-time; it is cancelled", job.id(), OVERTIME);
        stopRun(job);
        finish(job, JobState.FAILED, "the job ran past the server's time for a job");
    }

    /** Runs the job once it has a permit: a new one ({@code fresh}), or one resumed at the server's start. */
    private void start(Job job, boolean fresh) {
        log.info("job {} {}: {} {}", job.id(), fresh ? "queued" : shared != null ? "joined" : "resumed",
                job.record().kind().path(), job.record().urls().getFirst());
        Thread t = Thread.ofVirtual().name("loomcrawl-serve-job-" + job.id()).unstarted(() -> run(job, fresh));
        runners.add(t);
        t.start();
    }

    private void run(Job job, boolean fresh) {
        try {
            permits.acquire();
        } catch (InterruptedException e) {
            return; // stopping: the job stays scraping, for the next start
        }
        AtomicBoolean back = new AtomicBoolean();
        java.util.function.BooleanSupplier permit = () -> {
            if (!back.compareAndSet(false, true)) return false;
            permits.release();
            return true;
        };
        job.permit = permit;
        Thread overtime = Thread.ofVirtual().name("loomcrawl-serve-overtime-" + job.id()).start(() -> {
            try {
                Thread.sleep(server.maxJobTime().plus(OVERTIME));
            } catch (InterruptedException e) {
                return; // the run ended
            }
            overran(job);
        });
        try {
            // a shared job may have ended on another server while this run waited for its permit
            if (job.cancelled.get() || closing.get() || job.record().state().finished()) return;
            if (fresh) webhooks.send(job, webhook(job), WebhookEvent.STARTED, null, null);
            crawl(job);
        } catch (InterruptedException e) {
            // stopping while it waited for a browser: the job stays scraping, for the next start
        } catch (RuntimeException e) {
            // a browser starting as the server stops may fail for that: the job stays scraping, to be resumed
            if (closing.get()) return;
            // this server's run, not the job: the others go on
            if (shared(job.record().kind()) && SharedJobs.lostRedis(e)) {
                log.warn("job {}: this server's run stopped: {}; it joins the job again once Redis answers", job.id(),
                        oneLine(e));
                jobs.remove(job.id(), job); // the watch finds it again
                return;
            }
            try {
                if (!job.record().state().finished()) {
                    log.warn("job {}: its run failed: {}", job.id(), oneLine(e));
                    finish(job, JobState.FAILED, JobErrors.spoken(e, server.data(), store.dir(job.id())));
                }
            } catch (RuntimeException again) { // Redis gone past --redis-outage: the job stays as Redis has it
                log.warn("job {} failed ({}) and could not be marked so: {}", job.id(), oneLine(e), oneLine(again));
            }
        } finally {
            overtime.interrupt();
            permit.getAsBoolean();
            runners.remove(Thread.currentThread());
        }
    }

    private void crawl(Job job) throws InterruptedException {
        RenderMode render = job.record().render();
        if (render == RenderMode.NEVER) {
            crawl(job, null);
            return;
        }
        try (Browsers.Lease browser = browsers.take(job.record().kind() == JobKind.NATIVE // as its request chose
                ? NativeRequest.renderSettings(NativeRequest.kept(job.record().options()).render())
                : job.record().scrape().rendering(render), true)) { // Firecrawl's, given its waitFor
            crawl(job, browser.renderer());
        }
    }

    private void crawl(Job job, Renderer renderer) {
        if (job.record().kind() == JobKind.NATIVE) {
            crawlNative(job, renderer);
            ended(job);
            return;
        }
        String id = job.id();
        SqliteCrawlStore state = shared == null ? SqliteCrawlStore.open(store.stateFile(id)) : null;
        SharedJobs.Run run = null;
        try {
            run = shared == null ? null : shared.open(id);
            CrawlConfig config = run == null ? state.config() : run.config();
            SharedJobs.Run shared = run;
            CrawlRunner runner = CrawlRunner.of(config).connections(GuardedConnections.of(config, server))
                    .in(shared == null ? new Place.State(state) : new Place.Shared(shared::crawler)).needsContent();
            if (renderer != null) runner.renderer(renderer);
            if (run != null && job.record().archived()) createDirectories(store.dir(id)); // this server's pages
            var scrape = job.record().scrape();
            Webhook hook = webhook(job);
            boolean crawlJob = job.record().kind() == JobKind.CRAWL;
            AskedUrls asked = new AskedUrls();
            runner.attach(journal -> {
                // a crawl's documents are its pages (not the stylesheets and scripts they load); a batch's each
                // says the URL it was asked for, through a redirect
                job.documents.commitWith(journal, DOCUMENTS, f -> {
                    String source = asked.sourceOf(f);
                    return Documents.isDocument(f) && (!crawlJob || Documents.isPage(f))
                            ? Documents.line(f, scrape, crawlJob ? null : source) : null;
                });
                if (hook != null && hook.events().contains(WebhookEvent.PAGE)) {
                    job.documents.onCommit(lines -> lines.forEach(l -> webhooks.send(job, hook, WebhookEvent.PAGE,
                            l, null)));
                }
                return job.documents;
            }).attach(journal -> {
                job.errors.commitWith(journal, ERRORS, ErrorLines::of);
                return job.errors;
            });
            if (job.record().archived()) runner.attach(journal -> JobArchive.open(store.dir(id), config, journal));
            RunningCrawl crawl;
            try {
                crawl = runner.start();
            } catch (RuntimeException e) {
                job.documents.close();
                job.errors.close();
                throw e;
            }
            try (crawl) {
                job.crawler = crawl.crawler();
                // (a shared job ended by another server as this run started: the watch found no crawler to stop)
                if (job.cancelled.get() || closing.get() || job.record().state().finished()) crawl.stop();
                log.info("job {} started: {} pages done before", id, job.completed());
                Ended ended;
                try {
                    ended = crawl.crawl();
                } finally {
                    job.crawler = null;
                }
                if (ended.summary() != null && ended.summary().focus() != null) job.focus = ended.summary().focus();
                if (ended instanceof Ended.Failed failed) throw failed.failure();
                // ended by itself, not by a client, the server stopping, or another server: its pages all in first
                if (run != null && !job.cancelled.get() && !job.pausing.get() && !job.record().state().finished()) {
                    run.settle();
                }
            }
        } finally {
            if (state != null) state.close();
            if (run != null) run.close();
        }
        ended(job);
    }

    /** After a job's run: completed, unless it was cancelled (finished so already) or paused by a stop. */
    private void ended(Job job) {
        if (job.cancelled.get()) return; // finished as cancelled when it was asked
        if (job.pausing.get()) {
            log.info("job {} paused: {} pages done; it resumes at the next start", job.id(), job.completed());
            return;
        }
        finish(job, JobState.COMPLETED, null);
    }

    /** A native crawl job's run ({@link NativeRun}), on its state file, its outputs in its folder. */
    private void crawlNative(Job job, Renderer renderer) {
        SqliteCrawlStore state = SqliteCrawlStore.open(store.stateFile(job.id()));
        try {
            NativeRun.crawl(job, state, store.dir(job.id()), renderer, server, webhooks, webhook(job), closing::get);
        } finally {
            state.close();
        }
    }

    /**
     * Cancels the job if it runs, waits (a minute at most) for its run to close its files, then removes it and its
     * folder.
     */
    void remove(Job job) {
        cancel(job);
        for (Thread t : runners) {
            if (!t.getName().equals("loomcrawl-serve-job-" + job.id())) continue;
            try {
                t.join(Duration.ofMinutes(1));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ApiError(503, "the server is stopping");
            }
        }
        if (jobs.remove(job.id(), job)) {
            store.delete(job.id());
            log.info("job {} deleted with its files", job.id());
        }
    }

    /** The job's state file, which a native job's status reads when it was kept from before a restart. */
    java.nio.file.Path stateFile(Job job) {
        return store.stateFile(job.id());
    }

    private void finish(Job job, JobState to, String error) {
        admission.lock();
        try {
            if (job.record().state().finished()) return;
            JobRecord ended = job.record().finished(to, error);
            JobRecord other = shared(job.record().kind()) ? shared.finish(ended, server.keep()) : null;
            if (other != null) { // another server ended it first, and sends its events
                job.record(other);
                return;
            }
            job.record(ended);
            if (!shared(job.record().kind())) store.save(ended);
        } finally {
            admission.unlock();
        }
        log.info("job {} {}: {} pages{}", job.id(), to.label(), job.completed(), error == null ? "" : ": " + error);
        if (to == JobState.COMPLETED) webhooks.send(job, webhook(job), WebhookEvent.COMPLETED, null, null);
        else webhooks.send(job, webhook(job), WebhookEvent.FAILED, null, error != null ? error : to.label());
    }

    /**
     * The job's webhook, read from its kept request (null: none). A receiver the server no longer reaches (started
     * since without {@code --allow-private}, say) is refused: the job calls no one back, and the log says why.
     */
    private Webhook webhook(Job job) {
        Webhook w = job.webhook;
        if (w != null || job.noWebhook) return w;
        try {
            w = Webhook.of(job.record().options(), server);
        } catch (ApiError e) {
            log.warn("job {}: its webhook is refused now: {}", job.id(), e.getMessage());
        }
        if (w == null) job.noWebhook = true;
        job.webhook = w;
        return w;
    }

    /** When a finished job's results are removed. */
    Instant expiresAt(Job job) {
        Instant from = job.record().finishedAt() != null ? job.record().finishedAt() : Instant.now();
        return from.plus(server.keep());
    }

    /** Removes finished jobs kept longer than {@code --keep}, every so often. */
    private void reap() {
        long every = Math.max(1000, Math.min(server.keep().toMillis() / 4, 60_000));
        while (!closing.get()) {
            try {
                Thread.sleep(every);
            } catch (InterruptedException e) {
                return;
            }
            Instant now = Instant.now();
            for (Job job : List.copyOf(jobs.values())) {
                boolean own = !shared(job.record().kind()); // a shared one expires in Redis
                if (own && job.record().state().finished() && expiresAt(job).isBefore(now)) {
                    jobs.remove(job.id());
                    store.delete(job.id());
                    log.info("job {} expired: removed with its results", job.id());
                }
            }
        }
    }

    /**
     * Follows the jobs shared through Redis, about once a second: joins each new one (created on any server), stops
     * its runs of those another server ended, and forgets those expired.
     */
    private void watch() {
        boolean failing = false; // one line an outage, not one a second
        while (!closing.get()) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                return;
            }
            try {
                Map<String, Job> sharedJobs = new java.util.HashMap<>();
                jobs.forEach((id, job) -> {
                    if (shared(job.record().kind())) sharedJobs.put(id, job);
                });
                SharedJobs.Changes changes = shared.poll(sharedJobs);
                changes.added().forEach(this::join);
                changes.ended().forEach(this::endedElsewhere);
                for (String id : changes.gone()) {
                    if (jobs.remove(id) != null && java.nio.file.Files.exists(store.dir(id))) store.delete(id);
                }
                if (failing) log.info("the jobs shared through Redis at {} are read again", shared.where());
                failing = false;
            } catch (RuntimeException e) {
                if (!failing) {
                    log.warn("the jobs shared through Redis at {} cannot be read: {}", shared.where(), oneLine(e));
                }
                failing = true;
            }
        }
    }

    /** A job another server created a moment ago, asked for here before the watch saw it; null when none. */
    private Job joinNow(String id) {
        Job job = shared.find(id);
        if (job == null) return null;
        join(job);
        return jobs.get(id);
    }

    /** A job another server created: this server crawls it too, once it has a permit. */
    private void join(Job job) {
        admission.lock();
        try {
            // a job this server posted a moment ago is known already
            if (closing.get() || jobs.putIfAbsent(job.id(), job) != null) return;
        } finally {
            admission.unlock();
        }
        if (!job.record().state().finished()) start(job, false);
    }

    /** A job another server ended: its run here stops (a cancelled one's fetches in flight aborted). */
    private void endedElsewhere(JobRecord ended) {
        Job job = jobs.get(ended.id());
        if (job == null) return;
        admission.lock();
        try {
            if (job.record().state().finished()) return;
            job.record(ended);
        } finally {
            admission.unlock();
        }
        Crawler c = job.crawler;
        if (ended.state() == JobState.CANCELLED) {
            job.cancelled.set(true);
            if (c != null) c.cancel();
        } else if (c != null) {
            c.stop();
        }
        log.info("job {} {} on another server", job.id(), ended.state().label());
    }

    /**
     * Whether jobs of {@code kind} are shared with the other servers through Redis: with {@code --frontier}, all but
     * native crawls, whose output files are the server's that made them (their own folder in DATA, as without it).
     */
    private boolean shared(JobKind kind) {
        return shared != null && kind != JobKind.NATIVE;
    }

    private static void createDirectories(java.nio.file.Path dir) {
        try {
            java.nio.file.Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * Stops every job resumably: no new one starts, running crawls stop taking work and finish their fetches in
     * flight, whose pages are committed; the jobs stay scraping, and the next start resumes them.
     */
    @Override
    public void close() {
        if (!closing.compareAndSet(false, true)) return;
        try {
            pause();
        } finally {
            webhooks.close(); // what is owed now is not kept
            if (shared != null) shared.close();
            store.close();
        }
    }

    private void pause() {
        reaper.interrupt();
        if (watcher != null) watcher.interrupt();
        List<Thread> waiting = new ArrayList<>(runners);
        for (Job job : jobs.values()) {
            job.pausing.set(true);
            Crawler c = job.crawler;
            if (c != null) c.stop();
        }
        for (Thread t : waiting) {
            if (t.isAlive() && !runnerHasCrawler(t)) t.interrupt(); // one waiting for a permit
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        for (Thread t : waiting) {
            try {
                t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private boolean runnerHasCrawler(Thread t) {
        return jobs.values().stream().anyMatch(j -> j.crawler != null
                && t.getName().equals("loomcrawl-serve-job-" + j.id()));
    }

    private static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        return m.lines().findFirst().orElse(m);
    }
}
