package dev.loomcrawl.serve.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomcrawl.content.Markdown;
import org.jsoup.Jsoup;
import dev.loomcrawl.serve.Service;
import io.modelcontextprotocol.spec.McpSchema;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code scrape}: one URL's main content as Markdown, after the page's facts (title, description, language, author,
 * dates), through the service's scrape (its guard, its redirects). A long page is cut with a cursor: the same call
 * with it fetches the page again and goes on from there.
 */
final class ScrapeTool implements Tool {
    /** The page's facts in the order shown, with their labels. */
    private static final Map<String, String> FACTS = facts();
    private final Service service;
    private final McpOptions options;

    ScrapeTool(Service service, McpOptions options) {
        this.service = service;
        this.options = options;
    }

    @Override
    public McpSchema.Tool definition() {
        return McpSchema.Tool.builder().name("scrape").title("Scrape a web page")
                .description("Fetch one web page and return its main content as Markdown (navigation, headers, "
                        + "footers and ads left out), after the page's facts: title, description, language, author, "
                        + "publication date. Use it to read a page whose URL you know. Other formats: 'html' (the "
                        + "page without scripts and styles), 'rawHtml' (as received), 'links' (every link on it). "
                        + "A result longer than " + options.maxChars() + " characters is cut and ends with a "
                        + "cursor; call again with it to read on. Only public addresses are fetched.")
                .inputSchema(new Schemas()
                        .property("url", "string", "The page's http or https URL.")
                        .choices("formats", "What to return (default: markdown).", "markdown", "html", "rawHtml",
                                "links")
                        // to be the settings table's render row (Schemas.setting) once it has one
                        .property("render", "boolean", "Load the page in a headless browser first and read it as "
                                + "its scripts left it: for pages whose text or links JavaScript writes (slower; "
                                + "default false).")
                        .property("onlyMainContent", "boolean", "The page's main content only (default true); "
                                + "false: the whole page as Markdown, its navigation, header and footer too.")
                        .property("cursor", "string", "Where to go on, from a cut result's note.")
                        .required("url").build())
                .annotations(new McpSchema.ToolAnnotations("Scrape a web page", true, false, true, true, null))
                .build();
    }

    @Override
    public Result call(ToolCall call) {
        String url = call.string("url");
        List<String> formats = call.strings("formats");
        boolean render = call.bool("render", false);
        boolean mainOnly = call.bool("onlyMainContent", true);
        int from = Cut.cursor(call.string("cursor", null));
        call.progress(0, 1.0, (render ? "rendering " : "fetching ") + url);
        List<String> asked = formats.isEmpty() ? List.of("markdown") : formats;
        List<String> fetched = new java.util.ArrayList<>(asked);
        boolean whole = !mainOnly && asked.contains("markdown");
        if (whole && !fetched.contains("html")) fetched.add("html");
        ObjectNode doc = service.scrape(url, fetched, render);
        if (whole) {
            // the whole page: the Markdown of the page as the html format gives it (without scripts and styles)
            String html = doc.path("html").asText("");
            // a document that is not HTML (a PDF) has no html: its Markdown stays its converter's
            if (!html.isEmpty()) doc.put("markdown", Markdown.of(Jsoup.parse(html, url).body()));
            if (!asked.contains("html")) doc.remove("html");
        }
        call.progress(1, 1.0, "fetched " + url);
        JsonNode meta = doc.path("metadata");
        StringBuilder text = new StringBuilder();
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("url", meta.path("url").asText());
        structured.put("metadata", Schemas.JSON.convertValue(meta, Map.class));
        FACTS.forEach((field, label) -> {
            if (meta.hasNonNull(field)) text.append(label).append(": ").append(meta.get(field).asText()).append('\n');
        });
        for (String f : List.of("markdown", "html", "rawHtml")) {
            if (doc.has(f)) text.append('\n').append(doc.get(f).asText()).append('\n');
        }
        if (doc.has("links")) {
            text.append("\nLinks:\n");
            doc.get("links").forEach(l -> text.append(l.asText()).append('\n'));
        }
        Cut.Part part = Cut.of(text.toString(), from, options.maxChars());
        String shown = part.text();
        if (part.next() != null) {
            shown += Cut.note("characters", part.next(), part.total(), "scrape", part.next().toString());
            structured.put("cursor", part.next().toString());
        }
        structured.put("chars", part.total());
        return new Result(shown, structured);
    }

    private static Map<String, String> facts() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("title", "Title");
        m.put("url", "URL");
        m.put("description", "Description");
        m.put("language", "Language");
        m.put("author", "Author");
        m.put("publishedTime", "Published");
        m.put("modifiedTime", "Modified");
        m.put("canonical", "Canonical");
        m.put("numPages", "Pages");
        m.put("statusCode", "Status");
        m.put("contentType", "Content type");
        return m;
    }
}
