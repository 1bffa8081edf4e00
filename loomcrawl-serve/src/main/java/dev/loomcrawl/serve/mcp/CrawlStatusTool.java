package dev.loomcrawl.serve.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.result.FocusReport;
import dev.loomcrawl.serve.Service;
import io.modelcontextprotocol.spec.McpSchema;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code crawl_status}: where a crawl job is, and a page of its documents (each page's URL, title and Markdown) from
 * {@code cursor}, as many as fit the result's characters. A cursor is a document's index, or "index:offset" inside a
 * document cut in the middle. With {@code wait}, the call first waits (at most so many seconds, within the call's
 * time cap) for the crawl to finish, sending progress as its pages come. A focused crawl's ({@code query}) answer
 * starts with its most relevant pages so far, best first, with their relevance.
 */
final class CrawlStatusTool implements Tool {
    static final int MAX_WAIT = 600;
    /** Documents read for one result at most, and their bytes: a page of results is well under these. */
    private static final int READ_DOCUMENTS = 200;
    private static final long READ_BYTES = 8L << 20;
    /** How often a wait looks at the job: its status is in memory, so often enough not to keep a client waiting. */
    private static final long POLL_MILLIS = 50;
    private final Service service;
    private final McpOptions options;

    CrawlStatusTool(Service service, McpOptions options) {
        this.service = service;
        this.options = options;
    }

    @Override
    public McpSchema.Tool definition() {
        return McpSchema.Tool.builder().name("crawl_status").title("A crawl's progress and pages")
                .description("Show a crawl's state (scraping, completed, failed, cancelled), its pages done and "
                        + "still to do, for a crawl with a query its most relevant pages first (with their relevance), "
                        + "and the crawled pages' Markdown, as many as fit in " + options.maxChars()
                        + " characters, from 'cursor' (the result ends with the next cursor while there are more). "
                        + "With 'wait' (seconds), wait for the crawl to finish first.")
                .inputSchema(new Schemas()
                        .property("id", "string", "The crawl's id, from crawl.")
                        .property("cursor", "string", "Where to go on, from the previous result's note.")
                        .property("wait", "integer", "Seconds to wait for the crawl to finish before answering "
                                + "(0 to " + MAX_WAIT + "; default 0: answer at once).")
                        .required("id").build())
                .annotations(new McpSchema.ToolAnnotations("A crawl's progress and pages", true, false, false, false,
                        null))
                .build();
    }

    @Override
    public Result call(ToolCall call) {
        String id = call.string("id");
        long wait = call.integer("wait", 0, MAX_WAIT, 0);
        String cursor = call.string("cursor", "0");
        int[] at = cursor(cursor);
        Service.JobStatus s = wait > 0 ? await(call, id, Math.min(wait * 1000, options.callTime().toMillis()))
                : service.status(id);
        StringBuilder text = new StringBuilder("Crawl " + id + " from " + s.url() + ": " + s.state() + ", "
                + s.completed() + " pages");
        if (!s.finished()) text.append(" of ").append(s.total()).append(" known so far");
        if (s.error() != null) text.append("; error: ").append(s.error());
        text.append(".\n");
        List<Map<String, Object>> relevant = relevant(s.focus(), text);
        List<Map<String, Object>> docs = new ArrayList<>();
        String next = page(service.documents(id, at[0], READ_DOCUMENTS, READ_BYTES), at, text, docs);
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("id", id);
        structured.put("state", s.state());
        structured.put("completed", s.completed());
        structured.put("total", s.total());
        if (s.error() != null) structured.put("error", s.error());
        if (s.focus() != null) structured.put("relevant", relevant);
        structured.put("documents", docs);
        if (next != null) {
            structured.put("cursor", next);
            text.append("\n[cut: documents shown up to ").append(next).append(" of ").append(s.completed())
                    .append("; call crawl_status again with cursor \"").append(next).append("\" for the rest]");
        } else if (!s.finished()) {
            structured.put("cursor", Integer.toString(at[0] + docs.size())); // where the next pages will be
        }
        return new Result(text.toString(), structured);
    }

    /**
     * A focused crawl's most relevant pages, best first, with their relevance (0 to 1), told in {@code text} and
     * answered as values; none without a focus.
     */
    private static List<Map<String, Object>> relevant(FocusReport focus, StringBuilder text) {
        List<Map<String, Object>> out = new ArrayList<>();
        if (focus == null) return out;
        text.append("Most relevant to \"").append(focus.question()).append("\" first (relevance 0 to 1):\n");
        for (FocusReport.Page p : focus.best()) {
            text.append(String.format(Locale.ROOT, "%d. %.2f %s%n", out.size() + 1, p.relevance(), p.url()));
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("url", p.url());
            m.put("relevance", Math.round(p.relevance() * 1000) / 1000.0);
            out.add(m);
        }
        if (focus.settled()) text.append("The crawl stopped early: its last ").append(focus.patience())
                .append(" pages added nothing more relevant.\n");
        return out;
    }

    /** Adds the documents that fit, from {@code at}; the cursor of the first not shown whole, or null. */
    private String page(List<String> lines, int[] at, StringBuilder text, List<Map<String, Object>> docs) {
        int index = at[0];
        int offset = at[1];
        for (String line : lines) {
            JsonNode d = parse(line);
            String url = d.path("metadata").path("url").asText();
            String title = d.path("metadata").path("title").asText("");
            String body = "\n## " + url + (title.isEmpty() ? "" : "\n" + title) + "\n\n" + d.path("markdown").asText()
                    + "\n";
            int room = options.maxChars() - text.length();
            if (room <= 0 || (body.length() - offset > room && !docs.isEmpty())) return index + "";
            Cut.Part part = Cut.of(body, offset, room);
            text.append(part.text());
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("index", index);
            m.put("url", url);
            if (!title.isEmpty()) m.put("title", title);
            if (offset > 0) m.put("continued", true); // the rest of a document cut in the last result
            docs.add(m);
            if (part.next() != null) return index + ":" + part.next();
            index++;
            offset = 0;
        }
        return null;
    }

    /** Waits until the crawl finishes, the time is up or the client cancels, telling the client its progress. */
    private Service.JobStatus await(ToolCall call, String id, long millis) {
        CountDownLatch cancelled = new CountDownLatch(1);
        call.onCancel(cancelled::countDown);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        Service.JobStatus s = service.status(id);
        long told = -1;
        while (!s.finished() && System.nanoTime() < deadline) {
            if (s.completed() != told) {
                told = s.completed();
                call.progress(s.completed(), (double) s.total(), s.completed() + " pages");
            }
            try {
                if (cancelled.await(POLL_MILLIS, TimeUnit.MILLISECONDS)) break;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            s = service.status(id);
        }
        return s;
    }

    private static int[] cursor(String cursor) {
        int colon = cursor.indexOf(':');
        if (colon < 0) return new int[] {Cut.cursor(cursor), 0};
        return new int[] {Cut.cursor(cursor.substring(0, colon)), Cut.cursor(cursor.substring(colon + 1))};
    }

    private static JsonNode parse(String line) {
        try {
            return Schemas.JSON.readTree(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
