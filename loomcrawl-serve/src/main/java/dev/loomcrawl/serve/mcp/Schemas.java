package dev.loomcrawl.serve.mcp;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomcrawl.config.ConfigJson;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Tools' input schemas. An argument that is a crawl setting is that setting's row of the settings table, as the
 * configuration's JSON Schema ({@link ConfigJson#schema}) gives it: its type, choices and description, under the
 * tool's name for it ({@code limit} for {@code max-pages}); only what the tool adds is written here.
 */
final class Schemas {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNode SETTINGS = read(ConfigJson.schema()).path("properties");

    private final ObjectNode schema = JSON.createObjectNode();
    private final ObjectNode properties;
    private final ArrayNode required;

    Schemas() {
        schema.put("type", "object");
        properties = schema.putObject("properties");
        required = schema.putArray("required");
    }

    /** A property of the tool's own. */
    Schemas property(String name, String type, String description) {
        properties.putObject(name).put("type", type).put("description", description);
        return this;
    }

    /** A property whose value is one of {@code choices}. */
    Schemas choice(String name, String description, String... choices) {
        ObjectNode p = properties.putObject(name).put("type", "string").put("description", description);
        ArrayNode e = p.putArray("enum");
        for (String c : choices) e.add(c);
        return this;
    }

    /** A list of strings, each one of {@code choices}. */
    Schemas choices(String name, String description, String... choices) {
        ObjectNode p = properties.putObject(name).put("type", "array").put("description", description);
        ArrayNode e = p.putObject("items").put("type", "string").putArray("enum");
        for (String c : choices) e.add(c);
        return this;
    }

    /**
     * The setting {@code setting}'s row as the property {@code name}: its type (without null: an argument left out
     * is the way to mean the default), its choices, and its description with {@code more} after it.
     */
    Schemas setting(String name, String setting, String more) {
        JsonNode row = SETTINGS.get(setting);
        if (row == null) throw new IllegalStateException("no setting " + setting);
        ObjectNode p = row.deepCopy();
        p.remove("x-group");
        p.remove("default");
        if (p.get("type") instanceof ArrayNode types) {
            ArrayNode kept = JSON.createArrayNode();
            types.forEach(t -> {
                if (!t.asText().equals("null")) kept.add(t);
            });
            if (kept.size() == 1) p.set("type", kept.get(0));
            else p.set("type", kept);
        }
        p.put("description", p.path("description").asText() + (more.isEmpty() ? "" : " " + more));
        properties.set(name, p);
        return this;
    }

    Schemas required(String... names) {
        for (String n : names) required.add(n);
        return this;
    }

    Map<String, Object> build() {
        return JSON.convertValue(schema, new TypeReference<>() {});
    }

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
