package dev.loomcrawl.serve.mcp;

import dev.loomcrawl.serve.Service;
import io.modelcontextprotocol.spec.McpSchema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code map}: a site's URLs from its page's links and its sitemaps, none of their pages fetched, ranked by
 * relevance to {@code search} when given (the service's map ranking), the first {@code limit}. A long list is cut
 * with a cursor: the index of the next URL.
 */
final class MapTool implements Tool {
    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 5000;
    private final Service service;
    private final McpOptions options;

    MapTool(Service service, McpOptions options) {
        this.service = service;
        this.options = options;
    }

    @Override
    public McpSchema.Tool definition() {
        return McpSchema.Tool.builder().name("map").title("List a site's URLs")
                .description("List the URLs of a web site quickly, from the links of its page and its sitemaps, "
                        + "each with its title or link text, without fetching them. With 'search', the URLs are "
                        + "ranked by how well their path and title match it, and those that do not match at all "
                        + "are left out: use it to find the page about something on a site before scraping it.")
                .inputSchema(new Schemas()
                        .property("url", "string", "The site's http or https URL (its home page, or any page).")
                        .property("search", "string", "Words to rank the URLs by (e.g. 'pricing api').")
                        .property("limit", "integer", "URLs at most (default " + DEFAULT_LIMIT + ", at most "
                                + MAX_LIMIT + ").")
                        .property("cursor", "string", "Where to go on, from a cut result's note.")
                        .required("url").build())
                .annotations(new McpSchema.ToolAnnotations("List a site's URLs", true, false, true, true, null))
                .build();
    }

    @Override
    public Result call(ToolCall call) {
        String url = call.string("url");
        String search = call.string("search", null);
        int limit = (int) call.integer("limit", 1, MAX_LIMIT, DEFAULT_LIMIT);
        int from = Cut.cursor(call.string("cursor", null));
        List<Service.Link> links = service.map(url, search, limit);
        StringBuilder text = new StringBuilder();
        List<Map<String, Object>> shown = new ArrayList<>();
        int i = Math.min(from, links.size());
        for (; i < links.size(); i++) {
            Service.Link l = links.get(i);
            String line = l.url() + (l.title() == null ? "" : " - " + l.title()) + "\n";
            if (!shown.isEmpty() && text.length() + line.length() > options.maxChars()) break;
            text.append(line);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("url", l.url());
            if (l.title() != null) m.put("title", l.title());
            shown.add(m);
        }
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("links", shown);
        structured.put("total", links.size());
        if (links.isEmpty()) text.append(search == null ? "No URLs found." : "No URL matches '" + search + "'.");
        if (i < links.size()) {
            text.append(Cut.note("URLs", i, links.size(), "map", Integer.toString(i)));
            structured.put("cursor", Integer.toString(i));
        }
        return new Result(text.toString(), structured);
    }
}
