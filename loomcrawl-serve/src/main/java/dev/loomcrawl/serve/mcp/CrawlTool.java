package dev.loomcrawl.serve.mcp;

import dev.loomcrawl.serve.RenderMode;
import dev.loomcrawl.serve.Service;
import io.modelcontextprotocol.spec.McpSchema;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code crawl}: starts a crawl job of the service (durable, capped, guarded as its Firecrawl jobs are) and answers
 * its id at once. Its arguments are settings-table rows under the tools' common names; the job also archives its
 * pages (WARC files) and writes their retrieval chunks, for search_crawl.
 */
final class CrawlTool implements Tool {
    /** The tool's argument and the setting it is. */
    static final Map<String, String> SETTINGS = Map.of("limit", "max-pages", "depth", "max-depth",
            "include", "include", "exclude", "exclude", "scope", "scope", "query", "focus");
    private final Service service;

    CrawlTool(Service service) {
        this.service = service;
    }

    @Override
    public McpSchema.Tool definition() {
        long cap = service.options().maxPages();
        return McpSchema.Tool.builder().name("crawl").title("Crawl a web site")
                .description("Start crawling a web site from a URL, following its links (politely: robots.txt "
                        + "obeyed, one site's pages fetched a few at a time). Answers at once with the crawl's id; "
                        + "follow it with crawl_status (progress and the pages' Markdown, a page of results at a "
                        + "time) and stop it with crawl_cancel. Use it to read many pages of a site; for one page, "
                        + "use scrape. Pages are archived, so the crawl can be searched with search_crawl.")
                .inputSchema(new Schemas()
                        .property("url", "string", "Where to start: an http or https URL.")
                        .setting("limit", "max-pages", "At most " + cap + " here (the server's cap).")
                        .setting("depth", "max-depth", "")
                        .setting("include", "include", "Regular expressions, searched in the whole URL.")
                        .setting("exclude", "exclude", "Regular expressions, searched in the whole URL.")
                        .setting("scope", "scope", "")
                        .setting("query", "focus", "With a question, the crawl fetches first the pages likeliest "
                                + "to answer it (within 'limit'), and may stop early once it finds nothing better; crawl_status "
                                + "then lists the most relevant pages first.")
                        .setting("render", "render", "Left out, pages are read as the server sends them; 'auto' "
                                + "is the usual choice for a site built with JavaScript.")
                        .required("url").build())
                .annotations(new McpSchema.ToolAnnotations("Crawl a web site", false, false, false, true, null))
                .build();
    }

    @Override
    public Result call(ToolCall call) {
        String url = call.string("url");
        Map<String, Object> settings = new LinkedHashMap<>();
        for (String arg : new String[] {"limit", "depth", "include", "exclude", "scope", "query"}) {
            Object v = call.raw(arg);
            if (v == null) continue;
            settings.put(SETTINGS.get(arg), arg.equals("include") || arg.equals("exclude") ? call.strings(arg) : v);
        }
        if (settings.get("max-pages") != null) call.integer("limit", 1, Long.MAX_VALUE, 0);
        // the render row's words: "all" (every HTML page) or "auto"; left out, none
        String mode = call.string("render", null);
        RenderMode render = mode == null ? RenderMode.NEVER : switch (mode) {
            case "all" -> RenderMode.ALWAYS;
            case "auto" -> RenderMode.AUTO;
            default -> throw new ToolCall.Mistake("argument 'render' must be all or auto, got " + mode);
        };
        String id = service.crawl(url, settings, render);
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("id", id);
        structured.put("url", url);
        structured.put("state", "scraping");
        if (render != RenderMode.NEVER) structured.put("render", render.label());
        return new Result("Crawl " + id + " started from " + url + ". Follow it with crawl_status {\"id\": \"" + id
                + "\"} (add \"wait\": 30 to wait for it), stop it with crawl_cancel.", structured);
    }
}
