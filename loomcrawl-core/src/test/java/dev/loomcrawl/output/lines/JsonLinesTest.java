package dev.loomcrawl.output.lines;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.loomcrawl.result.JsonText;
import dev.loomcrawl.result.PageText;
import dev.loomcrawl.internal.text.Utf16;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The hand-written JSON Lines encoder writes what jackson-core's generator writes, byte for byte. */
class JsonLinesTest {
    private static final JsonFactory JSON = new JsonFactory();

    /** The oracle: the encoder JsonLines replaced, as it was. */
    private static byte[] jackson(List<Column<Object[]>> columns, Object[] item) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JsonGenerator json = JSON.createGenerator(bytes, JsonEncoding.UTF8)) {
            json.writeStartObject();
            for (Column<Object[]> c : columns) {
                json.writeFieldName(c.name());
                write(json, c.value().apply(item));
            }
            json.writeEndObject();
        }
        bytes.write('\n');
        return bytes.toByteArray();
    }

    private static void write(JsonGenerator json, Object value) throws IOException {
        switch (value) {
            case null -> json.writeNull();
            case String s -> json.writeString(Utf16.wellFormed(s)); // jackson, but a lone surrogate U+FFFD
            case PageText t -> json.writeString(Utf16.wellFormed(t.toString()));
            case Integer i -> json.writeNumber(i);
            case Long l -> json.writeNumber(l);
            case Double d -> json.writeNumber(d);
            case Boolean b -> json.writeBoolean(b);
            case List<?> list -> {
                json.writeStartArray();
                for (Object o : list) write(json, o);
                json.writeEndArray();
            }
            default -> json.writeString(Utf16.wellFormed(value.toString()));
        }
    }

    private static List<Column<Object[]>> columns(String... names) {
        List<Column<Object[]>> columns = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            int at = i;
            columns.add(new Column<>(names[i], item -> item[at]));
        }
        return columns;
    }

    private static void same(List<Column<Object[]>> columns, Object... item) throws IOException {
        byte[] expected = jackson(columns, item);
        byte[] actual = JsonLines.line(columns, item);
        assertArrayEquals(expected, actual, () -> new String(expected, StandardCharsets.UTF_8) + " but was "
                + new String(actual, StandardCharsets.UTF_8));
    }

    @Test
    void everyKindOfValueIsWrittenAsJacksonWritesIt() throws IOException {
        List<Column<Object[]>> c = columns("s", "n", "i", "l", "d", "b", "list", "other");
        same(c, "plain", null, 7, -3L, 0.25, true, List.of("a", 1, List.of()), new StringBuilder("sb"));
        same(c, "", null, Integer.MIN_VALUE, Long.MAX_VALUE, -0.0, false, List.of(), java.net.URI.create("http://a/"));
        for (double d : new double[]{1e-7, 1e21, 123456789.125, Double.NaN, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE, 100.0}) {
            same(c, "d", null, 0, 0L, d, true, Arrays.asList(null, d), null);
        }
    }

    @Test
    void theCharactersJsonEscapesAndOnesOutsideAsciiAreWrittenAsJacksonWritesThem() throws IOException {
        List<Column<Object[]>> c = columns("k\"ey\u00e9", "v");
        StringBuilder all = new StringBuilder();
        for (char ch = 0; ch < 0x900; ch++) all.append(ch);
        same(c, "x", all.toString());
        same(c, "x", "emoji \uD83D\uDE00, a lone high \uD800 and low \uDC00 surrogate, \uFFFD \u2028 \u20AC");
        same(c, "x", "? a?\u20ac? \uD83D\uDE00?\uD83D\uDE00 ?\u00e9? ??"); // '?' beside what its Latin-1 bytes make '?'
        same(c, "x", "\uD83D\uDE00".repeat(3000) + "?".repeat(3000) + "x"); // a pair is one '?' in those bytes
        same(c, "x", "tab\tnew\nline\r\f\b\u0000\u001f\u007f\"quote\" \\back/slash");
    }

    @Test
    void randomStringsLongerThanAChunkAreWrittenAsJacksonWritesThem() throws IOException {
        List<Column<Object[]>> c = columns("a", "b");
        Random random = new Random(26);
        // '?' too: the encoder reads a string as Latin-1 bytes, where a character beyond Latin-1 is also '?'
        char[] alphabet = "ab \n\t\"\\<>&?\u00e9\u00a0\u2014\u4e2d\uD83D\uDE00\u0001".toCharArray();
        for (int round = 0; round < 2_000; round++) {
            int length = random.nextInt(round % 10 == 0 ? 20_000 : 200);
            char[] s = new char[length];
            for (int i = 0; i < length; i++) {
                s[i] = random.nextInt(4) == 0 ? (char) random.nextInt(0x10000) : alphabet[random.nextInt(alphabet.length)];
            }
            same(c, new String(s), List.of(new String(s, 0, length / 2)));
        }
    }

    @Test
    void aPageTextIsWrittenAsJacksonWritesItsString() throws IOException {
        List<Column<Object[]>> c = columns("text", "markdown", "string");
        Random random = new Random(30);
        char[] alphabet = "ab \n\t\"\\<>&?\u00e9\u00a0\u00ff\u0001\u007f\u20ac\uD83D\uDE00\uDC00".toCharArray();
        for (int round = 0; round < 500; round++) {
            int length = random.nextInt(round % 10 == 0 ? 20_000 : 300);
            char[] chars = new char[length];
            for (int i = 0; i < length; i++) {
                boolean any = random.nextInt(4) == 0;
                chars[i] = any ? (char) random.nextInt(0x10000) : alphabet[random.nextInt(alphabet.length)];
            }
            // encoded as a conversion encodes it, into an array longer than the text, whose tail must not be read
            byte[] bytes = new byte[length * JsonText.MAX_BYTES + 1 + random.nextInt(50)];
            Arrays.fill(bytes, (byte) '"');
            int n = 0;
            for (char ch : chars) n = JsonText.write(bytes, n, ch);
            PageText text = PageText.ofJson(bytes, n);
            String string = new String(chars);
            same(c, text, PageText.of(string), string);
            assertEquals(Utf16.wellFormed(string), text.toString(), "a lone surrogate U+FFFD, the rest as it was");
            assertEquals(length, text.length());
        }
    }

    /**
     * A line in pieces, page texts left where they lie from {@link JsonLines#SHARED} bytes on, is the line made in
     * one array, byte for byte; and so with a last value set after ({@code withLast}), which copies the last piece
     * only: texts on both sides of the threshold, first, last and side by side, with what a line's end holds.
     */
    @Test
    void aLineInPiecesIsTheLineInOneArray() {
        List<Column<Object[]>> c = columns("a", "text", "markdown", "b", "last");
        Random random = new Random(50);
        for (int round = 0; round < 300; round++) {
            Object[] item = new Object[5];
            item[0] = random.nextBoolean() ? "url \"" + round : pageText(random, JsonLines.SHARED - 2 + random.nextInt(4));
            item[1] = pageText(random, random.nextInt(3) == 0 ? random.nextInt(20) : JsonLines.SHARED + random.nextInt(9000));
            item[2] = pageText(random, JsonLines.SHARED - 1 + random.nextInt(3));
            item[3] = random.nextBoolean() ? null : List.of(round, "x");
            item[4] = null;
            byte[] whole = JsonLines.line(c, item);
            JsonLines.Pieces pieces = JsonLines.linePieces(c, item);
            assertArrayEquals(whole, pieces.toArray());
            assertEquals(whole.length, pieces.length());
            JsonLines.Bytes bytes = JsonLines.lineBytes(c, item);
            JsonLines.Bytes last = JsonLines.withLast(bytes, "http://a/\u00e9" + round);
            assertArrayEquals(Arrays.copyOf(last.array(), last.length()),
                    JsonLines.withLast(pieces, "http://a/\u00e9" + round).toArray());
        }
    }

    /** A page text of {@code length} characters encoded as a conversion encodes it, in an array with room after. */
    private static PageText pageText(Random random, int length) {
        char[] alphabet = "ab \n\"\\\u00e9\uD83D\uDE00".toCharArray();
        byte[] bytes = new byte[length * JsonText.MAX_BYTES + 8];
        int n = 0;
        for (int i = 0; i < length; i++) n = JsonText.write(bytes, n, alphabet[random.nextInt(alphabet.length)]);
        return PageText.ofJson(bytes, n);
    }

    @Test
    void anEscapedNewlineOrTabIsToldFromAnEscapedBackslashBeforeALetter() {
        for (String s : new String[]{"a\n", "a\\n", "\t", "x\n\\t", "\\\n", "n", "", "\\", "\\\\t", "\\\t"}) {
            byte[] b = new byte[s.length() * JsonText.MAX_BYTES];
            int n = 0;
            for (char ch : s.toCharArray()) n = JsonText.write(b, n, ch);
            assertEquals(s.endsWith("\n"), JsonText.endsWithEscape(b, n, 'n'), s);
            assertEquals(s.endsWith("\t"), JsonText.endsWithEscape(b, n, 't'), s);
        }
    }

    @Test
    void aLineIsOneObjectAndANewline() {
        byte[] line = JsonLines.line(columns("url"), new Object[]{"http://a/"});
        assertEquals("{\"url\":\"http://a/\"}\n", new String(line, StandardCharsets.UTF_8));
    }
}
