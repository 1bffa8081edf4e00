package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Locale;
import java.util.Set;

/** A document format a request asks for ({@code formats}), in Firecrawl's spelling ({@link #label()}). */
enum Format {
    MARKDOWN("markdown"), HTML("html"), RAW_HTML("rawHtml"), LINKS("links");

    /** Formats that need a language model, which loomcrawl does not run. */
    private static final Set<String> NEED_A_MODEL = Set.of("json", "summary", "changeTracking", "branding",
            "query", "answer");
    /** Formats of Firecrawl's that loomcrawl serve does not make (yet). */
    private static final Set<String> NOT_MADE = Set.of("screenshot", "images", "attributes", "audio", "video");

    private final String label;

    Format(String label) {
        this.label = label;
    }

    String label() {
        return label;
    }

    /** The format a {@code formats} entry names: a string, or an object with a {@code type}. */
    static Format of(JsonNode entry, String field) {
        String name;
        if (entry.isTextual()) {
            name = entry.textValue();
        } else if (entry.isObject() && entry.path("type").isTextual()) {
            name = entry.path("type").textValue();
        } else {
            throw ApiError.badRequest("field '" + field + "' must be a format name or an object with a type");
        }
        for (Format f : values()) {
            if (f.label.equals(name)) return f;
        }
        if (NEED_A_MODEL.contains(name)) throw ApiError.unsupported("format '" + name + "'", "it needs a language model");
        if (NOT_MADE.contains(name)) {
            throw ApiError.unsupported("format '" + name + "'", "formats made here: markdown, html, rawHtml, links");
        }
        throw ApiError.badRequest("field '" + field + "': unknown format '" + name.toLowerCase(Locale.ROOT)
                + "' (formats made here: markdown, html, rawHtml, links)");
    }
}
