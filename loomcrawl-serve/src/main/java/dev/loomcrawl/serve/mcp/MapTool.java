package dev.loomcrawl.serve.mcp;

import dev.loomcrawl.run.Discovery;
import dev.loomcrawl.serve.Service;
import io.modelcontextprotocol.spec.McpSchema;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * {@code map}: a site's pages' URLs, found by a discovery crawl (its sitemaps, then its pages fetched for their links
 * only), ranked by relevance to {@code search} when given (their titles, the texts of links to them, their paths),
 * the first {@code limit}. A long list is cut with a cursor: the index of the next URL, read on in the same map (the
 * last few are kept ten minutes for their cursors). A map its time cap or its budget stopped says so: the site may
 * have more URLs.
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

    /** Maps kept for their cursors: the same list read on, not a new crawl's (in another order) each time. */
    private static final int KEPT = 8;
    private static final Duration KEEP = Duration.ofMinutes(10);
    private record Key(String url, String search, int limit) {}
    private record Kept(Discovery.SiteMap map, Instant until) {}
    private final ReentrantLock lock = new ReentrantLock();
    private final LinkedHashMap<Key, Kept> kept = new LinkedHashMap<>();

    private Discovery.SiteMap kept(String url, String search, int limit) {
        lock.lock();
        try {
            Kept k = kept.get(new Key(url, search, limit));
            return k == null || k.until().isBefore(Instant.now()) ? null : k.map();
        } finally {
            lock.unlock();
        }
    }

    private Discovery.SiteMap keep(String url, String search, int limit, Discovery.SiteMap map) {
        lock.lock();
        try {
            kept.values().removeIf(k -> k.until().isBefore(Instant.now()));
            kept.remove(new Key(url, search, limit));
            kept.put(new Key(url, search, limit), new Kept(map, Instant.now().plus(KEEP)));
            while (kept.size() > KEPT) kept.remove(kept.keySet().iterator().next());
            return map;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public McpSchema.Tool definition() {
        return McpSchema.Tool.builder().name("map").title("List a site's URLs")
                .description("List the URLs of a web site's pages (no stylesheets, scripts or images), from its "
                        + "sitemaps and its pages' links (pages are fetched for their links only, within a time "
                        + "cap), each with its title or link text. With 'search', the URLs are ranked by how well "
                        + "their title, the texts of links to them and their path match it, and those that do not "
                        + "match at all are left out: use it to find the page about something on a site before "
                        + "scraping it.")
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
        Discovery.SiteMap map = from > 0 ? kept(url, search, limit) : null;
        if (map == null) map = keep(url, search, limit, service.map(url, search, limit));
        List<Discovery.Mapped> links = map.urls();
        StringBuilder text = new StringBuilder();
        List<Map<String, Object>> shown = new ArrayList<>();
        int i = Math.min(from, links.size());
        for (; i < links.size(); i++) {
            Discovery.Mapped l = links.get(i);
            String title = l.title() != null ? l.title() : l.anchors().isEmpty() ? null : l.anchors().getFirst();
            String line = l.url() + (title == null ? "" : " - " + title) + "\n";
            if (!shown.isEmpty() && text.length() + line.length() > options.maxChars()) break;
            text.append(line);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("url", l.url());
            if (title != null) m.put("title", title);
            shown.add(m);
        }
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("links", shown);
        structured.put("total", links.size());
        if (links.isEmpty()) text.append(search == null ? "No URLs found." : "No URL matches '" + search + "'.");
        if (map.stop() == Discovery.Stop.TIME_CAP || map.stop() == Discovery.Stop.BUDGET) {
            text.append("\nThe map stopped after " + map.fetched() + " pages (" + map.stop().says()
                    + "): the site may have more URLs.\n");
        }
        structured.put("stopped", map.stop().name().toLowerCase(java.util.Locale.ROOT));
        if (i < links.size()) {
            text.append(Cut.note("URLs", i, links.size(), "map", Integer.toString(i)));
            structured.put("cursor", Integer.toString(i));
        }
        return new Result(text.toString(), structured);
    }
}
