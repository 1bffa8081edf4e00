package dev.loomcrawl.serve;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /}: a page to watch the jobs and start a crawl, served by the server itself (three files of this
 * package's resources: no build step, no CDN; its script asks {@code GET /v1/jobs} every second and starts a crawl
 * through {@code POST /v2/crawl}), and {@code GET /v1/jobs}, the list it shows.
 */
final class JobsPage {
    /** The page's files: path, type, and the resource they are. */
    private static final Map<String, Answer> FILES = Map.of(
            "/", file("index.html", "text/html; charset=utf-8"),
            "/jobs.js", file("jobs.js", "text/javascript; charset=utf-8"),
            "/jobs.css", file("jobs.css", "text/css; charset=utf-8"));
    /** Jobs listed at most, newest first. */
    static final int MAX_LISTED = 500;

    private JobsPage() {}

    /** Whether {@code path} is one of the page's files. */
    static boolean isFile(String path) {
        return FILES.containsKey(path);
    }

    static Answer file(String path) {
        return FILES.get(path);
    }

    /** The jobs kept, newest first, each with its progress and the paths of its results. */
    static Answer list(Jobs jobs) {
        List<Job> all = jobs.all().stream().sorted(Comparator.comparing((Job j) -> j.record().createdAt()).reversed())
                .limit(MAX_LISTED).toList();
        var o = Json.MAPPER.createObjectNode();
        var list = o.putArray("jobs");
        for (Job job : all) {
            JobRecord r = job.record();
            var j = list.addObject();
            j.put("id", r.id());
            j.put("kind", r.kind() == JobKind.BATCH ? "batch" : r.kind() == JobKind.NATIVE ? "native" : "crawl");
            j.put("url", r.urls().getFirst());
            j.put("status", r.state().label());
            boolean nativeJob = r.kind() == JobKind.NATIVE;
            // a native job writes records, not documents: its pages are what it recorded
            long completed = nativeJob ? job.progress.recorded() : job.completed();
            j.put("completed", completed);
            j.put("total", Math.max(completed, nativeJob ? completed + queuedOrInFlight(job) : job.total()));
            j.put("createdAt", r.createdAt().toString());
            if (r.finishedAt() != null) j.put("finishedAt", r.finishedAt().toString());
            if (r.error() != null) j.put("error", r.error());
            var links = j.putObject("links");
            String base = (nativeJob ? "/v1/" : "/v2/") + r.kind().path() + "/" + r.id();
            links.put("results", base);
            // a native job's errors are among its records (its status lists its files); the others' have a route
            if (!nativeJob) links.put("errors", base + "/errors");
            if (!r.state().finished()) { // what the page's cancel button asks
                var cancel = j.putObject("cancel");
                cancel.put("method", nativeJob ? "POST" : "DELETE");
                cancel.put("url", nativeJob ? base + "/cancel" : base);
            }
        }
        o.put("count", jobs.all().size());
        return Answer.json(o);
    }

    private static long queuedOrInFlight(Job job) {
        var crawler = job.crawler;
        return crawler == null ? 0 : (long) crawler.queued() + crawler.inFlight();
    }

    private static Answer file(String name, String type) {
        try (InputStream in = JobsPage.class.getResourceAsStream("page/" + name)) {
            if (in == null) throw new IllegalStateException("the jobs page's " + name + " is missing from the jar");
            return new Answer(200, type, in.readAllBytes(), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
