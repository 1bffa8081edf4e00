package dev.loomcrawl.output.warc;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** JSON read back into maps (keys in order), lists, strings, numbers and booleans, with jackson-core. */
final class JsonFixture {
    private static final JsonFactory JSON = new JsonFactory();

    private JsonFixture() {}

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(String text) {
        try (JsonParser p = JSON.createParser(text)) {
            p.nextToken();
            Object value = value(p);
            if (p.nextToken() != null) throw new AssertionError("more than one JSON value: " + text);
            return (Map<String, Object>) value;
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + text, e);
        }
    }

    private static Object value(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                Map<String, Object> map = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    if (map.put(name, value(p)) != null) throw new AssertionError("key " + name + " twice");
                }
                return map;
            }
            case START_ARRAY -> {
                List<Object> list = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) list.add(value(p));
                return list;
            }
            case VALUE_STRING -> {
                return p.getText();
            }
            case VALUE_NUMBER_INT -> {
                return p.getLongValue();
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return p.getBooleanValue();
            }
            case VALUE_NULL -> {
                return null;
            }
            default -> throw new AssertionError("unexpected " + t);
        }
    }
}
