package dev.loomcrawl.output.lines;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * A content line (url, text, Markdown) as {@link JsonLines} writes it and as jackson's generator, its oracle, does:
 * for {@code ContentStages} to time the two (the bench module shares the package to reach the encoder).
 */
public final class JsonLinesSpeed {
    private record Line(String url, String text, String markdown) {}

    private static final List<Column<Line>> COLUMNS = List.of(new Column<>("url", Line::url),
            new Column<>("text", Line::text), new Column<>("markdown", Line::markdown));
    private static final JsonFactory JACKSON = new JsonFactory();

    private JsonLinesSpeed() {}

    /** The line's bytes, by hand. */
    public static byte[] byHand(String url, String text, String markdown) {
        return JsonLines.line(COLUMNS, new Line(url, text, markdown));
    }

    /** The same line's bytes, by jackson. */
    public static byte[] byJackson(String url, String text, String markdown) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator g = JACKSON.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("url", url);
            g.writeStringField("text", text);
            g.writeStringField("markdown", markdown);
            g.writeEndObject();
        } catch (IOException e) { // a byte array does not fail to write
            throw new UncheckedIOException(e);
        }
        out.write('\n');
        return out.toByteArray();
    }
}
