package dev.loomcrawl.config;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations and sizes as people write them, for the command line and the JSON form of a configuration alike:
 * durations {@code 500ms}, {@code 10s}, {@code 2m}, {@code 1h}, {@code 1d} (a bare number is seconds) or ISO-8601
 * ({@code PT10S}); sizes in bytes or with a binary unit ({@code 512KiB}, {@code 10MiB}, {@code 1G}).
 */
public final class Units {
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h|d)?");
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([kmgt]?)(i?b)?");
    private static final long[] MILLIS = {86_400_000, 3_600_000, 60_000, 1000};
    private static final String[] MILLIS_NAMES = {"d", "h", "m", "s"};
    private static final String[] SIZE_NAMES = {"TiB", "GiB", "MiB", "KiB"};

    private Units() {}

    /** The duration {@code text} writes; an {@link IllegalArgumentException} saying what a duration looks like. */
    public static Duration duration(String text) {
        String v = text.trim().toLowerCase(Locale.ROOT);
        if (v.startsWith("pt") || v.startsWith("p")) {
            try {
                return Duration.parse(text.trim());
            } catch (DateTimeParseException e) {
                throw notA("duration (examples: 500ms, 10s, 2m)", text);
            }
        }
        Matcher m = DURATION.matcher(v);
        if (!m.matches()) throw notA("duration (examples: 500ms, 10s, 2m)", text);
        double n = Double.parseDouble(m.group(1));
        double millis = switch (m.group(2) == null ? "s" : m.group(2)) {
            case "ms" -> n;
            case "m" -> n * 60_000;
            case "h" -> n * 3_600_000;
            case "d" -> n * 86_400_000;
            default -> n * 1000;
        };
        return Duration.ofMillis(Math.round(millis));
    }

    /** The size {@code text} writes, in bytes; an {@link IllegalArgumentException} saying what a size looks like. */
    public static long size(String text) {
        Matcher m = SIZE.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) throw notA("size (examples: 1048576, 512KiB, 10MiB, 1G)", text);
        int shift = switch (m.group(2)) {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            case "t" -> 40;
            default -> 0;
        };
        long n = Long.parseLong(m.group(1));
        if (shift > 0 && n > Long.MAX_VALUE >> shift) throw notA("size that fits in 8 EiB", text);
        return n << shift;
    }

    /** A duration as {@link #duration} reads it: in the largest unit that divides it (d, h, m, s), else in ms. */
    public static String duration(Duration d) {
        long millis = d.toMillis();
        for (int i = 0; i < MILLIS.length; i++) {
            if (millis >= MILLIS[i] && millis % MILLIS[i] == 0) return millis / MILLIS[i] + MILLIS_NAMES[i];
        }
        return millis + "ms";
    }

    /** A size as {@link #size} reads it: in the largest binary unit that divides it, else in bytes. */
    public static String size(long bytes) {
        for (int i = 0; i < SIZE_NAMES.length; i++) {
            long unit = 1L << (10 * (SIZE_NAMES.length - i));
            if (bytes >= unit && bytes % unit == 0) return bytes / unit + SIZE_NAMES[i];
        }
        return Long.toString(bytes);
    }

    private static IllegalArgumentException notA(String what, String text) {
        return new IllegalArgumentException("'" + text + "' is not a " + what);
    }
}
