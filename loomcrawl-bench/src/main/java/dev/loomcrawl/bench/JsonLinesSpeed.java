package dev.loomcrawl.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.loomcrawl.output.lines.Column;
import dev.loomcrawl.output.lines.JsonLines;
import dev.loomcrawl.result.PageText;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * A content line (url, text, Markdown) as {@link JsonLines} writes it (from Strings, or as the content output does)
 * and as jackson's generator, its oracle, does: for {@code ContentStages} to time the two.
 */
public final class JsonLinesSpeed {
    private record Line(String url, Object text, Object markdown) {}

    private static final List<Column<Line>> COLUMNS = List.of(new Column<>("url", Line::url),
            new Column<>("text", Line::text), new Column<>("markdown", Line::markdown));
    private static final JsonFactory JACKSON = new JsonFactory();

    private JsonLinesSpeed() {}

    /** The line's bytes, by hand. */
    public static byte[] byHand(String url, String text, String markdown) {
        return JsonLines.line(COLUMNS, new Line(url, text, markdown));
    }

    /**
     * The line's bytes, by hand, from the text and Markdown as their conversion wrote them, as the content output
     * writes them: its bytes in the array they were written into, the line's length in {@code length[0]}.
     */
    public static byte[] byHand(String url, PageText text, PageText markdown, int[] length) {
        JsonLines.Bytes line = JsonLines.lineBytes(COLUMNS, new Line(url, text, markdown));
        length[0] = line.length();
        return line.array();
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
