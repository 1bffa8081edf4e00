package dev.loomcrawl.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static dev.loomcrawl.cli.ContentCommandTest.lines;
import static dev.loomcrawl.cli.CrawlCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every text a crawl writes is Unicode, whatever a page holds: character references to surrogates (which HTML makes
 * U+FFFD), with and without their semicolon, and a UTF-16 page with a lone surrogate in its bytes. Through the real
 * command line against a site on 127.0.0.1; each output is read back strictly: its bytes as UTF-8 that refuses
 * malformed input, and each JSON string checked to be one a strict reader takes (no lone surrogate escaped).
 */
class UnicodeOutputsTest {
    private static final JsonFactory JSON = new JsonFactory();

    @TempDir
    Path dir;

    /** A UTF-16LE page (with its byte order mark) whose title holds a lone high surrogate, in its bytes. */
    private static byte[] utf16WithLoneSurrogate() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0xFF);
        out.write(0xFE);
        String html = "<html><head><title>sixteen X end</title></head><body><main><p>A UTF-16 page whose title and "
                + "text hold X, half of a pair, which no decoder should pass on as it is.</p></main></body></html>";
        for (char c : html.toCharArray()) {
            char w = c == 'X' ? '\uD800' : c;
            out.write(w & 0xff);
            out.write(w >> 8);
        }
        return out.toByteArray();
    }

    @Test
    void referencesToSurrogatesAndLoneSurrogatesBecomeTheReplacementCharacterInEveryOutput() throws Exception {
        String home = "<html><head><title>T&#xD800;1&#55296;2&#xDFFF</title>"
                + "<meta name=description content=\"d&#xD800;e\"></head><body><main>"
                + "<h1>Head&#xDBFF;ing</h1><p>A pair made of two references, &#xD83D;&#xDE00;, is two replacement "
                + "characters; a reference without its semicolon &#xD800 too, and one with leading zeros "
                + "&#x0000D800; as well. <a href=\"/next\">next &#xDC00; page</a> and <a href=/u16>utf-16</a>.</p>"
                + "</main></body></html>";
        try (TestSite site = TestSite.builder()
                .page("/", home)
                .page("/next", "<html><head><title>next</title></head><body><main><p>Next page, nothing odd here "
                        + "but an emoji \uD83D\uDE00 that stays one.</p></main></body></html>")
                .route("/u16", new Route.Respond(200, Map.of("Content-Type", "text/html"), utf16WithLoneSurrogate()))
                .start()) {
            Path records = dir.resolve("records.jsonl"), csv = dir.resolve("records.csv");
            Path links = dir.resolve("links.jsonl"), content = dir.resolve("content.jsonl");
            Path chunks = dir.resolve("chunks.jsonl"), md = dir.resolve("md");
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--allow-private", "--output", records.toString(),
                    "--links", links.toString(), "--content", content.toString(), "--chunks", chunks.toString(),
                    "--content-dir", md.toString(), site.url("/"));
            assertEquals(0, r.exit(), r.err());
            CrawlCommandTest.Run c = run("crawl", "--no-progress", "--allow-private", "--output", csv.toString(),
                    site.url("/"));
            assertEquals(0, c.exit(), c.err());

            for (Path file : List.of(records, links, content, chunks)) strictJson(file);
            List<Path> written = new ArrayList<>(List.of(csv));
            try (Stream<Path> all = Files.walk(md)) {
                written.addAll(all.filter(Files::isRegularFile).toList());
            }
            for (Path file : written) strictText(file);

            Map<String, Object> record = lines(records).stream().filter(l -> site.url("/").equals(l.get("url")))
                    .findFirst().orElseThrow();
            assertEquals("T\uFFFD1\uFFFD2\uFFFD", record.get("title"), "HTML's rule: each a replacement character");
            assertEquals("d\uFFFDe", record.get("description"));
            assertEquals("Head\uFFFDing", record.get("h1"));
            String text = (String) lines(content).stream().filter(l -> site.url("/").equals(l.get("url")))
                    .findFirst().orElseThrow().get("text");
            assertTrue(text.contains("references, \uFFFD\uFFFD, is"), text);
            assertTrue(text.contains("semicolon \uFFFD too") && text.contains("zeros \uFFFD as"), text);
            String sixteen = (String) lines(records).stream().filter(l -> site.url("/u16").equals(l.get("url")))
                    .findFirst().orElseThrow().get("title");
            // the JDK's UTF-16 decoder takes the unit after a lone high surrogate with it (WHATWG's keeps the space)
            assertTrue(sixteen.startsWith("sixteen \uFFFD") && sixteen.endsWith("end"), sixteen);
            assertTrue(Files.readString(csv).contains("T\uFFFD1\uFFFD2\uFFFD"), "the CSV's title");
            assertTrue(Files.readString(links).contains("next \uFFFD page"), "the anchor text");
        }
    }

    /** Checks the file is UTF-8 and every JSON string in it is well-formed UTF-16 (no lone surrogate). */
    private static void strictJson(Path file) throws IOException {
        for (String line : OutputFiles.jsonLines(file)) { // decodes the bytes strictly
            try (JsonParser p = JSON.createParser(line)) {
                for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                    if (t == JsonToken.VALUE_STRING || t == JsonToken.FIELD_NAME) unicode(file, p.getText());
                }
            }
        }
    }

    /** Checks the file's bytes are UTF-8, refusing malformed input, and hold no replacement of a lone surrogate. */
    private static void strictText(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        try {
            String s = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(bytes))
                    .toString();
            unicode(file, s);
        } catch (CharacterCodingException e) {
            fail(file + " is not UTF-8: " + e);
        }
    }

    /** Fails unless {@code s} is well-formed UTF-16: every surrogate in a pair. */
    private static void unicode(Path file, String s) {
        try {
            StandardCharsets.UTF_8.newEncoder().onMalformedInput(CodingErrorAction.REPORT).encode(CharBuffer.wrap(s));
        } catch (CharacterCodingException e) {
            fail(file + " holds a lone surrogate: " + s.replaceAll("[\\uD800-\\uDFFF]", "<?>"));
        }
    }
}
