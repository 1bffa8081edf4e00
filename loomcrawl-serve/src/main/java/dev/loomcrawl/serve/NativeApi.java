package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomcrawl.config.CrawlJob;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.store.sqlite.SqliteCrawlStore;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.stream.Stream;

/**
 * loomcrawl's own API, beside Firecrawl's: crawl jobs made of the settings tree's JSON ({@link NativeRequest}), their
 * status (counts by outcome, rate, the ledger, settings, output files), their files downloaded, their progress as
 * Server-Sent Events, cancel and delete; and {@code /openapi.json} ({@link OpenApi}). Each job runs as the other
 * jobs do ({@link Jobs}), on a state file of its own, its outputs in its folder ({@link NativeRun}).
 */
final class NativeApi implements AutoCloseable {
    static final String BASE = "/v1/crawls";
    /** Event streams open at once at most; past that a 429. */
    static final int MAX_STREAMS = 64;
    /** A stream with nothing new says it is alive this often (a comment line). */
    static final long HEARTBEAT_MILLIS = 10_000;
    private static final long TICK_MILLIS = 1000;

    private final ServeOptions server;
    private final Jobs jobs;
    private final Semaphore streams = new Semaphore(MAX_STREAMS);
    private final ChunkSearches searches;

    NativeApi(ServeOptions server, Jobs jobs) {
        this.server = server;
        this.jobs = jobs;
        this.searches = new ChunkSearches(jobs);
    }

    static boolean answers(String path) {
        return path.equals(OpenApi.PATH) || path.equals(BASE) || path.startsWith(BASE + "/");
    }

    Answer answer(String path, Call c) {
        if (path.equals(OpenApi.PATH)) return only(c, "GET", () -> new Answer(200, Answer.JSON, OpenApi.bytes(), 0));
        List<String> s = new ArrayList<>();
        for (String part : path.substring(BASE.length()).split("/")) if (!part.isEmpty()) s.add(part);
        if (s.isEmpty()) {
            return switch (c.method()) {
                case "POST" -> create(c);
                case "GET" -> list(c);
                default -> throw new ApiError(405, c.method() + " is not allowed here; use GET or POST");
            };
        }
        Job job = job(s.getFirst());
        if (s.size() == 1) {
            return switch (c.method()) {
                case "GET" -> Answer.json(status(c, job));
                case "DELETE" -> delete(job);
                default -> throw new ApiError(405, c.method() + " is not allowed here; use GET or DELETE");
            };
        }
        String what = s.get(1);
        if (s.size() == 2 && what.equals("cancel")) return only(c, "POST", () -> cancel(job));
        if (s.size() == 2 && what.equals("events")) return only(c, "GET", () -> events(job));
        if (s.size() == 2 && what.equals("search")) return only(c, "GET", () -> NativeSearch.answer(c, job, this));
        if (s.size() == 3 && what.equals("files")) return only(c, "GET", () -> file(job, s.get(2)));
        throw new ApiError(404, "no endpoint " + ApiError.quoted(path));
    }

    private Answer create(Call c) {
        NativeRequest req = NativeRequest.parse(c.body(), server);
        Job job = jobs.submit(JobKind.NATIVE, req.roots(), req.options(), ScrapeOptions.DEFAULT, req.config(), false,
                req.render());
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("id", job.id());
        o.put("url", c.base() + BASE + "/" + job.id());
        return new Answer(201, Answer.JSON, Json.bytes(o), 0);
    }

    private Answer list(Call c) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        ArrayNode list = o.putArray("crawls");
        jobs.all().stream().filter(j -> j.record().kind() == JobKind.NATIVE)
                .sorted(Comparator.comparing((Job j) -> j.record().createdAt()))
                .forEach(j -> list.add(brief(c, j)));
        return Answer.json(o);
    }

    private Job job(String id) {
        Job job = jobs.find(id);
        if (job == null || job.record().kind() != JobKind.NATIVE || !JobStore.isId(id)) {
            throw new ApiError(404, "no crawl " + (id.length() > 80 ? id.substring(0, 80) : id));
        }
        return job;
    }

    /** Where the job is: its state, counts by outcome, rate, times. */
    private ObjectNode brief(Call c, Job job) {
        JobRecord r = job.record();
        NativeProgress p = progress(job);
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("id", r.id());
        o.put("url", c.base() + BASE + "/" + r.id());
        o.put("state", r.state().label());
        r.urls().forEach(o.putArray("roots")::add);
        o.put("createdAt", r.createdAt().toString());
        if (p.startedAt() != null) o.put("startedAt", p.startedAt().toString());
        if (r.finishedAt() != null) o.put("finishedAt", r.finishedAt().toString());
        if (r.error() != null) o.put("error", r.error());
        o.set("counts", counts(job, p));
        o.put("pagesPerSecond", p.pagesPerSecond(r.finishedAt() != null ? r.finishedAt() : Instant.now()));
        return o;
    }

    private ObjectNode status(Call c, Job job) {
        ObjectNode o = brief(c, job);
        CrawlSummary s = job.progress.summary();
        if (s != null) {
            ObjectNode ledger = o.putObject("ledger");
            if (s.discovered() >= 0) ledger.put("discovered", s.discovered());
            ledger.put("recorded", s.done());
            ledger.put("dropped", s.droppedAtDiscovery());
            ledger.put("queued", s.todo());
            ObjectNode why = ledger.putObject("droppedBy");
            s.dropped().forEach(why::put);
            if (s.limitReached() != null) ledger.put("limitReached", s.limitReached().toString());
        }
        o.set("settings", job.record().options().path("settings"));
        ArrayNode files = o.putArray("files");
        for (OutputFile f : files(job)) {
            ObjectNode file = files.addObject();
            file.put("setting", f.setting());
            file.put("name", f.name());
            if (!f.folder()) file.put("bytes", size(f.path())); // a folder's zip is made as it is downloaded
            file.put("url", c.base() + BASE + "/" + job.id() + "/files/" + f.name());
        }
        return o;
    }

    private static ObjectNode counts(Job job, NativeProgress p) {
        ObjectNode counts = Json.MAPPER.createObjectNode();
        counts.put("recorded", p.recorded());
        for (NativeProgress.Outcome outcome : NativeProgress.Outcome.values()) {
            counts.put(outcome.label(), p.count(outcome));
        }
        var crawler = job.crawler;
        counts.put("queued", crawler == null ? 0 : crawler.queued());
        counts.put("inFlight", crawler == null ? 0 : crawler.inFlight());
        return counts;
    }

    /** The job's progress; a finished job kept from before a restart counts its records from its state once. */
    private NativeProgress progress(Job job) {
        NativeProgress p = job.progress;
        if (p.known() || !job.record().state().finished() || job.crawler != null) return p;
        Path file = jobs.stateFile(job);
        if (!Files.exists(file)) return p;
        try (SqliteCrawlStore state = SqliteCrawlStore.openForReading(file)) {
            p.seed(state::forEachRecord);
        } catch (RuntimeException e) {
            // counted as nothing: the job's state cannot be read (removed as it was read, say)
        }
        return p;
    }

    /** An output file of the job that can be downloaded now: a file, or a folder downloaded as one zip. */
    record OutputFile(String setting, String name, Path path) {
        boolean folder() {
            return name.endsWith(NativeFiles.ZIP) && Files.isDirectory(path);
        }
    }

    /**
     * The job's output files that exist now: its line files, and once it ended its HTML report and WACZ package,
     * by the names its settings gave; its WARC files, in its warc folder; once it ended, its content-dir folder as
     * {@code NAME.zip}.
     */
    private List<OutputFile> files(Job job) {
        Path dir = jobs.dir(job);
        CrawlJob kept = NativeRequest.kept(job.record().options());
        boolean ended = job.record().state().finished() && job.crawler == null;
        List<OutputFile> files = new ArrayList<>();
        for (Map.Entry<String, String> e : NativeFiles.names(kept.outputs()).entrySet()) {
            String setting = e.getKey();
            if (setting.equals("warc")) continue;
            boolean folder = setting.equals("content-dir");
            if ((setting.equals("html-report") || setting.equals("wacz") || folder) && !ended) continue;
            Path p = dir.resolve(NativeFiles.OUTPUTS).resolve(e.getValue());
            if (folder) {
                if (Files.isDirectory(p)) files.add(new OutputFile(setting, e.getValue() + NativeFiles.ZIP, p));
                continue;
            }
            if (Files.isRegularFile(p)) files.add(new OutputFile(setting, e.getValue(), p));
        }
        Path warc = dir.resolve(NativeFiles.WARC);
        if (Files.isDirectory(warc)) {
            try (Stream<Path> list = Files.list(warc)) {
                list.filter(Files::isRegularFile).map(p -> p.getFileName().toString()).filter(NativeFiles::safe)
                        .filter(n -> n.endsWith(".warc.gz") || n.endsWith(".warc")).sorted()
                        .forEach(n -> files.add(new OutputFile("warc", n, warc.resolve(n))));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files;
    }

    /** Closes the search indexes of the jobs searched (an embedding under way stops at its next batch). */
    @Override
    public void close() {
        searches.close();
    }

    /** The job's chunks file (its {@code outputs.chunks} in its folder), or null when its settings name none. */
    Path chunksFile(Job job) {
        String name = NativeFiles.names(NativeRequest.kept(job.record().options()).outputs()).get("chunks");
        return name == null ? null : jobs.dir(job).resolve(NativeFiles.OUTPUTS).resolve(name);
    }

    /** Searches the job's chunks, indexed in its folder. */
    dev.loomcrawl.store.sqlite.ChunkIndex.Page search(Job job, Path chunks, String q, int limit, String cursor,
                                                      dev.loomcrawl.store.sqlite.SearchMode mode) {
        return searches.search(job.id(), jobs.dir(job).resolve(Service.INDEX), chunks, q, limit, cursor, mode);
    }

    /** One of the job's output files, streamed; only its outputs, by the names its status lists. */
    private Answer file(Job job, String name) {
        if (!NativeFiles.safe(name)) throw new ApiError(404, "no such file of crawl " + job.id());
        OutputFile f = files(job).stream().filter(o -> o.name().equals(name)).findFirst().orElseThrow(() ->
                new ApiError(404, "crawl " + job.id() + " has no file '" + name + "' (the HTML report, the WACZ "
                        + "package and the content-dir zip are there once it ended)"));
        if (f.folder()) return Answer.download("application/zip", name, false, out -> NativeFiles.zip(f.path(), out));
        return Answer.download(type(f.setting(), name), name, f.setting().equals("html-report"), out -> {
            try (InputStream in = Files.newInputStream(f.path())) {
                in.transferTo(out);
            }
        });
    }

    /**
     * What a file of {@code setting} is, whatever the request named it: only the HTML report, which loomcrawl writes,
     * is HTML; a file of crawled text is never, even named {@code x.html}.
     */
    private static String type(String setting, String name) {
        return switch (setting) {
            case "html-report" -> "text/html; charset=utf-8";
            case "wacz" -> "application/zip";
            case "warc" -> name.endsWith(".gz") ? "application/gzip" : "application/warc";
            case "content", "chunks" -> "application/x-ndjson";
            default -> name.endsWith(".jsonl") || name.endsWith(".ndjson") ? "application/x-ndjson" // a line file
                    : name.endsWith(".csv") ? "text/csv; charset=utf-8" : "text/plain; charset=utf-8";
        };
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return 0;
        }
    }

    private Answer cancel(Job job) {
        jobs.cancel(job);
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("id", job.id());
        o.put("state", job.record().state().label());
        return Answer.json(o);
    }

    private Answer delete(Job job) {
        jobs.remove(job);
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("id", job.id());
        o.put("deleted", true);
        return Answer.json(o);
    }

    /**
     * The job's progress as Server-Sent Events: a {@code progress} event (its counts) at once and then about once a
     * second while they change, a comment line when nothing changed for a while, and a last event named by how it
     * ended ({@code completed}, {@code failed}, {@code cancelled}), after which the stream ends. A stream reads the
     * job's counters, holding no lock; at most {@link #MAX_STREAMS} are open at once.
     */
    private Answer events(Job job) {
        if (!streams.tryAcquire()) {
            throw new ApiError(429, "too many event streams open (at most " + MAX_STREAMS + ")", 5);
        }
        return Answer.streamed("text/event-stream; charset=utf-8", out -> {
            try {
                stream(job, out);
            } finally {
                streams.release();
            }
        });
    }

    private void stream(Job job, OutputStream out) throws IOException {
        String last = null;
        long quietSince = System.nanoTime();
        while (true) {
            JobState state = job.record().state();
            boolean ended = state.finished() && job.crawler == null;
            String data = Json.write(eventData(job));
            if (ended) {
                send(out, state.label(), data);
                return;
            }
            if (jobs.find(job.id()) != job || job.pausing.get()) return; // deleted, or the server is stopping
            if (!data.equals(last)) {
                send(out, "progress", data);
                last = data;
                quietSince = System.nanoTime();
            } else if (System.nanoTime() - quietSince >= HEARTBEAT_MILLIS * 1_000_000) {
                out.write(": still running\n\n".getBytes(StandardCharsets.UTF_8));
                out.flush();
                quietSince = System.nanoTime();
            }
            try {
                Thread.sleep(TICK_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private ObjectNode eventData(Job job) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        JobRecord r = job.record();
        o.put("id", r.id());
        o.put("state", r.state().label());
        NativeProgress p = job.progress;
        o.set("counts", counts(job, p));
        o.put("pagesPerSecond", p.pagesPerSecond(r.finishedAt() != null ? r.finishedAt() : Instant.now()));
        if (r.error() != null) o.put("error", r.error());
        return o;
    }

    private static void send(OutputStream out, String event, String data) throws IOException {
        out.write(("event: " + event + "\ndata: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private static Answer only(Call c, String method, java.util.function.Supplier<Answer> endpoint) {
        if (!c.method().equals(method)) {
            throw new ApiError(405, c.method() + " is not allowed here; use " + method);
        }
        return endpoint.get();
    }
}
