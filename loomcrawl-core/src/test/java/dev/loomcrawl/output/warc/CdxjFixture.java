package dev.loomcrawl.output.warc;

import dev.loomcrawl.output.warc.WarcFixture.Rec;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** CDXJ indexes read back and checked against the WARC records they point at, read with jwarc. */
final class CdxjFixture {
    private static final DateTimeFormatter TIMESTAMP =
            DateTimeFormatter.ofPattern("yyyyMMddHHmmss").withZone(ZoneOffset.UTC);

    /** One line: {@code SURT TIMESTAMP {json}}. */
    record Line(String text, String surt, String timestamp, Map<String, Object> json) {
        String field(String name) {
            return (String) json.get(name);
        }

        long offset() {
            return Long.parseLong(field("offset"));
        }

        long length() {
            return Long.parseLong(field("length"));
        }
    }

    private CdxjFixture() {}

    static List<Line> read(Path cdxj) throws IOException {
        List<Line> lines = new ArrayList<>();
        for (String text : Files.readAllLines(cdxj, StandardCharsets.UTF_8)) {
            String[] parts = text.split(" ", 3);
            lines.add(new Line(text, parts[0], parts[1], JsonFixture.object(parts[2])));
        }
        return lines;
    }

    /**
     * Checks that {@code lines} index exactly the response and revisit records of {@code warcs} (every record
     * once, nothing else), sorted, and that each line's fields are its record's: taking {@code length} bytes at
     * {@code offset} of the file it names gives that one record, whole.
     *
     * @param bytesOf the bytes of a file named in a line (the WARC file, or a WACZ's entry)
     */
    static void assertIndexes(List<Line> lines, List<Path> warcs, java.util.function.Function<String, byte[]> bytesOf)
            throws IOException {
        List<String> texts = lines.stream().map(Line::text).toList();
        assertEquals(texts.stream().sorted().toList(), texts, "the lines are sorted");
        List<Rec> records = WarcFixture.read(warcs);
        List<Rec> captures = records.stream()
                .filter(r -> r.type().equals("response") || r.type().equals("revisit")).toList();
        assertEquals(captures.size(), lines.size(), "one line per response or revisit record");
        for (Line line : lines) {
            String filename = line.field("filename");
            Rec rec = captures.stream().filter(r -> r.file().getFileName().toString().equals(filename)
                    && r.position() == line.offset()).findFirst()
                    .orElseThrow(() -> new AssertionError("no response or revisit at " + line.text()));
            assertEquals(rec.target(), line.field("url"), line.text());
            assertEquals(TIMESTAMP.format(java.time.Instant.parse(rec.header("WARC-Date"))), line.timestamp());
            assertEquals(rec.header("WARC-Payload-Digest"), line.field("digest"), line.text());
            assertEquals(String.valueOf(rec.http().status()), line.field("status"), line.text());
            if (rec.type().equals("revisit")) assertEquals("warc/revisit", line.field("mime"), line.text());
            else assertEquals(rec.http().headers().first("content-type").map(t -> t.replaceFirst(";.*", ""))
                    .orElse(null), line.field("mime"), line.text()); // none for a redirect without a body
            assertEquals(rec.header("WARC-Record-ID"), recordAt(bytesOf.apply(filename), line).id().toString()
                    .transform(id -> "<" + id + ">"), line.text());
            long end = records.stream().filter(r -> r.file().equals(rec.file()) && r.position() > rec.position())
                    .mapToLong(Rec::position).min().orElse(Files.size(rec.file()));
            assertEquals(end - rec.position(), line.length(), "the record's compressed length: " + line.text());
        }
    }

    /** The one record in {@code length} bytes at {@code offset}, as a range request would get them. */
    static WarcRecord recordAt(byte[] file, Line line) throws IOException {
        byte[] range = Arrays.copyOfRange(file, (int) line.offset(), (int) (line.offset() + line.length()));
        try (WarcReader reader = new WarcReader(new ByteArrayInputStream(range))) {
            WarcRecord r = reader.next().orElseThrow(() -> new AssertionError("no record at " + line.text()));
            r.body().consume();
            assertTrue(reader.next().isEmpty(), "one record in the range of " + line.text());
            return r;
        }
    }

    static byte[] bytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
