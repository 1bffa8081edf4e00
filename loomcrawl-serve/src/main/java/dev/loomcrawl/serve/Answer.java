package dev.loomcrawl.serve;

import java.nio.charset.StandardCharsets;

/** What the service answers: a status and a body (JSON, or Prometheus' text), and a Retry-After when there is one. */
record Answer(int status, String contentType, byte[] body, int retryAfter) {
    static final String JSON = "application/json";

    static Answer json(Object value) {
        return new Answer(200, JSON, Json.bytes(value), 0);
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
