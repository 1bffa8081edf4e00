package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomcrawl.url.WebUrl;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A job's {@code webhook}, as Firecrawl's requests give it: a URL, or an object with the {@code url}, the
 * {@code headers} to send with each delivery, the {@code metadata} echoed in each, and the {@code events} wanted
 * (default: all). Checked when the job is asked for (a URL naming an address the server does not reach is a 403,
 * as a root is) and read again from the job's kept request when it runs.
 *
 * @param metadata an object, echoed as given ({@code {}} when none)
 */
record Webhook(WebUrl url, Map<String, String> headers, ObjectNode metadata, Set<WebhookEvent> events) {
    private static final Set<String> KEYS = Set.of("url", "headers", "metadata", "events");
    /** Bounds on what a caller makes every delivery carry. */
    static final int MAX_HEADERS = 32;
    static final int MAX_METADATA_BYTES = 16 * 1024;
    /** Headers the delivery sets itself. */
    private static final Set<String> OWN_HEADERS = Set.of("content-type", "content-length", "host",
            "x-firecrawl-signature", "x-loomcrawl-signature", "transfer-encoding", "connection");

    Webhook {
        headers = Map.copyOf(headers);
        events = Set.copyOf(events);
    }

    /** The request's {@code webhook} field ({@code f}'s), checked; null when there is none. */
    static Webhook read(Fields f, ServeOptions server) {
        JsonNode v = f.get("webhook");
        if (v == null) return null;
        if (v.isTextual()) return new Webhook(Roots.check(v.textValue(), "webhook", server), Map.of(),
                Json.MAPPER.createObjectNode(), EnumSet.allOf(WebhookEvent.class));
        Fields w = f.object("webhook", KEYS);
        WebUrl url = Roots.check(w.requiredString("url"), "webhook.url", server);
        Map<String, String> headers = new LinkedHashMap<>();
        JsonNode h = w.get("headers");
        if (h != null) {
            if (!(h instanceof ObjectNode ho)) throw w.wrong("headers", "a JSON object of header names and values");
            if (ho.size() > MAX_HEADERS) {
                throw ApiError.badRequest("field 'webhook.headers' has " + ho.size() + " headers; at most "
                        + MAX_HEADERS);
            }
            for (var it = ho.fields(); it.hasNext(); ) {
                var e = it.next();
                String name = e.getKey();
                if (!token(name) || OWN_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                    throw ApiError.badRequest("field 'webhook.headers' cannot set header '" + clip(name) + "'");
                }
                String value = e.getValue().isTextual() ? e.getValue().textValue() : null;
                if (value == null || value.chars().anyMatch(c -> c == '\r' || c == '\n' || c == 0)
                        || value.length() > 4096) {
                    throw ApiError.badRequest("field 'webhook.headers." + clip(name) + "' must be a string of one "
                            + "line, at most 4096 characters");
                }
                headers.put(name, value);
            }
        }
        ObjectNode metadata = Json.MAPPER.createObjectNode();
        JsonNode m = w.get("metadata");
        if (m != null) {
            if (!(m instanceof ObjectNode o)) throw w.wrong("metadata", "a JSON object");
            if (o.toString().length() > MAX_METADATA_BYTES) {
                throw ApiError.badRequest("field 'webhook.metadata' is longer than " + MAX_METADATA_BYTES
                        + " characters");
            }
            metadata = o;
        }
        Set<WebhookEvent> events = EnumSet.noneOf(WebhookEvent.class);
        for (String e : w.strings("events")) {
            WebhookEvent event = WebhookEvent.ofLabel(e);
            if (event == null) {
                throw ApiError.badRequest("field 'webhook.events' has '" + clip(e) + "'; the events are started, "
                        + "page, completed and failed");
            }
            events.add(event);
        }
        if (!w.has("events")) events = EnumSet.allOf(WebhookEvent.class);
        return new Webhook(url, headers, metadata, events);
    }

    /** The webhook a job's kept request ({@code options}) names, or null; the request was checked when made. */
    static Webhook of(JsonNode options, ServeOptions server) {
        if (!(options instanceof ObjectNode o) || !o.hasNonNull("webhook")) return null;
        return read(new Fields(o, ""), server);
    }

    private static boolean token(String name) {
        if (name.isEmpty() || name.length() > 256) return false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "!#$%&'*+-.^_`|~"
                    .indexOf(c) >= 0)) return false;
        }
        return true;
    }

    private static String clip(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "..." : s;
    }
}
