package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomcrawl.render.chromium.RenderSettings;
import dev.loomcrawl.run.Discovery;

import dev.loomcrawl.output.lines.IsoMillis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Firecrawl's v2 endpoints, each a request parsed into its record, handed to the jobs or the scrapes, and its
 * answer in Firecrawl's shape ({@code success}, then the endpoint's fields); and its v1 endpoints, their requests
 * read as v2 ones ({@link FirecrawlV1}), their answers in v1's shapes where they differ (map's links as strings).
 */
final class FirecrawlApi {
    /** Documents in one answer at most, and about this many bytes of them (Firecrawl pages by 10 MB). */
    static final int PAGE_DOCUMENTS = 100;
    static final long PAGE_BYTES = 10L << 20;

    private final ServeOptions server;
    private final Jobs jobs;
    private final Scrapes scrapes;

    FirecrawlApi(ServeOptions server, Jobs jobs, Scrapes scrapes) {
        this.server = server;
        this.jobs = jobs;
        this.scrapes = scrapes;
    }

    Answer scrape(Call c) {
        ScrapeRequest req = ScrapeRequest.parse(c.v1() ? FirecrawlV1.scrape(c.json()) : c.json(), server);
        RenderSettings rendering = req.scrape().rendering(); // waitFor, where the server has Chromium
        ObjectNode doc = rendering == null ? scrapes.scrape(req) : scrapes.scrapeRendered(req, rendering);
        ObjectNode o = ok();
        o.set("data", doc);
        return Answer.json(o);
    }

    Answer map(Call c) {
        MapRequest req = MapRequest.parse(c.json(), server);
        ObjectNode o = ok();
        ArrayNode links = o.putArray("links");
        for (Discovery.Mapped e : scrapes.map(req).urls()) {
            ObjectNode l = links.addObject();
            l.put("url", e.url());
            String title = e.title() != null ? e.title() : e.anchors().isEmpty() ? null : e.anchors().getFirst();
            if (title != null) l.put("title", title);
        }
        return Answer.json(o);
    }

    /** Firecrawl v1's map: the same URLs, as a list of strings. */
    Answer mapV1(Call c) {
        MapRequest req = MapRequest.parse(FirecrawlV1.map(c.json()), server);
        ObjectNode o = ok();
        ArrayNode links = o.putArray("links");
        for (Discovery.Mapped e : scrapes.map(req).urls()) links.add(e.url());
        return Answer.json(o);
    }

    Answer startCrawl(Call c) {
        CrawlRequest req = CrawlRequest.parse(c.v1() ? FirecrawlV1.crawl(c.json()) : c.json(), server);
        Job job = jobs.submit(JobKind.CRAWL, req.urls(), req.options(), req.scrape(), req.config(), false,
                req.scrape().renderMode());
        return Answer.json(started(c, job));
    }

    Answer startBatch(Call c) {
        BatchScrapeRequest req = BatchScrapeRequest.parse(c.v1() ? FirecrawlV1.batch(c.json()) : c.json(), server);
        Job job = jobs.submit(JobKind.BATCH, req.urls(), req.options(), req.scrape(), req.config(), false,
                req.scrape().renderMode());
        ObjectNode o = started(c, job);
        if (!req.invalid().isEmpty()) req.invalid().forEach(o.putArray("invalidURLs")::add);
        return Answer.json(o);
    }

    private static ObjectNode started(Call c, Job job) {
        ObjectNode o = ok();
        o.put("id", job.id());
        o.put("url", c.base() + "/" + c.version() + "/" + job.record().kind().path() + "/" + job.id());
        return o;
    }

    /** A job's status and one page of its documents, from {@code ?skip=}; {@code next} while more are ready. */
    Answer status(Call c, JobKind kind, String id) {
        Job job = jobs.get(id, kind);
        int skip = c.intParam("skip", 0);
        JobRecord r = job.record();
        ObjectNode o = ok();
        o.put("status", r.state().label());
        long completed = job.completed();
        o.put("completed", completed);
        o.put("total", Math.max(completed, job.total()));
        o.put("creditsUsed", completed);
        o.put("expiresAt", jobs.expiresAt(job).toString());
        ResultsFile.Span page = job.documents.span(skip, PAGE_DOCUMENTS, PAGE_BYTES);
        long after = (long) skip + page.count();
        if (after < job.completed()) {
            o.put("next", c.base() + "/" + c.version() + "/" + kind.path() + "/" + id + "?skip=" + after);
        } else if (!c.v1()) { // v1 leaves it out: its clients page while the field is there
            o.putNull("next");
        }
        if (r.error() != null) o.put("error", r.error());
        return new Answer(200, Answer.JSON, withData(Json.bytes(o), page), 0);
    }

    /**
     * The answer {@code head} (an object) with a last field, {@code data}: the page's documents, which are this
     * server's own JSON lines, spliced in as they are. Read back and written again, they cost most of the CPU of
     * paging through a job, and a page's Markdown past the 1 MiB a request's strings may hold (the JDK docs' index
     * pages) failed the whole answer. A line holds no newline byte (JSON escapes it, and no byte of a multi-byte
     * UTF-8 character is one), so each line's newline becomes the comma between documents.
     */
    static byte[] withData(byte[] head, ResultsFile.Span page) {
        byte[] field = ",\"data\":[".getBytes(StandardCharsets.US_ASCII);
        byte[] lines = page.bytes();
        int n = lines.length == 0 ? 0 : lines.length - 1; // without the last line's newline
        byte[] body = new byte[head.length - 1 + field.length + n + 2];
        System.arraycopy(head, 0, body, 0, head.length - 1); // without its closing brace
        System.arraycopy(field, 0, body, head.length - 1, field.length);
        int at = head.length - 1 + field.length;
        System.arraycopy(lines, 0, body, at, n);
        for (int i = at; i < at + n; i++) {
            if (body[i] == '\n') body[i] = ',';
        }
        body[at + n] = ']';
        body[at + n + 1] = '}';
        return body;
    }

    Answer cancel(JobKind kind, String id) {
        Job job = jobs.get(id, kind);
        JobState state = job.record().state();
        if (state.finished() && state != JobState.CANCELLED) {
            throw new ApiError(409, "job " + id + " is already " + state.label());
        }
        jobs.cancel(job);
        ObjectNode o = ok();
        o.put("status", JobState.CANCELLED.label());
        return Answer.json(o);
    }

    Answer errors(JobKind kind, String id) {
        Job job = jobs.get(id, kind);
        ObjectNode o = ok();
        ArrayNode errors = o.putArray("errors");
        ArrayNode robots = o.putArray("robotsBlocked");
        for (String line : job.errors.lines(0, Integer.MAX_VALUE, PAGE_BYTES)) {
            JsonNode e = parse(line);
            if (e.has("robotsBlocked")) robots.add(e.get("robotsBlocked"));
            else errors.add(e);
        }
        return Answer.json(o);
    }

    Answer active() {
        ObjectNode o = ok();
        ArrayNode crawls = o.putArray("crawls");
        for (Job job : jobs.all()) {
            JobRecord r = job.record();
            if (r.kind() != JobKind.CRAWL || r.state().finished()) continue;
            ObjectNode c = crawls.addObject();
            c.put("id", r.id());
            c.put("teamId", "loomcrawl");
            c.put("url", r.urls().getFirst());
            c.put("created_at", IsoMillis.format(r.createdAt()));
            c.set("options", r.options());
        }
        return Answer.json(o);
    }

    private static ObjectNode ok() {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("success", true);
        return o;
    }

    private static JsonNode parse(String line) {
        try {
            return Json.MAPPER.readTree(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
