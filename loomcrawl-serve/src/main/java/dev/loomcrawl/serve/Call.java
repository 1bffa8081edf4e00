package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Map;

/**
 * One request as the endpoints see it: its method, the path's segments after {@code /v2}, its query, its body read
 * as JSON on demand (bounded by {@code --max-body} already), and the base URL a {@code next} link is made from.
 */
record Call(String method, List<String> segments, Map<String, String> query, byte[] body, String base) {

    JsonNode json() {
        return Json.read(body);
    }

    String segment(int i) {
        return segments.get(i);
    }

    /** A whole-number query parameter of at least 0, or {@code otherwise}; a 400 when it is not one. */
    int intParam(String name, int otherwise) {
        String v = query.get(name);
        if (v == null) return otherwise;
        try {
            int n = Integer.parseInt(v);
            if (n >= 0) return n;
        } catch (NumberFormatException e) {
            // answered below
        }
        throw ApiError.badRequest("query parameter '" + name + "' must be a whole number of at least 0");
    }
}
