package dev.loomcrawl.output.lines;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/**
 * An instant in UTC to the millisecond ({@code 2026-11-26T06:53:12.345Z}, no fraction when it has no milliseconds),
 * exactly as {@link DateTimeFormatter#ISO_INSTANT} writes it truncated to milliseconds (the oracle,
 * {@code IsoMillisTest}), without the formatter's cost on every line: about a sixteenth of the CPU that writing a
 * content line took (async-profiler). Instants outside the years 1970 to 9999 are left to the formatter.
 */
public final class IsoMillis {
    /** 10000-01-01T00:00:00Z in seconds since the epoch: from there on the formatter writes a '+' and more digits. */
    private static final long YEAR_10000 = 253_402_300_800L;

    private IsoMillis() {}

    /** The instant as {@code ISO_INSTANT} writes it truncated to milliseconds. */
    public static String format(Instant t) {
        long seconds = t.getEpochSecond();
        if (seconds < 0 || seconds >= YEAR_10000) {
            return DateTimeFormatter.ISO_INSTANT.format(t.truncatedTo(ChronoUnit.MILLIS));
        }
        LocalDate day = LocalDate.ofEpochDay(seconds / 86_400);
        int second = (int) (seconds % 86_400);
        int millis = t.getNano() / 1_000_000;
        byte[] b = new byte[millis == 0 ? 20 : 24];
        digits(b, 0, day.getYear(), 4);
        b[4] = '-';
        digits(b, 5, day.getMonthValue(), 2);
        b[7] = '-';
        digits(b, 8, day.getDayOfMonth(), 2);
        b[10] = 'T';
        digits(b, 11, second / 3600, 2);
        b[13] = ':';
        digits(b, 14, second / 60 % 60, 2);
        b[16] = ':';
        digits(b, 17, second % 60, 2);
        if (millis != 0) {
            b[19] = '.';
            digits(b, 20, millis, 3);
        }
        b[b.length - 1] = 'Z';
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    /** Writes {@code value} as {@code width} decimal digits (leading zeros) at b[at]. */
    private static void digits(byte[] b, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            b[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
    }
}
