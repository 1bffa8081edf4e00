package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomcrawl.store.sqlite.ChunkIndex;
import dev.loomcrawl.store.sqlite.SearchMode;

import java.nio.file.Path;

/**
 * {@code GET /v1/crawls/{id}/search?q=...&limit=...&mode=...&cursor=...}: a native crawl's chunks (its setting
 * {@code chunks}) best matching {@code q} (at most {@value #MAX_QUERY} characters), ranked fused (BM25 and the
 * embedding model) unless {@code mode} says lexical or dense; {@code limit} 1 to {@value #MAX_LIMIT} (default
 * {@value #DEFAULT_LIMIT}). Each hit with its URL, title, headings, passage, scores, and its capture with the URL its
 * WARC file downloads from. A crawl whose settings write no chunks is a 400 saying so; while it runs, what it wrote
 * so far is searched.
 */
final class NativeSearch {
    static final int MAX_QUERY = 1_000;
    static final int MAX_LIMIT = 50;
    static final int DEFAULT_LIMIT = 10;

    private NativeSearch() {}

    static Answer answer(Call c, Job job, NativeApi api) {
        String q = c.query().get("q");
        if (q == null || q.isBlank()) throw ApiError.badRequest("query parameter 'q' is required: what to look for");
        if (q.length() > MAX_QUERY) {
            throw ApiError.badRequest("query parameter 'q' is longer than " + MAX_QUERY + " characters");
        }
        int limit = c.intParam("limit", DEFAULT_LIMIT);
        if (limit < 1 || limit > MAX_LIMIT) {
            throw ApiError.badRequest("query parameter 'limit' must be between 1 and " + MAX_LIMIT);
        }
        SearchMode mode = null;
        if (c.query().get("mode") != null) {
            try {
                mode = SearchMode.of(c.query().get("mode"));
            } catch (IllegalArgumentException e) {
                throw ApiError.badRequest("query parameter 'mode': " + e.getMessage());
            }
        }
        Path chunks = api.chunksFile(job);
        if (chunks == null) {
            throw ApiError.badRequest("crawl " + job.id() + " writes no chunks to search: start it with the "
                    + "setting 'chunks' (a file name)");
        }
        ChunkIndex.Page page = api.search(job, chunks, q, limit, c.query().get("cursor"), mode);
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("id", job.id());
        o.put("query", q);
        o.put("mode", page.mode().label());
        if (page.note() != null) o.put("note", page.note());
        o.put("indexed", page.indexedChunks());
        o.put("embedded", page.embeddedChunks());
        ArrayNode hits = o.putArray("hits");
        for (ChunkIndex.Hit h : page.hits()) {
            ObjectNode hit = hits.addObject();
            hit.put("url", h.url());
            if (h.title() != null) hit.put("title", h.title());
            h.headings().forEach(hit.putArray("headings")::add);
            hit.put("passage", h.markdown());
            hit.put("score", h.score());
            hit.set("scores", Json.MAPPER.valueToTree(h.scores().fields()));
            if (h.citation() != null) {
                ObjectNode capture = hit.putObject("capture");
                capture.setAll((ObjectNode) Json.MAPPER.valueToTree(h.citation().fields()));
                capture.put("fileUrl", c.base() + NativeApi.BASE + "/" + job.id() + "/files/"
                        + Path.of(h.citation().warcFile()).getFileName());
            }
        }
        if (page.nextCursor() != null) o.put("cursor", page.nextCursor());
        return Answer.json(o);
    }
}
