package dev.loomcrawl.output.lines;

import java.util.Locale;
import java.util.Optional;

/** The formats of the line-per-item outputs, and how a file name picks one. */
public enum LineFormat {
    /** JSON Lines: one JSON object per line (extensions .jsonl, .ndjson). */
    JSONL,
    /** CSV with a header row (extension .csv). */
    CSV,
    /** The seed's report line, one per record (extension .txt); records only. */
    TEXT;

    /** The format a file name's extension names, if any. */
    public static Optional<LineFormat> forFileName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.endsWith(".jsonl") || n.endsWith(".ndjson")) return Optional.of(JSONL);
        if (n.endsWith(".csv")) return Optional.of(CSV);
        if (n.endsWith(".txt")) return Optional.of(TEXT);
        return Optional.empty();
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
