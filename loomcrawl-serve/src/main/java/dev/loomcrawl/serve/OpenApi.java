package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomcrawl.config.ConfigJson;

import java.nio.charset.StandardCharsets;

/**
 * The OpenAPI 3.1 document of the native API ({@code GET /openapi.json}), made in code: its crawl request's schema
 * is the settings table's own ({@link ConfigJson#schema()}: every setting, its type, default and description) with
 * the {@code webhook} member added, so the document cannot drift from what the server reads. Firecrawl's endpoints
 * are listed briefly, pointing at Firecrawl's own documentation.
 */
final class OpenApi {
    static final String PATH = "/openapi.json";
    private static final String ERROR = "#/components/schemas/Error";
    private static volatile byte[] document;

    private OpenApi() {}

    static byte[] bytes() {
        byte[] d = document;
        if (d == null) document = d = Json.bytes(document());
        return d;
    }

    static ObjectNode document() {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("openapi", "3.1.0");
        ObjectNode info = o.putObject("info");
        info.put("title", "loomcrawl serve");
        info.put("version", "1");
        info.put("description", "loomcrawl's native crawl API (/v1/crawls), whose request is the settings tree's "
                + "own JSON (what 'loomcrawl crawl --print-config' prints), beside Firecrawl's v2 API.");
        ArrayNode security = o.putArray("security");
        security.addObject().putArray("bearer");
        security.addObject(); // no key, on a server started without API keys
        ObjectNode components = o.putObject("components");
        components.putObject("securitySchemes").putObject("bearer").put("type", "http").put("scheme", "bearer");
        ObjectNode schemas = components.putObject("schemas");
        schemas.set("CrawlRequest", crawlRequest());
        schemas.set("Error", object(Json.MAPPER.createObjectNode().put("success", "boolean").put("error", "string")));
        schemas.set("Created", object(Json.MAPPER.createObjectNode().put("id", "string").put("url", "string")));
        schemas.set("Crawl", crawl());
        ObjectNode paths = o.putObject("paths");
        ObjectNode crawls = paths.putObject(NativeApi.BASE);
        ObjectNode create = operation(crawls, "post", "Start a crawl", "createCrawl");
        create.putObject("requestBody").put("required", true).putObject("content").putObject(Answer.JSON)
                .putObject("schema").put("$ref", "#/components/schemas/CrawlRequest");
        answer(create, "201", "The crawl's id and status URL", "#/components/schemas/Created");
        errors(create, "400", "403", "415", "429", "503");
        ObjectNode list = operation(crawls, "get", "Every native crawl kept", "listCrawls");
        ObjectNode listed = Json.MAPPER.createObjectNode().put("type", "object");
        listed.putObject("properties").putObject("crawls").put("type", "array").putObject("items")
                .put("$ref", "#/components/schemas/Crawl");
        answerSchema(list, "200", "The crawls, oldest first", listed);
        ObjectNode one = paths.putObject(NativeApi.BASE + "/{id}");
        idParameter(one);
        answer(operation(one, "get", "How a crawl stands: counts by outcome, rate, ledger, settings, files",
                "getCrawl"), "200", "The crawl", "#/components/schemas/Crawl");
        errors((ObjectNode) one.get("get"), "404");
        answer(operation(one, "delete", "Cancel the crawl if it runs, and remove it and its files", "deleteCrawl"),
                "200", "Removed", null);
        errors((ObjectNode) one.get("delete"), "404");
        ObjectNode cancel = paths.putObject(NativeApi.BASE + "/{id}/cancel");
        idParameter(cancel);
        answer(operation(cancel, "post", "Cancel the crawl", "cancelCrawl"), "200", "Its state after", null);
        ObjectNode events = paths.putObject(NativeApi.BASE + "/{id}/events");
        idParameter(events);
        ObjectNode stream = operation(events, "get", "Progress as Server-Sent Events: 'progress' events, then one "
                + "named by how the crawl ended (completed, failed, cancelled)", "crawlEvents");
        stream.putObject("responses").putObject("200").put("description", "The event stream")
                .putObject("content").putObject("text/event-stream").putObject("schema").put("type", "string");
        errors(stream, "404", "429");
        ObjectNode search = paths.putObject(NativeApi.BASE + "/{id}/search");
        idParameter(search);
        ArrayNode query = (ArrayNode) search.get("parameters");
        query.addObject().put("name", "q").put("in", "query").put("required", true).putObject("schema")
                .put("type", "string").put("maxLength", NativeSearch.MAX_QUERY);
        query.addObject().put("name", "limit").put("in", "query").putObject("schema").put("type", "integer")
                .put("minimum", 1).put("maximum", NativeSearch.MAX_LIMIT).put("default", NativeSearch.DEFAULT_LIMIT);
        query.addObject().put("name", "mode").put("in", "query").putObject("schema").put("type", "string")
                .putArray("enum").add("fused").add("lexical").add("dense");
        query.addObject().put("name", "cursor").put("in", "query").putObject("schema").put("type", "string");
        ObjectNode searched = operation(search, "get", "Search the crawl's chunks (outputs.chunks): BM25 and meaning, "
                + "fused; each hit with its URL, headings, passage, scores and WARC capture", "searchCrawl");
        answer(searched, "200", "The hits, best first", null);
        errors(searched, "400", "404");
        ObjectNode file = paths.putObject(NativeApi.BASE + "/{id}/files/{name}");
        idParameter(file);
        ObjectNode name = ((ArrayNode) file.get("parameters")).addObject();
        name.put("name", "name").put("in", "path").put("required", true).putObject("schema").put("type", "string");
        ObjectNode download = operation(file, "get", "Download one of the crawl's output files", "getCrawlFile");
        download.putObject("responses").putObject("200").put("description", "The file")
                .putObject("content").putObject("application/octet-stream").putObject("schema")
                .put("type", "string").put("contentMediaType", "application/octet-stream");
        errors(download, "404");
        for (String firecrawl : new String[] {"/v2/scrape", "/v2/map", "/v2/crawl", "/v2/batch/scrape"}) {
            ObjectNode op = paths.putObject(firecrawl).putObject("post");
            op.put("summary", "Firecrawl's v2 " + firecrawl.substring(4) + " (see Firecrawl's API reference)");
            op.putArray("tags").add("firecrawl");
            op.putObject("responses").putObject("200").put("description", "As Firecrawl answers");
        }
        return o;
    }

    /** The settings table's schema, its {@code $schema} left to the document's dialect, and {@code webhook}. */
    private static ObjectNode crawlRequest() {
        ObjectNode schema = (ObjectNode) Json.read(ConfigJson.schema().getBytes(StandardCharsets.UTF_8));
        schema.remove("$schema");
        schema.put("title", "A crawl: the settings tree's JSON");
        ObjectNode webhook = ((ObjectNode) schema.get("properties")).putObject(NativeRequest.WEBHOOK);
        webhook.put("description", "Not a setting: where the crawl's events (started, page, completed, failed) are "
                + "posted, signed; a URL, or an object as Firecrawl's webhook option.");
        ArrayNode one = webhook.putArray("oneOf");
        one.addObject().put("type", "string");
        ObjectNode w = one.addObject().put("type", "object");
        w.putArray("required").add("url");
        ObjectNode p = w.putObject("properties");
        p.putObject("url").put("type", "string");
        p.putObject("headers").put("type", "object").putObject("additionalProperties").put("type", "string");
        p.putObject("metadata").put("type", "object");
        ObjectNode events = p.putObject("events").put("type", "array").putObject("items").put("type", "string");
        for (WebhookEvent e : WebhookEvent.values()) events.withArray("enum").add(e.label());
        w.put("additionalProperties", false);
        return schema;
    }

    private static ObjectNode crawl() {
        ObjectNode s = Json.MAPPER.createObjectNode().put("type", "object");
        ObjectNode p = s.putObject("properties");
        for (String f : new String[] {"id", "url", "createdAt", "startedAt", "finishedAt", "error"}) {
            p.putObject(f).put("type", "string");
        }
        p.putObject("state").put("type", "string").putArray("enum").add("scraping").add("completed").add("failed")
                .add("cancelled");
        p.putObject("roots").put("type", "array").putObject("items").put("type", "string");
        ObjectNode counts = p.putObject("counts").put("type", "object").putObject("properties");
        counts.putObject("recorded").put("type", "integer");
        for (NativeProgress.Outcome outcome : NativeProgress.Outcome.values()) {
            counts.putObject(outcome.label()).put("type", "integer");
        }
        counts.putObject("queued").put("type", "integer");
        counts.putObject("inFlight").put("type", "integer");
        p.putObject("pagesPerSecond").put("type", "number");
        p.putObject("ledger").put("type", "object").put("description", "How the last run ended: discovered = "
                + "recorded + dropped + queued");
        p.putObject("settings").put("$ref", "#/components/schemas/CrawlRequest");
        ObjectNode file = p.putObject("files").put("type", "array").putObject("items").put("type", "object")
                .putObject("properties");
        file.putObject("setting").put("type", "string");
        file.putObject("name").put("type", "string");
        file.putObject("bytes").put("type", "integer");
        file.putObject("url").put("type", "string");
        return s;
    }

    private static ObjectNode object(ObjectNode types) {
        ObjectNode s = Json.MAPPER.createObjectNode().put("type", "object");
        ObjectNode p = s.putObject("properties");
        types.fields().forEachRemaining(e -> p.putObject(e.getKey()).put("type", e.getValue().asText()));
        return s;
    }

    private static ObjectNode operation(ObjectNode path, String method, String summary, String id) {
        ObjectNode op = path.putObject(method);
        op.put("summary", summary);
        op.put("operationId", id);
        op.putArray("tags").add("crawls");
        return op;
    }

    private static void idParameter(ObjectNode path) {
        path.putArray("parameters").addObject().put("name", "id").put("in", "path").put("required", true)
                .putObject("schema").put("type", "string").put("format", "uuid");
    }

    private static void answer(ObjectNode op, String status, String description, String ref) {
        ObjectNode schema = Json.MAPPER.createObjectNode();
        if (ref != null) schema.put("$ref", ref);
        else schema.put("type", "object");
        answerSchema(op, status, description, schema);
    }

    private static void answerSchema(ObjectNode op, String status, String description, JsonNode schema) {
        ObjectNode r = op.with("responses").putObject(status);
        r.put("description", description);
        r.putObject("content").putObject(Answer.JSON).set("schema", schema);
    }

    private static void errors(ObjectNode op, String... statuses) {
        for (String s : statuses) answer(op, s, "An error, in one line", ERROR);
    }
}
