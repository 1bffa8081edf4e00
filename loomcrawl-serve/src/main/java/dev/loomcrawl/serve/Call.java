package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Map;

/**
 * One request as the endpoints see it: its method, the path's segments after {@code /v2} (or Firecrawl's
 * {@code /v1}), its query, its body read as JSON on demand (bounded by {@code --max-body} already), the base URL a
 * {@code next} link is made from, and which of Firecrawl's APIs it came to ({@code "v2"} or {@code "v1"}).
 */
record Call(String method, List<String> segments, Map<String, String> query, byte[] body, String base,
            String version) {

    /** Whether it came to Firecrawl's v1 API (its older shapes). */
    boolean v1() {
        return version.equals("v1");
    }

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
