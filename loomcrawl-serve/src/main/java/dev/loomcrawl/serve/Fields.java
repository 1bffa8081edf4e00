package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * The fields of one JSON object of a request, read with the type each must have. An unknown field, or one of the
 * wrong type, is a 400 naming it ({@code "scrapeOptions.formats[1]"}), so a misspelt option is never ignored.
 *
 * @param path where the object is in the request ("" at the top), for messages
 */
record Fields(ObjectNode node, String path) {

    /** The object {@code node} as fields, refusing any key not in {@code known}. */
    static Fields of(JsonNode node, String path, Set<String> known) {
        if (!(node instanceof ObjectNode object)) {
            throw ApiError.badRequest((path.isEmpty() ? "the request body" : "field '" + path + "'")
                    + " must be a JSON object");
        }
        for (Iterator<String> names = object.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!known.contains(name)) throw ApiError.badRequest("unknown field '" + name(path, name) + "'");
        }
        return new Fields(object, path);
    }

    boolean has(String name) {
        JsonNode v = node.get(name);
        return v != null && !v.isNull();
    }

    JsonNode get(String name) {
        JsonNode v = node.get(name);
        return v == null || v.isNull() ? null : v;
    }

    String name(String field) {
        return name(path, field);
    }

    private static String name(String path, String field) {
        return path.isEmpty() ? field : path + "." + field;
    }

    String string(String name, String otherwise) {
        JsonNode v = get(name);
        if (v == null) return otherwise;
        if (!v.isTextual()) throw wrong(name, "a string");
        return v.textValue();
    }

    /** A string that must be there. */
    String requiredString(String name) {
        String v = string(name, null);
        if (v == null || v.isBlank()) throw ApiError.badRequest("field '" + name(name) + "' is required");
        return v;
    }

    boolean bool(String name, boolean otherwise) {
        JsonNode v = get(name);
        if (v == null) return otherwise;
        if (!v.isBoolean()) throw wrong(name, "true or false");
        return v.booleanValue();
    }

    /** A whole number within [min, max]. */
    Long integer(String name, long min, long max) {
        JsonNode v = get(name);
        if (v == null) return null;
        if (!v.isIntegralNumber() || !v.canConvertToLong()) throw wrong(name, "a whole number");
        long n = v.longValue();
        if (n < min || n > max) {
            throw ApiError.badRequest("field '" + name(name) + "' must be between " + min + " and " + max
                    + ", got " + n);
        }
        return n;
    }

    /** A number (seconds, say) of at least 0. */
    Double number(String name, double max) {
        JsonNode v = get(name);
        if (v == null) return null;
        if (!v.isNumber()) throw wrong(name, "a number");
        double d = v.doubleValue();
        if (!(d >= 0 && d <= max)) {
            throw ApiError.badRequest("field '" + name(name) + "' must be between 0 and " + max + ", got " + d);
        }
        return d;
    }

    /** A list of strings, empty when absent. */
    List<String> strings(String name) {
        JsonNode v = get(name);
        if (v == null) return List.of();
        if (!v.isArray()) throw wrong(name, "a list of strings");
        List<String> out = new ArrayList<>();
        for (int i = 0; i < v.size(); i++) {
            if (!v.get(i).isTextual()) throw wrong(name + "[" + i + "]", "a string");
            out.add(v.get(i).textValue());
        }
        return out;
    }

    /** The nested object {@code name} as fields, or null when absent. */
    Fields object(String name, Set<String> known) {
        JsonNode v = get(name);
        return v == null ? null : of(v, name(name), known);
    }

    ApiError wrong(String name, String want) {
        return ApiError.badRequest("field '" + name(name) + "' must be " + want);
    }
}
