package dev.loomcrawl.output.lines;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/** Parses one JSON Lines line (a flat object) with jackson-core, strictly: exactly one object, nothing after. */
final class TestJson {
    private static final JsonFactory JSON = new JsonFactory();

    private TestJson() {}

    static Map<String, Object> object(String line) {
        try (JsonParser p = JSON.createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) throw new AssertionError("not an object: " + line);
            Map<String, Object> out = new LinkedHashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken t = p.nextToken();
                out.put(name, switch (t) {
                    case VALUE_NULL -> null;
                    case VALUE_STRING -> p.getText();
                    case VALUE_NUMBER_INT -> p.getLongValue();
                    case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
                    case VALUE_TRUE -> true;
                    case VALUE_FALSE -> false;
                    default -> throw new AssertionError("unexpected " + t + " in " + line);
                });
            }
            if (p.nextToken() != null) throw new AssertionError("trailing content: " + line);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + line, e);
        }
    }
}
