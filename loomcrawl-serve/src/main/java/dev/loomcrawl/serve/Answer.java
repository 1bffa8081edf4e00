package dev.loomcrawl.serve;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * What the service answers: a status and a body (JSON, or Prometheus' text), and a Retry-After when there is one; or
 * a body {@link Streamed} as it is made (a file downloaded, a stream of events), written on the request's thread.
 */
record Answer(int status, String contentType, byte[] body, int retryAfter, Streamed streamed) {
    static final String JSON = "application/json";

    /** A body written as it is made; an IOException is the client gone. */
    interface Streamed {
        void writeTo(OutputStream out) throws IOException;
    }

    Answer(int status, String contentType, byte[] body, int retryAfter) {
        this(status, contentType, body, retryAfter, null);
    }

    static Answer json(Object value) {
        return new Answer(200, JSON, Json.bytes(value), 0);
    }

    static Answer streamed(String contentType, Streamed body) {
        return new Answer(200, contentType, new byte[0], 0, body);
    }

    static Answer error(ApiError e) {
        var o = Json.MAPPER.createObjectNode();
        o.put("success", false);
        o.put("error", e.getMessage());
        return new Answer(e.status(), JSON, Json.bytes(o), e.retryAfter());
    }

    static Answer text(String text) {
        return new Answer(200, "text/plain; version=0.0.4; charset=utf-8", text.getBytes(StandardCharsets.UTF_8), 0);
    }
}
