package dev.loomcrawl.serve;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * What the service answers: a status and a body (JSON, or Prometheus' text), and a Retry-After when there is one; or
 * a body {@link Streamed} as it is made (a file downloaded, a stream of events), written on the request's thread. A
 * file of a job is a {@link #download}: its type what the file is, sandboxed, and saved rather than shown unless it
 * is {@code inline} (the HTML report, which loomcrawl writes itself).
 *
 * @param download null, or the name a downloaded file is saved as ({@code inline}: shown instead)
 */
record Answer(int status, String contentType, byte[] body, int retryAfter, Streamed streamed, Download download) {
    /** How a downloaded file is handed over. */
    record Download(String name, boolean inline) {}

    static final String JSON = "application/json";

    /** A body written as it is made; an IOException is the client gone. */
    interface Streamed {
        void writeTo(OutputStream out) throws IOException;
    }

    Answer(int status, String contentType, byte[] body, int retryAfter) {
        this(status, contentType, body, retryAfter, null, null);
    }

    static Answer json(Object value) {
        return new Answer(200, JSON, Json.bytes(value), 0);
    }

    static Answer streamed(String contentType, Streamed body) {
        return new Answer(200, contentType, new byte[0], 0, body, null);
    }

    /** A job's file {@code name}, streamed as {@code contentType}: saved, or shown when {@code inline}. */
    static Answer download(String contentType, String name, boolean inline, Streamed body) {
        return new Answer(200, contentType, new byte[0], 0, body, new Download(name, inline));
    }

    static Answer error(ApiError e) {
        var o = Json.MAPPER.createObjectNode();
        o.put("success", false);
        o.put("error", e.getMessage());
        return new Answer(e.status(), JSON, Json.bytes(o), e.retryAfter());
    }

    /**
     * A request Firecrawl's API refuses as invalid (400), in Firecrawl's shape: {@code "error": "Bad Request"}, and
     * loomcrawl's one line in {@code details}, as Firecrawl puts its validation issues there. A scrape whose fetch
     * failed is Firecrawl's 500 with its {@code code} (408 for {@code SCRAPE_TIMEOUT}), where the native answers
     * are 502. Other statuses are {@link #error}.
     */
    static Answer firecrawlError(ApiError e) {
        if (e.scrapeCode() != null) {
            var o = Json.MAPPER.createObjectNode();
            o.put("success", false);
            o.put("code", e.scrapeCode());
            o.put("error", e.getMessage());
            return new Answer(e.scrapeCode().equals("SCRAPE_TIMEOUT") ? 408 : 500, JSON, Json.bytes(o), 0);
        }
        if (e.status() != 400) return error(e);
        var o = Json.MAPPER.createObjectNode();
        o.put("success", false);
        o.put("code", "BAD_REQUEST");
        o.put("error", "Bad Request");
        o.putArray("details").addObject().put("message", e.getMessage());
        return new Answer(e.status(), JSON, Json.bytes(o), e.retryAfter());
    }

    static Answer text(String text) {
        return new Answer(200, "text/plain; version=0.0.4; charset=utf-8", text.getBytes(StandardCharsets.UTF_8), 0);
    }
}
