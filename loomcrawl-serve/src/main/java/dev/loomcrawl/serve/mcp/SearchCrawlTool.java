package dev.loomcrawl.serve.mcp;

import dev.loomcrawl.serve.Service;
import dev.loomcrawl.store.sqlite.ChunkIndex;
import io.modelcontextprotocol.spec.McpSchema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code search_crawl}: the retrieval chunks of a crawl (one the crawl tool started) best matching a query, best
 * first, each with its page's URL and title, the headings it falls under, its Markdown, and where the page's
 * capture is in the crawl's WARC files: a citation that can be replayed. As many as fit the result's characters; a
 * cursor goes on.
 */
final class SearchCrawlTool implements Tool {
    static final int DEFAULT_LIMIT = 5;
    static final int MAX_LIMIT = 20;
    private final Service service;
    private final McpOptions options;

    SearchCrawlTool(Service service, McpOptions options) {
        this.service = service;
        this.options = options;
    }

    @Override
    public McpSchema.Tool definition() {
        return McpSchema.Tool.builder().name("search_crawl").title("Search a crawl's pages")
                .description("Search the pages of a crawl started with crawl (while it runs, or after) for a "
                        + "query: the best-matching passages (ranked by BM25 and by meaning with an embedding model, "
                        + "fused by reciprocal rank, so a question in other words than the page's finds it; a page's "
                        + "title and headings count more), each with its scores, its page's URL, the headings it "
                        + "falls under, its Markdown, and a "
                        + "citation of the archived capture (WARC file, offset, record id, time). Use it to answer "
                        + "from a crawled site with sources, instead of reading every page with crawl_status.")
                .inputSchema(new Schemas()
                        .property("id", "string", "The crawl's id, from crawl.")
                        .property("query", "string", "What to look for, in words (no operators).")
                        .property("limit", "integer", "Passages at most (1 to " + MAX_LIMIT + "; default "
                                + DEFAULT_LIMIT + ").")
                        .property("cursor", "string", "Where to go on, from the previous result's note.")
                        .required("id", "query").build())
                .annotations(new McpSchema.ToolAnnotations("Search a crawl's pages", true, false, true, false,
                        null))
                .build();
    }

    /** A hit's scores in a line: fused, BM25 and cosine, each with its rank, where there is one. */
    static String scores(ChunkIndex.Scores s) {
        List<String> parts = new ArrayList<>();
        if (s.fused() != null) parts.add(String.format(java.util.Locale.ROOT, "fused %.4f", s.fused()));
        if (s.bm25() != null) {
            parts.add(String.format(java.util.Locale.ROOT, "BM25 %.2f (#%d)", s.bm25(), s.bm25Rank()));
        }
        if (s.cosine() != null) {
            parts.add(String.format(java.util.Locale.ROOT, "cosine %.3f (#%d)", s.cosine(), s.cosineRank()));
        }
        return String.join(", ", parts);
    }

    @Override
    public Result call(ToolCall call) {
        String id = call.string("id");
        String query = call.string("query");
        if (query.isBlank()) throw new ToolCall.Mistake("argument 'query' must have a word");
        int limit = (int) call.integer("limit", 1, MAX_LIMIT, DEFAULT_LIMIT);
        ChunkIndex.Page page = service.searchCrawl(id, query, limit, call.string("cursor", null));
        StringBuilder text = new StringBuilder();
        List<Map<String, Object>> hits = new ArrayList<>();
        int rank = 0;
        for (ChunkIndex.Hit h : page.hits()) {
            rank++;
            StringBuilder one = new StringBuilder("\n## ").append(rank).append(". ")
                    .append(h.title() == null || h.title().isBlank() ? h.url() : h.title()).append("\n")
                    .append("URL: ").append(h.url()).append('\n');
            if (!h.headings().isEmpty()) one.append("Under: ").append(String.join(" > ", h.headings())).append('\n');
            one.append("Scores: ").append(scores(h.scores())).append('\n');
            if (h.citation() != null) {
                one.append("Archived: ").append(h.citation().warcFile()).append(" at offset ")
                        .append(h.citation().offset()).append(" (").append(h.citation().recordId()).append(", ")
                        .append(h.citation().captured()).append(")\n");
            }
            int room = options.maxChars() - text.length() - one.length() - 200;
            if (room < 200 && !hits.isEmpty()) break; // the rest are for another call
            Cut.Part body = Cut.of(h.markdown(), 0, Math.max(200, room));
            one.append('\n').append(body.text());
            if (body.next() != null) one.append(" [passage cut at ").append(body.next()).append(" of ")
                    .append(body.total()).append(" characters]");
            one.append('\n');
            text.append(one);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("url", h.url());
            if (h.title() != null) m.put("title", h.title());
            m.put("headings", h.headings());
            m.put("score", h.score());
            m.put("scores", h.scores().fields());
            m.put("markdown", body.text());
            if (h.citation() != null) m.put("citation", h.citation().fields());
            hits.add(m);
        }
        String head = hits.isEmpty() ? "No passage of crawl " + id + " matches \"" + query + "\" (" + page
                .indexedChunks() + " passages searched)." : hits.size() + " passages of crawl " + id + " for \""
                + query + "\", best first (" + page.indexedChunks() + " passages searched, ranked "
                + page.mode().label() + "):";
        if (page.note() != null) head += " [" + page.note() + "]";
        text.insert(0, head);
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("id", id);
        structured.put("hits", hits);
        structured.put("searched", page.indexedChunks());
        structured.put("embedded", page.embeddedChunks());
        structured.put("mode", page.mode().label());
        if (page.note() != null) structured.put("note", page.note());
        if (hits.size() < page.hits().size()) {
            text.append("\n[cut: ").append(hits.size()).append(" of ").append(page.hits().size())
                    .append(" passages of this page shown; call search_crawl again with a smaller limit]");
        }
        if (page.nextCursor() != null) {
            structured.put("cursor", page.nextCursor());
            text.append("\n[more passages: call search_crawl again with cursor \"").append(page.nextCursor())
                    .append("\"]");
        }
        return new Result(text.toString(), structured);
    }
}
