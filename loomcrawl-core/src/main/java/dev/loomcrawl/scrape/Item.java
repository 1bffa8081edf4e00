package dev.loomcrawl.scrape;

import dev.loomcrawl.url.WebUrl;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One scraped item: its fields in the order they were declared (a missing field is null), the page it came
 * from, and its position among that page's items (document order).
 */
public record Item(WebUrl page, int index, Map<String, String> fields) {
    public Item {
        fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    public String get(String field) {
        return fields.get(field);
    }
}
