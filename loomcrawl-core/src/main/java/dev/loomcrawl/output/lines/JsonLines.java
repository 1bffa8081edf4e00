package dev.loomcrawl.output.lines;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/** Encodes items as JSON Lines (one object per line, UTF-8) with jackson-core's streaming generator. */
final class JsonLines {
    private static final JsonFactory JSON = new JsonFactory(); // thread-safe once configured

    private JsonLines() {}

    /** One item as one complete line, newline included, keys in column order, every key present. */
    static <T> byte[] line(List<Column<T>> columns, T item) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try (JsonGenerator json = JSON.createGenerator(bytes, JsonEncoding.UTF8)) {
            json.writeStartObject();
            for (Column<T> c : columns) {
                json.writeFieldName(c.name());
                writeValue(json, c.value().apply(item));
            }
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
        }
        bytes.write('\n');
        return bytes.toByteArray();
    }

    private static void writeValue(JsonGenerator json, Object value) throws IOException {
        switch (value) {
            case null -> json.writeNull();
            case String s -> json.writeString(s);
            case Integer i -> json.writeNumber(i);
            case Long l -> json.writeNumber(l);
            case Double d -> json.writeNumber(d);
            case Boolean b -> json.writeBoolean(b);
            case java.util.List<?> list -> {
                json.writeStartArray();
                for (Object o : list) writeValue(json, o);
                json.writeEndArray();
            }
            default -> json.writeString(value.toString());
        }
    }
}
