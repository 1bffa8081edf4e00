package dev.loomcrawl.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A question set's rows: a tab-separated file, or this module's resource, with its blank and # lines left out. */
final class QuestionSets {
    private QuestionSets() {}

    /** The rows of {@code file}, or of the resource {@code resource} when {@code file} is null, cut at tabs. */
    static List<String[]> rows(String file, String resource) throws IOException {
        try (InputStream in = file == null ? QuestionSets.class.getResourceAsStream(resource)
                : Files.newInputStream(Path.of(file));
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            List<String[]> out = new ArrayList<>();
            for (String line; (line = r.readLine()) != null; ) {
                if (!line.isBlank() && !line.startsWith("#")) out.add(line.split("\t"));
            }
            return out;
        }
    }
}
