package dev.loomcrawl.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reads a crawl's output files back strictly, failing the test on anything that is not whole. */
final class OutputFiles {
    private static final JsonFactory JSON = new JsonFactory();

    private OutputFiles() {}

    /** The lines of a JSON Lines file, each checked to be one whole JSON object. */
    static List<String> jsonLines(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        assertTrue(text.isEmpty() || text.endsWith("\n"), "ends with a whole line: " + file);
        List<String> lines = text.lines().toList();
        for (String line : lines) {
            try (JsonParser p = JSON.createParser(line)) {
                assertEquals(JsonToken.START_OBJECT, p.nextToken(), line);
                p.skipChildren(); // throws on anything but whole JSON
                assertEquals(null, p.nextToken(), line);
            }
        }
        return lines;
    }

    /** The value of a string field of a JSON Lines line. */
    static String field(String line, String name) throws IOException {
        try (JsonParser p = JSON.createParser(line)) {
            p.nextToken();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                p.nextToken();
                if (key.equals(name)) return p.getValueAsString();
                p.skipChildren();
            }
        }
        throw new AssertionError("no " + name + " in " + line);
    }

    /** The rows of a CSV file with a header row (strict RFC 4180). */
    static List<CSVRecord> csv(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             CSVParser csv = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
            return csv.getRecords();
        }
    }

    /** The WARC files in a directory, in name order. */
    static List<Path> warcs(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".warc.gz")).sorted().toList();
        }
    }

    /** Runs jwarc's validator (what 'jwarc validate' runs) on the files, in a child JVM, and asserts they pass. */
    static void assertValidWarcs(List<Path> warcs) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), "org.netpreserve.jwarc.tools.ValidateTool"));
        warcs.forEach(w -> cmd.add(w.toString()));
        Process validate = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String report = new String(validate.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(validate.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, validate.exitValue(), report);
    }

    /** Response and revisit records per target URI, over all the files. */
    static Map<String, Integer> capturesPerUri(List<Path> warcs) throws IOException {
        Map<String, Integer> counts = new TreeMap<>();
        for (Path w : warcs) {
            try (WarcReader reader = new WarcReader(w)) {
                for (WarcRecord r : reader) {
                    if (r instanceof WarcResponse || r instanceof WarcRevisit) {
                        counts.merge(r.headers().first("WARC-Target-URI").orElseThrow(), 1, Integer::sum);
                    }
                }
            }
        }
        return counts;
    }
}
