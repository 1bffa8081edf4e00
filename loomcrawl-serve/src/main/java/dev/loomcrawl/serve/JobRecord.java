package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.util.List;

/**
 * What is kept of a job beside its state file ({@code job.json}): enough to answer for it, and to resume it, after
 * a restart.
 *
 * @param urls       the crawl's root, or the batch's URLs
 * @param options    the request's options as given (what {@code GET /v2/crawl/active} shows)
 * @param scrape     what each document holds
 * @param finishedAt when it finished; null while it runs
 * @param error      why it failed; null unless it did
 * @param archived   the crawl also writes its WARC files and its chunks into the job's folder ({@link JobArchive}):
 *                   an MCP client's crawl, which search_crawl searches
 * @param render     which pages are rendered in Chromium ({@link Browsers}): kept, so that a resumed job renders too
 */
record JobRecord(String id, JobKind kind, List<String> urls, JsonNode options, ScrapeOptions scrape, JobState state,
                 Instant createdAt, Instant finishedAt, String error, boolean archived, RenderMode render) {

    JobRecord finished(JobState to, String why) {
        return new JobRecord(id, kind, urls, options, scrape, to, createdAt, Instant.now(), why, archived, render);
    }

    ObjectNode toJson() {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("id", id);
        o.put("kind", kind.name());
        urls.forEach(o.putArray("urls")::add);
        o.set("options", options);
        o.set("scrape", Json.MAPPER.valueToTree(scrape.toJson()));
        o.put("state", state.label());
        o.put("createdAt", createdAt.toString());
        if (finishedAt != null) o.put("finishedAt", finishedAt.toString());
        if (error != null) o.put("error", error);
        if (archived) o.put("archived", true);
        if (render != RenderMode.NEVER) o.put("render", render.label());
        return o;
    }

    static JobRecord fromJson(JsonNode o) {
        List<String> urls = new java.util.ArrayList<>();
        o.path("urls").forEach(u -> urls.add(u.textValue()));
        return new JobRecord(o.path("id").textValue(), JobKind.valueOf(o.path("kind").textValue()), urls,
                o.path("options"), ScrapeOptions.fromJson(o.path("scrape")), JobState.ofLabel(o.path("state").textValue()),
                Instant.parse(o.path("createdAt").textValue()),
                o.hasNonNull("finishedAt") ? Instant.parse(o.path("finishedAt").textValue()) : null,
                o.hasNonNull("error") ? o.path("error").textValue() : null, o.path("archived").asBoolean(false),
                render(o.path("render").asText("never")));
    }

    /** A kept mode; one this version does not know (a newer one's) renders nothing rather than failing the job. */
    private static RenderMode render(String label) {
        RenderMode m = RenderMode.ofLabel(label);
        return m == null ? RenderMode.NEVER : m;
    }
}
